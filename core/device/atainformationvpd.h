#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <optional>

namespace trimscope {

// The 512 bytes of IDENTIFY (PACKET) DEVICE data in SCSI VPD page 89h, ATA Information
// (SAT-5 10.4.2; sysfs device/vpd_pg89, world-readable, cached by the kernel at scan time).
// A SCSI layer in between (libata's SATL, a USB-SATA bridge) truncates the drive's identity into
// INQUIRY fields: a 16-character model ("Samsung SSD 870 ") and the last 4 characters of the
// firmware ("4B6Q"); the IDENTIFY data here hold the drive's own, whole strings.
// nullopt unless the page is well formed and says it holds IDENTIFY data. Pure.
std::optional<QByteArray> identifyDataFromAtaInformationVpd(QByteArrayView page);

} // namespace trimscope
