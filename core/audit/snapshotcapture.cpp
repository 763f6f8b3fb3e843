// SystemSnapshot::capture(): the only code of the audit that touches the machine. It only reads.
#include "common/childprocess.h"
#include "common/kernelfile.h"
#include "common/sysfsnames.h"
#include "fstrimstatus.h"
#include "systemsnapshot.h"
#include "tabparsers.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>
#include <sys/statvfs.h>
#include <unistd.h>

namespace trimscope::audit {

namespace {

const QString kClassBlockDir = QStringLiteral("/sys/class/block");

// sysfs attributes are small; the cap keeps a runaway file (or a FIFO) from stalling capture.
constexpr qint64 MaxFileBytes = 1 << 20;

void recordFile(SystemSnapshot &snapshot, const QString &path)
{
    const std::optional<QByteArray> bytes = readKernelFile(path, MaxFileBytes);
    if (!bytes)
        return;
    QString text = QString::fromUtf8(*bytes);
    if (text.endsWith(QLatin1Char('\n')))
        text.chop(1);
    snapshot.insert(path, text);
}

// The target as stored (relative for sysfs), which is how the recorded layouts are written;
// QFileInfo::readSymLink would do this but needs Qt 6.6.
void recordRawLink(SystemSnapshot &snapshot, const QString &path)
{
    char buffer[4096];
    const ssize_t length =
        ::readlink(QFile::encodeName(path).constData(), buffer, sizeof(buffer) - 1);
    if (length > 0)
        snapshot.insert(path, QFile::decodeName(QByteArray(buffer, qsizetype(length))));
}

void recordLinksIn(SystemSnapshot &snapshot, const QString &dir)
{
    for (const QString &name : listKernelDirectory(dir))
        recordRawLink(snapshot, dir + QLatin1Char('/') + name);
}

// The controller a disk hangs off: every ancestor of its sysfs device path that has a driver.
void recordControllerChain(SystemSnapshot &snapshot, const QString &blockName)
{
    QString dir = resolveSysfsLink(kClassBlockDir + QLatin1Char('/') + blockName);
    while (dir.startsWith(QLatin1String("/sys/devices/")) && dir != QLatin1String("/sys/devices")) {
        recordRawLink(snapshot, dir + QStringLiteral("/driver"));
        if (isPciAddress(QFileInfo(dir).fileName()))
            recordFile(snapshot, dir + QStringLiteral("/class"));
        dir = QFileInfo(dir).path();
    }
}

// A loop device nothing is bound to: no size and no backing file (its loop/ directory appears
// when a file is bound). It is no layer of any storage stack, so only its link, number and size
// are kept (the audit finds devices by name and by number) and not its ~25 other files, links and
// directories: machines keep 8 or more idle, and the history's collector captures a snapshot
// once a day (issue 44: its CPU).
bool isUnusedLoopDevice(const SystemSnapshot &snapshot, const QString &name)
{
    const QString base = kClassBlockDir + QLatin1Char('/') + name;
    return name.startsWith(QLatin1String("loop")) &&
           snapshot.valueOr(base + QStringLiteral("/size")) == QLatin1String("0") &&
           !snapshot.contains(base + QStringLiteral("/loop/backing_file"));
}

void recordBlockDevice(SystemSnapshot &snapshot, const QString &name)
{
    const QString base = kClassBlockDir + QLatin1Char('/') + name;
    recordRawLink(snapshot, base);
    for (const char *attribute : {"dev", "size", "loop/backing_file"})
        recordFile(snapshot, base + QLatin1Char('/') + QLatin1String(attribute));
    if (isUnusedLoopDevice(snapshot, name))
        return;
    static const char *const attributes[] = {
        "partition",
        "start",
        "ro",
        "queue/discard_max_bytes",
        "queue/discard_granularity",
        "queue/rotational",
        "queue/logical_block_size",
        "device/model",
        "dm/name",
        "dm/uuid",
        "md/level",
    };
    for (const char *attribute : attributes)
        recordFile(snapshot, base + QLatin1Char('/') + QLatin1String(attribute));
    recordLinksIn(snapshot, base + QStringLiteral("/slaves"));
    recordLinksIn(snapshot, base + QStringLiteral("/holders"));
    if (!snapshot.contains(base + QStringLiteral("/partition"))) {
        recordRawLink(snapshot, QStringLiteral("/sys/block/%1/device/driver").arg(name));
        recordControllerChain(snapshot, name);
    }
}

void recordStatvfs(SystemSnapshot &snapshot, const QString &mountPoint)
{
    struct statvfs st
    {
    };
    if (::statvfs(QFile::encodeName(mountPoint).constData(), &st) != 0)
        return;
    snapshot.insert(QStringLiteral("statvfs:") + mountPoint, QStringLiteral("%1 %2 %3 %4")
                                                                 .arg(quint64(st.f_frsize))
                                                                 .arg(quint64(st.f_blocks))
                                                                 .arg(quint64(st.f_bfree))
                                                                 .arg(quint64(st.f_bavail)));
}

// Only mounts backed by a block device: statvfs on a hung network mount would block capture.
void recordFillLevels(SystemSnapshot &snapshot)
{
    const auto mounts = parseMountInfo(snapshot.valueOr(QStringLiteral("/proc/self/mountinfo")));
    for (const MountEntry &mount : mounts) {
        if (mount.source.startsWith(QLatin1String("/dev/")))
            recordStatvfs(snapshot, mount.mountPoint);
    }
}

void recordCommand(SystemSnapshot &snapshot, const QString &program, const QStringList &args)
{
    const QString executable = QStandardPaths::findExecutable(
        program, {QStringLiteral("/usr/sbin"), QStringLiteral("/sbin"), QStringLiteral("/usr/bin"),
                  QStringLiteral("/bin")});
    if (executable.isEmpty())
        return;
    QProcess process;
    // Output that does not depend on where the machine is: systemctl prints times in its zone.
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("TZ"), QStringLiteral("UTC"));
    environment.insert(QStringLiteral("LC_ALL"), QStringLiteral("C"));
    process.setProcessEnvironment(environment);
    killWithParent(process);
    process.start(executable, args, QIODevice::ReadOnly);
    if (!process.waitForFinished(5000)) {
        process.kill();
        process.waitForFinished(1000);
        return;
    }
    if (process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0)
        return;
    QString text = QString::fromUtf8(process.readAllStandardOutput());
    if (text.endsWith(QLatin1Char('\n')))
        text.chop(1);
    snapshot.insert(QStringLiteral("cmd:%1 %2").arg(program, args.join(QLatin1Char(' '))), text);
}

void recordCronFstrim(SystemSnapshot &snapshot)
{
    recordFile(snapshot, QStringLiteral("/etc/crontab"));
    recordFile(snapshot, QStringLiteral("/var/spool/cron/crontabs/root"));
    for (const char *dirName : {"/etc/cron.d", "/etc/cron.hourly", "/etc/cron.daily",
                                "/etc/cron.weekly", "/etc/cron.monthly"}) {
        const QDir dir{QLatin1String(dirName)};
        for (const QString &name : dir.entryList(QDir::Files)) {
            // Unrelated cron jobs are none of the audit's business, so only fstrim ones are kept.
            // Read in small steps: QFile::read(MaxFileBytes) maps a buffer of a megabyte first.
            const std::optional<QByteArray> job = readKernelFile(dir.filePath(name), MaxFileBytes);
            if (job && job->contains("fstrim"))
                recordFile(snapshot, dir.filePath(name));
        }
    }
}

// What sd_booted() checks: no need to start systemctl only to hear that systemd is not PID 1.
bool systemdRunningHere()
{
    return QFileInfo(QStringLiteral("/run/systemd/system")).isDir();
}

void recordSystemd(SystemSnapshot &snapshot)
{
    recordFile(snapshot, QStringLiteral("/proc/1/comm"));
    recordRawLink(snapshot, QStringLiteral("/etc/systemd/system/timers.target.wants/fstrim.timer"));
    recordRawLink(snapshot, QStringLiteral("/etc/systemd/system/fstrim.timer"));
    for (const char *path :
         {"/usr/lib/systemd/system/fstrim.timer", "/lib/systemd/system/fstrim.timer"}) {
        if (QFileInfo::exists(QLatin1String(path)))
            snapshot.insert(QStringLiteral("exists:") + QLatin1String(path), QStringLiteral("1"));
    }
    const QString stamp = QStringLiteral("/var/lib/systemd/timers/stamp-fstrim.timer");
    const QFileInfo info(stamp);
    if (info.exists())
        snapshot.insert(QStringLiteral("mtime:") + stamp,
                        info.lastModified().toUTC().toString(Qt::ISODate));
    // How the last fstrim ended only systemd knows; without systemd as PID 1 systemctl fails
    // and nothing is recorded.
    if (systemdRunningHere())
        for (const char *unit : {"fstrim.service", "fstrim.timer"})
            recordCommand(snapshot, QStringLiteral("systemctl"),
                          systemctlShowArguments(QLatin1String(unit)));
}

// Every mounted btrfs's devices and its own discard counters and limits (Linux 5.6+): which
// filesystem uses which device, what async discard still holds back, how fast it may go.
void recordBtrfs(SystemSnapshot &snapshot)
{
    const QDir root(QStringLiteral("/sys/fs/btrfs"));
    for (const QString &fsid : root.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        const QDir discard(root.filePath(fsid + QStringLiteral("/discard")));
        if (!discard.exists()) // "features", or a kernel without the counters
            continue;
        recordLinksIn(snapshot, root.filePath(fsid + QStringLiteral("/devices")));
        for (const QString &name : discard.entryList(QDir::Files))
            recordFile(snapshot, discard.filePath(name));
    }
}

} // namespace

SystemSnapshot SystemSnapshot::capture()
{
    SystemSnapshot snapshot;
    snapshot.setCapturedAt(QDateTime::currentDateTimeUtc());
    for (const char *path : {"/proc/self/mountinfo", "/proc/swaps", "/etc/fstab", "/etc/crypttab",
                             "/etc/lvm/lvm.conf"})
        recordFile(snapshot, QLatin1String(path));

    const QStringList names = listKernelDirectory(kClassBlockDir);
    bool haveDeviceMapper = false;
    for (const QString &name : names) {
        recordBlockDevice(snapshot, name);
        haveDeviceMapper = haveDeviceMapper || name.startsWith(QLatin1String("dm-"));
    }
    // Only the table says whether dm-crypt was opened with allow_discards; needs root, so a
    // missing entry means "unknown", never "blocked".
    if (haveDeviceMapper)
        recordCommand(snapshot, QStringLiteral("dmsetup"), {QStringLiteral("table")});

    // fstab and crypttab name devices by UUID/LABEL; these links resolve them without blkid.
    for (const char *dir : {"/dev/disk/by-uuid", "/dev/disk/by-label", "/dev/disk/by-partuuid"})
        recordLinksIn(snapshot, QLatin1String(dir));

    recordFillLevels(snapshot);
    recordBtrfs(snapshot);
    recordSystemd(snapshot);
    recordCronFstrim(snapshot);
    return snapshot;
}

} // namespace trimscope::audit
