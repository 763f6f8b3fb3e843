#include "drivehealth.h"

#include "nvmeioctl.h"

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

} // namespace

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
                          double namespacesBytes, const LifespanAssumptions &assumptions)
{
    DriveHealth h;
    h.kind = DeviceKind::Nvme;
    double capacityBytes = namespacesBytes;
    if (identify) {
        h.model = identify->model;
        h.trimSupported = identify->datasetManagementSupported();
        if (const double total = identify->totalCapacityBytes.toDouble(); total > 0)
            capacityBytes = total;
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
    const Expected<DeviceNumber> number = deviceNumberOf(devicePath);
    if (!number)
        return number.error();
    const Expected<HealthDevice> device = resolveHealthDevice(*number);
    if (!device)
        return device.error();
    if (const QString none = noHealthReasonOf(device->sysfsPath, devicePath); !none.isEmpty())
        return makeError(ErrorCode::Unsupported, none);
    if (device->kind == DeviceKind::Nvme) {
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
                                      device->nvmeNamespacesBytes, assumptions);
        if (auto ns = parseNvmeIdentifyNamespace(raw->identifyNamespace))
            h.nvmeNamespace = *ns;
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

std::optional<Error> knownWithoutHealth(const QString &devicePath)
{
    const Expected<DeviceNumber> number = deviceNumberOf(devicePath);
    if (!number)
        return std::nullopt; // the reader says what is wrong with it
    const Expected<HealthDevice> device = resolveHealthDevice(*number);
    if (!device)
        return std::nullopt;
    if (const QString none = noHealthReasonOf(device->sysfsPath, devicePath); !none.isEmpty())
        return makeError(ErrorCode::Unsupported, none);
    return std::nullopt;
}

void DriveHealth::recomputeLifespan(const LifespanAssumptions &assumptions)
{
    addLifespan(*this, assumptions,
                kind == DeviceKind::Nvme ? WriteRateSource::NvmeDataUnitsWritten
                                         : WriteRateSource::SmartHostWrites);
}

} // namespace trimscope::health
