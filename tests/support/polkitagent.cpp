#include "polkitagent.h"

#include "procstat.h"

#include <QDBusArgument>
#include <QFile>
#include <QTimer>

namespace trimscope::test {

namespace {

const QString kPolkitService = QStringLiteral("org.freedesktop.PolicyKit1");
const QString kPolkitPath = QStringLiteral("/org/freedesktop/PolicyKit1/Authority");
const QString kPolkitInterface = QStringLiteral("org.freedesktop.PolicyKit1.Authority");
const QString kAgentPath = QStringLiteral("/io/github/trimscope/TestAgent");

// Field 22 of /proc/PID/stat: with the pid, what polkit knows a process by.
quint64 processStartTime(qint64 pid)
{
    const auto stat = readProcStat(pid);
    return stat ? stat->field(22).toULongLong() : 0;
}

QDBusArgument unixProcess(qint64 pid)
{
    QDBusArgument subject;
    subject.beginStructure();
    subject << QStringLiteral("unix-process")
            << QVariantMap{
                   {QStringLiteral("pid"), QVariant::fromValue(uint(pid))},
                   {QStringLiteral("start-time"), QVariant::fromValue(processStartTime(pid))}};
    subject.endStructure();
    return subject;
}

} // namespace

bool PolkitTestAgent::serveOn(const QDBusConnection &bus)
{
    stop();
    m_bus = bus;
    m_serving = m_bus.registerVirtualObject(kAgentPath, this);
    return m_serving;
}

QDBusMessage PolkitTestAgent::registerFor(qint64 pid)
{
    QDBusMessage registration =
        QDBusMessage::createMethodCall(kPolkitService, kPolkitPath, kPolkitInterface,
                                       QStringLiteral("RegisterAuthenticationAgent"));
    registration << QVariant::fromValue(unixProcess(pid)) << QStringLiteral("C") << kAgentPath;
    return m_bus.call(registration);
}

void PolkitTestAgent::stop()
{
    if (m_serving)
        m_bus.unregisterObject(kAgentPath);
    m_serving = false;
}

bool PolkitTestAgent::handleMessage(const QDBusMessage &message, const QDBusConnection &connection)
{
    QDBusConnection bus = connection;
    if (message.member() == QLatin1String("CancelAuthentication")) {
        ++cancelled;
        withdrawn.append(message.arguments().value(0).toString());
        bus.send(message.createReply());
        return true;
    }
    if (message.member() != QLatin1String("BeginAuthentication"))
        return false;
    ++asked;
    actions.append(message.arguments().value(0).toString());
    const QString cookie = message.arguments().value(4).toString();
    const QDBusArgument identities = message.arguments().value(5).value<QDBusArgument>();
    QString kind;
    QVariantMap details;
    identities.beginArray();
    if (!identities.atEnd()) {
        identities.beginStructure();
        identities >> kind >> details;
        identities.endStructure();
    }
    identities.endArray();
    if (m_delayMs <= 0) {
        answer(bus, message, cookie, kind, details);
        return true;
    }
    // The caller waits meanwhile; polkit may withdraw the prompt (CancelAuthentication).
    message.setDelayedReply(true);
    QTimer::singleShot(m_delayMs, [this, bus, message, cookie, kind, details] {
        answer(bus, message, cookie, kind, details);
    });
    return true;
}

void PolkitTestAgent::answer(QDBusConnection bus, const QDBusMessage &request,
                             const QString &cookie, const QString &kind, const QVariantMap &details)
{
    if (person == Person::Dismisses) {
        bus.send(
            request.createErrorReply(QStringLiteral("org.freedesktop.PolicyKit1.Error.Cancelled"),
                                     QStringLiteral("the test agent's prompt was dismissed")));
        return;
    }
    if (!withdrawn.contains(cookie) && person == Person::GivesThePassword) {
        QDBusArgument identity;
        identity.beginStructure();
        identity << kind << details;
        identity.endStructure();
        QDBusMessage response =
            QDBusMessage::createMethodCall(kPolkitService, kPolkitPath, kPolkitInterface,
                                           QStringLiteral("AuthenticationAgentResponse2"));
        response << uint(0) << cookie << QVariant::fromValue(identity);
        const QDBusMessage answered = bus.call(response, QDBus::Block, 10000);
        if (answered.type() == QDBusMessage::ErrorMessage) {
            refusal = answered.errorMessage();
            qWarning("AuthenticationAgentResponse2: %s", qPrintable(refusal));
        }
    }
    bus.send(request.createReply());
}

} // namespace trimscope::test
