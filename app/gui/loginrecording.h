#pragma once

#include <QDBusConnection>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QVariantMap>

namespace trimscope::gui {

// "Record at login": the history's collector (`trimscope-history-record --notify`, which
// records every drive's day and exits) started when the user logs in, so that days the window
// is not open are recorded too (issue 44).
//
// Inside the Flatpak through the Background portal: RequestBackground with "autostart" and the
// collector's command line; the desktop asks the user and writes the autostart entry, and the
// portal's Response says whether it did. Outside a sandbox the portal has no app id to start
// (xdg-desktop-portal hands the desktop an empty one), so the app writes the XDG autostart entry
// itself (~/.config/autostart/io.github.trimscope.TrimScope.history.desktop).
class LoginRecording : public QObject
{
    Q_OBJECT
public:
    enum class Route { Portal, AutostartFile };
    Q_ENUM(Route)

    // The portal inside a Flatpak (/.flatpak-info), the autostart file elsewhere.
    static Route defaultRoute();
    // What runs at login, as the portal takes it (a command inside the sandbox) and as the
    // autostart file's Exec line names it (the collector beside the GUI, else on PATH).
    static QStringList commandLine(Route route);
    static QString autostartPath();

    explicit LoginRecording(Route route, QDBusConnection bus = QDBusConnection::sessionBus(),
                            QObject *parent = nullptr);

    Route route() const { return m_route; }
    // As last set (the portal cannot be asked; its answer was kept in the settings).
    bool isEnabled() const;
    // Ends with exactly one finished(); through the portal after the user answered.
    void setEnabled(bool on);

signals:
    // `enabled`: recording at login is on now; `error`: why not as asked, in words.
    void finished(bool enabled, const QString &error);

private slots:
    void onPortalResponse(uint response, const QVariantMap &results);

private:
    void requestThroughPortal(bool on);
    void writeAutostartFile(bool on);
    void done(bool enabled, const QString &error);
    void watchRequest(const QString &path);

    Route m_route;
    QDBusConnection m_bus;
    QString m_requestPath;
    bool m_asked = false;
    bool m_pending = false;
};

} // namespace trimscope::gui
