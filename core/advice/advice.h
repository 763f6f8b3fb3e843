#pragma once

#include "audit/trimaudit.h"
#include "deletescaling.h"
#include "fsbench/deleteprofile.h"
#include "probe/backgroundprobe.h"
#include "stall/stallresult.h"
#include "sweep/sweepresult.h"
#include "watch/discardwatch.h"
#include "watch/fstrimtiming.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace trimscope::advice {

enum class Verdict {
    OnlineDiscardFine,    // mount with `discard`: the extra delete time is small on this drive
    PreferPeriodicFstrim, // leave `discard` off, run fstrim weekly (fstrim.timer)
    // The estimate's range lies across its limit: the figures cannot tell either way. Its own
    // answer, with both costs in numbers and the run that would decide; until then the advice's
    // fixes are fstrim's, the choice that is never harmful.
    Undecided,
    FixStackFirst, // TRIM does not reach the drive through this system's storage stack
    NoTrim,        // the drive does not support TRIM at all
    Unknown,       // nothing measured that a verdict could rest on
};

// "online-discard-fine", "prefer-periodic-fstrim", "undecided", "fix-stack-first", "no-trim",
// "unknown".
QString verdictName(Verdict verdict);
std::optional<Verdict> verdictFromName(const QString &name);
QString verdictDisplayName(Verdict verdict); // translated, short
// "high", "medium", "low" (as files say it) in the reader's language.
QString confidenceDisplayName(const QString &confidence);

// The kernel-tree deletes recorded on a current kernel (fsbench/recordedprofiles.h), which the
// advice prices where nothing was measured or given.
QList<FilesystemDeleteProfile> recordedDeleteProfiles();

// Whatever the health readout learned; every field is optional.
struct HealthSummary
{
    std::optional<bool> trimSupported; // ATA word 169 bit 0 / NVMe ONCS DSM
    std::optional<double> percentageUsed; // NVMe percentage used / ATA wear indicator
    QString source;
    // A read after TRIM returns zeroes and the kernel relies on it (health/trimreadwords.h);
    // nullopt: not known. With the words that say what a read returns.
    std::optional<bool> zeroesAfterTrim;
    QString readAfterTrim;
};

struct AdviceInput
{
    // The measured drive, when no sweep names it (a drive without TRIM has no sweep; a
    // filesystem experiment alone names its drive here).
    std::optional<DriveInfo> drive;
    QList<SweepResult> sweeps;                  // one drive; several runs are pooled
    QList<FilesystemDeleteProfile> filesystems; // given; recorded deletes fill ext4 / xfs gaps
    // Deletes measured on the drive, at one or more tree sizes (the filesystem experiment):
    // they replace a filesystem's profile above, and two sizes show how the count scales.
    QList<TreeDelete> treeDeletes;
    std::optional<audit::AuditReport> audit;
    std::optional<probe::BackgroundProbeResult> backgroundProbe;
    std::optional<stall::StallResult> stall; // what running discards do to other I/O
    std::optional<HealthSummary> health;
    std::optional<quint64> freeBytes; // what a weekly fstrim trims; default from audit or drive
    // The drive in use: the discards it served as its own counters say (trimscope-cli watch),
    // and timed fstrims of its filesystems' free space. They give the verdict for a drive that no
    // benchmark may touch (the system drive); beside a benchmark of the drive they add figures.
    std::optional<watch::DiscardWatch> watch;
    QList<watch::FstrimTimingResult> fstrimTimings;
};

// One number behind the verdict, with how it was computed.
struct Figure
{
    QString id; // stable: "delete-extra-ext4", "fstrim-weekly", "trim-at-13.2KiB", ...
    QString label;
    double value = 0;
    QString unit; // "s", "B", "x", "count", "s/MiB"
    QString how;

    QString displayValue() const; // "2.50 s", "21 MiB", "8.0x"
    QJsonObject toJson() const;
    static Figure fromJson(const QJsonObject &json);
};

// Whom a fix is for.
enum class FixScope {
    // An exact change to this computer, for a filesystem (or its stack) that lives on the measured
    // drive or on a drive of the same model, or a service that trims them.
    ThisComputer,
    // How to set up filesystems on the measured drive wherever it is used, with placeholders
    // (<uuid>, <mount point>): the drive is not in this computer, or no audit was given.
    MeasuredDrive,
};
QString fixScopeName(FixScope scope); // "this-computer", "measured-drive"

// One exact change: a command to run or a line for a file.
struct Fix
{
    QString id; // "enable-fstrim-timer", "fstab-add-discard:/", "audit:discards-blocked-crypt"
    QString title;
    QString file; // "/etc/fstab", "/etc/crypttab"; empty for a command
    QString text; // the command or the whole line, ready to copy
    QString explanation;
    FixScope scope = FixScope::ThisComputer;

    QJsonObject toJson() const;
    static Fix fromJson(const QJsonObject &json);
};

// The verdict for the measured drive with one filesystem: what deleting a kernel-sized tree with
// online discard would add, within the margin its figures carry, against that filesystem's limit.
// A range that straddles the limit is undecided: noise near the limit cannot flip the advice
// between discard and fstrim, and the advice says which run would decide.
struct FilesystemVerdict
{
    QString filesystem;                 // "ext4", "xfs"
    Verdict verdict = Verdict::Unknown; // OnlineDiscardFine, PreferPeriodicFstrim or Undecided
    bool backgroundTrim = false;        // fstrim because the drive trims in the background
    bool stall = false; // fstrim because the drive's discards hold other I/O up (stall test)
    // Undecided although its figures lie under the limit: a background probe ran and could not
    // tell (the computer was busy), and a drive that trims in the background answers TRIMs as
    // quickly as a fast one. Whether its answer is "discard fine" or "fstrim" is the probe's.
    bool backgroundUnknown = false;
    double extraSeconds = 0; // the estimate
    double lowSeconds = 0;   // the range it may lie in
    double highSeconds = 0;
    double limitSeconds = 0;
    double discardCount = 0; // for the kernel tree
    double averageDiscardBytes = 0;
    FigureBasis basis = FigureBasis::Recorded;
    QString sentence; // translated, recomputed when read

    QJsonObject toJson() const;
    static Expected<FilesystemVerdict> fromJson(const QJsonObject &json);
};

// Which of this computer's filesystems the measured drive's verdict applies to.
struct Configuration
{
    bool audited = false;      // an audit of this computer was given
    bool driveInAudit = false; // some audited filesystem lives on the drive or the same model
    QStringList subjects;      // those filesystems' mount points (and swap areas)
    QString summary;           // translated: what the fixes below change and why

    QJsonObject toJson() const;
    static Configuration fromJson(const QJsonObject &json);
};

struct Advice
{
    Verdict verdict = Verdict::Unknown;
    QString sentence; // the verdict in one translated sentence
    QList<Figure> numbers;
    QString confidence; // "high", "medium", "low"
    QStringList confidenceReasons;
    QStringList whatWouldChange;
    // The verdict for the measured drive, per filesystem, with its numbers.
    QList<FilesystemVerdict> filesystems;
    // This computer's configuration: which filesystems the fixes touch.
    Configuration configuration;
    QList<Fix> fixes; // what to do for this verdict, most important first
    // Audit findings that bear on TRIM for this drive, and the advice's own warnings (such as
    // background trimming), most severe first; each may carry its own fix.
    QList<audit::Finding> findings;
    // The rest of this computer's audit: findings about its own drives, none of them the measured
    // drive or its model. Shown for what they are, never turned into fixes by this verdict.
    QList<audit::Finding> computerFindings;
    QString drive; // display name of the measured drive, if any

    const Figure *figure(const QString &id) const;
    const FilesystemVerdict *filesystemVerdict(const QString &filesystem) const;
    // The body of the advice file (io.github.trimscope.advice; report/ adds the envelope); the
    // display texts are written for readers and recomputed when read.
    QJsonObject toJson() const;
    static Expected<Advice> fromJson(const QJsonObject &json);
};

// Where "fine" ends. Rationale in advice.cpp.
struct AdviceThresholds
{
    double ext4ExtraDeleteSeconds = 1.0;
    double xfsExtraDeleteSeconds = 5.0;
    double otherExtraDeleteSeconds = 1.0;
    // I/O held up this long behind one small or medium discard (what online discard sends) is
    // felt as a hang: the drive should not get discards while it is in use.
    double stallSeconds = 0.1;
};

// "ext4: online discard is fine: about 0.12 s (0.08 s – 0.18 s) extra per kernel-sized delete,
// under the 1.00 s limit.", translated.
QString filesystemVerdictSentence(const FilesystemVerdict &verdict);

// The verdict as one headline that agrees with every fix below it: verdictDisplayName, or where
// the filesystems' answers differ each one's ("ext4: mount with discard; XFS: leave discard off,
// run fstrim weekly"), in the order of `filesystems` and of the fixes. Translated.
QString verdictHeadline(const Advice &advice);

// Pure: the same input gives the same advice.
Advice adviseTrim(const AdviceInput &input, const AdviceThresholds &thresholds = {});

// The fstab line with `option` added to or removed from its options field; the line unchanged
// when it is not a valid fstab entry. Comments and spacing of other fields survive.
QString fstabLineWithOption(const QString &line, const QString &option, bool present);
// The fstab line with its options field replaced by `options`; unchanged when it has no options
// field. Spacing of the other fields survives.
QString fstabLineWithOptions(const QString &line, const QStringList &options);

} // namespace trimscope::advice
