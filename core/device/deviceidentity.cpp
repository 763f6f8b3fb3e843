#include "deviceidentity.h"

#include <QStringList>
#include <linux/fs.h>
#include <sys/ioctl.h>

// Linux 5.15's ioctl, for headers older than that.
#ifndef BLKGETDISKSEQ
#define BLKGETDISKSEQ _IOR(0x12, 128, __u64)
#endif

namespace trimscope {

DeviceIdentity identityOf(const BlockDevice &device)
{
    return {device.major,     device.minor, device.diskSeq,
            device.sizeBytes, device.model, device.serial};
}

Error checkSameMedium(const DeviceIdentity &expected, const DeviceIdentity &now,
                      const QString &path)
{
    QStringList differences;
    if (now.major != expected.major || now.minor != expected.minor)
        differences << QStringLiteral("device %1:%2, now %3:%4")
                           .arg(expected.major)
                           .arg(expected.minor)
                           .arg(now.major)
                           .arg(now.minor);
    if (expected.diskSeq != 0 && now.diskSeq != 0 && now.diskSeq != expected.diskSeq)
        differences
            << QStringLiteral("disk sequence %1, now %2").arg(expected.diskSeq).arg(now.diskSeq);
    if (now.sizeBytes != expected.sizeBytes)
        differences
            << QStringLiteral("%1 bytes, now %2").arg(expected.sizeBytes).arg(now.sizeBytes);
    if (now.model != expected.model)
        differences << QStringLiteral("model '%1', now '%2'").arg(expected.model, now.model);
    if (now.serial != expected.serial)
        differences << QStringLiteral("serial '%1', now '%2'").arg(expected.serial, now.serial);
    if (differences.isEmpty())
        return {};
    return {ErrorCode::NoSuchDevice,
            QStringLiteral("%1 now holds another medium than the one approved (%2): nothing "
                           "was done to it")
                .arg(path, differences.join(QStringLiteral("; ")))};
}

quint64 diskSeqOfDescriptor(int fd)
{
    __u64 sequence = 0;
    if (::ioctl(fd, BLKGETDISKSEQ, &sequence) != 0)
        return 0;
    return quint64(sequence);
}

} // namespace trimscope
