#include "nvmeioctl.h"

#include "healthdevice.h"
#include "nvmeidentify.h"
#include "nvmesmartlog.h"

#include <QFile>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <linux/nvme_ioctl.h>
#include <sys/ioctl.h>
#include <unistd.h>

namespace trimscope::health {

namespace {
constexpr quint8 kOpcodeGetLogPage = 0x02;
constexpr quint8 kOpcodeIdentify = 0x06;
constexpr quint8 kLogSmartHealth = 0x02;
constexpr quint32 kCnsNamespace = 0x00;
constexpr quint32 kCnsController = 0x01;
constexpr quint32 kAllNamespaces = 0xffffffff;

Error failure(const QString &devicePath, int err, const QString &what)
{
    const QString reason = QString::fromLocal8Bit(strerror(err));
    const ErrorCode code = (err == EACCES || err == EPERM) ? ErrorCode::PermissionDenied
                           : (err == ENOENT || err == ENODEV || err == ENXIO)
                               ? ErrorCode::NoSuchDevice
                           : (err == ENOTTY || err == EINVAL) ? ErrorCode::Unsupported
                                                              : ErrorCode::IoError;
    return makeError(code, QStringLiteral("%1 %2: %3").arg(what, devicePath, reason));
}

int adminCommand(int fd, quint8 opcode, quint32 nsid, quint32 cdw10, QByteArray &buffer)
{
    nvme_admin_cmd cmd{};
    cmd.opcode = opcode;
    cmd.nsid = nsid;
    cmd.addr = reinterpret_cast<quint64>(buffer.data());
    cmd.data_len = quint32(buffer.size());
    cmd.cdw10 = cdw10;
    return ::ioctl(fd, NVME_IOCTL_ADMIN_CMD, &cmd);
}
} // namespace

Expected<NvmeRawHealth> readNvmeRawHealth(const QString &devicePath)
{
    if (::geteuid() != 0)
        return makeError(ErrorCode::PermissionDenied,
                         QStringLiteral("reading the NVMe health log of %1 needs root (NVMe admin "
                                        "commands need CAP_SYS_ADMIN); run as root")
                             .arg(devicePath));
    // O_RDONLY: both commands only read, and nothing else is ever sent through this fd.
    const int fd = ::open(QFile::encodeName(devicePath).constData(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) // root's own words for a refused open, as the ATA reader's
        return deviceAccessError(devicePath, errno, QStringLiteral("cannot open"), true);
    NvmeRawHealth raw;
    raw.smartLog = QByteArray(kNvmeSmartLogBytes, '\0');
    raw.identifyController = QByteArray(kNvmeIdentifyBytes, '\0');
    // CDW10: NUMDL (dwords − 1) in bits 31:16, log identifier in bits 7:0.
    const quint32 numdl = quint32(kNvmeSmartLogBytes / 4 - 1);
    int ret = adminCommand(fd, kOpcodeGetLogPage, kAllNamespaces, (numdl << 16) | kLogSmartHealth,
                           raw.smartLog);
    int err = errno;
    if (ret == 0) {
        ret = adminCommand(fd, kOpcodeIdentify, 0, kCnsController, raw.identifyController);
        err = errno;
    }
    // The namespace's own page (DLFEAT: what a trimmed block reads back as). A namespace node
    // answers NVME_IOCTL_ID with its id; the controller node (/dev/nvme0) has none. Optional:
    // health stands without it.
    if (ret == 0) {
        const int nsid = ::ioctl(fd, NVME_IOCTL_ID);
        if (nsid > 0) {
            QByteArray ns(kNvmeIdentifyBytes, '\0');
            if (adminCommand(fd, kOpcodeIdentify, quint32(nsid), kCnsNamespace, ns) == 0)
                raw.identifyNamespace = ns;
        }
    }
    ::close(fd);
    if (ret < 0)
        return failure(devicePath, err, QStringLiteral("NVMe admin command failed on"));
    if (ret > 0) // a positive return is the NVMe status code
        return makeError(
            ErrorCode::IoError,
            QStringLiteral("%1 answered NVMe status 0x%2").arg(devicePath).arg(ret, 0, 16));
    return raw;
}

} // namespace trimscope::health
