#include "cancelonsignals.h"
#include "clioutput.h"
#include "commands.h"
#include "fsbench/mkfstiming.h"
#include "fsbenchreport.h"
#include "helperjob.h"
#include "helperprotocol.h"
#include "joboptions.h"
#include "report/resultfile.h"
#include "runoutcome.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <unistd.h>

namespace trimscope::cli {

namespace {

using namespace trimscope::fsbench;

class Text
{
    Q_DECLARE_TR_FUNCTIONS(CliMkfsTiming)
};

} // namespace

int runMkfsTiming(const QStringList &args)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("DEVICE"), QStringLiteral("block device"));
    parser.addOptions({
        {QStringLiteral("destroy-data"), QStringLiteral("confirm that DEVICE may be erased")},
        {QStringLiteral("fs"), QStringLiteral("filesystems"), QStringLiteral("LIST")},
        {QStringLiteral("json"), QStringLiteral("write the result as JSON"),
         QStringLiteral("FILE")},
    });
    if (!parser.parse(QStringList{QStringLiteral("trimscope-cli")} + args)) {
        printError(parser.errorText());
        return ExitRefused;
    }
    if (parser.positionalArguments().size() != 1) {
        printError(Text::tr("give exactly one DEVICE"));
        return ExitRefused;
    }
    MkfsTimingPlan plan;
    if (parser.isSet(QStringLiteral("fs"))) {
        plan.filesystems.clear();
        for (const QString &value : parser.values(QStringLiteral("fs")))
            plan.filesystems += value.split(QLatin1Char(','), Qt::SkipEmptyParts);
    }
    const QString jsonPath = parser.value(QStringLiteral("json"));
    for (const Error &error : {validateMkfsTimingPlan(plan), checkResultPathWritable(jsonPath)}) {
        if (error.isError()) {
            printError(error);
            return ExitRefused;
        }
    }
    int exitCode = ExitOk;
    // Not root: the helper runs it after polkit agrees; the JSON is the same.
    if (geteuid() != 0 && parser.isSet(QStringLiteral("destroy-data")))
        return runCommandInHelper(QString::fromLatin1(helper::kJobMkfsTiming),
                                  parser.positionalArguments().constFirst(),
                                  helper::mkfsTimingOptionsFromPlan(plan), Text::tr("mkfs"),
                                  jsonPath, [](const QByteArray &bytes) {
                                      const auto result = readResult<MkfsTimingResult>(bytes);
                                      return result ? formatMkfsTimingReport(*result) : QString();
                                  });
    const auto target = prepareFsBenchTargetForCli(parser.positionalArguments().constFirst(),
                                                   parser.isSet(QStringLiteral("destroy-data")),
                                                   Text::tr("mkfs timing"), exitCode);
    if (!target)
        return exitCode;

    CancelToken cancel;
    ProgressBar progressBar(Text::tr("mkfs"));
    MkfsTimingResult result;
    {
        const CancelOnSignals signalGuard(cancel);
        result = runMkfsTiming(*target, plan, cancel, [&](const FsBenchProgress &p) {
            progressBar.update(p.fraction, p.etaSeconds, fsBenchProgressDetail(p));
        });
    }
    progressBar.finish();
    return finishRun(
        {jsonPath, resultToJsonBytes(result), {}, {}, formatMkfsTimingReport(result), {}},
        result.stopReason, result.error);
}

} // namespace trimscope::cli
