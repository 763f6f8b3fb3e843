#pragma once

#include "common/expected.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace trimscope::apply {

// One /etc/fstab entry as udisks2 names it in Block.Configuration and takes it in
// Block.UpdateConfigurationItem: the fields unescaped ("/mnt/my disk", not "/mnt/my\040disk").
struct FstabItem
{
    QString fsname; // "UUID=…", "/dev/mapper/root", "LABEL=…"
    QString dir;    // mount point, "none" or "swap"
    QString type;
    QString opts;
    int freq = 0;
    int passno = 0;

    friend bool operator==(const FstabItem &, const FstabItem &) = default;
};

// One /etc/crypttab entry as udisks2 names it: an empty passphrase path is "none".
struct CrypttabItem
{
    QString name;
    QString device;
    QString passphrasePath;
    QString options;

    friend bool operator==(const CrypttabItem &, const CrypttabItem &) = default;
};

// The line udisks2 writes for an item (udisksd's add_remove_*_entry: fields joined by one
// space, blanks and backslashes of fstab fields as octal escapes). udisks appends it at the
// end of the file after removing the old line.
QString udisksFstabLine(const FstabItem &item);
QString udisksCrypttabLine(const CrypttabItem &item);

// The entry udisks2 would find for `line` when asked to remove or update it, or nothing when it
// cannot: udisks matches only fstab lines with all six fields (its sscanf wants dump and pass
// as numbers), and crypttab lines of two to four fields. `why` says what is missing.
std::optional<FstabItem> fstabItemFromLine(const QString &line, QString *why = nullptr);
std::optional<CrypttabItem> crypttabItemFromLine(const QString &line, QString *why = nullptr);

// The file after udisks2 changed it: the first line that is `before` removed, `after` (if any)
// appended; nothing when no line is `before`. What udisksd does, so the preview shows the bytes
// it will write and tests can hold udisksd to them.
std::optional<QByteArray> fstabAfterUpdate(const QByteArray &file, const FstabItem &before,
                                           const std::optional<FstabItem> &after);
std::optional<QByteArray> crypttabAfterUpdate(const QByteArray &file, const CrypttabItem &before,
                                              const std::optional<CrypttabItem> &after);

// A changed line of /etc/fstab.
struct FstabEdit
{
    QString subject;    // the mount point or swap area it is for ("/", "/dev/sda3")
    QString lineBefore; // as it stands in the file now
    FstabItem before;
    FstabItem after;
    // An undo's: the line's text as recorded before the change it undoes. udisks2 writes the
    // fields back in its own form (lineAfter), so the preview shows both where they differ.
    QString recordedText;

    QString lineAfter() const { return udisksFstabLine(after); }
};

// A changed line of /etc/crypttab.
struct CrypttabEdit
{
    QString subject;    // the mapped device ("/dev/mapper/sda3_crypt")
    QString lineBefore; // as it stands in the file now
    CrypttabItem before;
    CrypttabItem after;
    QString recordedText; // as FstabEdit's

    QString lineAfter() const { return udisksCrypttabLine(after); }
};

// A systemd unit enabled and started, or (undoing that) stopped and disabled.
struct UnitChange
{
    QString unit; // "fstrim.timer"
    bool enable = true;
    bool unmask = false; // enabling: it is masked now, unmask it first
    bool mask = false;   // disabling: it was masked before, mask it again
};

// A filesystem remounted so that its discard option holds now, not only from the next boot.
struct Remount
{
    QString mountPoint;
    QString device;       // as mounted ("/dev/loop3"): the helper checks it is still that
    bool discard = false; // the option it gets: discard or nodiscard
};

// An open dm-crypt device refreshed (cryptsetup refresh) so that whether it passes discards
// holds now, not only from the next time it is opened. LUKS keeps its volume key in the kernel
// only while it opens a device: the refresh needs the passphrase, asked for when the step runs
// (and again to undo it), never stored.
struct CryptRefresh
{
    QString name;               // the mapping ("sda3_crypt", /dev/mapper/sda3_crypt)
    bool allowDiscards = false; // refreshed with --allow-discards, or without (the undo)
};

// Everything one fix changes, computed before anything changes: what the confirmation shows
// and what the one confirmed step does, in this order (files, units, then what holds now).
struct ApplyPlan
{
    QString fixId;
    QString title; // translated
    QList<FstabEdit> fstab;
    QList<CrypttabEdit> crypttab;
    QList<UnitChange> units;
    QList<Remount> remounts;
    QList<CryptRefresh> cryptRefreshes;
    // Translated: what the plan leaves to a reboot or to the user, and why ("no systemd here:
    // instead add this cron line …"). Shown with the plan; nothing in it is done.
    QStringList notes;

    bool changesNothing() const;
    QJsonObject toJson() const;
    static Expected<ApplyPlan> fromJson(const QJsonObject &json);
};

// The whole plan in words, one change per line, for the confirmation (CLI and GUI alike);
// the notes last, unless the caller shows them apart.
QStringList describePlan(const ApplyPlan &plan, bool withNotes = true);

} // namespace trimscope::apply
