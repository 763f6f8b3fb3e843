#include "helperjob.h"

#include "cancelonsignals.h"
#include "clioutput.h"
#include "commands.h"
#include "helperclient.h"
#include "helperprotocol.h"
#include "report/atomicfile.h"
#include "report/resultfile.h"
#include "runoutcome.h"
#include "sweepoptions.h"

#include <QEventLoop>
#include <QJsonDocument>
#include <QJsonObject>
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

Error helperMissing()
{
    return makeError(ErrorCode::Unsupported,
                     QStringLiteral("this needs root or trimscope-helper on the system bus, and "
                                    "the helper is not installed"));
}

} // namespace

Expected<QByteArray> runJobInHelper(const QString &kind, const QString &device,
                                    const QVariantMap &options, const QString &title,
                                    const CancelToken &cancel)
{
    helper::HelperClient client;
    if (!client.isHelperAvailable())
        return helperMissing();
    const std::unique_ptr<QProcess> agent = startTerminalAgent();

    QEventLoop loop;
    ProgressBar progressBar(title);
    Expected<QByteArray> outcome = makeError(ErrorCode::IoError, QStringLiteral("no answer"));
    QObject::connect(&client, &helper::HelperClient::jobProgressReceived, &loop,
                     [&](const helper::HelperJobProgress &progress) {
                         progressBar.update(
                             progress.fraction, progress.etaSeconds,
                             progress.phase.isEmpty()
                                 ? QStringLiteral("%1/%2").arg(progress.done).arg(progress.planned)
                                 : progress.phase);
                     });
    QObject::connect(&client, &helper::HelperClient::completed, &loop,
                     [&](bool, const Error &error, const QByteArray &json) {
                         loop.quit();
                         if (json.isEmpty())
                             outcome = error;
                         else
                             outcome = json;
                     });
    QTimer cancelPoll;
    QObject::connect(&cancelPoll, &QTimer::timeout, &loop, [&] {
        if (cancel.isCancelled()) {
            cancelPoll.stop();
            client.cancel();
        }
    });
    cancelPoll.start(kCancelPollMs);
    client.startJob(kind, device, options);
    loop.exec();
    progressBar.finish();
    if (agent) {
        agent->terminate();
        agent->waitForFinished(1000);
    }
    return outcome;
}

int runCommandInHelper(const QString &kind, const QString &device, const QVariantMap &options,
                       const QString &title, const QString &jsonPath, const ReportFromJson &report)
{
    CancelToken cancel;
    const CancelOnSignals signalGuard(cancel);
    const Expected<QByteArray> json = runJobInHelper(kind, device, options, title, cancel);
    if (!json) {
        printError(json.error());
        return exitCodeFor(json.error());
    }
    // Every result file says how its run ended in its envelope.
    const Expected<AnyResult> result = readAnyResult(*json);
    if (!result) {
        printError(result.error());
        return ExitFailure;
    }
    const ResultEnvelope envelope = envelopeOf(*result);
    const Error error =
        envelope.error.isError()
            ? envelope.error
            : makeError(ErrorCode::IoError, QStringLiteral("the run did not complete"));
    const StopReason reason = envelope.stopReason;
    QString text = report ? report(*json) : QString();
    if (text.isEmpty() && jsonPath.isEmpty())
        text = QString::fromUtf8(*json);
    return finishRun({jsonPath, *json, {}, {}, text, {}}, reason, error);
}

Expected<HelperSweep> runSweepInHelper(const QString &device, const SweepPlan &plan,
                                       const CancelToken &cancel)
{
    const Expected<QByteArray> json =
        runJobInHelper(QString::fromLatin1(helper::kJobSweep), device,
                       helper::sweepOptionsFromPlan(plan), QStringLiteral("Sweep"), cancel);
    if (!json)
        return json.error();
    Expected<SweepResult> result = readResult<SweepResult>(*json);
    if (!result)
        return result.error();
    return HelperSweep{std::move(result).value(), *json};
}

Expected<QVariantMap> readHealthInHelper(const QString &device)
{
    helper::HelperClient client;
    if (!client.isHelperAvailable())
        return helperMissing();
    const std::unique_ptr<QProcess> agent = startTerminalAgent();
    QEventLoop loop;
    Expected<QVariantMap> outcome = makeError(ErrorCode::IoError, QStringLiteral("no answer"));
    QObject::connect(&client, &helper::HelperClient::healthReceived, &loop,
                     [&](const Error &error, const QVariantMap &health) {
                         loop.quit();
                         if (error.isError())
                             outcome = error;
                         else
                             outcome = health;
                     });
    client.readHealth(device);
    loop.exec();
    if (agent) {
        agent->terminate();
        agent->waitForFinished(1000);
    }
    return outcome;
}

} // namespace trimscope::cli
