#include "plainloop.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QThread>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <linux/fs.h>
#include <linux/loop.h>
#include <sys/ioctl.h>
#include <unistd.h>

namespace trimscope::test {

void removeLoopDevice(const QString &sysName)
{
    const int number = sysName.mid(4).toInt();
    const int control = ::open("/dev/loop-control", O_RDWR | O_CLOEXEC);
    if (control < 0)
        return;
    bool removed = false;
    for (int attempt = 0; attempt < 100 && !removed; ++attempt) {
        removed = ::ioctl(control, LOOP_CTL_REMOVE, number) == 0;
        if (!removed)
            QThread::msleep(20);
    }
    ::close(control);
    if (!removed)
        qWarning("could not remove %s: later tests on it will lack discard", qPrintable(sysName));
}

namespace {
constexpr int kPartitionToolTimeoutMs = 20000;
} // namespace

PlainLoop::PlainLoop() = default;

PlainLoop::~PlainLoop()
{
    stop();
}

QString PlainLoop::unavailableReason(bool withPartitions)
{
    if (::geteuid() != 0)
        return QStringLiteral("needs root (loop devices)");
    if (!QFileInfo::exists(QStringLiteral("/dev/loop-control")))
        return QStringLiteral("/dev/loop-control is missing (no loop driver)");
    if (findSystemProgram(QStringLiteral("losetup")).isEmpty())
        return QStringLiteral("losetup not found");
    if (withPartitions && findSystemProgram(QStringLiteral("sfdisk")).isEmpty())
        return QStringLiteral("sfdisk not found (package fdisk)");
    if (!QFileInfo(QStringLiteral("/dev/shm")).isWritable())
        return QStringLiteral("/dev/shm is not writable");
    return {};
}

bool PlainLoop::fail(const QString &message)
{
    stop();
    m_error = message;
    qWarning("PlainLoop: %s", qPrintable(message));
    return false;
}

bool PlainLoop::start(quint64 sizeBytes, int partitions, const QString &directory)
{
    m_dir = std::make_unique<QTemporaryDir>(directory + QStringLiteral("/trimscope-loop-XXXXXX"));
    if (!m_dir->isValid())
        return fail(QStringLiteral("cannot create a directory in %1").arg(directory));
    const QString image = m_dir->filePath(QStringLiteral("disk.img"));
    QFile file(image);
    if (!file.open(QIODevice::WriteOnly) || !file.resize(qint64(sizeBytes)))
        return fail(QStringLiteral("cannot create %1").arg(image));
    file.close();
    if (partitions > 0) {
        // A GPT of equal partitions, written into the file before the loop device sees it.
        QByteArray script = "label: gpt\n";
        const quint64 sectors = (sizeBytes >> 9) - 2048 - 34;
        const quint64 each = sectors / quint64(partitions) / 2048 * 2048;
        for (int i = 0; i < partitions; ++i)
            script += "size=" + QByteArray::number(each) + "\n";
        const ToolOutput sfdisk =
            runSystemTool(QStringLiteral("sfdisk"), {QStringLiteral("-q"), image},
                          kPartitionToolTimeoutMs, script);
        if (!sfdisk.ok)
            return fail(QStringLiteral("sfdisk failed: %1").arg(sfdisk.err));
    }
    QString err;
    m_device = attachLoopDevice(
        image, partitions > 0 ? QStringList{QStringLiteral("-P")} : QStringList(), &err);
    if (m_device.isEmpty())
        return fail(QStringLiteral("losetup failed: %1").arg(err));
    // Some kernels (6.18 here) attach with -P yet scan no partitions: partx adds them.
    if (partitions > 0 && !waitUntil(1000, [&] { return QFileInfo::exists(partitionPath(1)); }))
        runSystemTool(QStringLiteral("partx"), {QStringLiteral("-a"), m_device},
                      kPartitionToolTimeoutMs);
    // Without udev the nodes come from devtmpfs, and sysfs may lag the ioctl a little.
    const bool ready = waitUntil(kPartitionToolTimeoutMs, [&] {
        if (!QFileInfo::exists(m_device))
            return false;
        for (int i = 1; i <= partitions; ++i) {
            if (!QFileInfo::exists(partitionPath(i)))
                return false;
        }
        return true;
    });
    if (!ready)
        return fail(QStringLiteral("%1 or its partitions did not appear").arg(m_device));

    m_holdFd = holdLoopDevice(m_device, &err);
    return m_holdFd >= 0 || fail(err);
}

void PlainLoop::stop()
{
    detachLoopDevice(m_device, m_holdFd);
    m_device.clear();
    m_holdFd = -1;
    m_dir.reset();
}

QString PlainLoop::sysName() const
{
    return QFileInfo(m_device).fileName();
}

QString PlainLoop::partitionPath(int number) const
{
    return m_device + QStringLiteral("p") + QString::number(number);
}

QString PlainLoop::majorMinor() const
{
    return QString::fromLatin1(readSysfs(QStringLiteral("/sys/block/%1/dev").arg(sysName())));
}

qint64 PlainLoop::sectorsWritten() const
{
    const QList<QByteArray> fields =
        readSysfs(QStringLiteral("/sys/block/%1/stat").arg(sysName())).simplified().split(' ');
    if (fields.size() < 7)
        return -1;
    bool ok = false;
    const qint64 sectors = fields.at(6).toLongLong(&ok);
    return ok ? sectors : -1;
}

AttachedAfterAnother::AttachedAfterAnother() = default;

AttachedAfterAnother::~AttachedAfterAnother()
{
    detachLoopDevice(m_device, m_holdFd);
}

bool AttachedAfterAnother::fail(const QString &message)
{
    m_error = message;
    qWarning("AttachedAfterAnother: %s", qPrintable(message));
    return false;
}

bool AttachedAfterAnother::start(quint64 sizeBytes,
                                 const std::function<bool(const PlainLoop &)> &use)
{
    m_dir = std::make_unique<QTemporaryDir>(QStringLiteral("/dev/shm/trimscope-later-XXXXXX"));
    const QString image = m_dir->filePath(QStringLiteral("later.img"));
    QFile file(image);
    if (!m_dir->isValid() || !file.open(QIODevice::WriteOnly) || !file.resize(qint64(sizeBytes)))
        return fail(QStringLiteral("cannot create %1").arg(image));
    file.close();
    for (int round = 0; round < 5; ++round) {
        QString device;
        {
            PlainLoop earlier;
            if (!earlier.start(sizeBytes))
                return fail(earlier.errorString());
            if (!use(earlier))
                return fail(QStringLiteral("the earlier attachment's work failed"));
            device = earlier.devicePath();
        }
        // The earlier attachment's detach is asynchronous (autoclear).
        for (int tries = 0; tries < 20; ++tries) {
            if (runSystemTool(QStringLiteral("losetup"), {device, image}, 10000).ok) {
                m_device = device;
                QString err;
                m_holdFd = holdLoopDevice(m_device, &err);
                return m_holdFd >= 0 || fail(err);
            }
            QThread::msleep(100);
        }
    }
    return fail(QStringLiteral("no loop number could be attached again"));
}

bool sendDiscards(const QString &device, int count)
{
    constexpr quint64 kOneMiB = 1024 * 1024;
    const int fd = ::open(device.toLocal8Bit().constData(), O_WRONLY | O_CLOEXEC);
    if (fd < 0)
        return false;
    bool sent = true;
    for (int i = 0; i < count && sent; ++i) {
        const quint64 range[2] = {quint64(i) * 4 * kOneMiB, kOneMiB};
        sent = ::ioctl(fd, BLKDISCARD, range) == 0;
    }
    ::close(fd);
    return sent;
}

} // namespace trimscope::test
