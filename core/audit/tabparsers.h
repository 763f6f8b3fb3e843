#pragma once

#include "device/procparsers.h"

#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

// Parsers of the text tables the audit reads. They take text and return values: no I/O.
namespace trimscope::audit {

// Mounts and swaps are read by the same parsers as the device probe's (core/device).
using MountEntry = trimscope::MountInfoEntry;
using SwapEntry = trimscope::SwapEntry;
using trimscope::parseMountInfo;
using trimscope::parseSwaps;
using trimscope::unescapeOctal;

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

QList<FstabEntry> parseFstab(const QString &text);
QList<CrypttabEntry> parseCrypttab(const QString &text);

// `dmsetup table` output: dm name -> its target lines ("0 409600 crypt aes-xts-plain64 ...").
QMap<QString, QStringList> parseDmTable(const QString &text);

// Rebuilds an fstab/crypttab line with its options column replaced; column is 0-based.
QString replaceColumn(const QString &line, int column, const QString &value);
// Options with one added (if absent) or removed ("discard", "discard=once" both match "discard").
QStringList withOption(QStringList options, const QString &option);
QStringList withoutOption(QStringList options, const QString &option);
// The options that mount a filesystem of `type` with online discard, or without it whatever its
// defaults say. With: "discard" added, "nodiscard" dropped. Without: every "discard" and
// "discard=…" dropped and, where the type knows the option, "nodiscard" added: a default (ext4's
// superblock mount options, btrfs' discard=async on SSDs since Linux 6.2) would otherwise put
// discard back at the next mount, as it does after a bare `mount -o remount,nodiscard`.
QStringList withDiscardOption(const QString &type, QStringList options, bool discard);

} // namespace trimscope::audit
