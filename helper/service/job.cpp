#include "job.h"

#include "helper1adaptor.h"
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
    : QDBusVirtualObject(parent), m_connection(std::move(connection)), m_kind(kind),
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

bool Job::handleMessage(const QDBusMessage &message, const QDBusConnection &)
{
    const QString interface = message.interface();
    const QString member = message.member();
    QDBusMessage reply;
    if (interface == QLatin1String(kJobInterface) && member == QLatin1String("Cancel") &&
        message.signature().isEmpty())
        reply = cancel(message);
    else if (interface == QLatin1String("org.freedesktop.DBus.Properties") &&
             (member == QLatin1String("Get") || member == QLatin1String("GetAll")))
        reply = readProperties(message);
    else
        return false; // QtDBus answers: introspection from introspect(), UnknownMethod otherwise
    m_connection.send(reply);
    return true;
}

QString Job::introspect(const QString &) const
{
    const QMetaObject &adaptor = Job1Adaptor::staticMetaObject;
    return QString::fromUtf8(
        adaptor.classInfo(adaptor.indexOfClassInfo("D-Bus Introspection")).value());
}

QDBusMessage Job::cancel(const QDBusMessage &call)
{
    if (call.service() != m_owner)
        return call.createErrorReply(
            dbusErrorName(ErrorCode::NotAuthorized),
            QStringLiteral("only the caller that started this job may cancel it"));
    if (m_finished || m_runner->isCancelled())
        return call.createErrorReply(dbusErrorName(ErrorCode::Cancelled),
                                     QStringLiteral("the job is already stopping"));
    m_runner->cancel();
    return call.createReply();
}

QVariantMap Job::properties() const
{
    return {{QStringLiteral("Kind"), m_kind},
            {QStringLiteral("Device"), m_device},
            {QStringLiteral("Progress"), m_progress},
            {QStringLiteral("Phase"), m_phase},
            {QStringLiteral("ExpectedEndTime"), m_expectedEndTime},
            {QStringLiteral("Cancelable"), !m_finished && !m_runner->isCancelled()},
            {QStringLiteral("StartedByUid"), m_ownerUid}};
}

QDBusMessage Job::readProperties(const QDBusMessage &call) const
{
    const QList<QVariant> arguments = call.arguments();
    const bool getAll = call.member() == QLatin1String("GetAll");
    if (call.signature() != QLatin1String(getAll ? "s" : "ss"))
        return call.createErrorReply(QDBusError::InvalidArgs,
                                     QStringLiteral("Get takes (ss), GetAll takes (s)"));
    if (call.service() != m_owner)
        return call.createErrorReply(
            dbusErrorName(ErrorCode::NotAuthorized),
            QStringLiteral("only the caller that started this job may read it"));
    const QString interface = arguments.at(0).toString();
    if (!interface.isEmpty() && interface != QLatin1String(kJobInterface))
        return call.createErrorReply(QDBusError::UnknownInterface,
                                     QStringLiteral("no interface %1 here").arg(interface));
    const QVariantMap all = properties();
    if (getAll)
        return call.createReply(all);
    const QString name = arguments.at(1).toString();
    if (!all.contains(name))
        return call.createErrorReply(QDBusError::UnknownProperty,
                                     QStringLiteral("no property %1 here").arg(name));
    return call.createReply(QVariant::fromValue(QDBusVariant(all.value(name))));
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
    // One Samples for the batch the runner handed on.
    QList<qulonglong> bytes;
    QList<qulonglong> offsets;
    QList<double> seconds;
    QList<double> startedAt;
    for (const trimscope::Sample &sample : samples) {
        bytes.append(sample.bytes);
        offsets.append(sample.offset);
        seconds.append(sample.seconds);
        startedAt.append(sample.startedAt);
    }
    sendToOwner(QStringLiteral("Samples"),
                {m_samples, QVariant::fromValue(bytes), QVariant::fromValue(offsets),
                 QVariant::fromValue(seconds), QVariant::fromValue(startedAt)});
    m_samples += uint(samples.size());
}

void Job::onProgress(const JobProgress &progress)
{
    m_progress = progress.fraction;
    m_expectedEndTime =
        progress.etaSeconds < 0
            ? 0
            : qulonglong(QDateTime::currentMSecsSinceEpoch() + qint64(progress.etaSeconds * 1000)) *
                  1000;
    // Every phase change is sent, so a client sees each phase however short; so is the first
    // estimate of what is left (and the first after a phase that had none), which the throttle
    // dropped when it came within 250 ms of the last report: the window then showed a later one,
    // or none until the next (issue 47, item 11).
    const bool phaseChanged = progress.phase != m_phase;
    m_phase = progress.phase;
    const bool firstEstimate = progress.etaSeconds >= 0 && !m_estimateSent;
    if (!phaseChanged && !firstEstimate && m_sinceProgress.elapsed() < kProgressIntervalMs &&
        progress.fraction < 1)
        return;
    m_sinceProgress.restart();
    m_estimateSent = progress.etaSeconds >= 0;
    sendToOwner(QStringLiteral("Progress"),
                {progress.fraction, progress.etaSeconds, int(progress.done), int(progress.planned),
                 progress.phase});
}

void Job::onFinished(const JobOutcome &outcome)
{
    m_finished = true;
    QString errorName;
    QString message;
    switch (outcome.stopReason) {
    case StopReason::Completed:
        message = QStringLiteral("the %1 job completed").arg(m_kind);
        break;
    case StopReason::TimeBudget:
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
    // The result is written once, for the wire; the client reads it once.
    const QString resultJson =
        outcome.result ? QString::fromUtf8(resultToJsonBytes(*outcome.result)) : QString();
    sendToOwner(QStringLiteral("Completed"),
                {stopReasonName(outcome.stopReason), errorName, message, resultJson});
    Q_EMIT ended();
}

} // namespace trimscope::helper
