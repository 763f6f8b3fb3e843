#pragma once

#include <QByteArray>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <QVersionNumber>

class QProcess;

namespace trimscope::test {

// TrimScope's Flatpak, built from packaging/flatpak's manifest against the stand-in runtime made
// from this root's Debian packages (packaging/flatpak/standin-runtime.sh), installed into a
// system installation of its own (FLATPAK_SYSTEM_DIR under `workDir`, as `flatpak install` does
// by default) and run by nobody with a home of its own: the real flatpak, bubblewrap and
// xdg-dbus-proxy, nothing of the machine's own flatpak installations touched. Needs root.
class FlatpakSandbox
{
public:
    static constexpr const char *kAppId = "io.github.trimscope.TrimScope";

    // `runtimeRoot`: the Debian root whose /usr becomes the stand-in runtime ("/" in CI).
    FlatpakSandbox(const QString &workDir, const QString &runtimeRoot);

    // The Qt in ROOT's /usr (empty without one): the stand-in's generation.
    static QVersionNumber qtVersionOf(const QString &root);

    // Empty when flatpak, flatpak-builder, bubblewrap and ostree are here and bubblewrap can make
    // a sandbox for nobody, else why not.
    static QString unavailableReason();

    // The stand-in Sdk and Platform (made once per work directory: ROOT's /usr does not change
    // under a test run), then flatpak-builder and `flatpak install`. `systemBus`: the address the
    // sandbox's xdg-dbus-proxy is put in front of.
    bool installRuntime();
    // Makes sure nobody's bubblewrap can make a sandbox: says how, empty when it cannot.
    QString setUpBubblewrap();
    bool buildAndInstall();
    // The app is in the installation (what buildAndInstall left, for a run after it).
    bool isAppInstalled() const;
    QString errorString() const { return m_error; }
    QString runtimeBranch() const { return m_branch; }

    // nobody's view: its home (with a Documents folder), the installation's exports.
    QString home() const;
    QString documents() const { return home() + QStringLiteral("/Documents"); }
    QString exportsDir() const { return m_installation + QStringLiteral("/exports"); }

    // `flatpak run [--command=COMMAND] APP ARGS…` as nobody. `environment` adds to the
    // caller's basic environment (HOME, XDG_RUNTIME_DIR, LANG, the system bus address).
    void prepareRun(QProcess &process, const QString &command, const QStringList &arguments,
                    const QProcessEnvironment &environment) const;
    struct Run
    {
        int exitCode = -1;
        QByteArray out;
        QByteArray err;
    };
    Run run(const QString &command, const QStringList &arguments,
            const QProcessEnvironment &environment, int timeoutMs = 120000) const;

private:
    bool fail(const QString &message);
    // Runs a flatpak tool as root with the installation's environment; its output to the log.
    bool tool(const QString &program, const QStringList &arguments, int timeoutMs);
    QProcessEnvironment toolEnvironment() const;

    QString m_work;
    QString m_installation;
    QString m_root;
    QString m_branch;
    // Runs flatpak and flatpak-builder where a chroot keeps them from user namespaces.
    QString m_ownroot;
    QString m_error;
};

} // namespace trimscope::test
