#pragma once

#include "common/canceltoken.h"
#include "common/expected.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace trimscope::fsbench {

// Our mount points live in a root-only directory (0700: no other user can even look inside),
// each named <root>/fsbench-mnt-<pid>-XXXXXX, on a tmpfs the run's private mount namespace puts
// over the root (coverRootInPrivateNamespace): they exist in that namespace alone and go with it.
// The name is the marker by which a start finds mounts and points an earlier version's crashed
// run left in the root itself; the pid tells a crashed run's from a running one's.
inline constexpr auto kDefaultMountRoot = "/run/trimscope";
inline constexpr auto kMountDirPrefix = "fsbench-mnt-";

// Pure: the mount points in /proc/self/mountinfo text that are ours, i.e. directly inside root
// with our prefix, deepest first (so stacked mounts come off in order).
QStringList ourMountPoints(const QByteArray &mountInfo, const QString &root);

struct StaleMountCleanup
{
    QStringList unmounted;
    QStringList removedDirectories;
    QStringList failures; // one line each
    bool clean() const { return failures.isEmpty(); }
};

// Unmounts every mount of ours whose process is gone and removes its mount point directory, as
// the calling thread's mount namespace shows them (call it before PrivateMount::mount() on that
// thread, which hides the root's own content behind the private tmpfs). The helper calls this
// when it starts, the CLI before each experiment; mounts of a run still in progress (its pid
// alive) are left alone.
// Pure: the pid in a mount point's name ("fsbench-mnt-1234-a8XkQz" -> 1234), 0 if none.
qint64 mountOwnerPid(const QString &mountPoint);

StaleMountCleanup cleanupStaleMounts(const QString &root = QLatin1String(kDefaultMountRoot));

// Creates root (0700, owned by us) or checks an existing one is exactly that: not a symlink, not
// reachable by anyone else.
Error ensurePrivateRoot(const QString &root);

// Moves the calling thread into a mount namespace of its own (once; later calls do nothing), with
// "/" made a slave: the system's mounts still appear in it, ours never leave it. What we mount
// there is seen by this thread and the programs it starts, by nobody else, and goes when the
// thread ends, however it ends: a killed run leaves no mount behind. PrivateMount::mount() calls
// it; everything that uses the mount must run on the same thread.
Error enterPrivateMountNamespace();

// Mounts a tmpfs (0700) over root in the calling thread's private mount namespace, once per
// thread: the mount points made there afterwards exist in that namespace alone, so a run killed
// with SIGKILL leaves no empty directory behind either (before, each killed run left one in the
// system's root until a later start removed it). Call only after enterPrivateMountNamespace().
Error coverRootInPrivateNamespace(const QString &root);

// One filesystem mounted on a fresh private mount point, in the calling thread's own mount
// namespace (enterPrivateMountNamespace, coverRootInPrivateNamespace). Unmounts and removes the
// directory on destruction, whatever happened before: success, failure, cancel; a crash leaves
// nothing, as the namespace goes with the thread.
class PrivateMount
{
public:
    explicit PrivateMount(QString root = QLatin1String(kDefaultMountRoot));
    ~PrivateMount();
    PrivateMount(const PrivateMount &) = delete;
    PrivateMount &operator=(const PrivateMount &) = delete;

    // mount -t fsType -o nosuid,nodev,noexec,<options> device <fresh directory>
    // seconds receives the wall time of mount(8).
    Error mount(const QString &device, const QString &fsType, const QString &options,
                double *seconds = nullptr);
    // Unmounts (retrying while busy, lazily as the last resort) and removes the directory.
    Error unmount(double *seconds = nullptr);

    bool isMounted() const { return m_mounted; }
    QString path() const { return m_path; }

private:
    QString m_root;
    QString m_path;
    bool m_mounted = false;
};

} // namespace trimscope::fsbench
