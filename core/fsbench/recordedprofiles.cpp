#include "recordedprofiles.h"

#include <QCoreApplication>

namespace trimscope::fsbench {

namespace {
// The advice's context: these sources are read as part of its figures.
struct RecordedText
{
    Q_DECLARE_TR_FUNCTIONS(TrimAdvice)
};
} // namespace

QList<FilesystemDeleteProfile> recordedDeleteProfiles()
{
    // `trimscope-cli fsbench --preset kernel` on a 1 GiB emulated drive, Linux 6.1 with Debian
    // 12's and Debian 13's mkfs, idle and beside four busy loops: ext4 sent 356-382 discards of
    // 42-57 MiB on average (it discards the free space around what it freed, the same ranges
    // many times over: 15-20 GiB in all); XFS sent 11 of 52.8 MiB (581 MiB), once 37 of 15.7 MiB
    // (the same bytes).
    FilesystemDeleteProfile ext4;
    ext4.filesystem = QStringLiteral("ext4");
    ext4.discardCount = 370;
    ext4.averageDiscardBytes = 46.0 * 1024 * 1024;
    ext4.measured = true;
    ext4.source = RecordedText::tr("recorded on Linux 6.1: deleting the kernel tree on ext4 sent "
                                   "about 370 discards of 46 MiB on average");
    FilesystemDeleteProfile xfs;
    xfs.filesystem = QStringLiteral("xfs");
    xfs.discardCount = 11;
    xfs.averageDiscardBytes = 52.8 * 1024 * 1024;
    xfs.measured = true;
    xfs.source = RecordedText::tr("recorded on Linux 6.1: deleting the kernel tree on XFS sent "
                                  "about 11 discards of 53 MiB on average");
    return {ext4, xfs};
}

} // namespace trimscope::fsbench
