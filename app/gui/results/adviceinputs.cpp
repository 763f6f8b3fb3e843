#include "adviceinputs.h"

#include "report/adviceinput.h"

#include <algorithm>

namespace trimscope::gui {

DriveEvidence evidenceOf(const RunStore &store, const DriveInfo &drive)
{
    return evidenceOf(store.list(), drive);
}

DriveEvidence evidenceOf(const QList<StoredRun> &all, const DriveInfo &drive)
{
    QList<StoredRun> runs = RunStore::runsOf(all, drive);
    runs.removeIf([](const StoredRun &run) { return !run.readable; });
    std::reverse(runs.begin(), runs.end()); // oldest first

    DriveEvidence evidence;
    const QString diagnosisKind = envelopeOf(AnyResult(DiagnosisResult())).kind;
    const auto newestDiagnosis =
        std::find_if(runs.crbegin(), runs.crend(),
                     [&](const StoredRun &run) { return run.kind == diagnosisKind; });
    if (newestDiagnosis != runs.crend()) {
        const auto first = newestDiagnosis.base() - 1;
        evidence.superseded = int(first - runs.cbegin());
        runs.erase(runs.cbegin(), first);
    }
    struct Kept
    {
        StoredRun run;
        AnyResult result;
    };
    QList<Kept> kept;
    for (const StoredRun &run : std::as_const(runs)) {
        if (Expected<AnyResult> result = RunStore::loadAny(run.path))
            kept.append({run, std::move(result).value()});
    }
    // A complete sweep: a benchmark run, or the sweep phase of a diagnosis.
    const auto completeSweep = [](const AnyResult &result) {
        if (const auto *sweep = std::get_if<SweepResult>(&result))
            return sweep->stopReason == StopReason::Completed;
        const auto *diagnosis = std::get_if<DiagnosisResult>(&result);
        return diagnosis && diagnosis->sweep && !diagnosis->sweep->points.isEmpty() &&
               diagnosis->sweep->stopReason == StopReason::Completed;
    };
    const bool anyCompleteSweep = std::any_of(
        kept.cbegin(), kept.cend(), [&](const Kept &k) { return completeSweep(k.result); });

    for (const Kept &k : std::as_const(kept)) {
        const bool sweep = std::holds_alternative<SweepResult>(k.result);
        if (sweep && anyCompleteSweep && !completeSweep(k.result))
            continue;
        if (addAdviceInput(k.result, evidence.input).isError())
            continue;
        if (sweep)
            ++evidence.sweeps;
        else if (std::holds_alternative<fsbench::FsBenchResult>(k.result))
            ++evidence.filesystems;
        else if (std::holds_alternative<probe::BackgroundProbeResult>(k.result))
            ++evidence.probes;
        else if (std::holds_alternative<stall::StallResult>(k.result))
            ++evidence.stalls;
        else if (std::holds_alternative<watch::FstrimTimingResult>(k.result))
            ++evidence.fstrims;
        else if (const auto *diagnosis = std::get_if<DiagnosisResult>(&k.result)) {
            evidence.diagnosis = k.run.started;
            evidence.health = diagnosis->health;
        }
    }
    return evidence;
}

} // namespace trimscope::gui
