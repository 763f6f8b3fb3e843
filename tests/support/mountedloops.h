#pragma once

#include <QString>
#include <QStringList>

namespace trimscope::test {

// Two loop devices in use, for the refusals of the helper and of udisks2: one whose ext4 is
// mounted, and one with a DOS label whose first partition's ext4 is mounted (a 12 MiB partition
// and the rest). Their images and mount points lie in the directory start() is given. Without
// udev the partition may need a nudge (partx) and its node a mknod. Needs root; stop() (the
// destructor too) unmounts, detaches and removes what it made.
class MountedLoops
{
public:
    MountedLoops() = default;
    ~MountedLoops();
    MountedLoops(const MountedLoops &) = delete;
    MountedLoops &operator=(const MountedLoops &) = delete;

    bool start(const QString &dir);
    void stop();
    QString errorString() const { return m_error; }

    QString mountedLoop() const { return m_mountedLoop; }         // /dev/loopN, its ext4 mounted
    QString mountPoint() const { return m_mountPoints.value(0); } // where
    QString partitionedLoop() const { return m_partitionedLoop; } // /dev/loopM, p1 mounted

private:
    bool fail(const QString &message);
    bool attach(const QString &image, bool partitions, QString *device);
    bool mountExt4At(const QString &device, const QString &point);

    QString m_error;
    QString m_mountedLoop;
    QString m_partitionedLoop;
    QStringList m_loopDevices;
    QStringList m_mountPoints;
    QStringList m_createdNodes; // partition nodes made with mknod (no udev)
};

} // namespace trimscope::test
