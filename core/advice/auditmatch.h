#pragma once

#include "audit/trimaudit.h"
#include "device/driveinfo.h"

#include <QList>
#include <QStringList>
#include <optional>

namespace trimscope::advice {

class TrimCurve;

// Which of this computer's audited filesystems the measured drive's verdict applies to, and
// which audit findings bear on it.
struct AuditMatch
{
    // The audited filesystems the verdict applies to: on the measured drive or on a drive of the
    // same model; without a measured drive, all of them (advice on this computer alone).
    QList<audit::AuditTarget> targets;
    bool driveInAudit = false;      // some audited filesystem lives on the drive or the same model
    bool matchedByModel = false;    // one of them only by its model, not by its disk
    QList<audit::Finding> findings; // about those targets
    QList<audit::Finding> computerFindings; // about this computer's other drives
    QList<audit::Finding> blockers;         // those of `findings` that keep TRIM from the drive

    // The filesystem types on the measured drive, when the audit found it in this computer.
    QStringList filesystemsInUse() const;
    bool hasFinding(const QString &id) const;
};

// Which audited filesystems live on the measured drive: the same disk (by its kernel name; a
// measured loop device counts as the disk of what is mounted from it) or a disk of the same
// model. A simulated drive lives in no computer. Findings about other drives
// are this computer's own business: kept apart, never turned into fixes by this verdict. The
// curve tells a drive that trims through a disk the kernel calls discard-less.
AuditMatch matchAudit(const std::optional<audit::AuditReport> &audit,
                      const std::optional<DriveInfo> &drive, const TrimCurve &curve);

} // namespace trimscope::advice
