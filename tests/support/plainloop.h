#pragma once

#include "systemtool.h" // findSystemProgram, for the tests that use PlainLoop

#include <QString>
#include <QStringList>
#include <QtGlobal>
#include <functional>
#include <memory>

class QTemporaryDir;

namespace trimscope::test {

// A loop device whose discard_max_bytes was set to 0 keeps that limit for every later user (the
// kernel then refuses to raise it again): tests that switch discard off remove the device itself
// once it is detached. The detach after the last close is asynchronous (autoclear), so this
// retries briefly while the device is busy, and warns when it could not.
void removeLoopDevice(const QString &sysName);

// A loop device on a sparse file in /dev/shm (tmpfs: discards punch holes, writes cost nothing):
// a real block device with TRIM for tests that need one but no latency model. Optionally with a
// GPT of equal partitions (/dev/loopNp1, ...). Needs root and losetup (sfdisk for partitions).
// Detached by the destructor; the kernel detaches it too if the test is killed (autoclear while
// we hold it open), so a crashed test leaves nothing behind.
class PlainLoop
{
public:
    PlainLoop();
    ~PlainLoop();
    PlainLoop(const PlainLoop &) = delete;
    PlainLoop &operator=(const PlainLoop &) = delete;

    // Empty when one can be made here, else why not (for TRIMSCOPE_SKIP_OR_FAIL).
    static QString unavailableReason(bool withPartitions = false);

    // The image lives in `directory`: tmpfs by default; a disk's filesystem where the device
    // must sit on a disk (the audit follows a loop device to the disk holding its file).
    bool start(quint64 sizeBytes, int partitions = 0,
               const QString &directory = QStringLiteral("/dev/shm"));
    void stop();

    QString errorString() const { return m_error; }
    QString devicePath() const { return m_device; } // /dev/loopN
    QString sysName() const;                        // loopN
    QString partitionPath(int number) const;        // /dev/loopNpK
    QString majorMinor() const;                     // "7:3", as /proc/self/mountinfo names it
    // Sectors written so far (field 7 of /sys/block/loopN/stat), -1 when unreadable.
    qint64 sectorsWritten() const;

private:
    bool fail(const QString &message);

    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_device;
    QString m_error;
    int m_holdFd = -1;
};

// Issue 46: the kernel keeps a loop number's counters from one attachment to the next. start()
// makes a PlainLoop of `sizeBytes`, lets `use` work with it (false: give up), detaches it, and
// attaches a fresh image of the same size, in a /dev/shm folder of its own, to the same number:
// a new attachment whose counters hold what `use` sent. Tests beside this one attach loop devices
// too (losetup -f) and one may take the number in the moment it is free; then the earlier
// attachment is made again, on whatever free number it gets (5 rounds). The later attachment and
// its image are this object's: held with autoclear as PlainLoop holds its own, detached and
// removed by the destructor.
class AttachedAfterAnother
{
public:
    AttachedAfterAnother();
    ~AttachedAfterAnother();
    AttachedAfterAnother(const AttachedAfterAnother &) = delete;
    AttachedAfterAnother &operator=(const AttachedAfterAnother &) = delete;

    bool start(quint64 sizeBytes, const std::function<bool(const PlainLoop &)> &use);

    QString errorString() const { return m_error; }
    QString devicePath() const { return m_device; } // /dev/loopN, attached to the later image

private:
    bool fail(const QString &message);

    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_device;
    QString m_error;
    int m_holdFd = -1;
};

// `count` discards of 1 MiB, 4 MiB apart (the block layer cannot merge them), on `device`;
// false when one was refused. What an earlier attachment of a loop number leaves in its counters.
bool sendDiscards(const QString &device, int count);

} // namespace trimscope::test
