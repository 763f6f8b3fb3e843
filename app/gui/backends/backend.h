#pragma once

#include "device/blockdevice.h"
#include "device/driveinfo.h"
#include "device/safetypolicy.h"
#include "health/drivehealth.h"
#include "jobs/jobrunner.h"

#include <QObject>

namespace trimscope::gui {

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

// One thing a backend does (TRIM benchmarks, health, ...), whether it can on this system, and
// when not, why and what would change that, in words the window shows as they are.
struct BackendCapability
{
    QString what; // "TRIM benchmark and background-TRIM probe"
    bool available = false;
    QString note;   // when available: what to expect ("asks for an administrator password")
    QString why;    // when not: "udisks2 is not running"
    QString remedy; // when not: "start udisks2.service (systemctl start udisks2)"
};

// Whether a backend can serve drives at all, in words the window shows as they are, and what
// it can do on this system.
struct BackendStatus
{
    bool available = false;
    QString summary; // "in process", "helper not installed", "udisks2 not reachable: ..."
    QList<BackendCapability> capabilities;
};

// Where drives come from and who runs jobs on them: the app itself on simulated drives, the app
// on an fd from udisks2, or our privileged helper. The window only ever talks to this
// interface, and to the JobRunner it hands out, so a new backend plugs in without touching it.
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
    // Why this backend cannot run the plan's kind now, in words; empty when it can.
    virtual QString whyNot(const JobPlan &plan) const = 0;
    // A job of any kind on the drive, not started yet: connect, then JobRunner::start(); it
    // never blocks. A job that cannot run reports why through JobRunner::finished. The caller
    // owns the runner.
    virtual JobRunner *start(const DriveEntry &drive, const JobPlan &plan) = 0;
    // Whether readHealth can read a real drive's SMART data.
    virtual bool readsHealth() const { return false; }
    // Reads the drive's health (SMART / NVMe log); never blocks. Ends with one healthRead for
    // drive.id: the health, typed where it arrived (udisks2's answers, the helper's report), or
    // why not (Unsupported where the backend cannot).
    virtual void readHealth(const DriveEntry &drive) = 0;

protected:
    // Answers a readHealth with `why` (Unsupported) from the event loop, as a real read would.
    void refuseHealth(const DriveEntry &drive, const QString &why);

signals:
    void changed();
    void healthRead(const QString &driveId, const trimscope::Error &error,
                    const trimscope::health::DriveHealth &health);
};

} // namespace trimscope::gui
