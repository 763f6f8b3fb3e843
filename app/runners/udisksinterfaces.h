#pragma once

#include <QString>

// The udisks2 D-Bus interfaces the runners read (udisks2's org.freedesktop.UDisks2.xml), named
// once for both.
namespace trimscope::udisks {

inline const QString kBlock = QStringLiteral("org.freedesktop.UDisks2.Block");
inline const QString kPartition = QStringLiteral("org.freedesktop.UDisks2.Partition");
inline const QString kFilesystem = QStringLiteral("org.freedesktop.UDisks2.Filesystem");
inline const QString kSwapspace = QStringLiteral("org.freedesktop.UDisks2.Swapspace");
inline const QString kDrive = QStringLiteral("org.freedesktop.UDisks2.Drive");
inline const QString kAta = QStringLiteral("org.freedesktop.UDisks2.Drive.Ata");
inline const QString kNvme = QStringLiteral("org.freedesktop.UDisks2.NVMe.Controller");
inline const QString kManager = QStringLiteral("org.freedesktop.UDisks2.Manager");

} // namespace trimscope::udisks
