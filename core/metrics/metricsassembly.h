#pragma once

#include "audit/systemsnapshot.h"
#include "common/error.h"
#include "device/blockdevice.h"
#include "health/drivehealth.h"
#include "sweep/sweepresult.h"
#include "trimmetrics.h"
#include "watch/discardwatch.h"

#include <QMap>
#include <optional>

// Turns what the readers found (sysfs probe, health readings, an audit snapshot, saved sweeps)
// into TrimMetrics. Pure: the CLI does the reading, tests feed recorded inputs.
namespace trimscope::metrics {

// Whole disks that have a health to read and wear out: not loop, device-mapper, md RAID, optical
// or network block devices (their lower disks are listed themselves).
bool isPhysicalDrive(const BlockDevice &device);

// One drive's health, or why it could not be read.
struct HealthReading
{
    std::optional<health::DriveHealth> health;
    Error error;
};

struct SavedSweep
{
    QString source; // the file it was read from
    SweepResult result;
};

struct MetricsInputs
{
    QList<BlockDevice> disks;            // DeviceProbe::listDisks(); filtered here
    QMap<QString, HealthReading> health; // by kernel name; a drive missing here was not read
    audit::SystemSnapshot snapshot;      // the audit and the fstrim status come from it
    QList<SavedSweep> sweeps;
    // The discard counters of the drives and of the devices filesystems are mounted from, by
    // kernel name (watch::readCounters); a device missing here is published without them.
    watch::CounterSnapshot counters;
    QDateTime now;
    QString toolVersion;
};

TrimMetrics assembleMetrics(const MetricsInputs &inputs);

// The kernel names whose discard counters the metrics publish: the physical drives and the
// devices the audited filesystems are mounted from.
QStringList counterNames(const QList<BlockDevice> &disks, const audit::SystemSnapshot &snapshot);

// The health figures of one drive, in base units (seconds, bytes, 0..1).
void applyHealth(DriveMetrics &drive, const health::DriveHealth &health);
// A sweep of this drive: same serial, or same kernel name when either has no serial.
bool sweepMeasured(const SweepResult &sweep, const DriveMetrics &drive);

} // namespace trimscope::metrics
