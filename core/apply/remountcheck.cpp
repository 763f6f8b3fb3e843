#include "remountcheck.h"

#include "applytext.h"
#include "device/procparsers.h"

#include <QDir>
#include <sys/mount.h>

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
    return RemountTarget{mountPoint,        top->source,
                         top->fsType,       top->hasOption(QStringLiteral("discard")),
                         top->mountOptions, top->superOptions};
}

Expected<RemountCall> remountCall(const RemountTarget &target, bool discard)
{
    const auto has = [](const QStringList &options, const char *option) {
        return options.contains(QLatin1String(option));
    };
    const bool mountReadOnly = has(target.mountOptions, "ro");
    if (mountReadOnly != has(target.superOptions, "ro"))
        return makeError(ErrorCode::Unsupported,
                         ApplyText::tr("%1 is mounted read-only on a filesystem that is not (or "
                                       "the other way round): a remount could not keep both.")
                             .arg(target.mountPoint));
    unsigned long flags = MS_REMOUNT;
    const struct
    {
        const char *option;
        unsigned long flag;
        bool perMount; // else the superblock's
    } known[] = {{"ro", MS_RDONLY, true},         {"nosuid", MS_NOSUID, true},
                 {"nodev", MS_NODEV, true},       {"noexec", MS_NOEXEC, true},
                 {"noatime", MS_NOATIME, true},   {"nodiratime", MS_NODIRATIME, true},
                 {"relatime", MS_RELATIME, true}, {"sync", MS_SYNCHRONOUS, false},
                 {"dirsync", MS_DIRSYNC, false},  {"lazytime", MS_LAZYTIME, false},
                 {"mand", MS_MANDLOCK, false}};
    for (const auto &option : known) {
        if (has(option.perMount ? target.mountOptions : target.superOptions, option.option))
            flags |= option.flag;
    }
    // mountinfo names no atime rule for strictatime; without one MS_REMOUNT keeps the old rule,
    // which is the same thing, but said out loud it cannot be mistaken.
    if (!(flags & (MS_NOATIME | MS_RELATIME)))
        flags |= MS_STRICTATIME;
    return RemountCall{flags,
                       discard ? QByteArrayLiteral("discard") : QByteArrayLiteral("nodiscard")};
}

bool onlyDiscardChanged(const RemountTarget &before, const RemountTarget &after)
{
    const auto withoutDiscard = [](QStringList options) {
        options.removeIf([](const QString &option) {
            return option == QLatin1String("discard") || option == QLatin1String("nodiscard") ||
                   option.startsWith(QLatin1String("discard="));
        });
        return options;
    };
    return before.source == after.source && before.fsType == after.fsType &&
           before.mountOptions == after.mountOptions &&
           withoutDiscard(before.superOptions) == withoutDiscard(after.superOptions);
}

} // namespace trimscope::apply
