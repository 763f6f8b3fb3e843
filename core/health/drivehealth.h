#pragma once

#include "atasmart.h"
#include "common/expected.h"
#include "healthdevice.h"
#include "lifespan.h"
#include "nvmeidentify.h"
#include "nvmesmartlog.h"

#include <QJsonObject>
#include <QString>
#include <optional>

namespace trimscope::health {

// One drive's health, whatever its bus: the struct the CLI prints, the helper returns and the
// GUI shows. The unified figures are filled from whichever side is present.
struct DriveHealth
{
    DeviceKind kind = DeviceKind::Ata;
    QString source; // device path or blob file
    std::optional<AtaHealth> ata;
    std::optional<NvmeSmartLog> nvme;
    std::optional<NvmeIdentifyController> nvmeIdentify;
    std::optional<NvmeIdentifyNamespace> nvmeNamespace; // read as root, from the namespace node

    QString model;
    std::optional<bool> trimSupported;
    std::optional<QString> overall; // "GOOD", "BAD_SECTOR", "CRITICAL_WARNING", ...
    std::optional<double> powerOnHours;
    std::optional<double> temperatureCelsius;
    std::optional<double> percentUsed;
    std::optional<double> hostWritesBytes;
    double capacityBytes = 0;
    LifespanEstimate lifespan;
    std::optional<WearExtrapolation> wearExtrapolation;

    // Fills lifespan and wearExtrapolation from the figures under `assumptions`.
    void recomputeLifespan(const LifespanAssumptions &assumptions);

    // The body of the health report (io.github.trimscope.health; report/ adds the envelope).
    QJsonObject toJson() const;
    // Everything toJson writes, read back (the helper's ReadHealth reply is typed with this:
    // tst_realkernel's healthThroughTheHelper compares it with root's own read, field by
    // field); the drive database's per-attribute presets, already applied, are not written. The
    // lifespan is recomputed under `assumptions`, as for a loaded blob.
    static Expected<DriveHealth> fromJson(const QJsonObject &json,
                                          const LifespanAssumptions &assumptions = {});
};

DriveHealth summarizeAta(AtaHealth ata, const LifespanAssumptions &assumptions);
// The capacity is the controller's TNVMCAP, or where that is 0 (no namespace management, as
// on QEMU's controller) the namespaces' sizes: the whole drive either way.
DriveHealth summarizeNvme(NvmeSmartLog log, std::optional<NvmeIdentifyController> identify,
                          double namespacesBytes, const LifespanAssumptions &assumptions);

// Unsupported, in words, for a device sysfs shows to have no health (healthdevice.h's
// noHealthReasonOf): what a client asks before it asks the helper or udisks2 (and with them
// for a password). Nothing when it may have some, or the node cannot be examined (the reader
// then says why).
std::optional<Error> knownWithoutHealth(const QString &devicePath);

// Reads a real device (root only): NVMe through its admin ioctl, anything else via libatasmart.
// Which one is decided by the node's device number in sysfs, not by its name.
Expected<DriveHealth> readDriveHealth(const QString &devicePath,
                                      const LifespanAssumptions &assumptions);

} // namespace trimscope::health
