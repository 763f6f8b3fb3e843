#pragma once

// What the Apply tests share: the recorded computer (tests/core/audit/data), its NVMe drive as
// the drive list shows it, and a fast sweep kept with that drive so that the advice turns online
// discard on for / (fix "fstab-add-discard:/").
#include "audit/systemsnapshot.h"
#include "backends/driveentry.h"
#include "runstore.h"
#include "simulate/simulateddiscardtarget.h"
#include "simulate/simulatedprofiles.h"
#include "sweep/sweeprunner.h"

#include <QFile>

namespace trimscope::gui::test {

inline audit::SystemSnapshot snapshotOf(const QString &fixture)
{
    QFile file(QStringLiteral(TRIMSCOPE_SOURCE_DIR "/tests/core/audit/data/%1.json").arg(fixture));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing audit fixture %s", qPrintable(fixture));
    return *audit::SystemSnapshot::fromJsonBytes(file.readAll());
}

// The recorded computer's NVMe drive, as the drive list would show it.
inline DriveEntry nvmeEntry()
{
    DriveEntry entry;
    entry.id = QStringLiteral("test:nvme0n1");
    entry.backendId = QStringLiteral("test");
    entry.info.name = QStringLiteral("nvme0n1");
    entry.info.path = QStringLiteral("/dev/nvme0n1");
    entry.info.model = QStringLiteral("Model of nvme0n1");
    entry.info.serial = QStringLiteral("S0TEST");
    entry.info.sizeBytes = quint64(512) << 30;
    entry.info.logicalBlockSize = 512;
    entry.info.discardGranularity = 512;
    entry.info.discardMaxBytes = quint64(2) << 30;
    entry.supportsDiscard = true;
    return entry;
}

// A sweep of a fast simulated drive's model, in virtual time, kept with `entry`'s drive.
inline bool keepFastSweep(const RunStore &store, const DriveEntry &entry)
{
    const auto profile = findSimulatedProfile(QStringLiteral("corsair-performance-pro"));
    SweepPlan plan;
    plan.minBytes = 4096;
    plan.maxBytes = quint64(64) << 20;
    plan.repeats = 3;
    plan.seed = 7;
    const auto resolved = resolvePlan(plan, {entry.info.sizeBytes, 512, 4096});
    if (!profile || !resolved)
        return false;
    SimulatedDiscardTarget target(*profile, 7, false);
    CancelToken cancel;
    SweepRunner runner(target, *resolved, entry.info, cancel);
    return store.save(runner.run()).hasValue();
}

} // namespace trimscope::gui::test
