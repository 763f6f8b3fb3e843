#pragma once

#include "advice.h"
#include "auditmatch.h"

#include <QList>
#include <QString>
#include <optional>

namespace trimscope::advice {

// The discards deleting a kernel tree sends on one filesystem, wherever the figures come from.
struct FsEstimate
{
    QString filesystem;
    double discardCount = 0;
    double averageDiscardBytes = 0;
    FigureBasis basis = FigureBasis::Literature;
    QString source; // in words
    std::optional<double> fstrimSeconds;
    std::optional<TreeDelete> largestDelete;       // the measured delete the figures rest on
    std::optional<double> deviceSecondsPerDiscard; // see KernelTreeDiscards
};

// What online discard would add to that delete on the measured drive, and its verdict.
struct FsPrediction
{
    FsEstimate estimate;
    double trimSeconds = 0; // one discard: the delete's device time, else the curve's
    bool fromDeviceTime = false;
    double deleteSeconds = 0; // all of them
    double margin = 0;
    double threshold = 0;
    FilesystemVerdict verdict;
};

// One estimate per filesystem that matters: those in use on the drive when the audit says which,
// else every one measured or given, and ext4 and XFS. Measured deletes first, then given
// profiles, then the literature. `drive` names the drive in the estimates' sources.
QList<FsEstimate> estimateFilesystems(const AdviceInput &input, const AuditMatch &audit,
                                      const QString &drive);

// The estimates the curve (or the deletes' own device time) can price, each with its verdict
// within its margin against its filesystem's limit.
QList<FsPrediction> predictDeletes(const QList<FsEstimate> &estimates, const TrimCurve &curve,
                                   const AdviceThresholds &thresholds);

} // namespace trimscope::advice
