#include "driveinfo.h"

#include "common/checkednumber.h"

#include <QCoreApplication>
#include <QRegularExpression>

namespace trimscope {

namespace {
struct DriveInfoText
{
    Q_DECLARE_TR_FUNCTIONS(DriveInfo)
};
// How a simulated drive's model ends in files (simulatedprofiles.cpp), whatever the language.
const QLatin1String kSimulatedMarker(" (simulated)");
} // namespace

namespace {
// The models the probe gives drives that name none (deviceprobe.cpp), kept in English in files
// and shown in the reader's language.
const char *const kPlaceholderModels[] = {QT_TRANSLATE_NOOP("DriveInfo", "Loop device"),
                                          QT_TRANSLATE_NOOP("DriveInfo", "Virtio disk")};

// A vendor a person knows by that name: not a bus's number for it (virtio's sysfs "vendor" is
// the PCI vendor id "0x1af4").
bool namesAVendor(const QString &vendor)
{
    static const QRegularExpression number(QStringLiteral("^0x[0-9a-fA-F]+$"));
    return !vendor.isEmpty() && !number.match(vendor).hasMatch();
}
} // namespace

QString DriveInfo::displayModel() const
{
    if (!simulated) {
        for (const char *placeholder : kPlaceholderModels) {
            if (model == QLatin1String(placeholder))
                return QCoreApplication::translate("DriveInfo", placeholder);
        }
        // Records made before the probe named virtio disks.
        if (model.isEmpty() && transport == QLatin1String("virtio"))
            return QCoreApplication::translate("DriveInfo", "Virtio disk");
        return model;
    }
    QString bare = model;
    if (bare.endsWith(kSimulatedMarker))
        bare.chop(kSimulatedMarker.size());
    // A profile's name in the reader's language ("SSD without TRIM", marked for translation
    // where the profiles are made); another model as it is.
    return DriveInfoText::tr("%1 (simulated)")
        .arg(QCoreApplication::translate("DriveInfo", bare.toUtf8().constData()));
}

QString DriveInfo::displayMakerAndModel() const
{
    if (simulated)
        return displayModel();
    const QString maker = namesAVendor(vendor) ? vendor : QString();
    return QStringList{maker, displayModel()}.join(QLatin1Char(' ')).trimmed();
}

QString DriveInfo::displayName() const
{
    if (simulated)
        return displayModel();
    const QString label = displayMakerAndModel();
    return label.isEmpty() ? path : QStringLiteral("%1 (%2)").arg(label, name);
}

QJsonObject DriveInfo::toJson() const
{
    return {
        {QStringLiteral("path"), path},
        {QStringLiteral("name"), name},
        {QStringLiteral("vendor"), vendor},
        {QStringLiteral("model"), model},
        {QStringLiteral("serial"), serial},
        {QStringLiteral("firmware"), firmware},
        {QStringLiteral("bus"), transport},
        {QStringLiteral("size_bytes"), double(sizeBytes)},
        {QStringLiteral("logical_block_size"), double(logicalBlockSize)},
        {QStringLiteral("physical_block_size"), double(physicalBlockSize)},
        {QStringLiteral("discard_granularity"), double(discardGranularity)},
        {QStringLiteral("discard_max_bytes"), double(discardMaxBytes)},
        {QStringLiteral("discard_max_hw_bytes"), double(discardMaxHwBytes)},
        {QStringLiteral("rotational"), rotational},
        {QStringLiteral("simulated"), simulated},
        {QStringLiteral("simulation_profile"), simulationProfile},
    };
}

DriveInfo DriveInfo::fromJson(const QJsonObject &json)
{
    const auto text = [&](const char *key) { return json.value(QLatin1String(key)).toString(); };
    const auto number = [&](const char *key) {
        // Untrusted: negative, fractional-beyond-range or NaN sizes read as unknown (0).
        return checkedInteger<quint64>(json.value(QLatin1String(key)).toDouble()).value_or(0);
    };
    DriveInfo info;
    info.path = text("path");
    info.name = text("name");
    info.vendor = text("vendor");
    info.model = text("model");
    info.serial = text("serial");
    info.firmware = text("firmware");
    info.transport = text("bus");
    info.sizeBytes = number("size_bytes");
    info.logicalBlockSize =
        checkedInteger<quint32>(double(number("logical_block_size"))).value_or(0);
    info.physicalBlockSize =
        checkedInteger<quint32>(double(number("physical_block_size"))).value_or(0);
    info.discardGranularity = number("discard_granularity");
    info.discardMaxBytes = number("discard_max_bytes");
    info.discardMaxHwBytes = number("discard_max_hw_bytes");
    info.rotational = json.value(QStringLiteral("rotational")).toBool();
    info.simulated = json.value(QStringLiteral("simulated")).toBool();
    info.simulationProfile = text("simulation_profile");
    return info;
}

DriveInfo driveInfoFrom(const BlockDevice &device)
{
    DriveInfo info;
    info.path = device.path;
    info.name = device.name;
    info.vendor = device.vendor;
    info.model = device.model;
    info.serial = device.serial;
    info.firmware = device.firmware;
    info.transport = device.transport;
    info.sizeBytes = device.sizeBytes;
    info.logicalBlockSize = device.logicalBlockSize;
    info.physicalBlockSize = device.physicalBlockSize;
    info.discardGranularity = device.discardGranularity;
    info.discardMaxBytes = device.discardMaxBytes;
    info.discardMaxHwBytes = device.discardMaxHwBytes;
    info.rotational = device.rotational;
    return info;
}

} // namespace trimscope
