#pragma once

#include "device/admission.h"
#include "device/deviceprobe.h"
#include "device/driveinfo.h"
#include "device/exclusiveopen.h"
#include "discardtarget.h"
#include "sweepplan.h"

#include <memory>

namespace trimscope {

// A sweep ready to run: the drive's facts, the plan resolved for it, and the target with
// whatever it owns (the open device). The one path by which the CLI, the helper and the app
// get from "this device, this plan" to something SweepRunner can run.
struct PreparedSweep
{
    DriveInfo drive;
    ResolvedPlan plan;
    UniqueFd fd; // real devices: held open O_EXCL for the whole run
    std::unique_ptr<DiscardTarget> target;
};

// Admits the device (device/admission.h: the safety policy, O_RDWR | O_EXCL, kept open) and lays
// the plan out on it. Nothing is written. Each refusal is a named error.
// `rules` beyond the defaults: allowSiblingsOfSystemDisk (the device is always kept open).
Expected<PreparedSweep> prepareDeviceSweep(const QString &path, const SweepPlan &plan,
                                           const DeviceProbe &probe = DeviceProbe(),
                                           AdmissionRules rules = {});

// The same for an fd opened elsewhere (udisks' Block.OpenDevice): admitOpenedForWriting.
Expected<PreparedSweep> prepareOpenedDeviceSweep(UniqueFd fd, const QString &path,
                                                 const SweepPlan &plan,
                                                 const DeviceProbe &probe = DeviceProbe());

DeviceGeometry geometryOf(const DriveInfo &drive);

} // namespace trimscope
