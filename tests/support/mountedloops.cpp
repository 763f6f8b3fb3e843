#include "mountedloops.h"

#include "systemtool.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace trimscope::test {

namespace {
constexpr int kMountToolTimeoutMs = 30000;
} // namespace

MountedLoops::~MountedLoops()
{
    stop();
}

bool MountedLoops::fail(const QString &message)
{
    m_error = message;
    return false;
}

bool MountedLoops::attach(const QString &image, bool partitions, QString *device)
{
    QString error;
    *device = attachLoopDevice(
        image, partitions ? QStringList{QStringLiteral("-P")} : QStringList(), &error);
    if (device->isEmpty())
        return fail(QStringLiteral("losetup %1 failed: %2").arg(image, error));
    m_loopDevices << *device;
    return true;
}

bool MountedLoops::mountExt4At(const QString &device, const QString &point)
{
    if (!QDir().mkpath(point))
        return fail(QStringLiteral("cannot create %1").arg(point));
    for (const auto &[tool, args] :
         {std::pair{QStringLiteral("mkfs.ext4"),
                    QStringList{QStringLiteral("-q"), QStringLiteral("-E"),
                                QStringLiteral("nodiscard"), device}},
          std::pair{QStringLiteral("mount"), QStringList{device, point}}}) {
        if (const ToolOutput run = runSystemTool(tool, args, kMountToolTimeoutMs); !run.ok)
            return fail(QStringLiteral("%1 %2 failed: %3").arg(tool, device, run.err));
    }
    m_mountPoints << point;
    return true;
}

bool MountedLoops::start(const QString &dir)
{
    const QString plain = dir + QStringLiteral("/plain.img");
    const QString parted = dir + QStringLiteral("/parted.img");
    for (const auto &[image, size] :
         {std::pair{plain, QStringLiteral("16M")}, std::pair{parted, QStringLiteral("32M")}}) {
        if (!runSystemTool(QStringLiteral("truncate"), {QStringLiteral("-s"), size, image},
                           kMountToolTimeoutMs)
                 .ok)
            return fail(QStringLiteral("cannot create %1").arg(image));
    }
    if (const ToolOutput sfdisk =
            runSystemTool(QStringLiteral("sfdisk"), {QStringLiteral("-q"), parted},
                          kMountToolTimeoutMs, "label: dos\n,12M\n,\n");
        !sfdisk.ok)
        return fail(QStringLiteral("sfdisk failed: %1").arg(sfdisk.err));
    if (!attach(plain, false, &m_mountedLoop) ||
        !mountExt4At(m_mountedLoop, dir + QStringLiteral("/plain")) ||
        !attach(parted, true, &m_partitionedLoop))
        return false;
    const QString partition = m_partitionedLoop + QStringLiteral("p1");
    const QString sysDev =
        QStringLiteral("/sys/class/block/%1/dev").arg(QFileInfo(partition).fileName());
    runSystemTool(QStringLiteral("partx"), {QStringLiteral("-a"), m_partitionedLoop},
                  kMountToolTimeoutMs);
    if (!waitUntil(5000, [&] { return QFileInfo::exists(sysDev); }))
        return fail(QStringLiteral("%1 has no first partition").arg(m_partitionedLoop));
    if (!QFileInfo::exists(partition)) {
        const QStringList numbers = QString::fromLatin1(readSysfs(sysDev)).split(QLatin1Char(':'));
        if (numbers.size() != 2 ||
            !runSystemTool(QStringLiteral("mknod"),
                           {partition, QStringLiteral("b"), numbers.at(0), numbers.at(1)},
                           kMountToolTimeoutMs)
                 .ok)
            return fail(QStringLiteral("cannot make the node %1").arg(partition));
        m_createdNodes << partition;
    }
    return mountExt4At(partition, dir + QStringLiteral("/parted"));
}

void MountedLoops::stop()
{
    for (const QString &point : std::as_const(m_mountPoints))
        runSystemTool(QStringLiteral("umount"), {point}, kMountToolTimeoutMs);
    m_mountPoints.clear();
    for (const QString &device : std::as_const(m_loopDevices))
        runSystemTool(QStringLiteral("losetup"), {QStringLiteral("-d"), device},
                      kMountToolTimeoutMs);
    m_loopDevices.clear();
    for (const QString &node : std::as_const(m_createdNodes))
        QFile::remove(node);
    m_createdNodes.clear();
    m_mountedLoop.clear();
    m_partitionedLoop.clear();
}

} // namespace trimscope::test
