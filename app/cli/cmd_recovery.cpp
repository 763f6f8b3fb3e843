#include "cancelonsignals.h"
#include "clioutput.h"
#include "commands.h"
#include "common/units.h"
#include "helperjob.h"
#include "helperprotocol.h"
#include "joboptions.h"
#include "recoverycommon.h"
#include "report/resultfile.h"
#include "runoutcome.h"

#include <unistd.h>

namespace trimscope::cli {

using namespace trimscope::recovery;

namespace {

QString formatRecoveryReport(const RecoveryResult &result)
{
    QString text = RecoveryText::tr("Write recovery on %1\n").arg(result.drive.displayName());
    text += QStringLiteral("%1 %2 %3 %4 %5 %6\n")
                .arg(RecoveryText::tr("Phase"), -18)
                .arg(RecoveryText::tr("IOPS"), 10)
                .arg(RecoveryText::tr("of FOB"), 7)
                .arg(RecoveryText::tr("throughput"), 12)
                .arg(RecoveryText::tr("p50"), 9)
                .arg(RecoveryText::tr("p99"), 9);
    for (const PhaseMeasurement &m : result.measurements) {
        text += QStringLiteral("%1 %2 %3 %4 %5 %6\n")
                    .arg(recoveryPhaseTitle(m.phase), -18)
                    .arg(m.figures.iops, 10, 'f', 0)
                    .arg(QStringLiteral("%1 %").arg(m.percentOfFob, 0, 'f', 0), 7)
                    .arg(formatRate(m.figures.bytesPerSecond), 12)
                    .arg(formatSeconds(m.figures.latencyP50Seconds), 9)
                    .arg(formatSeconds(m.figures.latencyP99Seconds), 9);
    }
    for (qsizetype i = 0; i < result.fills.size(); ++i)
        text += RecoveryText::tr("Fill %1: %2 at %3\n")
                    .arg(i + 1)
                    .arg(formatBytes(result.fills[i].ioBytes),
                         formatRate(result.fills[i].bytesPerSecond));
    text += RecoveryText::tr("Idle %1; whole-drive TRIM took %2; %3 written in %4\n")
                .arg(formatSeconds(result.idleSeconds), formatSeconds(result.trimDiscardSeconds),
                     formatBytes(result.bytesWritten), formatSeconds(result.elapsedSeconds));
    return text;
}

} // namespace

int runRecovery(const QStringList &args)
{
    QCommandLineParser parser;
    const QCommandLineOption destroy(QStringLiteral("destroy-data"),
                                     RecoveryText::tr("confirm that DEVICE may be overwritten"));
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
    if (!parser.parse(QStringList{QStringLiteral("recovery")} + args)) {
        printError(parser.errorText());
        return ExitRefused;
    }
    const QStringList positional = parser.positionalArguments();
    if (positional.size() != 1) {
        printError(RecoveryText::tr("give one DEVICE"));
        return ExitRefused;
    }
    const QString device = positional.first();
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

    // Not root: the helper runs it after polkit agrees; the JSON and the report are the same.
    if (geteuid() != 0)
        return runCommandInHelper(
            QString::fromLatin1(helper::kJobRecovery), device,
            helper::recoveryOptionsFromPlan(*plan), RecoveryText::tr("Recovery"),
            parser.value(json), [](const QByteArray &bytes) {
                const Expected<RecoveryResult> result = readResult<recovery::RecoveryResult>(bytes);
                return result ? formatRecoveryReport(*result) : QString();
            });
    auto target = prepareRecoveryDevice(device, /*requireDiscard=*/true);
    if (!target) {
        printError(target.error());
        return exitCodeFor(target.error());
    }
    const DriveInfo &drive = (*target)->drive();
    if (const Error error = validateRecoveryPlan(*plan, drive); error.isError()) {
        printError(error);
        return ExitRefused;
    }
    printOut(RecoveryText::tr("Write recovery on %1 (%2), preset %3.\n")
                 .arg(drive.displayName(), formatBytes(drive.sizeBytes), presetName) +
             formatEstimate(estimateRecovery(*plan, drive)));

    CancelToken cancel;
    ProgressBar progressBar(RecoveryText::tr("Recovery"));
    RecoveryResult result;
    {
        const CancelOnSignals signalGuard(cancel);
        result = runRecoveryTest(**target, *plan, cancel, [&](const RecoveryProgress &progress) {
            progressBar.update(progress.fraction, progress.etaSeconds, progressDetail(progress));
        });
    }
    progressBar.finish();

    return finishRun(
        {parser.value(json), resultToJsonBytes(result), {}, {}, formatRecoveryReport(result), {}},
        result.stopReason, result.error);
}

} // namespace trimscope::cli
