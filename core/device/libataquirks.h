#pragma once

#include <QString>

// Drives the kernel itself distrusts: libata's quirk list (drivers/ata/libata-core.c,
// __ata_dev_quirks) matched by model and firmware, as the kernel does, first match wins. Pure.
namespace trimscope {

struct LibataTrimQuirks
{
    // ATA_QUIRK_NO_NCQ_TRIM: the kernel sends TRIM unqueued, so every discard waits for the
    // drive's queue to drain and holds other I/O up behind it: online discard costs more.
    bool noQueuedTrim = false;
    // ATA_QUIRK_ZERO_AFTER_TRIM: the kernel trusts the drive's RZAT (word 69 bit 5): a read after
    // TRIM returns zeroes. Without it the kernel does not believe the bit.
    bool zeroAfterTrim = false;
    // ATA_QUIRK_NOTRIM: the kernel sends no TRIM at all.
    bool noTrim = false;
    QString pattern; // the kernel's model pattern that matched ("Samsung SSD 870*"); empty: none

    bool any() const { return noQueuedTrim || zeroAfterTrim || noTrim; }
};

// The model and firmware as IDENTIFY gives them (trimmed).
LibataTrimQuirks libataTrimQuirks(const QString &model, const QString &firmware);

} // namespace trimscope
