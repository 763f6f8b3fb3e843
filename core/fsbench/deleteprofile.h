#pragma once

#include "common/expected.h"

#include <QJsonObject>
#include <QString>
#include <optional>

namespace trimscope {

// The deletion of a Linux kernel tree, as measured in our background reading.
inline constexpr int kKernelTreeFiles = 36706;
inline constexpr double kKernelTreeBytes = 493e6;

// What one filesystem does when that tree is deleted on a filesystem mounted with `discard`:
// how many discard commands, of what average size. The filesystem experiment measures these
// (fsbench::FsBenchResult::deleteProfiles); the advice reads them, and falls back on the deletes
// recorded on a current kernel (recordedprofiles.h) without them.
struct FilesystemDeleteProfile
{
    QString filesystem; // "ext4", "xfs", ...
    double averageDiscardBytes = 0;
    double discardCount = 0;
    double deletedBytes = kKernelTreeBytes;
    std::optional<double> fstrimSeconds; // measured time of fstrim on that filesystem
    bool measured = false;
    QString source; // where the figures come from, in words

    // The discards deleting the kernel tree would take: discardCount scaled by the bytes
    // deleted, since the filesystem experiment may delete a smaller tree (a quick preset).
    double kernelTreeDiscardCount() const;

    QJsonObject toJson() const;
    static Expected<FilesystemDeleteProfile> fromJson(const QJsonObject &json);
};

} // namespace trimscope
