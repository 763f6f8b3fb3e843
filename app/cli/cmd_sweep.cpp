#include "argumentparsing.h"
#include "clioutput.h"
#include "commands.h"
#include "common/units.h"
#include "jobs/jobkind.h"
#include "runjob.h"

#include <QCommandLineParser>

namespace trimscope::cli {

namespace {

constexpr auto kAllowSiblingsOption = "allow-siblings-of-system-disk";
constexpr auto kAllowOpenWritersOption = "allow-open-writers";

// How long an adaptive sweep may take unless told otherwise: 10 minutes, enough for ±5 % on
// every size of a drive whose 2 GiB TRIM takes a second.
constexpr double kDefaultSweepBudgetSeconds = 600;

struct SweepOptions
{
    QString device;
    QString simulate;
    bool destroyData = false;
    bool allowSiblingsOfSystemDisk = false;
    bool allowOpenWriters = false;
    SweepPlan plan;
    QString jsonPath;
    QString csvPath;
};

Error parseSizeOption(const QCommandLineParser &parser, const QString &name, quint64 &out)
{
    if (!parser.isSet(name))
        return {};
    const auto size = parseByteSize(parser.value(name));
    if (!size || *size == 0)
        return {ErrorCode::InvalidArgument,
                QStringLiteral("--%1: '%2' is not a size such as 4K, 64M or 2G")
                    .arg(name, parser.value(name))};
    out = *size;
    return {};
}

Expected<SweepOptions> parseSweepOptions(const QStringList &args)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("DEVICE"), QStringLiteral("block device"));
    parser.addOptions({
        {QStringLiteral("destroy-data"), QStringLiteral("confirm that DEVICE may be erased")},
        {QString::fromLatin1(kAllowSiblingsOption),
         QStringLiteral("allow a partition whose disk also holds /, /boot, swap or other "
                        "partitions in use (as root only)")},
        {QString::fromLatin1(kAllowOpenWritersOption),
         QStringLiteral("allow a device that another program has open for writing, destroying "
                        "what it writes (as root only)")},
        {QStringLiteral("simulate"), QStringLiteral("simulated drive"), QStringLiteral("PROFILE")},
        {QStringLiteral("min"), QStringLiteral("smallest size"), QStringLiteral("SIZE")},
        {QStringLiteral("max"), QStringLiteral("largest size"), QStringLiteral("SIZE")},
        {QStringLiteral("repeat"), QStringLiteral("fixed: N samples per size"),
         QStringLiteral("N")},
        {QStringLiteral("adaptive"),
         QStringLiteral("sample until each median is ±5 % (the default)")},
        {QStringLiteral("order"), QStringLiteral("descending|interleaved"),
         QStringLiteral("ORDER")},
        {QStringLiteral("prewrite"),
         QStringLiteral("write each region before trimming it (the default)")},
        {QStringLiteral("no-prewrite"),
         QStringLiteral("write nothing first: time TRIMs of whatever the regions hold (less wear; "
                        "on a new or erased drive, TRIMs of empty space)")},
        {QStringLiteral("seed"), QStringLiteral("shuffle seed"), QStringLiteral("N")},
        {QStringLiteral("time-budget"),
         QStringLiteral("stop after SECONDS (adaptive default: %1)")
             .arg(kDefaultSweepBudgetSeconds),
         QStringLiteral("SECONDS")},
        {QStringLiteral("json"), QStringLiteral("write the result as JSON"),
         QStringLiteral("FILE")},
        {QStringLiteral("csv"), QStringLiteral("write the per-size table as CSV"),
         QStringLiteral("FILE")},
    });
    const auto invalid = [](const QString &message) {
        return makeError(ErrorCode::InvalidArgument, message);
    };
    if (const Error error = parseCommandLine(parser, QStringLiteral("sweep"), args);
        error.isError())
        return error;

    SweepOptions options;
    const QStringList positional = parser.positionalArguments();
    if (positional.size() > 1)
        return invalid(QStringLiteral("give one device, not %1").arg(positional.size()));
    options.device = positional.value(0);
    options.simulate = parser.value(QStringLiteral("simulate"));
    options.destroyData = parser.isSet(QStringLiteral("destroy-data"));
    options.allowSiblingsOfSystemDisk = parser.isSet(QString::fromLatin1(kAllowSiblingsOption));
    options.allowOpenWriters = parser.isSet(QString::fromLatin1(kAllowOpenWritersOption));
    if (options.device.isEmpty() == options.simulate.isEmpty())
        return invalid(QStringLiteral("give either a DEVICE or --simulate PROFILE"));

    SweepPlan &plan = options.plan;
    for (const auto &[name, field] : {std::pair{QStringLiteral("min"), &plan.minBytes},
                                      std::pair{QStringLiteral("max"), &plan.maxBytes}}) {
        if (const Error error = parseSizeOption(parser, name, *field); error.isError())
            return error;
    }
    if (parser.isSet(QStringLiteral("repeat"))) {
        if (parser.isSet(QStringLiteral("adaptive")))
            return invalid(QStringLiteral("--repeat and --adaptive exclude each other"));
        bool ok = false;
        plan.repeats = parser.value(QStringLiteral("repeat")).toInt(&ok);
        if (!ok)
            return invalid(QStringLiteral("--repeat: '%1' is not a number")
                               .arg(parser.value(QStringLiteral("repeat"))));
    }
    // Adaptive within a time budget unless a fixed repeat count is asked for.
    plan.adaptive = !parser.isSet(QStringLiteral("repeat"));
    if (plan.adaptive)
        plan.timeBudgetSeconds = kDefaultSweepBudgetSeconds;
    if (parser.isSet(QStringLiteral("order"))) {
        const auto order = sweepOrderFromName(parser.value(QStringLiteral("order")));
        if (!order)
            return invalid(QStringLiteral("--order must be descending or interleaved"));
        plan.order = *order;
    }
    if (parser.isSet(QStringLiteral("prewrite")) && parser.isSet(QStringLiteral("no-prewrite")))
        return invalid(QStringLiteral("--prewrite and --no-prewrite exclude each other"));
    plan.prewrite = !parser.isSet(QStringLiteral("no-prewrite"));
    if (parser.isSet(QStringLiteral("seed"))) {
        bool ok = false;
        plan.seed = parser.value(QStringLiteral("seed")).toULongLong(&ok);
        if (!ok || plan.seed == 0)
            return invalid(QStringLiteral("--seed must be a positive number"));
    }
    if (parser.isSet(QStringLiteral("time-budget"))) {
        bool ok = false;
        plan.timeBudgetSeconds = parser.value(QStringLiteral("time-budget")).toDouble(&ok);
        if (!ok || plan.timeBudgetSeconds <= 0)
            return invalid(QStringLiteral("--time-budget must be a positive number of seconds"));
    }
    if (const Error error = validatePlanBounds(plan); error.isError())
        return error;
    options.jsonPath = parser.value(QStringLiteral("json"));
    options.csvPath = parser.value(QStringLiteral("csv"));
    for (const QString &path : {options.jsonPath, options.csvPath}) {
        if (const Error error = checkResultPathWritable(path); error.isError())
            return error;
    }
    return options;
}

int runSweep(const QStringList &args)
{
    Expected<SweepOptions> options = parseSweepOptions(args);
    if (!options) {
        printError(options.error());
        return ExitRefused;
    }
    if (!options->device.isEmpty() && !options->destroyData) {
        printError(QStringLiteral("a sweep destroys all data on %1; add --destroy-data to confirm")
                       .arg(options->device));
        return ExitRefused;
    }
    const bool simulated = !options->simulate.isEmpty();
    return runJobCommand({options->plan,
                          simulated ? JobTarget(SimulatedTarget{options->simulate})
                                    : DeviceTarget{options->device,
                                                   options->allowSiblingsOfSystemDisk,
                                                   {},
                                                   options->allowOpenWriters},
                          simulated ? QStringLiteral("Sweep (simulated)") : QStringLiteral("Sweep"),
                          options->jsonPath,
                          options->csvPath,
                          {}});
}

} // namespace

template <> const Command &commandOf<SweepPlan>()
{
    static const Command command{
        jobKindOf<SweepPlan>().name,
        "sweep (DEVICE --destroy-data [--allow-siblings-of-system-disk] [--allow-open-writers] | "
        "--simulate PROFILE)\n"
        "        [--min SIZE] [--max SIZE] [--repeat N | --adaptive] [--time-budget SECONDS]\n"
        "        [--order descending|interleaved] [--no-prewrite] [--seed N]\n"
        "        [--json FILE] [--csv FILE]",
        "Time BLKDISCARDs per block size, from --max halving down to --min: until each median\n"
        "        is known to ±5 % within the time budget (10 min), or N times each with "
        "--repeat;\n"
        "        each region is written first (the TRIM of written data; --no-prewrite writes\n"
        "        nothing, for wear-careful runs) and TRIM of empty space is compared",
        &runSweep};
    return command;
}

} // namespace trimscope::cli
