#include "simulatedsweep.h"

#include "simulateddiscardtarget.h"

namespace trimscope {

Expected<PreparedSweep> prepareSimulatedSweep(const QString &profileId, const SweepPlan &plan,
                                              double timeScale)
{
    const std::optional<SimulatedProfile> profile = findSimulatedProfile(profileId);
    if (!profile)
        return makeError(ErrorCode::NoSuchDevice,
                         QStringLiteral("there is no simulated drive '%1' (see "
                                        "'trimscope-cli profiles')")
                             .arg(profileId));
    PreparedSweep prepared;
    prepared.drive = profile->drive;
    if (!prepared.drive.discardMaxBytes)
        return makeError(
            ErrorCode::NoDiscardSupport,
            QStringLiteral("%1 does not support discard (TRIM)").arg(prepared.drive.displayName()));
    Expected<ResolvedPlan> resolved = resolvePlan(plan, geometryOf(prepared.drive));
    if (!resolved)
        return resolved.error();
    prepared.plan = std::move(*resolved);
    prepared.target =
        std::make_unique<SimulatedDiscardTarget>(*profile, prepared.plan.plan.seed, timeScale);
    return prepared;
}

} // namespace trimscope
