#include "helpernow.h"

#include <QCoreApplication>
#include <QDBusConnectionInterface>
#include <QDBusMessage>
#include <QDBusReply>
#include <QVariantMap>

namespace trimscope::apply {

namespace {

struct HelperNowText
{
    Q_DECLARE_TR_FUNCTIONS(HelperNow)
};

const QString kHelperService = QStringLiteral("io.github.trimscope.Helper1");
const QString kHelperPath = QStringLiteral("/io/github/trimscope/Helper1");
const QString kInterface = QStringLiteral("io.github.trimscope.Helper1");
// polkit may ask for a password: wait as long as a person might take.
constexpr int kHelperCallTimeoutMs = 5 * 60 * 1000;

Error call(const QDBusConnection &bus, const QString &method, const QVariantList &arguments)
{
    QDBusMessage message =
        QDBusMessage::createMethodCall(kHelperService, kHelperPath, kInterface, method);
    message.setArguments(arguments);
    message.setInteractiveAuthorizationAllowed(true);
    const QDBusMessage reply = bus.call(message, QDBus::Block, kHelperCallTimeoutMs);
    if (reply.type() != QDBusMessage::ErrorMessage)
        return {};
    // The helper's errors are named (io.github.trimscope.Error.X) and say why in words.
    if (reply.errorName().startsWith(QLatin1String("io.github.trimscope.Error.")))
        return makeError(errorCodeFromDbusName(reply.errorName()), reply.errorMessage());
    return makeError(
        ErrorCode::Unsupported,
        HelperNowText::tr("The TrimScope helper did not answer: %1").arg(reply.errorMessage()));
}

} // namespace

bool helperCanChangeNow(const QDBusConnection &bus)
{
    if (!bus.isConnected())
        return false;
    const auto running = bus.interface()->isServiceRegistered(kHelperService);
    const QDBusReply<QStringList> activatable =
        bus.interface()->call(QStringLiteral("ListActivatableNames"));
    if (!running.value() &&
        !(activatable.isValid() && activatable.value().contains(kHelperService)))
        return false;
    // A helper of an older TrimScope lacks the methods: ask what it knows (this starts it).
    QDBusMessage introspect = QDBusMessage::createMethodCall(
        kHelperService, kHelperPath, QStringLiteral("org.freedesktop.DBus.Introspectable"),
        QStringLiteral("Introspect"));
    const QDBusReply<QString> xml = bus.call(introspect, QDBus::Block, 10000);
    return xml.isValid() && xml.value().contains(QLatin1String("\"SetMountDiscard\"")) &&
           xml.value().contains(QLatin1String("\"SetCryptDiscard\""));
}

Error remountNow(const QDBusConnection &bus, const Remount &remount)
{
    const Error error = call(bus, QStringLiteral("SetMountDiscard"),
                             {remount.mountPoint, remount.discard,
                              QVariantMap{{QStringLiteral("device"), remount.device}}});
    if (!error.isError())
        return error;
    return makeError(error.code, HelperNowText::tr("The TrimScope helper did not remount %1: %2")
                                     .arg(remount.mountPoint, error.message));
}

Error refreshCryptNow(const QDBusConnection &bus, const CryptRefresh &refresh,
                      const QByteArray &passphrase)
{
    const Error error = call(bus, QStringLiteral("SetCryptDiscard"),
                             {refresh.name, refresh.allowDiscards, passphrase, QVariantMap()});
    if (!error.isError())
        return error;
    if (error.code == ErrorCode::WrongPassphrase)
        return makeError(error.code,
                         HelperNowText::tr("Wrong passphrase: it opens none of the key slots of "
                                           "/dev/mapper/%1, which was not refreshed.")
                             .arg(refresh.name));
    return makeError(error.code,
                     HelperNowText::tr("The TrimScope helper did not refresh /dev/mapper/%1: %2")
                         .arg(refresh.name, error.message));
}

} // namespace trimscope::apply
