#include "clioutput.h"
#include "commands.h"
#include "common/units.h"
#include "probe/backgroundprobe.h"
#include "report/atomicfile.h"
#include "report/resultfile.h"
#include "simulate/simulatedprobetarget.h"
#include "sweep/sweepsetup.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDateTime>

namespace trimscope::cli {

namespace {

using namespace trimscope::probe;

class Text
{
    Q_DECLARE_TR_FUNCTIONS(CliBackgroundProbe)
};

} // namespace

int runBackgroundProbe(const QStringList &args)
{
    QCommandLineParser parser;
    const QCommandLineOption destroy(QStringLiteral("destroy-data"),
                                     Text::tr("confirm that DEVICE may be erased"));
    const QCommandLineOption simulate(QStringLiteral("simulate"), Text::tr("simulated drive"),
                                      QStringLiteral("PROFILE"));
    const QCommandLineOption discard(QStringLiteral("discard"),
                                     Text::tr("size of the large discard (default 1G)"),
                                     QStringLiteral("SIZE"));
    const QCommandLineOption seconds(QStringLiteral("seconds"),
                                     Text::tr("longest time to probe after it (default 10)"),
                                     QStringLiteral("N"));
    const QCommandLineOption fill(QStringLiteral("fill"),
                                  Text::tr("write the region first so the drive has data to trim"));
    const QCommandLineOption json(QStringLiteral("json"), Text::tr("write the result as JSON"),
                                  QStringLiteral("FILE"));
    parser.addOptions({destroy, simulate, discard, seconds, fill, json});
    parser.addPositionalArgument(QStringLiteral("DEVICE"), Text::tr("block device"));
    if (!parser.parse(QStringList{QStringLiteral("background-probe")} + args)) {
        printError(parser.errorText());
        return ExitRefused;
    }
    const QStringList positional = parser.positionalArguments();
    const QString device = positional.value(0);
    if (positional.size() > 1 || device.isEmpty() == !parser.isSet(simulate)) {
        printError(Text::tr("give either a DEVICE or --simulate PROFILE"));
        return ExitRefused;
    }
    if (!device.isEmpty() && !parser.isSet(destroy)) {
        printError(Text::tr("the probe discards and writes on %1; add --destroy-data to confirm")
                       .arg(device));
        return ExitRefused;
    }

    // The same path, safety policy and O_EXCL open as a sweep: nothing is written yet.
    std::unique_ptr<WriteProbeTarget> target;
    PreparedSweep prepared;
    if (!device.isEmpty()) {
        auto opened = prepareDeviceSweep(device, SweepPlan{});
        if (!opened) {
            printError(opened.error());
            return exitCodeFor(opened.error());
        }
        prepared = std::move(opened).value();
        target = std::make_unique<FdWriteProbeTarget>(prepared.fd.get(), prepared.drive.sizeBytes);
    } else {
        const auto profile = findSimulatedProfile(parser.value(simulate));
        if (!profile) {
            printError(Text::tr("there is no simulated drive '%1' (see trimscope-cli profiles)")
                           .arg(parser.value(simulate)));
            return ExitRefused;
        }
        target = std::make_unique<SimulatedProbeTarget>(*profile, 1);
    }

    BackgroundProbePlan plan = defaultBackgroundProbePlan(target->sizeBytes());
    if (parser.isSet(discard)) {
        const auto bytes = parseByteSize(parser.value(discard));
        if (!bytes) {
            printError(Text::tr("--discard: '%1' is not a size").arg(parser.value(discard)));
            return ExitRefused;
        }
        plan.discardBytes = *bytes;
    }
    if (parser.isSet(seconds)) {
        bool ok = false;
        plan.maxSeconds = parser.value(seconds).toDouble(&ok);
        if (!ok) {
            printError(Text::tr("--seconds: '%1' is not a number").arg(parser.value(seconds)));
            return ExitRefused;
        }
        plan.minSeconds = std::min(plan.minSeconds, plan.maxSeconds);
    }
    plan.fillFirst = parser.isSet(fill);

    CancelToken cancel;
    const QDateTime started = QDateTime::currentDateTimeUtc();
    auto result = runBackgroundTrimProbe(*target, plan, &cancel);
    if (!result) {
        printError(result.error());
        return exitCodeFor(result.error());
    }
    printOut(result->summary() + QLatin1Char('\n'));
    if (parser.isSet(json)) {
        result->drive = prepared.drive;
        result->started = started;
        result->finished = QDateTime::currentDateTimeUtc();
        result->elapsedSeconds = double(started.msecsTo(result->finished)) / 1000.0;
        result->toolVersion = QStringLiteral(TRIMSCOPE_VERSION);
        if (const Error error = writeFileAtomically(parser.value(json), resultToJsonBytes(*result));
            error.isError()) {
            printError(error);
            return ExitFailure;
        }
    }
    return ExitOk;
}

} // namespace trimscope::cli
