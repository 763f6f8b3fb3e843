#include "metricsassembly.h"

#include "advice/advice.h"
#include "audit/fstrimstatus.h"
#include "audit/trimaudit.h"

#include <QCoreApplication>

namespace trimscope::metrics {

namespace {

class MetricsText
{
    Q_DECLARE_TR_FUNCTIONS(TrimMetrics)
};

constexpr double kSecondsPerHour = 3600;
// The lifespan and wear estimates count 365-day years (core/health/lifespan.cpp).
constexpr double kSecondsPerYear = 365.0 * 24 * kSecondsPerHour;

DriveMetrics identity(const BlockDevice &disk)
{
    DriveMetrics d;
    d.device = disk.name;
    d.model = disk.model;
    d.serial = disk.serial;
    d.firmware = disk.firmware;
    d.bus = disk.transport;
    d.discardSupported = disk.supportsDiscard();
    return d;
}

void applyAdvice(DriveMetrics &drive, const QList<SavedSweep> &sweeps,
                 const audit::AuditReport &report)
{
    advice::AdviceInput input;
    for (const SavedSweep &sweep : sweeps) {
        if (sweepMeasured(sweep.result, drive)) {
            input.sweeps.append(sweep.result);
            drive.adviceSources.append(sweep.source);
        }
    }
    if (input.sweeps.isEmpty())
        return;
    input.audit = report;
    if (drive.trimSupported || drive.wearRatio) {
        advice::HealthSummary health;
        health.trimSupported = drive.trimSupported;
        if (drive.wearRatio)
            health.percentageUsed = *drive.wearRatio * 100;
        health.source = drive.device;
        input.health = health;
    }
    const advice::Advice advice = advice::adviseTrim(input);
    drive.adviceVerdict = advice::verdictName(advice.verdict);
    const QLatin1String prefix("delete-extra-");
    for (const advice::Figure &figure : advice.numbers) {
        if (figure.id.startsWith(prefix))
            drive.discardDeleteExtraSeconds.insert(figure.id.mid(prefix.size()), figure.value);
    }
}

std::optional<DiscardCounters> countersOf(const watch::CounterSnapshot &counters,
                                          const QString &name)
{
    const auto it = counters.devices.constFind(name);
    if (it == counters.devices.cend())
        return std::nullopt;
    // Since boot: the counters as they are (the watch's figures without --for).
    const fsbench::DiscardDelta d = fsbench::discardDelta(fsbench::DiskStats(), *it);
    return DiscardCounters{double(d.count), double(d.bytes), d.deviceSeconds};
}

// The device a filesystem is mounted from: the top of its stack.
QString topDeviceOf(const audit::AuditTarget &target)
{
    return target.stack.isEmpty() ? QString() : target.stack.layers.constFirst().name;
}

QList<FilesystemMetrics> filesystemsOf(const audit::AuditReport &report,
                                       const watch::CounterSnapshot &counters)
{
    QList<FilesystemMetrics> result;
    for (const audit::AuditTarget &target : report.targets) {
        if (target.kind != audit::AuditTarget::Kind::Filesystem)
            continue;
        FilesystemMetrics f;
        f.mountpoint = target.subject;
        f.fstype = target.fsType;
        f.source = target.source;
        for (const audit::StackLayer *disk : target.stack.disks())
            f.drives.append(disk->name);
        f.discardReachesDrive = target.stack.discardsReachDisk();
        f.onlineDiscard = audit::usesOnlineDiscard(target);
        f.periodicTrimWanted = audit::periodicTrimWanted(target);
        f.device = topDeviceOf(target);
        f.discards = countersOf(counters, f.device);
        result.append(f);
    }
    return result;
}

} // namespace

bool isPhysicalDrive(const BlockDevice &device)
{
    if (device.isPartition || device.transport == QLatin1String("loop"))
        return false;
    for (const char *prefix : {"loop", "dm-", "md", "sr", "nbd", "zram", "ram", "drbd", "rbd"}) {
        if (device.name.startsWith(QLatin1String(prefix)))
            return false;
    }
    return true;
}

bool sweepMeasured(const SweepResult &sweep, const DriveMetrics &drive)
{
    if (sweep.drive.simulated)
        return false;
    if (!sweep.drive.serial.isEmpty() && !drive.serial.isEmpty())
        return sweep.drive.serial == drive.serial;
    return sweep.drive.name == drive.device;
}

void applyHealth(DriveMetrics &drive, const health::DriveHealth &h)
{
    drive.healthReadable = true;
    drive.trimSupported = h.trimSupported;
    if (h.percentUsed)
        drive.wearRatio = *h.percentUsed / 100.0;
    drive.writtenBytes = h.hostWritesBytes;
    if (h.powerOnHours)
        drive.powerOnSeconds = *h.powerOnHours * kSecondsPerHour;
    if (h.nvme) {
        drive.mediaErrors = h.nvme->mediaErrors.toDouble();
        drive.criticalWarningNames = h.nvme->criticalWarnings();
        drive.criticalWarnings = int(drive.criticalWarningNames.size());
    }
    if (h.ata) {
        if (h.ata->badSectors)
            drive.badSectors = double(*h.ata->badSectors);
        if (h.ata->smartStatusGood) {
            drive.criticalWarnings = *h.ata->smartStatusGood ? 0 : 1;
            if (!*h.ata->smartStatusGood)
                drive.criticalWarningNames = {QStringLiteral("smart_status_failing")};
        }
    }
    if (h.lifespan.years)
        drive.lifespanSeconds = *h.lifespan.years * kSecondsPerYear;
    drive.lifespanAssumptions = h.lifespan.assumptions;
    if (h.wearExtrapolation && h.wearExtrapolation->remainingYears)
        drive.lifeRemainingSeconds = *h.wearExtrapolation->remainingYears * kSecondsPerYear;
}

QStringList counterNames(const QList<BlockDevice> &disks, const audit::SystemSnapshot &snapshot)
{
    QStringList names;
    for (const BlockDevice &disk : disks) {
        if (isPhysicalDrive(disk))
            names.append(disk.name);
    }
    for (const audit::AuditTarget &target : audit::runAudit(snapshot).targets) {
        const QString device = topDeviceOf(target);
        if (target.kind == audit::AuditTarget::Kind::Filesystem && !device.isEmpty() &&
            !names.contains(device))
            names.append(device);
    }
    return names;
}

TrimMetrics assembleMetrics(const MetricsInputs &inputs)
{
    TrimMetrics m;
    m.toolVersion = inputs.toolVersion;
    m.generatedAt = inputs.now;
    const audit::AuditReport report = audit::runAudit(inputs.snapshot);

    for (const BlockDevice &disk : inputs.disks) {
        if (!isPhysicalDrive(disk))
            continue;
        DriveMetrics d = identity(disk);
        const auto reading = inputs.health.constFind(disk.name);
        if (reading == inputs.health.cend()) {
            d.healthErrorCode = errorCodeName(ErrorCode::Unsupported);
            d.healthError = MetricsText::tr("not read");
        } else if (reading->health) {
            applyHealth(d, *reading->health);
        } else {
            d.healthErrorCode = errorCodeName(reading->error.code);
            d.healthError = reading->error.message;
        }
        if (!d.healthReadable)
            m.notes.append(
                MetricsText::tr("health of %1 not read: %2").arg(d.device, d.healthError));
        applyAdvice(d, inputs.sweeps, report);
        d.discards = countersOf(inputs.counters, d.device);
        m.drives.append(d);
    }

    for (const SavedSweep &sweep : inputs.sweeps) {
        const bool used = std::any_of(m.drives.cbegin(), m.drives.cend(), [&](const auto &d) {
            return d.adviceSources.contains(sweep.source);
        });
        if (!used)
            m.notes.append(
                MetricsText::tr("the sweep in %1 ran on %2, which is not a drive of this machine")
                    .arg(sweep.source, sweep.result.drive.displayName()));
    }

    m.filesystems = filesystemsOf(report, inputs.counters);
    m.fstrim = audit::fstrimStatus(inputs.snapshot);
    return m;
}

} // namespace trimscope::metrics
