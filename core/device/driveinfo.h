#pragma once

#include "blockdevice.h"

#include <QJsonObject>

namespace trimscope {

// The facts about a drive that every result carries, for a real device or a simulated one.
struct DriveInfo
{
    QString path;
    QString name;
    QString vendor;
    QString model;
    QString serial;
    QString firmware;
    QString transport;
    quint64 sizeBytes = 0;
    quint32 logicalBlockSize = 512;
    quint32 physicalBlockSize = 512;
    quint64 discardGranularity = 0;
    quint64 discardMaxBytes = 0;
    quint64 discardMaxHwBytes = 0;
    bool rotational = false;
    bool simulated = false;
    QString simulationProfile; // the profile id when simulated

    // "Samsung SSD 860 (sda)", or "OCZ Agility 3-like SSD (simulated)" (the marker in the
    // reader's language; files keep the English one in the model).
    QString displayName() const;
    // The model, for a simulated drive with the marker in the reader's language.
    QString displayModel() const;
    // The vendor a person knows (not a bus's number for it) and the model: "SanDisk Extreme",
    // "Virtio disk" (German "Virtio-Laufwerk"), the name without the device.
    QString displayMakerAndModel() const;

    QJsonObject toJson() const;
    static DriveInfo fromJson(const QJsonObject &json);
};

DriveInfo driveInfoFrom(const BlockDevice &device);

} // namespace trimscope
