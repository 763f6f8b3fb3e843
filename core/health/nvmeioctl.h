#pragma once

#include "common/expected.h"

#include <QByteArray>
#include <QString>

namespace trimscope::health {

// The only I/O of the NVMe side: read-only admin commands through NVME_IOCTL_ADMIN_CMD (which
// needs CAP_SYS_ADMIN). The bytes go to the pure parsers in nvmesmartlog.h/nvmeidentify.h.
struct NvmeRawHealth
{
    QByteArray smartLog;           // Get Log Page 02h, 512 bytes
    QByteArray identifyController; // Identify CNS 01h, 4096 bytes
    // Identify CNS 00h of the namespace the node is (NVME_IOCTL_ID), 4096 bytes; empty for a
    // controller node, which names no namespace, or where the drive refused it.
    QByteArray identifyNamespace;
};

Expected<NvmeRawHealth> readNvmeRawHealth(const QString &devicePath);

} // namespace trimscope::health
