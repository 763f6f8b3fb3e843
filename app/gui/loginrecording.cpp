#include "loginrecording.h"

#include "appsettings.h"
#include "collectorprogram.h"
#include "common/flatpaksandbox.h"
#include "common/atomicfile.h"

#include <QDBusMessage>
#include <QDBusObjectPath>
#include <QDBusPendingCallWatcher>
#include <QDBusPendingReply>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QStandardPaths>
#include <algorithm>

namespace trimscope::gui {

namespace {
const QString kPortalService = QStringLiteral("org.freedesktop.portal.Desktop");
const QString kPortalPath = QStringLiteral("/org/freedesktop/portal/desktop");
const QString kBackground = QStringLiteral("org.freedesktop.portal.Background");
const QString kRequest = QStringLiteral("org.freedesktop.portal.Request");
const QString kSettingKey = QStringLiteral("history/recordAtLogin");
constexpr int kCallTimeoutMs = 20000;

// The path the portal gives the request of `token` (its documented formula), watched before the
// call so that a quick Response is not missed.
QString requestPathFor(const QDBusConnection &bus, const QString &token)
{
    QString sender = bus.baseService();
    sender.remove(0, 1).replace(QLatin1Char('.'), QLatin1Char('_'));
    return kPortalPath + QStringLiteral("/request/") + sender + QLatin1Char('/') + token;
}

// Exec's quoting (Desktop Entry Specification): an argument with a reserved character in
// double quotes, with \ " ` $ escaped.
QString execArgument(const QString &argument)
{
    static const QString reserved = QStringLiteral(" \t\n\"'\\><~|&;$*?#()`");
    if (std::none_of(argument.cbegin(), argument.cend(),
                     [](QChar c) { return reserved.contains(c); }))
        return argument;
    QString quoted = argument;
    for (const char *special : {"\\", "\"", "`", "$"})
        quoted.replace(QLatin1String(special), QLatin1Char('\\') + QLatin1String(special));
    return QLatin1Char('"') + quoted + QLatin1Char('"');
}
} // namespace

LoginRecording::Route LoginRecording::defaultRoute()
{
    return insideFlatpakSandbox() ? Route::Portal : Route::AutostartFile;
}

QStringList LoginRecording::commandLine(Route route)
{
    // The session starts an autostart entry with its own PATH: the collector by its full path.
    // The portal runs a command inside the sandbox, where /app/bin is on PATH.
    QString program = kCollectorName;
    if (route == Route::AutostartFile) {
        if (const QString found = findCollectorProgram(); !found.isEmpty())
            program = found;
    }
    return {program, QStringLiteral("--notify")};
}

QString LoginRecording::autostartPath()
{
    return QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation) +
           QStringLiteral("/autostart/io.github.trimscope.TrimScope.history.desktop");
}

LoginRecording::LoginRecording(Route route, QDBusConnection bus, QObject *parent)
    : QObject(parent), m_route(route), m_bus(std::move(bus))
{
}

bool LoginRecording::isEnabled() const
{
    if (m_route == Route::AutostartFile)
        return QFile::exists(autostartPath());
    return appSettings()->value(kSettingKey, false).toBool();
}

void LoginRecording::setEnabled(bool on)
{
    if (m_route == Route::AutostartFile)
        return writeAutostartFile(on);
    requestThroughPortal(on);
}

void LoginRecording::done(bool enabled, const QString &error)
{
    m_pending = false;
    if (m_route == Route::Portal && error.isEmpty())
        appSettings()->setValue(kSettingKey, enabled);
    emit finished(enabled, error);
}

void LoginRecording::writeAutostartFile(bool on)
{
    const QString path = autostartPath();
    if (!on) {
        if (QFile::exists(path) && !QFile::remove(path))
            return done(true, tr("%1 could not be removed").arg(path));
        return done(false, {});
    }
    QStringList exec;
    for (const QString &argument : commandLine(Route::AutostartFile))
        exec.append(execArgument(argument));
    QDir().mkpath(QFileInfo(path).absolutePath());
    const Error written = writeFileAtomically(
        path, QStringLiteral("[Desktop Entry]\n"
                             "Type=Application\n"
                             "Name=%1\n"
                             "Comment=%2\n"
                             "Exec=%3\n"
                             "Icon=io.github.trimscope.TrimScope\n"
                             "NoDisplay=true\n"
                             "X-GNOME-Autostart-enabled=true\n")
                  .arg(tr("TrimScope drive history"),
                       tr("Records every drive's health and discards once a day"),
                       exec.join(QLatin1Char(' ')))
                  .toUtf8());
    if (written.isError())
        return done(false, tr("%1 could not be written: %2").arg(path, written.message));
    done(true, {});
}

void LoginRecording::watchRequest(const QString &path)
{
    if (path == m_requestPath)
        return;
    if (!m_requestPath.isEmpty())
        m_bus.disconnect(kPortalService, m_requestPath, kRequest, QStringLiteral("Response"), this,
                         SLOT(onPortalResponse(uint, QVariantMap)));
    m_requestPath = path;
    m_bus.connect(kPortalService, m_requestPath, kRequest, QStringLiteral("Response"), this,
                  SLOT(onPortalResponse(uint, QVariantMap)));
}

void LoginRecording::requestThroughPortal(bool on)
{
    const QString token = QStringLiteral("trimscope%1").arg(QRandomGenerator::global()->generate());
    watchRequest(requestPathFor(m_bus, token));
    m_asked = on;
    m_pending = true;
    QVariantMap options{
        {QStringLiteral("handle_token"), token},
        {QStringLiteral("reason"),
         tr("Record the drives' health and discards once a day when you log in")},
        {QStringLiteral("autostart"), on},
        {QStringLiteral("commandline"), commandLine(Route::Portal)},
        {QStringLiteral("dbus-activatable"), false},
    };
    QDBusMessage call = QDBusMessage::createMethodCall(kPortalService, kPortalPath, kBackground,
                                                       QStringLiteral("RequestBackground"));
    call.setArguments({QString(), options});
    auto *watcher = new QDBusPendingCallWatcher(m_bus.asyncCall(call, kCallTimeoutMs), this);
    connect(watcher, &QDBusPendingCallWatcher::finished, this, [this](QDBusPendingCallWatcher *w) {
        w->deleteLater();
        const QDBusPendingReply<QDBusObjectPath> reply = *w;
        if (reply.isError())
            return done(!m_asked && isEnabled(),
                        tr("the desktop's Background portal did not answer: %1")
                            .arg(reply.error().message()));
        // A portal older than the handle_token formula names another path.
        watchRequest(reply.value().path());
    });
}

void LoginRecording::onPortalResponse(uint response, const QVariantMap &results)
{
    if (!m_pending)
        return;
    // 0: granted; 1: the user said no; 2: ended otherwise.
    if (response != 0)
        return done(false, response == 1 ? tr("not allowed: the desktop's Background setting "
                                              "for TrimScope says no")
                                         : tr("the desktop ended the request"));
    const bool autostart = results.value(QStringLiteral("autostart")).toBool();
    if (autostart != m_asked)
        return done(autostart, m_asked ? tr("the desktop did not add TrimScope to the programs "
                                            "started at login")
                                       : tr("the desktop still starts TrimScope at login"));
    done(autostart, {});
}

} // namespace trimscope::gui
