#pragma once

#include <QList>
#include <QMap>
#include <QString>
#include <QtGlobal>

namespace trimscope {

// What the kernel's O_EXCL does not see: a process that opened a block device for writing
// without O_EXCL (a virtual machine's disk, a database on a raw device) loses its data to a
// discard as surely as a mounted filesystem does.
struct OpenWriter
{
    qint64 pid = 0;
    QString command;    // /proc/PID/comm: "qemu-system-x86"
    QString deviceName; // which of the devices asked about it holds open: "sdb", "sdb2"
};

// Every process but this one that holds one of `devices` (device number as dev_t -> kernel
// name) open for writing, from procRoot/PID/fd (which file) and fdinfo (its flags). Processes
// this one may not look into are passed over: root sees them all.
QList<OpenWriter> findOpenWriters(const QMap<quint64, QString> &devices,
                                  const QString &procRoot = QStringLiteral("/proc"));

// Whether something holds the device exclusively: mounted (in any mount namespace, where
// mountinfo does not reach), claimed by device mapper, RAID or a program's O_EXCL open. Asked by
// opening the node O_RDONLY | O_EXCL, which the kernel refuses with EBUSY then; nothing is
// read. The node must be the device numbered major:minor, or nothing is opened (false).
bool isClaimedExclusively(const QString &node, quint32 major, quint32 minor);

} // namespace trimscope
