#include "helpernow.h"

#include "helper1interface.h"
#include "helperprotocol.h"
#include "stepstop.h"

#include <QCoreApplication>
#include <QDBusConnectionInterface>
#include <QDBusInterface>
#include <QDBusPendingReply>
#include <QDBusReply>
#include <QVariantMap>
#include <fcntl.h>
#include <memory>
#include <unistd.h>

namespace trimscope::apply {

namespace {

struct HelperNowText
{
    Q_DECLARE_TR_FUNCTIONS(HelperNow)
};

// polkit may ask for a password: wait as long as a person might take.
constexpr int kHelperCallTimeoutMs = 5 * 60 * 1000;

// The generated proxy (helper/client, from the one XML); the names are helperprotocol.h's.
// (QtDBus 6.4's proxies cannot set ALLOW_INTERACTIVE_AUTHORIZATION; the helper asks polkit with
// user interaction allowed whatever the flag says.)
std::unique_ptr<IoGithubTrimscopeHelper1Interface> helperProxy(const QDBusConnection &bus)
{
    auto proxy = std::make_unique<IoGithubTrimscopeHelper1Interface>(
        QString::fromLatin1(helper::kServiceName), QString::fromLatin1(helper::kHelperPath), bus);
    proxy->setTimeout(kHelperCallTimeoutMs);
    return proxy;
}

// The helper's answer in words; Cancelled when the user stopped while it waited (for polkit's
// password prompt, most likely): the call is given up and the helper withdraws the question.
Error inWords(QDBusPendingReply<> reply, const QDBusConnection &bus)
{
    if (!waitUnlessStopped(reply, bus))
        return makeError(ErrorCode::Cancelled,
                         HelperNowText::tr("stopped while it waited for the administrator "
                                           "password; the question was withdrawn"));
    if (!reply.isError())
        return {};
    const QDBusError error = reply.error();
    // The helper's errors are named (io.github.trimscope.Error.X) and say why in words.
    if (error.name().startsWith(QLatin1String("io.github.trimscope.Error.")))
        return errorFromDbus(error.name(), error.message());
    return makeError(
        ErrorCode::Unsupported,
        HelperNowText::tr("The TrimScope helper did not answer: %1").arg(error.message()));
}

} // namespace

Expected<QDBusUnixFileDescriptor> passphrasePipe(const QByteArray &passphrase)
{
    // The helper takes at most 4096 bytes, and a pipe holds 64 KiB: the write never waits.
    constexpr qsizetype kMaxBytes = 4096;
    if (passphrase.size() > kMaxBytes)
        return makeError(
            ErrorCode::InvalidArgument,
            HelperNowText::tr("The passphrase is longer than %1 bytes.").arg(kMaxBytes));
    int ends[2];
    if (::pipe2(ends, O_CLOEXEC) != 0)
        return makeError(ErrorCode::IoError,
                         HelperNowText::tr("Could not make a pipe for the passphrase."));
    const ssize_t written = ::write(ends[1], passphrase.constData(), size_t(passphrase.size()));
    ::close(ends[1]);
    if (written != passphrase.size()) {
        ::close(ends[0]);
        return makeError(ErrorCode::IoError,
                         HelperNowText::tr("Could not pass the passphrase on."));
    }
    // QDBusUnixFileDescriptor keeps a duplicate of its own.
    const QDBusUnixFileDescriptor readEnd(ends[0]);
    ::close(ends[0]);
    return readEnd;
}

bool helperCanChangeNow(const QDBusConnection &bus)
{
    if (!bus.isConnected())
        return false;
    const QString service = QString::fromLatin1(helper::kServiceName);
    const auto running = bus.interface()->isServiceRegistered(service);
    const QDBusReply<QStringList> activatable =
        bus.interface()->call(QStringLiteral("ListActivatableNames"));
    if (!running.value() && !(activatable.isValid() && activatable.value().contains(service)))
        return false;
    // A helper of an older TrimScope lacks the methods (or takes other arguments): QtDBus reads
    // what it offers from its introspection (this starts it).
    QDBusInterface offered(QString::fromLatin1(helper::kServiceName),
                           QString::fromLatin1(helper::kHelperPath),
                           QString::fromLatin1(helper::kHelperInterface), bus);
    const QMetaObject *methods = offered.isValid() ? offered.metaObject() : nullptr;
    return methods && methods->indexOfMethod("SetMountDiscard(QString,bool,QVariantMap)") >= 0 &&
           methods->indexOfMethod(
               "SetCryptDiscard(QString,bool,QDBusUnixFileDescriptor,QVariantMap)") >= 0;
}

Error remountNow(const QDBusConnection &bus, const Remount &remount)
{
    const Error error = inWords(
        helperProxy(bus)->SetMountDiscard(remount.mountPoint, remount.discard,
                                          QVariantMap{{QStringLiteral("device"), remount.device}}),
        bus);
    if (!error.isError() || error.code == ErrorCode::Cancelled)
        return error;
    return makeError(error.code, HelperNowText::tr("The TrimScope helper did not remount %1: %2")
                                     .arg(remount.mountPoint, error.message));
}

Error refreshCryptNow(const QDBusConnection &bus, const CryptRefresh &refresh,
                      const QByteArray &passphrase)
{
    const Expected<QDBusUnixFileDescriptor> pipe = passphrasePipe(passphrase);
    if (!pipe)
        return pipe.error();
    const Error error = inWords(
        helperProxy(bus)->SetCryptDiscard(refresh.name, refresh.allowDiscards, *pipe, {}), bus);
    if (!error.isError() || error.code == ErrorCode::Cancelled)
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
