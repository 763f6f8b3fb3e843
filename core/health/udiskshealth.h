#pragma once

#include "atasmart.h"
#include "common/expected.h"
#include "nvmesmartlog.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <QVariantMap>
#include <optional>

namespace trimscope::health {

// Health as the host's udisks2 passes it on, for an app that may not send ATA or NVMe commands
// itself (the Flatpak, a user without the helper). udisks reads SMART as root and hands out the
// decoded values; these functions turn them into the same health model a blob or a device read
// gives. Pure: the D-Bus replies arrive already unpacked (app/runners/udiskshealth).

// One row of org.freedesktop.UDisks2.Drive.Ata.SmartGetAttributes' answer, a(ysqiiixia{sv}):
// id, name, flags (bit 0 prefail, bit 1 online), value, worst, threshold (-1: unknown), pretty
// (libatasmart's decoded value, meaningless when prettyUnit is 0) and prettyUnit (libatasmart's
// SkSmartAttributeUnit: 0 unknown, 1 none, 2 ms, 3 sectors, 4 mK, 5 small percent, 6 percent,
// 7 MB).
struct UdisksAtaAttribute
{
    quint8 id = 0;
    QString name;
    quint16 flags = 0;
    qint32 value = -1;
    qint32 worst = -1;
    qint32 threshold = -1;
    qint64 pretty = 0;
    qint32 prettyUnit = 0;
};

// The properties of the drive's org.freedesktop.UDisks2.Drive and .Drive.Ata interfaces a
// health report needs, plus what the kernel says about the block device.
struct UdisksAtaDrive
{
    // Drive
    QString model;
    QString serial;
    QString revision;
    quint64 sizeBytes = 0;
    qint32 rotationRate = -1; // -1 unknown, 0 non-rotating, else rpm
    // Drive.Ata
    bool smartSupported = false;
    bool smartEnabled = false;
    quint64 smartUpdated = 0; // seconds since the epoch; 0: never read, the rest is meaningless
    bool smartFailing = false;
    quint64 smartPowerOnSeconds = 0;   // 0: unknown
    double smartTemperatureKelvin = 0; // 0: unknown
    qint64 smartNumBadSectors = -1;
    QString smartSelftestStatus;
    qint32 smartSelftestPercentRemaining = -1;
    // The kernel's view of the block device (sysfs): udisks does not pass IDENTIFY on.
    quint32 logicalSectorBytes = 512;
    std::optional<bool> trimSupported; // discard_max_bytes > 0 on a libata disk
};

// The attribute table and figures, as far as udisks passes them on: the normalized values and
// libatasmart's decoded ("pretty") values. The raw fields are known only where libatasmart's
// pretty value is the raw field itself (units none and sectors); elsewhere they are unknown, so a
// figure read from a raw field (host writes of most drives) is unknown too. IDENTIFY words udisks
// does not pass on (TRIM, NCQ) are not invented: TRIM comes from the kernel, the rest reads false.
// NoSuchDevice-free: Unsupported when SMART is not supported, enabled or read yet.
Expected<AtaHealth> ataHealthFromUdisks(const UdisksAtaDrive &drive,
                                        const QList<UdisksAtaAttribute> &attributes,
                                        const DriveDatabase *driveDb = nullptr);

// The properties of org.freedesktop.UDisks2.NVMe.Controller (udisks 2.10 and later).
struct UdisksNvmeController
{
    quint64 smartUpdated = 0;
    QStringList smartCriticalWarning; // "spare", "temperature", "degraded", "readonly", ...
    quint64 smartPowerOnHours = 0;
    quint16 smartTemperatureKelvin = 0;
};

// The SMART / Health log as udisks' NVMe.Controller.SmartGetAttributes (a{sv}) and properties
// give it. Values in `attributes` are plain (numbers, and temp_sensors a list of numbers); a value
// of the wrong type is refused (InvalidArgument), a missing one stays zero. udisks reports data
// read and written in bytes (data units × 512000), and no command counts (hostCommandsKnown is
// false).
Expected<NvmeSmartLog> nvmeSmartLogFromUdisks(const UdisksNvmeController &controller,
                                              const QVariantMap &attributes);

} // namespace trimscope::health
