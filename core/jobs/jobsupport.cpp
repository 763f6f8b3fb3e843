#include "jobsupport.h"

#include "device/deviceprobe.h"
#include "fsbench/fsbench.h"
#include "recovery/recoveryrunner.h"
#include "watch/attachment.h"

#include <QCoreApplication>

namespace trimscope {

Error cancelledError()
{
    return makeError(ErrorCode::Cancelled, JobText::tr("cancelled"));
}

Expected<SimulatedProfile> simulatedProfile(const SimulatedTarget &target)
{
    std::optional<SimulatedProfile> profile = findSimulatedProfile(target.profileId);
    if (!profile)
        return makeError(ErrorCode::NoSuchDevice,
                         JobText::tr("there is no simulated drive '%1'").arg(target.profileId));
    return std::move(*profile);
}

AdmissionRules admissionRulesFor(const JobTarget &target)
{
    AdmissionRules rules;
    if (const auto *device = std::get_if<DeviceTarget>(&target)) {
        rules.allowSiblingsOfSystemDisk = device->allowSiblingsOfSystemDisk;
        rules.approved = device->approved;
        rules.allowOpenWriters = device->allowOpenWriters;
    }
    return rules;
}

Expected<AdmittedDevice> admitTarget(const JobTarget &target)
{
    if (const auto *device = std::get_if<DeviceTarget>(&target))
        return admitForWriting(device->path, admissionRulesFor(target));
    const auto &opened = std::get<OpenedDeviceTarget>(target);
    return admitOpenedForWriting(std::move(*opened.fd), opened.path, admissionRulesFor(target));
}

QString devicePathOf(const JobTarget &target)
{
    return std::get<DeviceTarget>(target).path;
}

DeviceIdentity approvedMediumOf(const JobTarget &target)
{
    const auto *device = std::get_if<DeviceTarget>(&target);
    return device ? device->approved : DeviceIdentity();
}

bool servedNoDiscard(const DriveInfo &drive)
{
    if (drive.simulated || drive.name.isEmpty())
        return false;
    // Only a whole drive's own count covers every discard it served: a partition's leaves out
    // its siblings', a dm or md device's those sent to the layers below it.
    if (DeviceProbe().lowerDevicesOf(drive.name).size() != 1)
        return false;
    // A loop device's counters may hold earlier attachments' discards: this attachment's own.
    return watch::attachmentServedNoDiscard(drive.name);
}

JobProgress fsBenchJobProgress(const fsbench::FsBenchProgress &progress)
{
    return {
        progress.fraction,
        progress.etaSeconds,
        progress.runIndex,
        progress.runCount,
        QStringList{progress.filesystem, progress.variant, fsbench::phaseName(progress.phase)}.join(
            QLatin1Char(' ')),
        0};
}

JobProgress recoveryJobProgress(const recovery::RecoveryProgress &progress)
{
    QString phase = recovery::recoveryPhaseName(progress.phase);
    if (progress.phase == recovery::RecoveryPhase::Fill && progress.fillPass > 0)
        phase += QLatin1Char(' ') + QString::number(progress.fillPass);
    return {
        progress.fraction, progress.etaSeconds, progress.phaseIndex, progress.phaseCount, phase, 0};
}

} // namespace trimscope
