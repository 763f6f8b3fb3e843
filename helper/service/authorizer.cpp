#include "authorizer.h"

#include "common/error.h"
#include "common/units.h"
#include "device/devicepath.h"
#include "device/deviceprobe.h"

#include <QDBusArgument>
#include <QDBusMetaType>
#include <QDBusPendingCallWatcher>
#include <QDBusPendingReply>

namespace trimscope::helper {

namespace {

constexpr auto kPolkitService = "org.freedesktop.PolicyKit1";
constexpr auto kPolkitPath = "/org/freedesktop/PolicyKit1/Authority";
constexpr auto kPolkitInterface = "org.freedesktop.PolicyKit1.Authority";
constexpr uint kAllowUserInteraction = 1;
// polkit gives the user this long to answer a prompt; we wait a little longer.
constexpr int kCheckTimeoutMs = 6 * 60 * 1000;

struct PolkitAnswer
{
    bool authorized = false;
    bool challenge = false;
    bool dismissed = false;
};

// (bba{ss}): is_authorized, is_challenge, details. Anything else stays "not authorized".
PolkitAnswer parseAnswer(const QDBusMessage &reply)
{
    PolkitAnswer answer;
    if (reply.type() != QDBusMessage::ReplyMessage ||
        reply.signature() != QLatin1String("(bba{ss})"))
        return answer;
    const QDBusArgument argument = reply.arguments().value(0).value<QDBusArgument>();
    bool authorized = false;
    bool challenge = false;
    QMap<QString, QString> details;
    argument.beginStructure();
    argument >> authorized >> challenge >> details;
    argument.endStructure();
    answer.authorized = authorized;
    answer.challenge = challenge;
    answer.dismissed = details.value(QStringLiteral("polkit.dismissed")) == QLatin1String("true");
    return answer;
}

} // namespace

Authorizer::Authorizer(QDBusConnection connection, QObject *parent)
    : QObject(parent), m_connection(std::move(connection))
{
    qDBusRegisterMetaType<QMap<QString, QString>>();
}

void Authorizer::deny(const QDBusMessage &call, ErrorCode code, const QString &message) const
{
    m_connection.send(call.createErrorReply(dbusErrorName(code), message));
}

QMap<QString, QString> Authorizer::driveDetails(const QString &untrustedPath)
{
    QMap<QString, QString> details;
    details.insert(QStringLiteral("device"), untrustedPath);
    details.insert(QStringLiteral("drive"), untrustedPath);
    const Expected<QString> path = resolveDevicePath(untrustedPath);
    if (!path)
        return details;
    const Expected<BlockDevice> device = DeviceProbe().probePath(*path);
    if (!device)
        return details;
    QString model = QStringList{device->vendor, device->model}.join(QLatin1Char(' ')).trimmed();
    if (model.isEmpty())
        model = device->name;
    QString drive =
        QStringLiteral("%1 (%2, %3").arg(model, device->path, formatBytes(device->sizeBytes));
    if (!device->serial.isEmpty())
        drive += QStringLiteral(", serial %1").arg(device->serial);
    drive += QLatin1Char(')');
    details.insert(QStringLiteral("device"), device->path);
    details.insert(QStringLiteral("drive"), drive);
    details.insert(QStringLiteral("model"), model);
    details.insert(QStringLiteral("serial"), device->serial);
    details.insert(QStringLiteral("size"), formatBytes(device->sizeBytes));
    return details;
}

void PolkitAuthorizer::authorize(const QDBusMessage &call, const QString &actionId,
                                 const QMap<QString, QString> &details,
                                 std::function<void()> onAuthorized)
{
    const QString caller = call.service();
    if (caller.isEmpty()) {
        deny(call, ErrorCode::NotAuthorized, QStringLiteral("the caller has no bus name"));
        return;
    }

    QDBusArgument subject;
    subject.beginStructure();
    subject << QStringLiteral("system-bus-name")
            << QVariantMap{{QStringLiteral("name"), QVariant::fromValue(caller)}};
    subject.endStructure();

    QDBusMessage check = QDBusMessage::createMethodCall(
        QString::fromLatin1(kPolkitService), QString::fromLatin1(kPolkitPath),
        QString::fromLatin1(kPolkitInterface), QStringLiteral("CheckAuthorization"));
    check << QVariant::fromValue(subject) << actionId << QVariant::fromValue(details)
          << kAllowUserInteraction << QString();

    auto *watcher =
        new QDBusPendingCallWatcher(m_connection.asyncCall(check, kCheckTimeoutMs), this);
    connect(watcher, &QDBusPendingCallWatcher::finished, this,
            [this, watcher, call, actionId, onAuthorized = std::move(onAuthorized)] {
                watcher->deleteLater();
                const QDBusMessage reply = watcher->reply();
                const PolkitAnswer answer = parseAnswer(reply);
                if (answer.authorized) {
                    onAuthorized();
                    return;
                }
                if (reply.type() == QDBusMessage::ErrorMessage) {
                    deny(call, ErrorCode::NotAuthorized,
                         QStringLiteral("could not check authorization for %1: %2")
                             .arg(actionId, reply.errorMessage()));
                } else if (answer.dismissed) {
                    deny(call, ErrorCode::NotAuthorizedDismissed,
                         QStringLiteral("the authentication for %1 was dismissed").arg(actionId));
                } else {
                    deny(call, ErrorCode::NotAuthorized,
                         QStringLiteral("not authorized for %1%2")
                             .arg(actionId, answer.challenge
                                                ? QStringLiteral(" (authentication required; "
                                                                 "no authentication agent "
                                                                 "answered)")
                                                : QString()));
                }
            });
}

} // namespace trimscope::helper
