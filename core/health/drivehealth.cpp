#include "drivehealth.h"

#include "nvmeioctl.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace trimscope::health {

namespace {
void addLifespan(DriveHealth &h, const LifespanAssumptions &assumptions, WriteRateSource source)
{
    LifespanInput in;
    in.capacityBytes = h.capacityBytes;
    in.assumptions = assumptions;
    if (h.hostWritesBytes && h.powerOnHours)
        in.writeRate = writeRateFromPowerOn(*h.hostWritesBytes, *h.powerOnHours, source);
    h.lifespan = estimateLifespan(in);
    if (h.percentUsed) {
        std::optional<double> elapsedYears;
        if (h.powerOnHours)
            elapsedYears = *h.powerOnHours / (24.0 * 365.0);
        h.wearExtrapolation = extrapolateFromPercentUsed(*h.percentUsed, elapsedYears);
    }
}

// 512-byte sectors from /sys/class/block/NAME/size, or 0.
double sysfsSizeBytes(const QString &devicePath)
{
    QFile f(QStringLiteral("/sys/class/block/%1/size")
                .arg(QFileInfo(QFileInfo(devicePath).canonicalFilePath()).fileName()));
    if (!f.open(QIODevice::ReadOnly))
        return 0;
    return f.readAll().trimmed().toDouble() * 512.0;
}
} // namespace

DeviceKind deviceKindFor(const QString &devicePath, const QString &sysRoot)
{
    const QFileInfo info(devicePath);
    const QString canonical = info.canonicalFilePath();
    const QString name = QFileInfo(canonical.isEmpty() ? devicePath : canonical).fileName();
    if (name.startsWith(QLatin1String("nvme")))
        return DeviceKind::Nvme;
    // A renamed node still points, in sysfs, into the NVMe subsystem.
    const QString sysDevice =
        QFileInfo(QStringLiteral("%1/class/block/%2").arg(sysRoot, name)).canonicalFilePath();
    if (sysDevice.contains(QLatin1String("/nvme/")))
        return DeviceKind::Nvme;
    return DeviceKind::Ata;
}

DriveHealth summarizeAta(AtaHealth ata, const LifespanAssumptions &assumptions)
{
    DriveHealth h;
    h.kind = DeviceKind::Ata;
    h.model = ata.identify.model;
    h.trimSupported = ata.identify.trimSupported;
    h.overall = ata.overall;
    h.powerOnHours = ata.powerOnHours();
    h.temperatureCelsius = ata.temperatureCelsius();
    if (ata.percentUsed)
        h.percentUsed = double(ata.percentUsed->value);
    if (ata.hostWritesBytes)
        h.hostWritesBytes = double(ata.hostWritesBytes->value);
    h.capacityBytes = double(ata.identify.capacityBytes);
    h.ata = std::move(ata);
    addLifespan(h, assumptions, WriteRateSource::SmartHostWrites);
    return h;
}

DriveHealth summarizeNvme(NvmeSmartLog log, std::optional<NvmeIdentifyController> identify,
                          double capacityBytes, const LifespanAssumptions &assumptions)
{
    DriveHealth h;
    h.kind = DeviceKind::Nvme;
    if (identify) {
        h.model = identify->model;
        h.trimSupported = identify->datasetManagementSupported();
        if (capacityBytes <= 0)
            capacityBytes = identify->totalCapacityBytes.toDouble();
    }
    h.overall =
        log.criticalWarning == 0 ? QStringLiteral("GOOD") : QStringLiteral("CRITICAL_WARNING");
    h.powerOnHours = log.powerOnHours.toDouble();
    h.temperatureCelsius = log.compositeTemperatureCelsius();
    h.percentUsed = double(log.percentageUsed);
    if (const auto written = log.bytesWritten())
        h.hostWritesBytes = written->toDouble();
    h.capacityBytes = capacityBytes;
    h.nvme = std::move(log);
    h.nvmeIdentify = std::move(identify);
    addLifespan(h, assumptions, WriteRateSource::NvmeDataUnitsWritten);
    return h;
}

Expected<DriveHealth> readDriveHealth(const QString &devicePath,
                                      const LifespanAssumptions &assumptions)
{
    if (!QFileInfo::exists(devicePath))
        return makeError(ErrorCode::NoSuchDevice,
                         QStringLiteral("%1 does not exist").arg(devicePath));
    if (deviceKindFor(devicePath) == DeviceKind::Nvme) {
        auto raw = readNvmeRawHealth(devicePath);
        if (!raw)
            return raw.error();
        auto log = parseNvmeSmartLog(raw->smartLog);
        if (!log)
            return log.error();
        std::optional<NvmeIdentifyController> identify;
        if (auto id = parseNvmeIdentifyController(raw->identifyController))
            identify = std::move(*id);
        DriveHealth h = summarizeNvme(std::move(*log), std::move(identify),
                                      sysfsSizeBytes(devicePath), assumptions);
        h.source = devicePath;
        return h;
    }
    auto ata = readAtaHealth(devicePath);
    if (!ata)
        return ata.error();
    DriveHealth h = summarizeAta(std::move(*ata), assumptions);
    h.source = devicePath;
    return h;
}

void DriveHealth::recomputeLifespan(const LifespanAssumptions &assumptions)
{
    addLifespan(*this, assumptions,
                kind == DeviceKind::Nvme ? WriteRateSource::NvmeDataUnitsWritten
                                         : WriteRateSource::SmartHostWrites);
}

} // namespace trimscope::health
