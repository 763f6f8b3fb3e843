#pragma once

#include "common/expected.h"
#include "device/deviceidentity.h"

#include <QMap>
#include <QString>

namespace trimscope::helper {

// The device a caller named, identified once, before the authorization prompt: the prompt names
// it, and the job runs on it only if it is still the same device after the approval (a
// /dev/disk/by-id link repointed while the prompt was open must not erase another drive).
struct IdentifiedDevice
{
    QString path; // the kernel's node ("/dev/sdb"), never the caller's link
    // The medium behind the node when identified: device number, disk sequence, size, model,
    // serial. A medium swapped behind the same number while the prompt is open is another one.
    DeviceIdentity identity;
    QString wholeDisk; // one job per whole disk: a partition and its disk are the same drive
    QMap<QString, QString> promptDetails; // "drive": model, node, size, serial; "device"; ...
};

// The real identification: resolveDevicePath, then the probe; NoSuchDevice and friends name the
// caller's string only in the error, never in a prompt.
Expected<IdentifiedDevice> identifyDevice(const QString &untrustedPath);
// NoSuchDevice, naming what differs, when the node is gone or now holds another medium than the
// one identified (another device number, disk sequence, size, model or serial). The job's own
// admission asks again on the fd it opens.
Error checkStillTheSameDevice(const IdentifiedDevice &device);

} // namespace trimscope::helper
