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

int runFillCurve(const QStringList &args)
{
    QCommandLineParser parser;
    const QCommandLineOption destroy = destroyDataOption();
    const QCommandLineOption sample(QStringLiteral("sample"),
                                    RecoveryText::tr("bytes per throughput sample (default 1 % "
                                                     "of the drive)"),
                                    QStringLiteral("SIZE"));
    const QCommandLineOption drop(QStringLiteral("cliff-drop"),
                                  RecoveryText::tr("drop that marks the cliff, in percent "
                                                   "(default 30)"),
                                  QStringLiteral("PERCENT"));
    const QCommandLineOption noTrim(QStringLiteral("no-trim"),
                                    RecoveryText::tr("do not discard the drive first"));
    const QCommandLineOption json(QStringLiteral("json"),
                                  RecoveryText::tr("write the result as JSON"),
                                  QStringLiteral("FILE"));
    parser.addOptions({destroy, sample, drop, noTrim, json});
    parser.addPositionalArgument(QStringLiteral("DEVICE"), RecoveryText::tr("block device"));
    const QString device = parseDeviceArguments(parser, QStringLiteral("fill-curve"), args);
    if (device.isEmpty())
        return ExitRefused;
    FillCurvePlan plan;
    plan.trimFirst = !parser.isSet(noTrim);
    if (parser.isSet(sample)) {
        const auto bytes = parseByteSize(parser.value(sample));
        if (!bytes || *bytes == 0) {
            printError(RecoveryText::tr("--sample: '%1' is not a size such as 64M or 1G")
                           .arg(parser.value(sample)));
            return ExitRefused;
        }
        plan.sampleBytes = *bytes;
    }
    int dropPercent = 30;
    for (const Error &error : {parseIntOption(parser, drop.names().first(), 10, 90, dropPercent),
                               checkResultPathWritable(parser.value(json))}) {
        if (error.isError()) {
            printError(error);
            return ExitRefused;
        }
    }
    plan.cliffDropFraction = dropPercent / 100.0;
    if (!confirmDestroy(device, parser.isSet(destroy), RecoveryText::tr("the fill curve")))
        return ExitRefused;

    if (const auto drive = drivePassingTheGate(device, /*requireDiscard=*/plan.trimFirst)) {
        if (const Error error = validateFillCurvePlan(plan, *drive); error.isError()) {
            printError(error);
            return ExitRefused;
        }
        printOut(RecoveryText::tr("Sequential fill of %1 (%2).\n")
                     .arg(drive->displayName(), formatBytes(drive->sizeBytes)) +
                 formatEstimate(estimateFillCurve(plan, *drive)));
    }
    return runJobCommand(
        {plan, DeviceTarget{device}, RecoveryText::tr("Fill"), parser.value(json), {}, {}});
}

} // namespace

template <> const Command &commandOf<recovery::FillCurvePlan>()
{
    static const Command command{
        jobKindOf<recovery::FillCurvePlan>().name,
        "fill-curve DEVICE --destroy-data [--sample SIZE] [--cliff-drop PERCENT] [--no-trim]\n"
        "        [--json FILE]",
        "Sequential write speed over one whole fill, and where it falls (the cache cliff)",
        &runFillCurve};
    return command;
}

} // namespace trimscope::cli
