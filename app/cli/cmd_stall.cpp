#include "argumentparsing.h"
#include "clioutput.h"
#include "commands.h"
#include "common/units.h"
#include "jobs/jobkind.h"
#include "reports.h"
#include "runjob.h"

#include <QCommandLineParser>
#include <QCoreApplication>

namespace trimscope::cli {

using namespace trimscope::stall;

namespace {

class CliStallText
{
    Q_DECLARE_TR_FUNCTIONS(CliStall)
};

bool readSize(const QCommandLineParser &parser, const QCommandLineOption &option, quint64 &out)
{
    if (!parser.isSet(option))
        return true;
    const auto bytes = parseByteSize(parser.value(option));
    if (!bytes) {
        printError(CliStallText::tr("--%1: '%2' is not a size")
                       .arg(option.names().constFirst(), parser.value(option)));
        return false;
    }
    out = *bytes;
    return true;
}

bool readCount(const QCommandLineParser &parser, const QCommandLineOption &option, int &out)
{
    if (!parser.isSet(option))
        return true;
    bool ok = false;
    out = parser.value(option).toInt(&ok);
    if (!ok || out < 0) {
        printError(CliStallText::tr("--%1: '%2' is not a count")
                       .arg(option.names().constFirst(), parser.value(option)));
        return false;
    }
    return true;
}

bool readSeconds(const QCommandLineParser &parser, const QCommandLineOption &option, double &out)
{
    if (!parser.isSet(option))
        return true;
    bool ok = false;
    out = parser.value(option).toDouble(&ok);
    if (!ok || !(out > 0)) {
        printError(CliStallText::tr("--%1: '%2' is not a number of seconds")
                       .arg(option.names().constFirst(), parser.value(option)));
        return false;
    }
    return true;
}

} // namespace

QString formatStallReport(const StallResult &result)
{
    if (result.phases.isEmpty())
        return {};
    QString text = CliStallText::tr("Stall test on %1: QD1 random 4 KiB %2 beside discards\n")
                       .arg(result.drive.displayName(), result.plan.writes
                                                            ? CliStallText::tr("reads and writes")
                                                            : CliStallText::tr("reads"));
    text += QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8 %9\n")
                .arg(CliStallText::tr("Phase"), -22)
                .arg(CliStallText::tr("discard"), 9)
                .arg(CliStallText::tr("takes"), 9)
                .arg(CliStallText::tr("p50"), 9)
                .arg(CliStallText::tr("p99"), 9)
                .arg(CliStallText::tr("p99.9"), 9)
                .arg(CliStallText::tr("max"), 9)
                .arg(CliStallText::tr("added"), 9)
                .arg(CliStallText::tr("stall"), 9);
    for (const StallPhaseFigures &p : result.phases) {
        const bool discards = p.phase != StallPhase::Baseline;
        const QString none = QStringLiteral("-");
        text += QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8 %9\n")
                    .arg(stallPhaseTitle(p.phase), -22)
                    .arg(discards ? formatBytes(p.discardBytes) : none, 9)
                    .arg(discards ? formatSeconds(p.discardMedianSeconds) : none, 9)
                    .arg(formatSeconds(p.p50Seconds), 9)
                    .arg(formatSeconds(p.p99Seconds), 9)
                    .arg(formatSeconds(p.p999Seconds), 9)
                    .arg(formatSeconds(p.maxSeconds), 9)
                    .arg(discards ? formatSeconds(p.addedPerDiscardSeconds) : none, 9)
                    .arg(discards ? formatSeconds(p.longestStallSeconds) : none, 9);
    }
    text += CliStallText::tr(
        "added: what the I/O in flight during one discard lost (median); stall: the "
        "longest I/O after a discard began\n");
    if (result.complete())
        text += result.summary() + QLatin1Char('\n');
    return text;
}

namespace {

int runStall(const QStringList &args)
{
    QCommandLineParser parser;
    const QCommandLineOption destroy = destroyDataOption();
    const QCommandLineOption simulate(
        QStringLiteral("simulate"), CliStallText::tr("simulated drive"), QStringLiteral("PROFILE"));
    const QCommandLineOption small(QStringLiteral("small"),
                                   CliStallText::tr("size of the small discards (default 64K)"),
                                   QStringLiteral("SIZE"));
    const QCommandLineOption medium(QStringLiteral("medium"),
                                    CliStallText::tr("size of the medium discards (default 8M)"),
                                    QStringLiteral("SIZE"));
    const QCommandLineOption region(
        QStringLiteral("region"),
        CliStallText::tr(
            "the discard region, discarded whole in the last phase (default up to 4G)"),
        QStringLiteral("SIZE"));
    const QCommandLineOption reads(QStringLiteral("read-region"),
                                   CliStallText::tr("where the reads go (default up to 1G)"),
                                   QStringLiteral("SIZE"));
    const QCommandLineOption count(QStringLiteral("discards"),
                                   CliStallText::tr("small and medium discards each (default 5)"),
                                   QStringLiteral("N"));
    const QCommandLineOption regionCount(QStringLiteral("region-discards"),
                                         CliStallText::tr("whole-region discards (default 1)"),
                                         QStringLiteral("N"));
    const QCommandLineOption baseline(QStringLiteral("baseline"),
                                      CliStallText::tr("seconds of reads alone first (default 5)"),
                                      QStringLiteral("SECONDS"));
    const QCommandLineOption gap(
        QStringLiteral("gap"),
        CliStallText::tr("seconds of reads alone after each discard (default 1)"),
        QStringLiteral("SECONDS"));
    const QCommandLineOption limit(
        QStringLiteral("limit"),
        CliStallText::tr("pass/fail limit on any I/O's latency (default 0.5)"),
        QStringLiteral("SECONDS"));
    const QCommandLineOption writes(QStringLiteral("writes"),
                                    CliStallText::tr("a third of the I/O as random writes"));
    const QCommandLineOption noFill(QStringLiteral("no-fill"),
                                    CliStallText::tr("do not write the regions first"));
    const QCommandLineOption json(QStringLiteral("json"),
                                  CliStallText::tr("write the result as JSON"),
                                  QStringLiteral("FILE"));
    parser.addOptions({destroy, simulate, small, medium, region, reads, count, regionCount,
                       baseline, gap, limit, writes, noFill, json});
    parser.addPositionalArgument(QStringLiteral("DEVICE"), CliStallText::tr("block device"));
    const std::optional<QString> chosen =
        parseDeviceOrSimulation(parser, QStringLiteral("stall"), args, simulate, destroy,
                                CliStallText::tr("the stall test"));
    if (!chosen)
        return ExitRefused;
    const QString device = *chosen;

    StallPlan plan;
    int discards = plan.smallDiscards;
    if (!readSize(parser, small, plan.smallBytes) || !readSize(parser, medium, plan.mediumBytes) ||
        !readSize(parser, region, plan.discardRegionBytes) ||
        !readSize(parser, reads, plan.readRegionBytes) || !readCount(parser, count, discards) ||
        !readCount(parser, regionCount, plan.regionDiscards) ||
        !readSeconds(parser, baseline, plan.baselineSeconds) ||
        !readSeconds(parser, gap, plan.gapSeconds) ||
        !readSeconds(parser, limit, plan.maxLatencySeconds))
        return ExitRefused;
    plan.smallDiscards = discards;
    plan.mediumDiscards = discards;
    plan.writes = parser.isSet(writes);
    plan.fillFirst = !parser.isSet(noFill);
    const QString profile = parser.value(simulate);
    return runJobCommand(
        {plan,
         device.isEmpty() ? JobTarget(SimulatedTarget{profile}) : DeviceTarget{device},
         CliStallText::tr("Stall test"),
         parser.value(json),
         {},
         {}});
}

} // namespace

template <> const Command &commandOf<stall::StallPlan>()
{
    static const Command command{
        jobKindOf<stall::StallPlan>().name,
        "stall (DEVICE --destroy-data | --simulate PROFILE) [--small SIZE] [--medium SIZE]\n"
        "        [--region SIZE] [--read-region SIZE] [--discards N] [--region-discards N]\n"
        "        [--baseline SECONDS] [--gap SECONDS] [--limit SECONDS] [--writes] [--no-fill]\n"
        "        [--json FILE]",
        "What running discards do to the I/O around them: QD1 read latency and the longest\n"
        "        stall beside small, medium and whole-region discards (fails above 500 ms)",
        &runStall};
    return command;
}

} // namespace trimscope::cli
