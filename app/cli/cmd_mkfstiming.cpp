#include "clioutput.h"
#include "commands.h"
#include "fsbench/mkfstiming.h"
#include "runjob.h"

#include <QCommandLineParser>
#include <QCoreApplication>

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
    const QString device = parser.positionalArguments().constFirst();
    if (!confirmDestroy(device, parser.isSet(QStringLiteral("destroy-data")),
                        Text::tr("mkfs timing")))
        return ExitRefused;
    return runJobCommand({plan, DeviceTarget{device}, Text::tr("mkfs"), jsonPath, {}, {}});
}

} // namespace trimscope::cli
