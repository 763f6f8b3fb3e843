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

QString formatFillReport(const FillCurveResult &result)
{
    QString text = RecoveryText::tr("Sequential fill of %1 (%2 per sample)\n")
                       .arg(result.drive.displayName(), formatBytes(result.sampleBytes));
    text += QStringLiteral("%1 %2\n")
                .arg(RecoveryText::tr("written"), 8)
                .arg(RecoveryText::tr("throughput"), 12);
    for (const FillSample &s : result.samples) {
        const double percent = result.drive.sizeBytes ? 100.0 * double(s.offset + s.bytes) /
                                                            double(result.drive.sizeBytes)
                                                      : 0;
        text += QStringLiteral("%1 %2\n")
                    .arg(QStringLiteral("%1 %").arg(percent, 0, 'f', 1), 8)
                    .arg(formatRate(s.bytesPerSecond), 12);
    }
    text += RecoveryText::tr("Mean %1 over %2\n")
                .arg(formatRate(result.meanBytesPerSecond), formatBytes(result.bytesWritten));
    if (result.cliff.found)
        text += RecoveryText::tr("Cliff at %1 % of capacity (%2): %3 before, %4 after (-%5 %)\n")
                    .arg(100 * result.cliff.fractionOfCapacity, 0, 'f', 1)
                    .arg(formatBytes(result.cliff.offset),
                         formatRate(result.cliff.bytesPerSecondBefore),
                         formatRate(result.cliff.bytesPerSecondAfter))
                    .arg(100 * result.cliff.drop, 0, 'f', 0);
    else
        text += RecoveryText::tr("No cliff: the speed never stayed %1 % below what came before\n")
                    .arg(100 * result.plan.cliffDropFraction, 0, 'f', 0);
    return text;
}

} // namespace

int runFillCurve(const QStringList &args)
{
    QCommandLineParser parser;
    const QCommandLineOption destroy(QStringLiteral("destroy-data"),
                                     RecoveryText::tr("confirm that DEVICE may be overwritten"));
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
    if (!parser.parse(QStringList{QStringLiteral("fill-curve")} + args)) {
        printError(parser.errorText());
        return ExitRefused;
    }
    const QStringList positional = parser.positionalArguments();
    if (positional.size() != 1) {
        printError(RecoveryText::tr("give one DEVICE"));
        return ExitRefused;
    }
    const QString device = positional.first();
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

    // Not root: the helper runs it after polkit agrees; the JSON and the report are the same.
    if (geteuid() != 0)
        return runCommandInHelper(QString::fromLatin1(helper::kJobFillCurve), device,
                                  helper::fillCurveOptionsFromPlan(plan), RecoveryText::tr("Fill"),
                                  parser.value(json), [](const QByteArray &bytes) {
                                      const Expected<FillCurveResult> result =
                                          readResult<recovery::FillCurveResult>(bytes);
                                      return result ? formatFillReport(*result) : QString();
                                  });
    auto target = prepareRecoveryDevice(device, /*requireDiscard=*/plan.trimFirst);
    if (!target) {
        printError(target.error());
        return exitCodeFor(target.error());
    }
    const DriveInfo &drive = (*target)->drive();
    if (const Error error = validateFillCurvePlan(plan, drive); error.isError()) {
        printError(error);
        return ExitRefused;
    }
    printOut(RecoveryText::tr("Sequential fill of %1 (%2).\n")
                 .arg(drive.displayName(), formatBytes(drive.sizeBytes)) +
             formatEstimate(estimateFillCurve(plan, drive)));

    CancelToken cancel;
    ProgressBar progressBar(RecoveryText::tr("Fill"));
    FillCurveResult result;
    {
        const CancelOnSignals signalGuard(cancel);
        result = recovery::runFillCurve(**target, plan, cancel, [&](const RecoveryProgress &p) {
            progressBar.update(p.fraction, p.etaSeconds, progressDetail(p));
        });
    }
    progressBar.finish();

    return finishRun(
        {parser.value(json), resultToJsonBytes(result), {}, {}, formatFillReport(result), {}},
        result.stopReason, result.error);
}

} // namespace trimscope::cli
