#include "argumentparsing.h"
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
    parser.addPositionalArgument(QStringLiteral("DEVICE"), Text::tr("block device"));
    parser.addOptions({
        destroyDataOption(),
        {QStringLiteral("fs"), Text::tr("filesystems"), QStringLiteral("LIST")},
        {QStringLiteral("json"), Text::tr("write the result as JSON"), QStringLiteral("FILE")},
    });
    const QString device = parseDeviceArguments(parser, QStringLiteral("mkfs-timing"), args);
    if (device.isEmpty())
        return ExitRefused;
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
    if (!confirmDestroy(device, parser.isSet(QStringLiteral("destroy-data")),
                        Text::tr("mkfs timing")))
        return ExitRefused;
    return runJobCommand({plan, DeviceTarget{device}, Text::tr("mkfs"), jsonPath, {}, {}});
}

} // namespace trimscope::cli
