#pragma once

#include "device/blockdevice.h"
#include "device/driveinfo.h"
#include "device/safetypolicy.h"
#include "sweep/sweepplan.h"

#include <QObject>
#include <QVariantMap>

namespace trimscope::gui {

class Job;
class SweepJob;

// One drive as a backend offers it: the facts, whether it may be benchmarked, and why not.
struct DriveEntry
{
    QString id; // unique across backends: "<backend id>:<drive key>"
    QString backendId;
    DriveInfo info;
    bool supportsDiscard = false;
    bool noMedium = false; // an empty drive: its size is not a size
    QString usage;         // "unused", "mounted at /home", ... in words
    SafetyVerdict safety;  // empty refusals: a destructive benchmark is allowed
};

// Whether a backend can serve drives at all, in words the window shows as they are.
struct BackendStatus
{
    bool available = false;
    QString summary; // "in process", "helper not installed", "udisks2 not reachable: ..."
};

// Where drives come from and who runs the benchmark on them: the app itself on simulated
// drives, the app on an fd from udisks2, or our privileged helper. The window only ever talks
// to this interface, so a new backend plugs in without touching it.
class Backend : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;

    virtual QString id() const = 0;
    // "Simulated drives", "udisks2 (host)", "TrimScope helper"
    virtual QString displayName() const = 0;
    // How it works, one sentence, for the Overview tab.
    virtual QString description() const = 0;
    virtual BackendStatus status() const = 0;
    virtual QList<DriveEntry> drives() const = 0;
    // Re-reads drives and status; emits changed() when done (possibly later, asynchronously).
    virtual void refresh() = 0;
    // Starts a benchmark; never blocks. The job reports failure through SweepJob::finished.
    // The caller owns the job.
    virtual SweepJob *startSweep(const DriveEntry &drive, const SweepPlan &plan) = 0;
    // Whether startJob can run the phase-based kinds (fsbench, mkfs-timing, recovery,
    // fill-curve); when not, jobSupport() says why in words.
    virtual bool supportsJobs() const = 0;
    virtual QString jobSupport() const = 0;
    // Starts a phase-based job of `kind` (helperprotocol.h) with StartJob's options
    // (joboptions.h); never blocks. A job that cannot start reports why through Job::finished.
    // The caller owns the job.
    virtual Job *startJob(const DriveEntry &drive, const QString &kind,
                          const QVariantMap &options) = 0;
    // Reads the drive's health (SMART / NVMe log); never blocks. Ends with one healthRead for
    // drive.id: the DriveHealth JSON, or why not (Unsupported where the backend cannot).
    virtual void readHealth(const DriveEntry &drive) = 0;

signals:
    void changed();
    void healthRead(const QString &driveId, const trimscope::Error &error,
                    const QByteArray &healthJson);
};

} // namespace trimscope::gui
