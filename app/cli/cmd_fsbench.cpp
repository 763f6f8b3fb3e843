#include "argumentparsing.h"
#include "clioutput.h"
#include "commands.h"
#include "common/units.h"
#include "fsbench/fsbench.h"
#include "jobs/jobkind.h"
#include "runjob.h"

#include <QCommandLineParser>
#include <QCoreApplication>

namespace trimscope::cli {

namespace {

using namespace trimscope::fsbench;

class CliFsBenchText
{
    Q_DECLARE_TR_FUNCTIONS(CliFsBench)
};

struct FsBenchOptions
{
    QString device;
    bool destroyData = false;
    FsBenchPlan plan;
    QString jsonPath;
};

QStringList listOption(const QCommandLineParser &parser, const QString &name)
{
    QStringList values;
    for (const QString &value : parser.values(name))
        values += value.split(QLatin1Char(','), Qt::SkipEmptyParts);
    return values;
}

Expected<FsBenchOptions> parseFsBenchOptions(const QStringList &args)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("DEVICE"), QStringLiteral("block device"));
    parser.addOptions({
        {QStringLiteral("destroy-data"), QStringLiteral("confirm that DEVICE may be erased")},
        {QStringLiteral("fs"), QStringLiteral("filesystems"), QStringLiteral("LIST")},
        {QStringLiteral("variants"), QStringLiteral("discard,nodiscard,discard-async"),
         QStringLiteral("LIST")},
        {QStringLiteral("preset"), QStringLiteral("kernel|quick|tiny"), QStringLiteral("NAME")},
        {QStringLiteral("files"), QStringLiteral("files in the tree"), QStringLiteral("N")},
        {QStringLiteral("bytes"), QStringLiteral("bytes in the tree"), QStringLiteral("SIZE")},
        {QStringLiteral("seed"), QStringLiteral("tree seed"), QStringLiteral("N")},
        {QStringLiteral("json"), QStringLiteral("write the result as JSON"),
         QStringLiteral("FILE")},
    });
    const auto invalid = [](const QString &message) {
        return makeError(ErrorCode::InvalidArgument, message);
    };
    if (const Error error = parseCommandLine(parser, QStringLiteral("fsbench"), args);
        error.isError())
        return error;
    const QStringList positional = parser.positionalArguments();
    if (positional.size() != 1)
        return invalid(CliFsBenchText::tr("give exactly one DEVICE"));

    FsBenchOptions options;
    options.device = positional.constFirst();
    options.destroyData = parser.isSet(QStringLiteral("destroy-data"));
    FsBenchPlan &plan = options.plan;
    if (parser.isSet(QStringLiteral("fs")))
        plan.filesystems = listOption(parser, QStringLiteral("fs"));
    plan.variants = listOption(parser, QStringLiteral("variants"));
    if (parser.isSet(QStringLiteral("preset"))) {
        const auto preset = treePreset(parser.value(QStringLiteral("preset")));
        if (!preset)
            return invalid(CliFsBenchText::tr("--preset must be one of %1")
                               .arg(treePresetNames().join(QStringLiteral(", "))));
        plan.tree = *preset;
    }
    if (parser.isSet(QStringLiteral("files"))) {
        bool ok = false;
        plan.tree.files = parser.value(QStringLiteral("files")).toInt(&ok);
        if (!ok)
            return invalid(CliFsBenchText::tr("--files: '%1' is not a number")
                               .arg(parser.value(QStringLiteral("files"))));
        plan.tree.preset = QStringLiteral("custom");
    }
    if (parser.isSet(QStringLiteral("bytes"))) {
        const auto bytes = parseByteSize(parser.value(QStringLiteral("bytes")));
        if (!bytes)
            return invalid(CliFsBenchText::tr("--bytes: '%1' is not a size such as 20M or 2G")
                               .arg(parser.value(QStringLiteral("bytes"))));
        plan.tree.bytes = *bytes;
        plan.tree.preset = QStringLiteral("custom");
    }
    if (parser.isSet(QStringLiteral("seed"))) {
        bool ok = false;
        plan.tree.seed = parser.value(QStringLiteral("seed")).toULongLong(&ok);
        if (!ok)
            return invalid(CliFsBenchText::tr("--seed must be a number"));
    }
    if (const Error error = validateFsBenchPlan(plan); error.isError())
        return error;
    options.jsonPath = parser.value(QStringLiteral("json"));
    if (const Error error = checkResultPathWritable(options.jsonPath); error.isError())
        return error;
    return options;
}

int runFsBenchCommand(const QStringList &args)
{
    Expected<FsBenchOptions> options = parseFsBenchOptions(args);
    if (!options) {
        printError(options.error());
        return ExitRefused;
    }
    if (!confirmDestroy(options->device, options->destroyData,
                        CliFsBenchText::tr("the filesystem experiment")))
        return ExitRefused;
    return runJobCommand(
        {options->plan,
         DeviceTarget{options->device},
         CliFsBenchText::tr("Filesystems"),
         options->jsonPath,
         {},
         CliFsBenchText::tr("cancelled; nothing is left mounted, the result is marked "
                            "incomplete")});
}

} // namespace

template <> const Command &commandOf<fsbench::FsBenchPlan>()
{
    static const Command command{
        jobKindOf<fsbench::FsBenchPlan>().name,
        "fsbench DEVICE --destroy-data [--fs ext4,xfs,btrfs] [--preset kernel|quick|tiny]\n"
        "        [--files N] [--bytes SIZE] [--seed N] [--variants discard,nodiscard,...]\n"
        "        [--json FILE]",
        "Delete a kernel-sized tree with and without online discard; fstrim; discard counts",
        &runFsBenchCommand};
    return command;
}

} // namespace trimscope::cli
