#include "helpersweep.h"

#include "clioutput.h"
#include "helperclient.h"
#include "report/sweepjson.h"

#include <QEventLoop>
#include <QProcess>
#include <QStandardPaths>
#include <QThread>
#include <QTimer>
#include <unistd.h>

namespace trimscope::cli {

namespace {

constexpr int kCancelPollMs = 100;
constexpr int kAgentStartMs = 300;

// polkit asks the agent registered for our process; with --fallback an agent of a desktop
// session still wins. Without pkttyagent the call fails as NotAuthorized, said plainly.
std::unique_ptr<QProcess> startTerminalAgent()
{
    const QString agent = QStandardPaths::findExecutable(QStringLiteral("pkttyagent"));
    if (agent.isEmpty() || !isatty(STDIN_FILENO))
        return nullptr;
    auto process = std::make_unique<QProcess>();
    process->setProcessChannelMode(QProcess::ForwardedChannels);
    process->setInputChannelMode(QProcess::ForwardedInputChannel);
    process->start(agent, {QStringLiteral("--process"), QString::number(getpid()),
                           QStringLiteral("--fallback")});
    if (!process->waitForStarted())
        return nullptr;
    QThread::msleep(kAgentStartMs); // registration; pkttyagent has no readiness signal here
    return process;
}

} // namespace

Expected<HelperSweep> runSweepInHelper(const QString &device, const SweepPlan &plan,
                                       const CancelToken &cancel)
{
    helper::HelperClient client;
    if (!client.isHelperAvailable())
        return makeError(ErrorCode::Unsupported,
                         QStringLiteral("sweeping a device needs root or trimscope-helper on the "
                                        "system bus, and the helper is not installed"));
    const std::unique_ptr<QProcess> agent = startTerminalAgent();

    QEventLoop loop;
    ProgressBar progressBar(QStringLiteral("Sweep"));
    Expected<HelperSweep> outcome = makeError(ErrorCode::IoError, QStringLiteral("no answer"));
    QObject::connect(
        &client, &helper::HelperClient::progressReceived, &loop,
        [&](const SweepProgress &progress) {
            progressBar.update(
                progress.fraction, progress.etaSeconds,
                QStringLiteral("%1/%2").arg(progress.samplesDone).arg(progress.samplesPlanned));
        });
    QObject::connect(&client, &helper::HelperClient::completed, &loop,
                     [&](bool, const Error &error, const QByteArray &json) {
                         loop.quit();
                         if (json.isEmpty()) {
                             outcome = error;
                             return;
                         }
                         Expected<SweepResult> result = sweepResultFromJson(json);
                         if (!result)
                             outcome = result.error();
                         else
                             outcome = HelperSweep{std::move(result).value(), json};
                     });
    QTimer cancelPoll;
    QObject::connect(&cancelPoll, &QTimer::timeout, &loop, [&] {
        if (cancel.isCancelled()) {
            cancelPoll.stop();
            client.cancel();
        }
    });
    cancelPoll.start(kCancelPollMs);
    client.startSweep(device, plan);
    loop.exec();
    progressBar.finish();
    if (agent) {
        agent->terminate();
        agent->waitForFinished(1000);
    }
    return outcome;
}

} // namespace trimscope::cli
