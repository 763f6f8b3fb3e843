#pragma once

#include <QByteArray>
#include <QDBusConnection>
#include <QList>
#include <QProcess>
#include <QString>
#include <memory>
#include <utility>

class QTemporaryDir;

namespace trimscope::test {

// The distribution's real udisksd on a private system bus (PrivateSystemBus), so the app's
// udisks2 tier is tested against the daemon it meets on users' machines. udisksd sees devices
// through udev: when no systemd-udevd answers (`udevadm control --ping`; there is none in a
// container or a fresh chroot) one is started in the foreground, so that exactly it is stopped
// again, and block devices are announced to it (udevadm trigger). Needs root; stop() (also run
// by the destructor) ends everything it started.
class UdisksDaemon
{
public:
    UdisksDaemon();
    ~UdisksDaemon();
    UdisksDaemon(const UdisksDaemon &) = delete;
    UdisksDaemon &operator=(const UdisksDaemon &) = delete;

    // Empty when udisksd can be started here, else why not (for TRIMSCOPE_SKIP_OR_FAIL).
    static QString unavailableReason();

    // Before start(): udisksd runs in a mount namespace of its own and sees /etc through an
    // overlay whose upper layer is `dir`/upper: files put there (a scratch fstab and crypttab)
    // hide the machine's, and what udisksd writes to /etc lands there, never in the machine's
    // /etc. (udisksd writes a temporary file and renames it over /etc/fstab: a bind-mounted
    // file could not be replaced, a directory can.) `files` are put there first, by their path
    // below /etc ("fstab", "cron.d/fstrim"); false, with errorString(), when one cannot be.
    bool setScratchEtc(const QString &dir, const QList<std::pair<QString, QByteArray>> &files = {});
    // `bus`: a root connection to the private bus whose `address` udisksd joins.
    bool start(const QString &address, const QDBusConnection &bus);
    void stop();
    QString errorString() const { return m_error; }
    bool startedUdevd() const { return m_udevd != nullptr; }
    QString version() const { return m_version; }

    // Announces block devices to udev again and waits until udisks offers `device` (/dev/loopN)
    // as a whole disk, or until it no longer does (`present` false).
    bool waitForBlock(const QString &device, bool present = true, int timeoutMs = 20000);
    // Everything udisksd and the udevd we started wrote.
    QByteArray log() const;
    qint64 pid() const;
    // "/proc/<pid>/root": the file system as udisksd sees it, its scratch /etc included.
    QString rootPath() const;

private:
    bool fail(const QString &message);
    bool udevAnswers() const;
    bool lists(const QString &device) const;

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<QProcess> m_udevd;
    std::unique_ptr<QProcess> m_udisksd;
    QDBusConnection m_bus{QString()};
    QString m_version;
    QString m_scratchEtc;
    QString m_error;
};

} // namespace trimscope::test
