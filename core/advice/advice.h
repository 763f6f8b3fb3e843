#pragma once

#include "audit/trimaudit.h"
#include "fsbench/deleteprofile.h"
#include "probe/backgroundprobe.h"
#include "stall/stallresult.h"
#include "sweep/sweepresult.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace trimscope::advice {

enum class Verdict {
    OnlineDiscardFine,    // mount with `discard`: the extra delete time is small on this drive
    PreferPeriodicFstrim, // leave `discard` off, run fstrim weekly (fstrim.timer)
    FixStackFirst,        // TRIM does not reach the drive through this system's storage stack
    NoTrim,               // the drive does not support TRIM at all
    Unknown,              // nothing measured that a verdict could rest on
};

// "online-discard-fine", "prefer-periodic-fstrim", "fix-stack-first", "no-trim", "unknown".
QString verdictName(Verdict verdict);
std::optional<Verdict> verdictFromName(const QString &name);
QString verdictDisplayName(Verdict verdict); // translated, short
// "high", "medium", "low" (as files say it) in the reader's language.
QString confidenceDisplayName(const QString &confidence);

// ext4: discards averaging 21 MiB, 24 of them for the tree (493 MB / 21 MiB, rounded up);
// XFS: 13.2 KiB on average and 1,641 times as many (trim_perf.c article, kernel 3.1).
QList<FilesystemDeleteProfile> literatureDeleteProfiles();

// Whatever the health readout learned; every field is optional.
struct HealthSummary
{
    std::optional<bool> trimSupported; // ATA word 169 bit 0 / NVMe ONCS DSM
    std::optional<bool> deterministicReadAfterTrim;
    std::optional<double> percentageUsed; // NVMe percentage used / ATA wear indicator
    QString source;
};

struct AdviceInput
{
    QList<SweepResult> sweeps;                  // one drive; several runs are pooled
    QList<FilesystemDeleteProfile> filesystems; // measured; literature fills ext4 / xfs gaps
    std::optional<audit::AuditReport> audit;
    std::optional<probe::BackgroundProbeResult> backgroundProbe;
    std::optional<stall::StallResult> stall; // what running discards do to other I/O
    std::optional<HealthSummary> health;
    std::optional<quint64> freeBytes; // what a weekly fstrim trims; default from audit or drive
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

// One exact change: a command to run or a line for a file.
struct Fix
{
    QString id; // "enable-fstrim-timer", "fstab-add-discard:/", "audit:discards-blocked-crypt"
    QString title;
    QString file; // "/etc/fstab", "/etc/crypttab"; empty for a command
    QString text; // the command or the whole line, ready to copy
    QString explanation;

    QJsonObject toJson() const;
    static Fix fromJson(const QJsonObject &json);
};

struct Advice
{
    Verdict verdict = Verdict::Unknown;
    QString sentence; // the verdict in one translated sentence
    QList<Figure> numbers;
    QString confidence; // "high", "medium", "low"
    QStringList confidenceReasons;
    QStringList whatWouldChange;
    QList<Fix> fixes; // what to do for this verdict, most important first
    // Audit findings that bear on TRIM for this drive, and the advice's own warnings (such as
    // background trimming), most severe first; each may carry its own fix.
    QList<audit::Finding> findings;
    QString drive; // display name of the measured drive, if any

    const Figure *figure(const QString &id) const;
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

// Pure: the same input gives the same advice.
Advice adviseTrim(const AdviceInput &input, const AdviceThresholds &thresholds = {});

// Predicted time the filesystem's discards for one delete cost on this curve, or nothing when
// the curve is empty. Exposed for tests and the GUI's "what if" view.
class TrimCurve;
std::optional<double> predictDeleteSeconds(const TrimCurve &curve,
                                           const FilesystemDeleteProfile &profile);

// The fstab line with `option` added to or removed from its options field; the line unchanged
// when it is not a valid fstab entry. Comments and spacing of other fields survive.
QString fstabLineWithOption(const QString &line, const QString &option, bool present);

} // namespace trimscope::advice
