#pragma once

#include "common/expected.h"
#include "report/resultfile.h"

#include <QDateTime>
#include <memory>
#include <optional>

namespace trimscope::gui {

// Whether two records describe the same drive: model and serial when there is a serial (a drive
// moved to another port is still itself), else model and device name.
bool sameDrive(const DriveInfo &a, const DriveInfo &b);

// A saved run as lists show it: its kind, drive and date, without its samples.
struct StoredRun
{
    QString path;
    QString kind; // the result file's "kind": "trim-sweep", "fs-delete-bench", ...
    DriveInfo drive;
    QDateTime started;
    StopReason stopReason = StopReason::Completed;
    bool readable = true; // false: a broken file, listed by name
    // The TRIM curve the run holds, as how its sweep ended: a benchmark's, or the sweep phase of
    // a diagnosis that swept. None: no curve (another kind, a diagnosis that did not sweep).
    std::optional<StopReason> curve;

    QString driveName() const;
    QString date() const;    // "2024-05-01 14:03"
    QString label() const;   // "OCZ Agility 3-like SSD (simulated), 2024-05-01 14:03"
    QString outcome() const; // "complete", "cancelled", ... in words
    // How its curve's sweep ended, in words (a diagnosis may go on after its sweep is complete).
    QString curveOutcome() const;
    bool isDiagnosis() const;
    bool sameRun(const StoredRun &other) const;
};

// What importing a file did: where the run is stored now, and whether it was there already.
struct ImportedRun
{
    QString path;
    bool alreadyStored = false;
};

// Every finished run (of any kind), as the CLI's JSON, in the XDG data dir (…/trimscope/runs).
// Each file is parsed once per change on disk: a process-wide cache keyed by path, size and
// modification time serves list(), load() and every tab, from any thread.
class RunStore
{
public:
    // Empty: QStandardPaths::AppDataLocation + "/runs".
    explicit RunStore(QString directory = QString());

    QString directory() const { return m_directory; }
    Expected<QString> save(const SweepResult &result) const;
    // A run of any kind, as its result JSON (a filesystem experiment, a write-recovery test).
    Expected<QString> save(const AnyResult &result) const;
    // Lists the directory, newest first. The window lists it through one SavedRuns.
    QList<StoredRun> list() const;
    static void sortNewestFirst(QList<StoredRun> &runs);
    // How many times this process has listed a store's directory.
    static int listingCount();
    // The runs of one drive, newest first; only those of `kinds` when given.
    QList<StoredRun> runsOf(const DriveInfo &drive, const QStringList &kinds = {}) const;
    static QList<StoredRun> runsOf(const QList<StoredRun> &all, const DriveInfo &drive,
                                   const QStringList &kinds = {});
    // The runs of one drive that hold a TRIM curve (benchmarks and diagnoses that swept), newest
    // first: every view of the drive's curves lists the same.
    QList<StoredRun> curvesOf(const DriveInfo &drive) const;
    static QList<StoredRun> curvesOf(const QList<StoredRun> &all, const DriveInfo &drive);
    // The TRIM curve a run holds: a benchmark run, or the sweep of a diagnosis.
    static Expected<SweepResult> load(const QString &path);
    static Expected<AnyResult> loadAny(const QString &path);
    // The run's record (kind, drive, date) from the cache, parsing the file if needed.
    static StoredRun describe(const QString &path);
    // Copies a run file (the GUI's or the CLI's) into the store after checking it reads; a run
    // that is stored already (same kind, drive and start) is not copied twice.
    Expected<ImportedRun> import(const QString &path) const;
    // The same for a run already read (an import off the UI thread parses first).
    Expected<ImportedRun> import(const AnyResult &result) const;
    bool remove(const QString &path) const;
    // How many files this process has parsed so far (each change of a file counts once).
    static int parseCount();
    // Of those, how many on the calling thread (the window's: what stalled its frame).
    static int parseCountOnThisThread();

private:
    QString m_directory;
};

QString sweepKind();
QString diagnosisKind();
// The TRIM curve a result holds: the benchmark run itself, or a diagnosis's sweep when it
// measured; null for anything else.
const SweepResult *curveOf(const AnyResult &result);
// When a run began, as every list of runs shows it: "2024-05-01 14:03", local time.
QString dateText(const QDateTime &when);
// Each run's date, told apart from the other runs of its drive in `runs`, in the order of `runs`:
// to the minute, to the second when another started in that minute, then numbered
// ("… 14:03:07 #2") when still equal.
QStringList distinctDates(const QList<StoredRun> &runs);

// "Drive, date"; twoLines puts the date under the name.
QString runLabel(const SweepResult &result, bool twoLines = false);

} // namespace trimscope::gui
