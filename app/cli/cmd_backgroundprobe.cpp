#include "argumentparsing.h"
#include "clioutput.h"
#include "commands.h"
#include "common/units.h"
#include "jobs/jobkind.h"
#include "probe/probelimits.h"
#include "runjob.h"

#include <QCommandLineParser>
#include <QCoreApplication>

namespace trimscope::cli {

namespace {

class CliBackgroundProbeText
{
    Q_DECLARE_TR_FUNCTIONS(CliBackgroundProbe)
};

int runBackgroundProbe(const QStringList &args)
{
    QCommandLineParser parser;
    const QCommandLineOption destroy = destroyDataOption();
    const QCommandLineOption simulate(QStringLiteral("simulate"),
                                      CliBackgroundProbeText::tr("simulated drive"),
                                      QStringLiteral("PROFILE"));
    const QCommandLineOption discard(
        QStringLiteral("discard"),
        CliBackgroundProbeText::tr("size of the large discard (default 1G)"),
        QStringLiteral("SIZE"));
    const QCommandLineOption seconds(
        QStringLiteral("seconds"),
        CliBackgroundProbeText::tr("longest time to probe after it (default 10)"),
        QStringLiteral("N"));
    const QCommandLineOption maxWait(
        QStringLiteral("max-wait"),
        CliBackgroundProbeText::tr("longest the whole probe may take, waits for a quiet drive "
                                   "included (default 90)"),
        QStringLiteral("SECONDS"));
    const QCommandLineOption fill(
        QStringLiteral("fill"),
        CliBackgroundProbeText::tr("write the region first so the drive has data to trim"));
    const QCommandLineOption json(QStringLiteral("json"),
                                  CliBackgroundProbeText::tr("write the result as JSON"),
                                  QStringLiteral("FILE"));
    parser.addOptions({destroy, simulate, discard, seconds, maxWait, fill, json});
    parser.addPositionalArgument(QStringLiteral("DEVICE"),
                                 CliBackgroundProbeText::tr("block device"));
    const std::optional<QString> chosen =
        parseDeviceOrSimulation(parser, QStringLiteral("background-probe"), args, simulate, destroy,
                                CliBackgroundProbeText::tr("the background probe"));
    if (!chosen)
        return ExitRefused;
    const QString device = *chosen;

    probe::BackgroundProbeRequest request;
    if (parser.isSet(discard)) {
        const auto bytes = parseByteSize(parser.value(discard));
        if (!bytes) {
            printError(CliBackgroundProbeText::tr("--discard: '%1' is not a size")
                           .arg(parser.value(discard)));
            return ExitRefused;
        }
        request.discardBytes = *bytes;
    }
    if (parser.isSet(seconds)) {
        bool ok = false;
        request.maxSeconds = parser.value(seconds).toDouble(&ok);
        if (!ok || !(request.maxSeconds > 0)) {
            printError(CliBackgroundProbeText::tr("--seconds: '%1' is not a number")
                           .arg(parser.value(seconds)));
            return ExitRefused;
        }
    }
    if (parser.isSet(maxWait)) {
        bool ok = false;
        request.maxWaitSeconds = parser.value(maxWait).toDouble(&ok);
        if (!ok || !(request.maxWaitSeconds >= probe::kMinProbeWaitSeconds &&
                     request.maxWaitSeconds <= probe::kMaxProbeWaitSeconds)) {
            printError(CliBackgroundProbeText::tr("--max-wait: '%1' is not a number of seconds "
                                                  "from %2 to %3")
                           .arg(parser.value(maxWait))
                           .arg(probe::kMinProbeWaitSeconds)
                           .arg(probe::kMaxProbeWaitSeconds));
            return ExitRefused;
        }
    }
    request.fillFirst = parser.isSet(fill);
    const QString profile = parser.value(simulate);
    const double bound =
        request.maxWaitSeconds > 0 ? request.maxWaitSeconds : probe::kDefaultProbeWaitSeconds;
    JobCommand command{request,
                       device.isEmpty() ? JobTarget(SimulatedTarget{profile})
                                        : DeviceTarget{device},
                       CliBackgroundProbeText::tr("Background probe"),
                       parser.value(json),
                       {},
                       {}};
    command.opening = CliBackgroundProbeText::tr(
                          "Background probe: at most %1 in all (--max-wait), waits for a quiet "
                          "drive included.")
                          .arg(formatSeconds(bound));
    command.progressLines = true;
    return runJobCommand(command);
}

} // namespace

template <> const Command &commandOf<probe::BackgroundProbeRequest>()
{
    static const Command command{
        jobKindOf<probe::BackgroundProbeRequest>().name,
        "background-probe (DEVICE --destroy-data | --simulate PROFILE) [--discard SIZE]\n"
        "        [--seconds N] [--max-wait SECONDS] [--fill] [--json FILE]",
        "Does the drive trim in the background? Small-write latency after one large discard",
        &runBackgroundProbe};
    return command;
}

} // namespace trimscope::cli
