#include "argumentparsing.h"
#include "clioutput.h"
#include "commands.h"
#include "common/units.h"
#include "jobs/jobkind.h"
#include "recoverycommon.h"
#include "runjob.h"

namespace trimscope::cli {

using namespace trimscope::recovery;

namespace {

int runRecovery(const QStringList &args)
{
    QCommandLineParser parser;
    const QCommandLineOption destroy = destroyDataOption();
    const QCommandLineOption preset(QStringLiteral("preset"),
                                    RecoveryText::tr("standard (default), quick or smoke"),
                                    QStringLiteral("NAME"));
    const QCommandLineOption randomSeconds(QStringLiteral("random-seconds"),
                                           RecoveryText::tr("length of each random-write phase"),
                                           QStringLiteral("N"));
    const QCommandLineOption idleSeconds(QStringLiteral("idle-seconds"),
                                         RecoveryText::tr("length of the idle phase"),
                                         QStringLiteral("N"));
    const QCommandLineOption fillPasses(QStringLiteral("fill-passes"),
                                        RecoveryText::tr("how often the drive is filled (1-4)"),
                                        QStringLiteral("N"));
    const QCommandLineOption json(QStringLiteral("json"),
                                  RecoveryText::tr("write the result as JSON"),
                                  QStringLiteral("FILE"));
    parser.addOptions({destroy, preset, randomSeconds, idleSeconds, fillPasses, json});
    parser.addPositionalArgument(QStringLiteral("DEVICE"), RecoveryText::tr("block device"));
    const QString device = parseDeviceArguments(parser, QStringLiteral("recovery"), args);
    if (device.isEmpty())
        return ExitRefused;
    const QString presetName =
        parser.isSet(preset) ? parser.value(preset) : QStringLiteral("standard");
    std::optional<RecoveryPlan> plan = recoveryPreset(presetName);
    if (!plan) {
        printError(RecoveryText::tr("--preset must be one of: %1")
                       .arg(recoveryPresetNames().join(QStringLiteral(", "))));
        return ExitRefused;
    }
    for (const Error &error :
         {parseIntOption(parser, randomSeconds.names().first(), 1, 3600, plan->randomSeconds),
          parseIntOption(parser, idleSeconds.names().first(), 0, 86400, plan->idleSeconds),
          parseIntOption(parser, fillPasses.names().first(), 1, 4, plan->fillPasses),
          checkResultPathWritable(parser.value(json))}) {
        if (error.isError()) {
            printError(error);
            return ExitRefused;
        }
    }
    if (!confirmDestroy(device, parser.isSet(destroy), RecoveryText::tr("the recovery test")))
        return ExitRefused;

    if (const auto drive = drivePassingTheGate(device, /*requireDiscard=*/true)) {
        if (const Error error = validateRecoveryPlan(*plan, *drive); error.isError()) {
            printError(error);
            return ExitRefused;
        }
        printOut(RecoveryText::tr("Write recovery on %1 (%2), preset %3.\n")
                     .arg(drive->displayName(), formatBytes(drive->sizeBytes), presetName) +
                 formatEstimate(estimateRecovery(*plan, *drive)));
    }
    return runJobCommand(
        {*plan, DeviceTarget{device}, RecoveryText::tr("Recovery"), parser.value(json), {}, {}});
}

} // namespace

template <> const Command &commandOf<recovery::RecoveryPlan>()
{
    static const Command command{
        jobKindOf<recovery::RecoveryPlan>().name,
        "recovery DEVICE --destroy-data [--preset standard|quick|smoke] [--random-seconds N]\n"
        "        [--idle-seconds N] [--fill-passes N] [--json FILE]",
        "Random 4K writes fresh, after filling, after idle time and after TRIM (% of fresh)",
        &runRecovery};
    return command;
}

} // namespace trimscope::cli
