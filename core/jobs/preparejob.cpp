#include "preparejob.h"

#include "jobkind.h"
#include "jobsupport.h"

#include <QCoreApplication>

namespace trimscope {

namespace {

TargetKind kindOf(const JobTarget &target)
{
    return TargetKind(target.index());
}

// An override of the safety policy that root asked for in so many words.
bool asksForOverride(const JobTarget &target)
{
    const AdmissionRules rules = admissionRulesFor(target);
    return rules.allowSiblingsOfSystemDisk || rules.allowOpenWriters;
}

// What a person calls a kind a simulated drive cannot run ("the recovery job" read as a word of
// the program in German). It stands after a semicolon: German translations bring their article
// in lower case ("…; der Schreiberholungstest braucht…", not "; Der").
template <class Plan> QString kindTitle(const JobKind<Plan> &kind)
{
    return kind.title ? QCoreApplication::translate("JobText", kind.title)
                      : QLatin1String(kind.name);
}

template <class Plan> bool runsOn(const JobKind<Plan> &kind, TargetKind target)
{
    switch (target) {
    case TargetKind::Device:
        return true;
    case TargetKind::OpenedDevice:
        return kind.runsOnOpenedDevice;
    case TargetKind::Simulated:
        return kind.runsSimulated;
    }
    return false;
}

} // namespace

Error jobRunsOn(const JobPlan &plan, TargetKind target)
{
    return withJobKind(plan, [target](const auto &kind, const auto &) -> Error {
        if (runsOn(kind, target))
            return {};
        return makeError(ErrorCode::Unsupported,
                         target == TargetKind::Simulated
                             ? JobText::tr("Simulated drives run the TRIM benchmark, the "
                                           "filesystem experiment (replayed), the "
                                           "background-TRIM probe, the stall test and the "
                                           "diagnosis; the %1 needs a real drive.")
                                   .arg(kindTitle(kind))
                             : JobText::tr("The %1 job needs the device itself (mkfs, mount or "
                                           "fio open it by name): run it as root or through the "
                                           "TrimScope helper.")
                                   .arg(QLatin1String(kind.name)));
    });
}

Expected<JobBody> prepareJob(const JobPlan &plan, const JobTarget &target)
{
    if (const Error error = jobRunsOn(plan, kindOf(target)); error.isError())
        return error;
    return withJobKind(plan, [&](const auto &kind, const auto &kindPlan) -> Expected<JobBody> {
        // The filesystem experiments and write tests re-admit their device by rules of their
        // own; the override is not carried there, so it is refused rather than dropped.
        if (asksForOverride(target) && !kind.takesOverrides)
            return makeError(ErrorCode::InvalidArgument,
                             JobText::tr("The %1 job does not take the overrides for partitions "
                                         "beside partitions in use or devices open for writing; "
                                         "only the TRIM benchmark and the background-TRIM probe "
                                         "do.")
                                 .arg(QLatin1String(kind.name)));
        return kind.prepare(kindPlan, target);
    });
}

} // namespace trimscope
