#include "literatureprofiles.h"

#include <QCoreApplication>

namespace trimscope::fsbench {

namespace {
// The advice's context: these sources are read as part of its figures.
struct LiteratureText
{
    Q_DECLARE_TR_FUNCTIONS(TrimAdvice)
};
} // namespace

QList<FilesystemDeleteProfile> literatureDeleteProfiles()
{
    // 493 MB / 21 MiB = 22.4 discards of the average size; the article's count is not given
    // directly, so round up generously to whole discards of 21 MiB covering 493 MiB: 24.
    constexpr double ext4Count = 24;
    FilesystemDeleteProfile ext4;
    ext4.filesystem = QStringLiteral("ext4");
    ext4.averageDiscardBytes = 21.0 * 1024 * 1024;
    ext4.discardCount = ext4Count;
    ext4.source =
        LiteratureText::tr("literature: ext4 discards average 21 MiB (trim_perf.c article)");
    FilesystemDeleteProfile xfs;
    xfs.filesystem = QStringLiteral("xfs");
    xfs.averageDiscardBytes = 13.2 * 1024;
    xfs.discardCount = ext4Count * 1641;
    xfs.source = LiteratureText::tr(
        "literature: XFS discards average 13.2 KiB, 1,641x as many as ext4 (trim_perf.c article)");
    return {ext4, xfs};
}

} // namespace trimscope::fsbench
