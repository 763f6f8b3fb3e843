#pragma once

#include "common/expected.h"

#include <QMap>
#include <QString>

namespace trimscope::helper {

// The device a caller named, identified once, before the authorization prompt: the prompt names
// it, and the job runs on it only if it is still the same device after the approval (a
// /dev/disk/by-id link repointed while the prompt was open must not erase another drive).
struct IdentifiedDevice
{
    QString path;      // the kernel's node ("/dev/sdb"), never the caller's link
    quint32 major = 0; // the node's device number when identified
    quint32 minor = 0;
    QString wholeDisk; // one job per whole disk: a partition and its disk are the same drive
    QMap<QString, QString> promptDetails; // "drive": model, node, size, serial; "device"; ...
};

// The real identification: resolveDevicePath, then the probe; NoSuchDevice and friends name the
// caller's string only in the error, never in a prompt.
Expected<IdentifiedDevice> identifyDevice(const QString &untrustedPath);
// NoSuchDevice, naming both device numbers, when the node is gone or now holds another device
// than the one identified.
Error checkStillTheSameDevice(const IdentifiedDevice &device);

} // namespace trimscope::helper
