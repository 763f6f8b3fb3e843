// A small, scriptable helper client for the tests: runs one sweep through HelperClient (as
// whoever starts it) and prints what arrives, one line per event, flushed:
//   started PATH | sample INDEX BYTES OFFSET SECONDS | progress FRACTION MS_SINCE_START |
//   completed 0|1 ERRORNAME MESSAGE
// "cancel" on stdin cancels the job. --json FILE writes the Completed result_json.
#include "helperclient.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QSocketNotifier>
#include <cstdio>
#include <unistd.h>

using namespace trimscope;

namespace {
void printLine(const QString &line)
{
    std::fprintf(stdout, "%s\n", qPrintable(line));
    std::fflush(stdout);
}
} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("DEVICE"), QStringLiteral("block device"));
    parser.addOptions(
        {{QStringLiteral("min"), QStringLiteral("bytes"), QStringLiteral("N")},
         {QStringLiteral("max"), QStringLiteral("bytes"), QStringLiteral("N")},
         {QStringLiteral("repeat"), QStringLiteral("repeats"), QStringLiteral("N")},
         {QStringLiteral("seed"), QStringLiteral("seed"), QStringLiteral("N")},
         {QStringLiteral("json"), QStringLiteral("result file"), QStringLiteral("FILE")}});
    parser.process(app);

    SweepPlan plan;
    plan.minBytes = parser.value(QStringLiteral("min")).toULongLong();
    plan.maxBytes = parser.value(QStringLiteral("max")).toULongLong();
    if (parser.isSet(QStringLiteral("repeat")))
        plan.repeats = parser.value(QStringLiteral("repeat")).toInt();
    plan.seed = parser.value(QStringLiteral("seed")).toULongLong();
    const QString jsonPath = parser.value(QStringLiteral("json"));

    helper::HelperClient client;
    int exitCode = 1;
    QObject::connect(&client, &helper::HelperClient::started, &app,
                     [](const QString &path) { printLine(QStringLiteral("started ") + path); });
    QObject::connect(&client, &helper::HelperClient::samplesReceived, &app,
                     [](uint first, const QList<Sample> &samples) {
                         for (const Sample &sample : samples)
                             printLine(QStringLiteral("sample %1 %2 %3 %4")
                                           .arg(first++)
                                           .arg(sample.bytes)
                                           .arg(sample.offset)
                                           .arg(sample.seconds, 0, 'g', 17));
                     });
    QObject::connect(
        &client, &helper::HelperClient::completed, &app, [&](const JobOutcome &outcome) {
            if (!jsonPath.isEmpty() && outcome.result) {
                QFile file(jsonPath);
                if (file.open(QIODevice::WriteOnly))
                    file.write(resultToJsonBytes(*outcome.result));
            }
            const bool success = outcome.stopReason == StopReason::Completed ||
                                 outcome.stopReason == StopReason::TimeBudget;
            const Error &error = outcome.error;
            printLine(QStringLiteral("completed %1 %2 %3")
                          .arg(success ? 1 : 0)
                          .arg(error.isError() ? dbusErrorName(error.code) : QStringLiteral("-"),
                               error.message));
            exitCode = success ? 0 : 1;
            QCoreApplication::quit();
        });
    QElapsedTimer clock;
    clock.start();
    QObject::connect(
        &client, &helper::HelperClient::jobProgressReceived, &app,
        [&clock](const JobProgress &progress) {
            printLine(QStringLiteral("progress %1 %2").arg(progress.fraction).arg(clock.elapsed()));
        });
    QSocketNotifier input(STDIN_FILENO, QSocketNotifier::Read);
    QObject::connect(&input, &QSocketNotifier::activated, &app, [&] {
        char buffer[64];
        const ssize_t got = ::read(STDIN_FILENO, buffer, sizeof buffer);
        if (got <= 0) {
            input.setEnabled(false);
            return;
        }
        if (QByteArray(buffer, int(got)).contains("cancel"))
            client.cancel();
    });
    client.startJob(parser.positionalArguments().value(0), plan);
    QCoreApplication::exec();
    return exitCode;
}
