#include "helperclient.h"

#include "helperprotocol.h"
#include "joboptions.h"
#include "report/resultfile.h"

#include <QCoreApplication>
#include <QDBusConnectionInterface>
#include <QDBusMessage>
#include <QDBusMetaType>
#include <QDBusObjectPath>
#include <QDBusPendingCallWatcher>
#include <QDBusPendingReply>
#include <QDBusServiceWatcher>

namespace trimscope::helper {

namespace {
// StartJob and ReadHealth wait for polkit, which gives the user minutes to type a password.
constexpr int kStartTimeoutMs = 6 * 60 * 1000;

struct NotInstalledText
{
    Q_DECLARE_TR_FUNCTIONS(HelperJobRunner)
};

const QString serviceName()
{
    return QString::fromLatin1(kServiceName);
}
const QString jobInterface()
{
    return QString::fromLatin1(kJobInterface);
}

// A method of the bus daemon itself (org.freedesktop.DBus), about the helper's name.
QDBusMessage busDaemonCall(const QString &method, const QVariantList &arguments)
{
    QDBusMessage message = QDBusMessage::createMethodCall(
        QStringLiteral("org.freedesktop.DBus"), QStringLiteral("/org/freedesktop/DBus"),
        QStringLiteral("org.freedesktop.DBus"), method);
    message.setArguments(arguments);
    return message;
}

// A method of the helper's main object, by the helper's well-known or unique name.
QDBusMessage helperCall(const QString &destination, const QString &method,
                        const QVariantList &arguments)
{
    QDBusMessage message =
        QDBusMessage::createMethodCall(destination, QString::fromLatin1(kHelperPath),
                                       QString::fromLatin1(kHelperInterface), method);
    message.setArguments(arguments);
    return message;
}

Error errorFromReply(const QDBusError &error)
{
    return errorFromDbus(error.name(), error.message());
}

// Completed's arguments as an outcome: the result JSON is read here, once, into its type.
JobOutcome outcomeFromSignal(StopReason reason, const QString &errorName, const QString &text,
                             const QString &resultJson)
{
    JobOutcome outcome{reason, errorName.isEmpty() ? Error{} : errorFromDbus(errorName, text),
                       std::nullopt};
    if (resultJson.isEmpty())
        return outcome;
    Expected<AnyResult> result = readAnyResult(resultJson.toUtf8());
    if (result) {
        outcome.result = std::move(result).value();
    } else {
        outcome.stopReason = StopReason::Failed;
        if (!outcome.error.isError())
            outcome.error = result.error();
    }
    return outcome;
}

JobOutcome failedOutcome(const Error &error)
{
    return {StopReason::Failed, error, std::nullopt};
}
} // namespace

Error helperNotInstalled()
{
    return makeError(ErrorCode::Unsupported,
                     NotInstalledText::tr("this needs root or trimscope-helper on the system bus, "
                                          "and the helper is not installed"));
}

// No generated proxy here: constructing one asks the bus who owns the name and waits for the
// answer on the calling thread (the window's), frozen while the bus daemon is slow.
HelperClient::HelperClient(QDBusConnection bus, QObject *parent)
    : QObject(parent), m_bus(std::move(bus))
{
    qDBusRegisterMetaType<QVariantMap>();
    qDBusRegisterMetaType<VariantMapList>();
    // Watching a name subscribes to the bus daemon's NameOwnerChanged: no question asked.
    m_helperWatcher = new QDBusServiceWatcher(serviceName(), m_bus,
                                              QDBusServiceWatcher::WatchForUnregistration, this);
    connect(m_helperWatcher, &QDBusServiceWatcher::serviceUnregistered, this, [this] {
        if (m_running && !m_jobPath.isEmpty())
            finish(failedOutcome(makeError(
                ErrorCode::IoError, QStringLiteral("the TrimScope helper left the bus mid-job"))));
    });
}

HelperClient::~HelperClient()
{
    if (m_running)
        subscribe(false);
}

bool HelperClient::isHelperAvailable() const
{
    if (!m_bus.isConnected())
        return false;
    QDBusConnectionInterface *bus = m_bus.interface();
    if (bus->isServiceRegistered(serviceName()))
        return true;
    const QDBusReply<QStringList> activatable = bus->call(QStringLiteral("ListActivatableNames"));
    return activatable.isValid() && activatable.value().contains(serviceName());
}

void HelperClient::subscribe(bool on)
{
    struct Hook
    {
        const char *name;
        const char *slot;
    };
    static const Hook hooks[] = {
        {"Samples", SLOT(onSamples(uint, QList<qulonglong>, QList<qulonglong>, QList<double>,
                                   QList<double>, QDBusMessage))},
        {"Progress", SLOT(onProgress(double, double, int, int, QString, QDBusMessage))},
        {"Completed", SLOT(onCompleted(QString, QString, QString, QString, QDBusMessage))},
    };
    // No path: the job's path is only known from the reply, and the helper may emit before a
    // path-specific match rule would reach the bus. No service either: a match on a well-known
    // name makes QtDBus ask the bus for its owner and wait for the answer. isOurs() filters by
    // sender and path.
    for (const Hook &hook : hooks) {
        if (on)
            m_bus.connect(QString(), QString(), jobInterface(), QString::fromLatin1(hook.name),
                          this, hook.slot);
        else
            m_bus.disconnect(QString(), QString(), jobInterface(), QString::fromLatin1(hook.name),
                             this, hook.slot);
    }
}

template <typename OnReply>
void HelperClient::whenAnswered(const QDBusPendingCall &call, OnReply onReply)
{
    auto *watcher = new QDBusPendingCallWatcher(call, this);
    connect(watcher, &QDBusPendingCallWatcher::finished, this,
            [watcher, onReply = std::move(onReply)] {
                watcher->deleteLater();
                onReply(watcher->reply());
            });
}

void HelperClient::startJob(const QString &device, const JobPlan &plan)
{
    startJob(jobKind(plan), device, optionsFromPlan(plan));
}

// By the well-known name: the bus daemon starts the helper when nobody runs it.
void HelperClient::readHealth(const QString &device)
{
    const QDBusPendingCall call = m_bus.asyncCall(
        helperCall(serviceName(), QStringLiteral("ReadHealth"), {device}), kStartTimeoutMs);
    whenAnswered(call, [this](const QDBusPendingReply<QVariantMap> &reply) {
        if (reply.isError()) {
            Q_EMIT healthReceived(errorFromReply(reply.error()), {});
            return;
        }
        const Expected<health::DriveHealth> read = readResult<health::DriveHealth>(
            reply.value().value(QStringLiteral("json")).toString().toUtf8());
        Q_EMIT healthReceived(read ? Error{} : read.error(), read ? *read : health::DriveHealth{});
    });
}

void HelperClient::startJob(const QString &kind, const QString &device, const QVariantMap &options)
{
    if (m_running)
        return;
    m_running = true;
    m_cancelRequested = false;
    m_jobPath.clear();
    m_helperName.clear();
    m_request = {kind, device, options};
    subscribe(true);
    findHelper(true);
}

void HelperClient::findHelper(bool mayActivate)
{
    const QDBusPendingCall call =
        m_bus.asyncCall(busDaemonCall(QStringLiteral("GetNameOwner"), {serviceName()}));
    whenAnswered(call, [this, mayActivate](const QDBusPendingReply<QString> &owner) {
        if (!m_running)
            return;
        if (!owner.isError()) {
            m_helperName = owner.value();
            return sendStartJob();
        }
        if (mayActivate &&
            owner.error().name() == QLatin1String("org.freedesktop.DBus.Error.NameHasNoOwner"))
            return activateHelper();
        finish(failedOutcome(errorFromReply(owner.error())));
    });
}

// Nobody owns the name: the bus daemon starts the helper from its activation file, if there is
// one. Its reply comes once the helper owns the name.
void HelperClient::activateHelper()
{
    const QDBusPendingCall call = m_bus.asyncCall(
        busDaemonCall(QStringLiteral("StartServiceByName"), {serviceName(), 0u}), kStartTimeoutMs);
    whenAnswered(call, [this](const QDBusPendingReply<uint> &started) {
        if (!m_running)
            return;
        if (!started.isError())
            return findHelper(false);
        if (started.error().type() == QDBusError::ServiceUnknown)
            return finish(failedOutcome(helperNotInstalled()));
        finish(failedOutcome(errorFromReply(started.error())));
    });
}

void HelperClient::sendStartJob()
{
    const QDBusPendingCall call = m_bus.asyncCall(
        helperCall(m_helperName, QStringLiteral("StartJob"),
                   {m_request.kind, m_request.device, QVariant::fromValue(m_request.options)}),
        kStartTimeoutMs);
    whenAnswered(call, [this](const QDBusPendingReply<QDBusObjectPath> &reply) {
        if (!m_running)
            return;
        if (reply.isError())
            return finish(failedOutcome(errorFromReply(reply.error())));
        m_jobPath = reply.value().path();
        Q_EMIT started(m_jobPath);
        if (m_cancelRequested)
            cancel();
    });
}

void HelperClient::cancel()
{
    m_cancelRequested = true;
    if (!m_running || m_jobPath.isEmpty())
        return;
    // Fire and forget: Completed reports the outcome; "already stopping" needs no answer.
    m_bus.asyncCall(QDBusMessage::createMethodCall(m_helperName, m_jobPath, jobInterface(),
                                                   QStringLiteral("Cancel")));
}

// Any Job1 signal on the bus arrives here (the match names no sender): ours come from the helper
// that runs our job, from that job's object.
bool HelperClient::isOurs(const QDBusMessage &message) const
{
    return m_running && !m_jobPath.isEmpty() && message.path() == m_jobPath &&
           message.service() == m_helperName;
}

void HelperClient::onSamples(uint firstIndex, const QList<qulonglong> &bytes,
                             const QList<qulonglong> &offsets, const QList<double> &seconds,
                             const QList<double> &startedAt, const QDBusMessage &message)
{
    if (!isOurs(message))
        return;
    const qsizetype count =
        std::min({bytes.size(), offsets.size(), seconds.size(), startedAt.size()});
    QList<Sample> samples;
    samples.reserve(count);
    for (qsizetype i = 0; i < count; ++i)
        samples.append(Sample{bytes.at(i), offsets.at(i), seconds.at(i), startedAt.at(i)});
    if (!samples.isEmpty())
        Q_EMIT samplesReceived(firstIndex, samples);
}

void HelperClient::onProgress(double fraction, double etaSeconds, int samplesDone,
                              int samplesPlanned, const QString &phase, const QDBusMessage &message)
{
    if (!isOurs(message))
        return;
    Q_EMIT jobProgressReceived({fraction, etaSeconds, samplesDone, samplesPlanned, phase, 0});
}

void HelperClient::onCompleted(const QString &stopReason, const QString &errorName,
                               const QString &text, const QString &resultJson,
                               const QDBusMessage &message)
{
    if (!isOurs(message))
        return;
    finish(outcomeFromSignal(stopReasonFromName(stopReason).value_or(StopReason::Failed), errorName,
                             text, resultJson));
}

void HelperClient::finish(const JobOutcome &outcome)
{
    if (!m_running)
        return;
    m_running = false;
    subscribe(false);
    Q_EMIT completed(outcome);
}

} // namespace trimscope::helper
