#include "job.h"

#include "helperprotocol.h"

#include <QDBusConnectionInterface>
#include <QDBusMessage>
#include <QDBusServiceWatcher>
#include <QDateTime>
#include <QPointer>

namespace trimscope::helper {

namespace {
// "Progress at most four times a second."
constexpr qint64 kProgressIntervalMs = 250;
} // namespace

Job::Job(QDBusConnection connection, QString kind, JobBody body, QString device, QString owner,
         uint ownerUid, QObject *parent)
    : QObject(parent), m_connection(std::move(connection)), m_kind(kind),
      m_device(std::move(device)), m_owner(std::move(owner)), m_ownerUid(ownerUid),
      m_runner(new LocalJobRunner(std::move(kind), std::move(body), this))
{
    connect(m_runner, &JobRunner::samplesMeasured, this, &Job::onSamples);
    connect(m_runner, &JobRunner::progressed, this, &Job::onProgress);
    connect(m_runner, &JobRunner::finished, this, &Job::onFinished);

    // A job whose caller leaves the bus is cancelled: the runner checks the token between two
    // device commands, so the device goes quiet within one command's time.
    m_ownerWatcher = new QDBusServiceWatcher(m_owner, m_connection,
                                             QDBusServiceWatcher::WatchForUnregistration, this);
    connect(m_ownerWatcher, &QDBusServiceWatcher::serviceUnregistered, m_runner,
            &LocalJobRunner::cancel);
}

Job::~Job() = default; // the runner cancels and waits for its thread

void Job::start()
{
    m_sinceProgress.start();
    m_runner->start();
    // The owner may have left between its call and the watcher's match rule.
    if (!m_connection.interface()->isServiceRegistered(m_owner))
        m_runner->cancel();
}

void Job::Cancel()
{
    const QDBusMessage call = message();
    if (call.service() != m_owner) {
        sendErrorReply(dbusErrorName(ErrorCode::NotAuthorized),
                       QStringLiteral("only the caller that started this job may cancel it"));
        return;
    }
    if (m_finished || m_runner->isCancelled()) {
        sendErrorReply(dbusErrorName(ErrorCode::Cancelled),
                       QStringLiteral("the job is already stopping"));
        return;
    }
    m_runner->cancel();
}

void Job::sendToOwner(const QString &signal, const QVariantList &arguments)
{
    QDBusMessage message = QDBusMessage::createTargetedSignal(
        m_owner, m_objectPath, QString::fromLatin1(kJobInterface), signal);
    message.setArguments(arguments);
    m_connection.send(message);
}

void Job::onSamples(const QList<trimscope::Sample> &samples)
{
    for (const trimscope::Sample &sample : samples)
        sendToOwner(QStringLiteral("Sample"),
                    {m_samples++, qulonglong(sample.bytes), qulonglong(sample.offset),
                     sample.seconds, sample.startedAt});
}

void Job::onProgress(const JobProgress &progress)
{
    m_progress = progress.fraction;
    m_expectedEndTime =
        progress.etaSeconds < 0
            ? 0
            : qulonglong(QDateTime::currentMSecsSinceEpoch() + qint64(progress.etaSeconds * 1000)) *
                  1000;
    // Every phase change is sent, so a client sees each phase however short.
    const bool phaseChanged = progress.phase != m_phase;
    m_phase = progress.phase;
    if (!phaseChanged && m_sinceProgress.elapsed() < kProgressIntervalMs && progress.fraction < 1)
        return;
    m_sinceProgress.restart();
    sendToOwner(QStringLiteral("Progress"),
                {progress.fraction, progress.etaSeconds, int(progress.done), int(progress.planned),
                 progress.phase});
}

void Job::onFinished(const JobOutcome &outcome)
{
    m_finished = true;
    bool success = false;
    QString errorName;
    QString message;
    switch (outcome.stopReason) {
    case StopReason::Completed:
        success = true;
        message = QStringLiteral("the %1 job completed").arg(m_kind);
        break;
    case StopReason::TimeBudget:
        success = true;
        message = QStringLiteral("the %1 job stopped at its time budget").arg(m_kind);
        break;
    case StopReason::Cancelled:
        errorName = dbusErrorName(ErrorCode::Cancelled);
        message = QStringLiteral("the %1 job was cancelled; the partial result is incomplete")
                      .arg(m_kind);
        break;
    case StopReason::Failed:
        errorName = dbusErrorName(outcome.error.code);
        message = outcome.error.message;
        break;
    }
    sendToOwner(QStringLiteral("Completed"),
                {success, errorName, message, QString::fromUtf8(outcome.resultJson)});
    Q_EMIT ended();
}

} // namespace trimscope::helper
