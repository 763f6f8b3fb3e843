#include "argumentparsing.h"
#include "clioutput.h"
#include "commands.h"
#include "fsbench/mkfstiming.h"
#include "jobs/jobkind.h"
#include "runjob.h"

#include <QCommandLineParser>
#include <QCoreApplication>

namespace trimscope::cli {

namespace {

using namespace trimscope::fsbench;

class CliMkfsTimingText
{
    Q_DECLARE_TR_FUNCTIONS(CliMkfsTiming)
};

int runMkfsTiming(const QStringList &args)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("DEVICE"), CliMkfsTimingText::tr("block device"));
    parser.addOptions({
        destroyDataOption(),
        {QStringLiteral("fs"), CliMkfsTimingText::tr("filesystems"), QStringLiteral("LIST")},
        {QStringLiteral("json"), CliMkfsTimingText::tr("write the result as JSON"),
         QStringLiteral("FILE")},
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
                        CliMkfsTimingText::tr("mkfs timing")))
        return ExitRefused;
    return runJobCommand(
        {plan, DeviceTarget{device}, CliMkfsTimingText::tr("mkfs"), jsonPath, {}, {}});
}

} // namespace

template <> const Command &commandOf<fsbench::MkfsTimingPlan>()
{
    static const Command command{
        jobKindOf<fsbench::MkfsTimingPlan>().name,
        "mkfs-timing DEVICE --destroy-data [--fs ext4,xfs,btrfs] [--json FILE]",
        "Time mkfs with and without its whole-device discard, with the discards it issued",
        &runMkfsTiming};
    return command;
}

} // namespace trimscope::cli
