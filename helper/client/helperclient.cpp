#include "helperclient.h"

#include "helper1interface.h"
#include "helperprotocol.h"
#include "joboptions.h"
#include "report/resultfile.h"

#include <QDBusConnectionInterface>
#include <QDBusMessage>
#include <QDBusMetaType>
#include <QDBusPendingCallWatcher>
#include <QDBusServiceWatcher>

namespace trimscope::helper {

namespace {
// StartJob and ReadHealth wait for polkit, which gives the user minutes to type a password.
constexpr int kStartTimeoutMs = 6 * 60 * 1000;

const QString serviceName()
{
    return QString::fromLatin1(kServiceName);
}
const QString jobInterface()
{
    return QString::fromLatin1(kJobInterface);
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

HelperClient::HelperClient(QDBusConnection bus, QObject *parent)
    : QObject(parent), m_bus(std::move(bus))
{
    qDBusRegisterMetaType<QVariantMap>();
    qDBusRegisterMetaType<VariantMapList>();
    m_helper = std::make_unique<IoGithubTrimscopeHelper1Interface>(
        serviceName(), QString::fromLatin1(kHelperPath), m_bus);
    m_helper->setTimeout(kStartTimeoutMs);
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
    // path-specific match rule would reach the bus. isOurs() filters by path.
    for (const Hook &hook : hooks) {
        if (on)
            m_bus.connect(serviceName(), QString(), jobInterface(), QString::fromLatin1(hook.name),
                          this, hook.slot);
        else
            m_bus.disconnect(serviceName(), QString(), jobInterface(),
                             QString::fromLatin1(hook.name), this, hook.slot);
    }
}

void HelperClient::startJob(const QString &device, const JobPlan &plan)
{
    startJob(jobKind(plan), device, optionsFromPlan(plan));
}

void HelperClient::readHealth(const QString &device)
{
    auto *watcher = new QDBusPendingCallWatcher(m_helper->ReadHealth(device), this);
    connect(watcher, &QDBusPendingCallWatcher::finished, this, [this, watcher] {
        watcher->deleteLater();
        const QDBusPendingReply<QVariantMap> reply = *watcher;
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
    subscribe(true);
    auto *watcher = new QDBusPendingCallWatcher(m_helper->StartJob(kind, device, options), this);
    connect(watcher, &QDBusPendingCallWatcher::finished, this, [this, watcher] {
        watcher->deleteLater();
        const QDBusPendingReply<QDBusObjectPath> reply = *watcher;
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
    // Fire and forget: Completed reports the outcome; "already stopping" needs no answer. A bare
    // message, not a generated proxy: constructing one asks the bus who owns the name and waits
    // for the answer on the window's thread.
    m_bus.asyncCall(QDBusMessage::createMethodCall(serviceName(), m_jobPath, jobInterface(),
                                                   QStringLiteral("Cancel")));
}

bool HelperClient::isOurs(const QDBusMessage &message) const
{
    return m_running && !m_jobPath.isEmpty() && message.path() == m_jobPath;
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
