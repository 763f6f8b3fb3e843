#include "recordedprofiles.h"

#include <QCoreApplication>

namespace trimscope::fsbench {

namespace {
// The advice's context: these sources are read as part of its figures.
struct RecordedText
{
    Q_DECLARE_TR_FUNCTIONS(TrimAdvice)
};

FilesystemDeleteProfile recorded(QString filesystem, double count, double averageMiB,
                                 QString source)
{
    FilesystemDeleteProfile profile;
    profile.filesystem = std::move(filesystem);
    profile.discardCount = count;
    profile.averageDiscardBytes = averageMiB * 1024 * 1024;
    profile.measured = true;
    profile.source = std::move(source);
    return profile;
}
} // namespace

QList<FilesystemDeleteProfile> recordedDeleteProfiles()
{
    // `trimscope-cli fsbench --preset kernel` on a 1 GiB emulated drive, Linux 6.1, idle and
    // beside four busy loops. ext4 sent 333-382 discards of 42-57 MiB on average with Debian 12's
    // and Debian 13's mkfs alike (it discards the free space around what it freed, the same
    // ranges many times over: 15-20 GiB in all). XFS depends on the mkfs: 11 discards of 53 MiB
    // (Debian 12's, xfsprogs 6.1), 439 of 1.3 MiB on a drive with 20 ms TRIMs and 1,048 of
    // 0.6 MiB on a fast one (Debian 13's, xfsprogs 6.13). The record is Debian 13's, the
    // current stable's and the costlier: the filesystem experiment measures the one in use.
    // What in Debian 13's format makes the difference is the reverse-mapping btree (rmapbt=1,
    // xfsprogs 6.13's default; 6.1 leaves it off). On a plain 3 GiB loop device (Linux 6.18,
    // trixie's mkfs.xfs, fsbench --variants discard): with -m rmapbt=0, 11 discards at a quarter
    // of the tree (4 runs) and for the whole of it (3 of 4 runs; once 31), as Debian 12's; with
    // rmapbt=1, 161-246 at a quarter (5 runs) and 1,487-1,563 of 0.4 MiB for the whole tree (4
    // of 5 runs; once 260). nrext64=0 changed nothing.
    return {recorded(QStringLiteral("ext4"), 360, 48.0,
                     RecordedText::tr("recorded on Linux 6.1: deleting the kernel tree on ext4 "
                                      "sent about 360 discards of 48 MiB on average")),
            recorded(QStringLiteral("xfs"), 439, 1.3,
                     RecordedText::tr("recorded on Linux 6.1: deleting the kernel tree on XFS "
                                      "made by Debian 13's mkfs sent about 439 discards of "
                                      "1.3 MiB on average"))};
}

CountGrowth recordedCountGrowth(const QString &filesystem)
{
    if (filesystem == QLatin1String("ext4"))
        return {0.85, 1.0};
    // XFS: from flat (Debian 12's mkfs) to in proportion (Debian 13's: 0.92 up to half the
    // tree). Not yet modelled: with rmapbt=1 the count grows faster than the tree beyond a
    // quarter of it (a quarter to the whole: about 7.5 times the count, an exponent of 1.45).
    return {0.0, 1.0};
}

} // namespace trimscope::fsbench
