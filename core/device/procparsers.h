#pragma once

#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace trimscope {

// Pure parsers over the text of /proc files (and the tab files that escape the same way):
// text in, values out, no I/O. The device probe and the audit both read mounts through these.

struct MountInfoEntry
{
    int mountId = -1;   // the kernel's id of the mount (first field), as fdinfo's mnt_id says it
    QString majorMinor; // "8:2"; "0:45" for btrfs and other anonymous devices
    QString root;       // "/" unless this is a bind mount of a subdirectory
    QString mountPoint;
    QStringList mountOptions; // per-mount: rw, noatime, relatime, ...
    QString fsType;
    QString source;           // "/dev/sda2", "/dev/mapper/root"
    QStringList superOptions; // per-superblock: discard, errors=remount-ro, ...

    // Both lists as one, each option once: "rw" is in both for almost every mount.
    QStringList options() const;
    // "discard" matches "discard" and "discard=async", in either option list.
    bool hasOption(const QString &option) const;
};

struct SwapEntry
{
    QString path;
    QString type; // "partition" or "file"
};

// "\040" -> " ": how mountinfo, /proc/swaps, fstab and crypttab escape blanks.
QString unescapeOctal(const QString &field);
// " " -> "\040": the other way, for blanks and backslashes (the kernel's mangle(), udisksd's
// escape_fstab).
QString escapeOctal(const QString &field);
// "discard=async" -> "discard".
QString mountOptionName(const QString &option);
// Fields separated by any run of blanks.
QStringList splitBlanks(const QString &line);

// /proc/self/mountinfo.
QList<MountInfoEntry> parseMountInfo(const QString &text);
// /proc/swaps (its header line is skipped).
QList<SwapEntry> parseSwaps(const QString &text);
// /proc/PID/fdinfo/N: its "flags:" field (octal, as open(2) took them), nothing when absent.
std::optional<int> parseFdInfoFlags(const QString &text);
// /proc/PID/fdinfo/N: its "mnt_id:" field, the mount the descriptor was opened through.
std::optional<int> parseFdInfoMountId(const QString &text);
// Open for writing (O_WRONLY or O_RDWR).
bool opensForWriting(int flags);

} // namespace trimscope
