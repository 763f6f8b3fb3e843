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
    return {0.0, 1.0}; // XFS: from flat (Debian 12's mkfs) to in proportion (Debian 13's: 0.92)
}

} // namespace trimscope::fsbench
