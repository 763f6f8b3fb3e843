#pragma once

#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

// Parsers of the text tables the audit reads. They take text and return values: no I/O.
namespace trimscope::audit {

struct MountEntry
{
    QString majorMinor; // "8:2"; "0:45" for btrfs and other anonymous devices
    QString root;       // "/" unless this is a bind mount of a subdirectory
    QString mountPoint;
    QStringList mountOptions; // per-mount: rw, noatime, relatime, ...
    QString fsType;
    QString source;           // "/dev/sda2", "/dev/mapper/root"
    QStringList superOptions; // per-superblock: discard, errors=remount-ro, ...

    bool hasOption(const QString &option) const;
};

struct FstabEntry
{
    QString spec; // UUID=..., /dev/..., LABEL=...
    QString file; // mount point, or "none"/"swap" for swap
    QString type;
    QStringList options;
    QString line; // the original line, for quoting it back with a fix
};

struct CrypttabEntry
{
    QString name;
    QString device;
    QString keyFile;
    QStringList options;
    QString line;
};

struct SwapEntry
{
    QString path;
    QString type; // "partition" or "file"
};

// "\040" and friends, as mountinfo, fstab and crypttab escape blanks.
QString unescapeOctal(const QString &field);

QList<MountEntry> parseMountInfo(const QString &text);
QList<FstabEntry> parseFstab(const QString &text);
QList<CrypttabEntry> parseCrypttab(const QString &text);
QList<SwapEntry> parseSwaps(const QString &text);

// `dmsetup table` output: dm name -> its target lines ("0 409600 crypt aes-xts-plain64 ...").
QMap<QString, QStringList> parseDmTable(const QString &text);

// Rebuilds an fstab/crypttab line with its options column replaced; column is 0-based.
QString replaceColumn(const QString &line, int column, const QString &value);
// Options with one added (if absent) or removed ("discard", "discard=once" both match "discard").
QStringList withOption(QStringList options, const QString &option);
QStringList withoutOption(QStringList options, const QString &option);

} // namespace trimscope::audit
