#pragma once

#include "common/expected.h"
#include "discardwatch.h"

#include <QJsonObject>
#include <optional>

// Which discards in a disk's counters are its present medium's own (issue 46, item 10).
//
// The kernel keeps a disk's counters (/sys/block/X/stat) for as long as the disk exists, and some
// disks outlive what they hold: a loop device across detach and attach (a loop number attached 9
// minutes before showed 25,124 discards and 190 GiB left by earlier users), an nbd device across
// connections, a card reader or optical drive across media. Each new medium gets a new diskseq
// (/sys/block/X/diskseq, Linux 5.15), drawn from one sequence for the whole boot, but the kernel
// says nothing of when, nor what the counters held then. So TrimScope notes every sighting of such
// a disk, with its diskseq and counters, in a small per-boot ledger, and counts an attachment from
// its first sighting; nothing is priced on counters no sighting of this attachment began.
namespace trimscope::watch {

// The medium of `diskName` can change while the disk and its counters stay: the kernel reports
// media changes for it (`events` holds media_change: loop devices since 5.x, removable media), or
// it is a loop or nbd device (earlier kernels, which report none for them).
bool mediumCanChange(const QString &diskName, const QString &sysRoot = QStringLiteral("/sys"));

// /proc/sys/kernel/random/boot_id, new with every boot; empty where the kernel has none.
QString readBootId(const QString &procRoot = QStringLiteral("/proc"));

// /sys/block/NAME/diskseq; 0 where the kernel has none (before 5.15) or the disk is gone.
quint64 readDiskseq(const QString &diskName, const QString &sysRoot = QStringLiteral("/sys"));

// When udev first saw `diskName` (its database's USEC_INITIALIZED, /run/udev/data/bMAJ:MIN), in
// seconds after boot; none without a record, or with one of another disk that had the number
// before (its disk/by-diskseq link names another diskseq). For a disk whose medium cannot change,
// its counters' start: a drive plugged in 10 minutes ago has counted for 10 minutes, not since
// boot. (udev's clock is CLOCK_MONOTONIC, which stops in suspend: after one, the period is longer
// than the device was there, and a rate on it lower.)
std::optional<double> udevInitializedSeconds(const QString &diskName,
                                             const QString &sysRoot = QStringLiteral("/sys"),
                                             const QString &udevRoot = QStringLiteral("/run/udev"));

// One look at a disk: its medium's diskseq and the counters of the disk and its partitions.
struct Sighting
{
    quint64 diskseq = 0;
    CounterSnapshot counters;

    QJsonObject toJson() const;
    static Sighting fromJson(const QJsonObject &json);
};

// What the ledger knew of an attachment before the sighting just noted.
struct AttachmentSightings
{
    Sighting first;                       // this diskseq's first sighting (the one noted, if new)
    std::optional<Sighting> previousLast; // the last sighting of the disk's medium before it
};

// The sightings of one boot (other boots' diskseqs mean nothing now), one JSON file.
class AttachmentLedger
{
public:
    // $TRIMSCOPE_ATTACHMENT_LEDGER where set (the tests give each its own, so that none writes
    // the running boot's real ledger); else as root /var/lib/trimscope/attachments.json, as a
    // user $XDG_DATA_HOME/trimscope/attachments.json.
    static QString defaultPath();
    // An unreadable or missing file, or one of another boot, is an empty ledger.
    static AttachmentLedger load(const QString &path, const QString &bootId);
    Error save(const QString &path) const;
    // Notes `now` of disk `name` and returns what was known of its attachment with it.
    AttachmentSightings note(const QString &name, const Sighting &now);
    // Whether a note changed what save() writes.
    bool changed() const { return m_changed; }

private:
    QString m_bootId;
    QJsonObject m_devices;
    bool m_changed = false;
};

// Pure: whether the attachment of `first` had discarded nothing before its first sighting: the
// last sighting of the medium before it holds the same discard count for the whole disk (counts
// only grow, so none was sent from the earlier look, through the attach, to the first of this
// one).
bool countedFromItsStart(const AttachmentSightings &known, const QString &diskName);

// Notes a sighting of `diskName` now (counters `now`) in the ledger at `ledgerPath` and returns
// what was known. Unexpected (IoError) where the kernel gives no diskseq or no boot id: one
// attachment cannot be told from another there.
Expected<AttachmentSightings> noteSighting(const QString &diskName, const CounterSnapshot &now,
                                           const QString &sysRoot, const QString &procRoot,
                                           const QString &ledgerPath);

// For a disk whose medium can change: the counters of `sinceBootWatch` (read as `now`) counted
// instead from the first sighting of this attachment where that was before now (its words in
// countedSince); otherwise the same watch marked foreign (no verdict is priced on it), saying
// that counting starts now.
DiscardWatch countFromAttachment(const DiscardWatch &sinceBootWatch, const BlockDevice &disk,
                                 const CounterSnapshot &now,
                                 const Expected<AttachmentSightings> &known);

// A since-boot watch of a disk that appeared `appearedSeconds` after boot (udev), counted from
// then: its counters began with it. Unchanged without a time, or one within a minute of boot.
void countFromAppearance(DiscardWatch &watch, std::optional<double> appearedSeconds);

// Whether this attachment of whole disk `diskName` has sent no discard since it appeared: its
// counters hold none at all, or its medium can change and the discards counted since its first
// sighting, which began it (countedFromItsStart), are none. False where that cannot be told.
bool attachmentServedNoDiscard(const QString &diskName,
                               const QString &sysRoot = QStringLiteral("/sys"),
                               const QString &procRoot = QStringLiteral("/proc"),
                               const QString &ledgerPath = AttachmentLedger::defaultPath());

} // namespace trimscope::watch
