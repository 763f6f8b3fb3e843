#pragma once

#include "device/deviceidentity.h"
#include "device/exclusiveopen.h"

#include <QString>
#include <memory>
#include <variant>

namespace trimscope {

// The device a job runs on, as the runner reaches it.
// A block device this process opens itself (as root; the helper).
struct DeviceTarget
{
    QString path;
    // Admit a partition although other partitions of its disk are in use (AdmissionRules):
    // sweeps and background probes run by root only; every other runner refuses it.
    bool allowSiblingsOfSystemDisk = false;
    // The medium the helper's prompt named: every phase admits the device only while it still
    // holds that medium (AdmissionRules::approved). Unset for root's own runs.
    DeviceIdentity approved = {};
    // Admit it although a process holds it open for writing (AdmissionRules::allowOpenWriters):
    // sweeps and background probes run by root only, on request; every other runner refuses it.
    bool allowOpenWriters = false;
};
// A block device opened elsewhere and lent to us (udisks2's Block.OpenDevice): only the kinds
// that need nothing but an fd run on it.
struct OpenedDeviceTarget
{
    std::shared_ptr<UniqueFd> fd;
    QString path;
};
// A simulated drive (core/simulate): timeScale 1 takes the modelled time, 0.1 a tenth of it,
// 0 none at all.
struct SimulatedTarget
{
    QString profileId;
    double timeScale = 1;
};
using JobTarget = std::variant<DeviceTarget, OpenedDeviceTarget, SimulatedTarget>;

} // namespace trimscope
