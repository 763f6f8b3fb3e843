#pragma once

#include "device/libataquirks.h"
#include "drivehealth.h"

#include <QString>
#include <optional>

namespace trimscope::health {

// What a read of a trimmed block returns and what the kernel's own list says of the drive's
// TRIM, in the one wording the CLI's health, the Health tab's identity and the report all use.
struct TrimReadFacts
{
    QString afterTrim; // empty: the drive has no TRIM (or says nothing of it)
    QString kernel;    // empty: libata's list names the drive for nothing
    // A read after TRIM returns zeroes and the kernel relies on it (ATA: DRAT, RZAT and libata's
    // ZERO_AFTER_TRIM, as libata-scsi sets LBPRZ; NVMe: DLFEAT 001b). nullopt: not known (no
    // TRIM, or NVMe's Identify Namespace not read).
    std::optional<bool> zeroes;
};

TrimReadFacts trimReadFacts(const DriveHealth &health);

// The labels the Health tab and the report put before them ("After TRIM", "Kernel").
QString afterTrimLabel();
QString kernelLabel();

// From the drive's word (DRAT, RZAT) and whether the kernel believes it.
QString ataReadAfterTrimText(const AtaIdentify &identify, const LibataTrimQuirks &quirks);
// From an NVMe namespace's DLFEAT byte (root only: Identify Namespace).
QString nvmeReadAfterTrimText(const std::optional<NvmeIdentifyNamespace> &ns);
// Empty where the list names the drive for nothing.
QString kernelQuirkText(const LibataTrimQuirks &quirks);

} // namespace trimscope::health
