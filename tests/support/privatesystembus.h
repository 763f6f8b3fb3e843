#pragma once

#include <QDBusConnection>
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <memory>

class QTemporaryDir;

namespace trimscope::test {

// A private system bus with a real polkitd, for testing trimscope-helper without touching the
// machine: dbus-daemon with <type>system</type> on a socket in a temporary directory, our bus
// policy and an activation file for the helper under test; polkitd inside `unshare -m` with its
// actions and rules directories bind-mounted from the temporary directory. Needs root (for
// unshare and the bind mounts); stop() (also run by the destructor) ends everything it started.
class PrivateSystemBus
{
public:
    // Each may be empty: no helper on the bus (the udisks2 tests), no policy of ours.
    struct Files
    {
        QString helperBinary; // build/helper/trimscope-helper
        QString busPolicy;    // helper/io.github.trimscope.Helper1.conf
        QString polkitPolicy; // helper/io.github.trimscope.policy
    };

    PrivateSystemBus();
    ~PrivateSystemBus();
    PrivateSystemBus(const PrivateSystemBus &) = delete;
    PrivateSystemBus &operator=(const PrivateSystemBus &) = delete;

    // Empty when the bus can be started here, else why not (for TRIMSCOPE_SKIP_OR_FAIL).
    static QString unavailableReason();

    // `helperEnvironment` reaches the activated helper (through the bus daemon's environment).
    bool start(const Files &files, const QStringList &helperEnvironment = {});
    void stop();
    QString errorString() const { return m_error; }

    QString address() const; // "unix:path=/tmp/…/system_bus_socket"
    // A connection as root (always authorized by polkit).
    QDBusConnection rootConnection();

    // Replaces our rules file in polkitd's rules directory and waits until polkitd applies it:
    // until `probeAction` is (or is not, per `expectAuthorized`) authorized for nobody.
    bool setRules(const QString &javaScript, const QString &probeAction, bool expectAuthorized);
    // Convenience: every io.github.trimscope.* action answered YES / NO for nobody.
    bool allowTrimScopeForNobody();
    bool denyTrimScopeForNobody();

    // Runs `program` as nobody (setpriv, no groups) with DBUS_SYSTEM_BUS_ADDRESS set.
    void prepareAsNobody(QProcess &process, const QString &program,
                         const QStringList &arguments) const;
    struct Run
    {
        int exitCode = -1;
        QByteArray out;
        QByteArray err;
    };
    Run runAsNobody(const QString &program, const QStringList &arguments,
                    int timeoutMs = 30000) const;

    // xdg-dbus-proxy in front of this bus, run as nobody (as Flatpak runs it for an app), letting
    // through calls to `talkNames` only (--filter --talk=NAME each); its socket's address,
    // "unix:path=SOCKET", once the socket exists; empty on failure.
    QString startFilteringProxy(QProcess &proxy, const QStringList &talkNames,
                                const QString &socket) const;
    // The Flatpak manifest's system bus grants: every --system-talk-name=NAME's NAME.
    static QStringList flatpakSystemTalkNames();

    // What the activated helpers wrote to stderr.
    QByteArray helperLog() const;
    // 0 when the helper is not running on the bus.
    qint64 helperPid();
    // The bus daemon's (to stop it with SIGSTOP, as a busy computer does); 0 when not running.
    qint64 busDaemonPid() const;

private:
    bool fail(const QString &message);
    bool waitForName(const QString &name, int timeoutMs);

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<QProcess> m_busDaemon;
    std::unique_ptr<QProcess> m_polkitd;
    QString m_connectionName;
    QString m_error;
};

} // namespace trimscope::test
