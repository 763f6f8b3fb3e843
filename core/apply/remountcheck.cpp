#include "remountcheck.h"

#include "applytext.h"
#include "device/procparsers.h"

#include <QDir>

namespace trimscope::apply {

namespace {

constexpr qsizetype kMaxPathBytes = 4096;

Error refuseRemount(const QString &why)
{
    return makeError(ErrorCode::InvalidArgument, why);
}

bool hasControlCharacter(const QString &path)
{
    return std::any_of(path.cbegin(), path.cend(), [](QChar c) { return c.unicode() < 0x20; });
}

} // namespace

bool remountChangesDiscard(const QString &fsType)
{
    static const QStringList types = {QStringLiteral("ext4"), QStringLiteral("ext3"),
                                      QStringLiteral("btrfs")};
    return types.contains(fsType);
}

Expected<RemountTarget> remountTarget(const QString &mountinfo, const QString &mountPoint,
                                      const QString &expectedSource)
{
    static const QStringList remountable = {QStringLiteral("ext4"), QStringLiteral("ext3"),
                                            QStringLiteral("xfs"),  QStringLiteral("btrfs"),
                                            QStringLiteral("f2fs"), QStringLiteral("jfs")};
    if (mountPoint.isEmpty() || mountPoint.toUtf8().size() > kMaxPathBytes ||
        !mountPoint.startsWith(QLatin1Char('/')) || hasControlCharacter(mountPoint) ||
        QDir::cleanPath(mountPoint) != mountPoint)
        return refuseRemount(ApplyText::tr("“%1” is not an absolute, clean path of a mount point")
                                 .arg(mountPoint.left(200)));
    const MountInfoEntry *top = nullptr;
    const QList<MountInfoEntry> mounts = parseMountInfo(mountinfo);
    for (const MountInfoEntry &mount : mounts) {
        if (mount.mountPoint == mountPoint)
            top = &mount; // later lines are mounted over earlier ones
    }
    if (!top)
        return makeError(ErrorCode::NoSuchDevice,
                         ApplyText::tr("Nothing is mounted on %1 now.").arg(mountPoint));
    if (!expectedSource.isEmpty() && top->source != expectedSource)
        return makeError(ErrorCode::NoSuchDevice,
                         ApplyText::tr("%1 holds %2 now, not %3 as when the change was shown: "
                                       "it is not remounted.")
                             .arg(mountPoint, top->source, expectedSource));
    if (!remountChangesDiscard(top->fsType))
        return makeError(ErrorCode::Unsupported,
                         ApplyText::tr("%1 is %2, whose discard option TrimScope does not change "
                                       "on a mounted filesystem.")
                             .arg(mountPoint, top->fsType));
    return RemountTarget{mountPoint, top->source, top->fsType,
                         top->hasOption(QStringLiteral("discard"))};
}

QStringList remountArguments(const QString &mountPoint, bool discard)
{
    return {QStringLiteral("-o"),
            discard ? QStringLiteral("remount,discard") : QStringLiteral("remount,nodiscard"),
            QStringLiteral("--"), mountPoint};
}

} // namespace trimscope::apply
