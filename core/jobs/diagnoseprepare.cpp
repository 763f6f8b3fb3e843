// The diagnose kind: the device examined once up front, the schedule made, the run
// (diagnosejob.cpp) handed the target each phase opens again.
#include "audit/systemsnapshot.h"
#include "device/admission.h"
#include "diagnosejob.h"
#include "diagnoserun.h"
#include "fsbench/fsbench.h"
#include "jobkind.h"
#include "jobsupport.h"
#include "simulate/simulatedprofiles.h"

namespace trimscope {

Expected<JobBody> prepareDiagnosis(const DiagnosePlan &plan, const JobTarget &target)
{
    if (const Error error = validateDiagnosePlan(plan); error.isError())
        return error;
    DriveInfo drive;
    bool filesystemsPossible = false;
    JobTarget phaseTarget = target;
    std::optional<SimulatedProfile> simulatedDrive;
    double timeScale = 1;
    if (const auto *simulated = std::get_if<SimulatedTarget>(&target)) {
        timeScale = simulated->timeScale;
        Expected<SimulatedProfile> profile = simulatedProfile(*simulated);
        if (!profile)
            return profile.error();
        drive = profile->drive;
        simulatedDrive = std::move(profile).value();
    } else {
        // The admission gate as every kind passes it, discard not required: refused here, before
        // the job exists, are mounted, held, opened and system drives; a drive without TRIM
        // passes. Not kept open: each phase opens the device itself.
        DeviceTarget named = std::get<DeviceTarget>(target);
        AdmissionRules rules;
        rules.requireDiscard = false;
        rules.keepOpen = false;
        rules.approved = named.approved;
        const Expected<AdmittedDevice> admitted = admitForWriting(named.path, rules);
        if (!admitted)
            return admitted.error();
        const BlockDevice *device = &admitted->device;
        drive = driveInfoFrom(*device);
        // Each phase opens the device by name again: each is held to the medium approved, or
        // (root's own run) to the one examined here, so a medium swapped between two phases is
        // refused rather than measured and erased.
        if (!named.approved.isSet())
            named.approved = identityOf(*device);
        phaseTarget = named;
        filesystemsPossible = true;
    }
    QStringList installed;
    for (const QString &fs : fsbench::knownFilesystems()) {
        if (fsbench::missingToolReason(fs).isEmpty())
            installed.append(fs);
    }
    DiagnoseSchedule schedule =
        scheduleDiagnosis(plan, drive, filesystemsPossible, installed, servedNoDiscard(drive));
    if (simulatedDrive)
        scheduleOnSimulatedDrive(schedule, *simulatedDrive, timeScale);
    return JobBody(
        [plan, phaseTarget, drive, schedule](const CancelToken &cancel, const JobReporter &report) {
            return outcomeOf(runDiagnosis(plan, phaseTarget, drive, schedule, cancel, report));
        });
}

template <> const JobKind<DiagnosePlan> &jobKindOf<DiagnosePlan>()
{
    // The diagnosis runs its filesystem experiment on the node; on a simulated drive it runs
    // without one. A lent fd cannot serve the several phases it opens the device for.
    static const JobKind<DiagnosePlan> kind{
        .name = "diagnose",
        .runsSimulated = true,
        .prepare = &prepareDiagnosis,
    };
    return kind;
}

} // namespace trimscope
