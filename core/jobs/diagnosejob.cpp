#include "audit/systemsnapshot.h"
#include "common/units.h"
#include "device/admission.h"
#include "diagnoserun.h"
#include "experimentcost.h"
#include "fsbench/fsbench.h"
#include "health/drivehealth.h"
#include "jobkind.h"
#include "jobsupport.h"
#include "preparejob.h"
#include "report/adviceinput.h"
#include "simulate/simulatedprofiles.h"
#include "sweep/trimmeddata.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <algorithm>

namespace trimscope {

namespace {

struct DiagnoseText
{
    Q_DECLARE_TR_FUNCTIONS(Diagnose)
};

PhaseStatus statusOf(StopReason reason)
{
    switch (reason) {
    case StopReason::Completed:
    case StopReason::TimeBudget:
        return PhaseStatus::Done;
    case StopReason::Cancelled:
        return PhaseStatus::Cancelled;
    case StopReason::Failed:
        break;
    }
    return PhaseStatus::Failed;
}

// The diagnosis while it runs: the result so far, the clock, and what it tells its reporter.
class Diagnosis
{
public:
    Diagnosis(DiagnosePlan plan, JobTarget target, DriveInfo drive, DiagnoseSchedule schedule,
              const CancelToken &cancel, const JobReporter &report)
        : m_target(std::move(target)), m_schedule(std::move(schedule)), m_cancel(cancel),
          m_report(report)
    {
        m_result.plan = std::move(plan);
        m_result.drive = drive;
        m_estimates = m_schedule.phaseSeconds;
    }

    DiagnosisResult run();

private:
    bool identity();
    void backgroundProbe();
    void sweep();
    void filesystems();
    void advise();

    // Runs one kind as a phase: prepared as its own job (the admission gate again), its progress
    // mapped into the diagnosis's; its typed result, if it has one. A phase that failed or was
    // cancelled stops the diagnosis, saying why.
    template <class Result>
    std::optional<Result> runPhase(DiagnosisPhase phase, const JobPlan &plan);
    void begin(DiagnosisPhase phase);
    void end(DiagnosisPhase phase, PhaseStatus status, QString message = {});
    // Ends a phase the diagnosis stopped in: cancelled or failed, with what stopped it.
    void endStopped(DiagnosisPhase phase);
    // Stops the diagnosis after `phase`: every later phase is left not run. `why` is what the
    // stopped phase records.
    void stop(StopReason reason, const Error &error, const QString &why);
    bool stopped() const { return m_stopped; }
    void progress(DiagnosisPhase phase, const QString &detail, double phaseEtaSeconds);
    double now() const { return double(m_clock.nsecsElapsed()) / 1e9; }
    // What is left for the phases before the advice, from what the phases so far really took.
    // The later phases are planned to end by the budget and a quarter: a diagnosis ends within
    // its budget + 50 %, and the other quarter is for what the estimates miss (a first run of the
    // filesystem experiment is estimated before anything like it ran). Planned to the budget
    // itself, a probe that waited its bound on a busy computer left the experiment so little
    // that its trees shrank to 286 files and the verdicts extrapolated from those went wrong.
    double budgetLeft() const
    {
        return 1.25 * m_result.plan.budgetSeconds - now() -
               m_schedule.phaseSeconds[std::size_t(DiagnosisPhase::Advice)];
    }
    // What one run of the filesystem experiment is expected to take, from what this diagnosis
    // measured (the sweep's writes and TRIM curve, the probe's background work, the runs so
    // far), scaled by how far the runs so far took longer or shorter than that says.
    double runEstimate(const QString &filesystem, const fsbench::TreeSpec &tree,
                       bool withoutDiscard) const;
    // The filesystem phase's estimate from what was measured so far, before it runs.
    void reestimateFilesystems()
    {
        m_estimates[std::size_t(DiagnosisPhase::Filesystems)] =
            experimentCostOf(m_result).experimentSeconds(m_schedule.trees, m_schedule.filesystems);
    }
    // One run of the filesystem experiment as its own fsbench job; false when it stopped the
    // diagnosis.
    bool runTree(const fsbench::TreeSpec &tree, const QString &filesystem, bool withoutDiscard);

    DiagnosisResult m_result;
    JobTarget m_target;
    DiagnoseSchedule m_schedule;
    const CancelToken &m_cancel;
    const JobReporter &m_report;
    std::array<double, kDiagnosisPhaseCount> m_estimates{};
    QElapsedTimer m_clock;
    double m_phaseStarted = 0;
    bool m_stopped = false;
    QString m_stoppedBecause;
    // The filesystem runs so far and what they took, so the next run's estimate rests on this
    // drive (writes after a TRIM may be far slower).
    struct DoneRun
    {
        QString filesystem;
        fsbench::TreeSpec tree;
        bool withoutDiscard = false;
        double seconds = 0;
    };
    QList<DoneRun> m_runs;
    // What the phase's runs after the one running now are expected to take (the filesystem
    // experiment runs one fsbench job per tree and filesystem; each knows only its own ETA).
    double m_phaseAfter = 0;
};

void Diagnosis::begin(DiagnosisPhase phase)
{
    m_phaseStarted = now();
    progress(phase, {}, m_estimates[std::size_t(phase)]);
}

void Diagnosis::end(DiagnosisPhase phase, PhaseStatus status, QString message)
{
    DiagnosisPhaseRecord &record = m_result.phase(phase);
    record.status = status;
    record.seconds = now() - m_phaseStarted;
    record.message = std::move(message);
    m_estimates[std::size_t(phase)] = 0;
    m_phaseAfter = 0;
}

void Diagnosis::endStopped(DiagnosisPhase phase)
{
    end(phase,
        m_result.stopReason == StopReason::Cancelled ? PhaseStatus::Cancelled : PhaseStatus::Failed,
        m_stoppedBecause);
}

void Diagnosis::stop(StopReason reason, const Error &error, const QString &why)
{
    m_stopped = true;
    m_stoppedBecause = why;
    m_result.stopReason = reason;
    m_result.error = reason == StopReason::Failed ? error : Error();
}

void Diagnosis::progress(DiagnosisPhase phase, const QString &detail, double phaseEtaSeconds)
{
    if (!m_report.progress)
        return;
    double eta = std::max(phaseEtaSeconds, 0.0);
    for (std::size_t i = std::size_t(phase) + 1; i < m_estimates.size(); ++i)
        eta += m_estimates[i];
    const double elapsed = now();
    const QString name = diagnosisPhaseName(phase);
    m_report.progress(
        {elapsed / std::max(elapsed + eta, 1e-9), eta, int(phase), kDiagnosisPhaseCount,
         detail.isEmpty() ? name : QStringLiteral("%1: %2").arg(name, detail), elapsed});
}

template <class Result>
std::optional<Result> Diagnosis::runPhase(DiagnosisPhase phase, const JobPlan &plan)
{
    const double started = now();
    const double estimate = m_estimates[std::size_t(phase)];
    JobOutcome outcome;
    {
        Expected<JobBody> body = prepareJob(plan, m_target);
        if (!body) {
            stop(StopReason::Failed, body.error(), body.error().message);
            return std::nullopt;
        }
        JobReporter sub;
        sub.sample = m_report.sample;
        sub.note = m_report.note;
        sub.progress = [&](const JobProgress &p) {
            // The kind's own ETA once it has one, else what is left of the estimate. The probe's
            // own is what is left of its bound, the most it may take: the estimate, no more than
            // that, says better when it ends.
            const double fromEstimate = std::max(estimate - (now() - started), 0.0);
            const double left = p.etaSeconds < 0 ? fromEstimate
                                : phase == DiagnosisPhase::BackgroundProbe
                                    ? std::min(p.etaSeconds, fromEstimate)
                                    : p.etaSeconds + m_phaseAfter;
            const QString detail = p.phase == QLatin1String("probe")             ? QString()
                                   : p.phase.startsWith(QLatin1String("probe ")) ? p.phase.mid(6)
                                                                                 : p.phase;
            progress(phase, detail, left);
        };
        outcome = (*body)(m_cancel, sub);
    } // the body, and the device it holds, is gone before the next phase opens the device
    Result *result = outcome.result ? std::get_if<Result>(&*outcome.result) : nullptr;
    if (!result) {
        stop(outcome.stopReason == StopReason::Cancelled ? StopReason::Cancelled
                                                         : StopReason::Failed,
             outcome.error, outcome.error.message);
        return std::nullopt;
    }
    if (result->stopReason == StopReason::Cancelled || result->stopReason == StopReason::Failed)
        stop(result->stopReason, result->error, result->error.message);
    return std::move(*result);
}

bool Diagnosis::identity()
{
    begin(DiagnosisPhase::Identity);
    const DriveInfo &drive = m_result.drive;
    QStringList notes;
    if (const auto *device = std::get_if<DeviceTarget>(&m_target)) {
        Expected<health::DriveHealth> health =
            health::readDriveHealth(device->path, health::LifespanAssumptions());
        if (health)
            m_result.health = std::move(health).value();
        else
            notes.append(DiagnoseText::tr("no health data: %1").arg(health.error().message));
    } else {
        notes.append(DiagnoseText::tr("a simulated drive has no health data"));
    }
    const bool kernelDiscards = drive.discardMaxBytes > 0;
    const bool healthDenies = m_result.health && m_result.health->trimSupported == false;
    m_result.trimSupported = kernelDiscards && !healthDenies;
    if (!kernelDiscards)
        notes.prepend(DiagnoseText::tr("the kernel accepts no discard for %1 "
                                       "(discard_max_bytes is 0): no TRIM")
                          .arg(drive.displayName()));
    else if (healthDenies)
        notes.prepend(DiagnoseText::tr("the drive reports no TRIM support"));
    else
        notes.prepend(DiagnoseText::tr("TRIM supported: discards up to %1, in units of %2")
                          .arg(formatBytes(drive.discardMaxBytes),
                               formatBytes(std::max<quint64>(drive.discardGranularity, 1))));
    end(DiagnosisPhase::Identity, PhaseStatus::Done, notes.join(QStringLiteral("; ")));
    if (m_cancel.isCancelled()) {
        stop(StopReason::Cancelled, {}, {});
        return false;
    }
    return m_result.trimSupported;
}

void Diagnosis::backgroundProbe()
{
    begin(DiagnosisPhase::BackgroundProbe);
    const probe::BackgroundProbeRequest request = diagnosisProbeRequest(m_schedule);
    m_result.backgroundProbe =
        runPhase<probe::BackgroundProbeResult>(DiagnosisPhase::BackgroundProbe, request);
    if (stopped()) {
        endStopped(DiagnosisPhase::BackgroundProbe);
        return;
    }
    end(DiagnosisPhase::BackgroundProbe, PhaseStatus::Done, m_result.backgroundProbe->summary());
    // The probe timed one large discard on this drive: the sweep's estimate rests on it now,
    // unless a simulated drive's model made it.
    if (m_result.backgroundProbe->discardSeconds > 0 && !m_schedule.sweepModelled)
        m_estimates[std::size_t(DiagnosisPhase::Sweep)] =
            expectedSweepSeconds(m_schedule, m_result.backgroundProbe->discardSeconds,
                                 m_result.backgroundProbe->discardBytes);
    reestimateFilesystems();
}

void Diagnosis::sweep()
{
    // The probe may have waited longer than planned for a quiet drive (a busy computer): the
    // sweep's budget then shrinks to its share of what is left, so the diagnosis still ends near
    // its budget. An adaptive sweep usually stops long before its budget anyway.
    DiagnoseSchedule schedule = m_schedule;
    const double share = std::max(0.3 * budgetLeft(), 10.0);
    QString shortened;
    if (share < schedule.sweepBudgetSeconds) {
        shortened = DiagnoseText::tr("; its time budget shortened from %1 to %2: %3 of the budget "
                                     "was left")
                        .arg(formatSeconds(schedule.sweepBudgetSeconds), formatSeconds(share),
                             formatSeconds(std::max(budgetLeft(), 0.0)));
        schedule.sweepBudgetSeconds = share;
        m_estimates[std::size_t(DiagnosisPhase::Sweep)] =
            std::min(m_estimates[std::size_t(DiagnosisPhase::Sweep)], schedule.sweepBudgetSeconds);
    }
    begin(DiagnosisPhase::Sweep);
    m_result.sweep = runPhase<SweepResult>(DiagnosisPhase::Sweep, diagnosisSweepPlan(schedule));
    if (stopped()) {
        endStopped(DiagnosisPhase::Sweep);
        return;
    }
    reestimateFilesystems();
    const SweepResult &s = *m_result.sweep;
    end(DiagnosisPhase::Sweep, statusOf(s.stopReason),
        DiagnoseText::tr("%Ln size(s) measured with %1 discards", nullptr, int(s.points.size()))
                .arg(formatCount(qint64(s.samples.size()))) +
            (s.stopReason == StopReason::TimeBudget
                 ? DiagnoseText::tr("; stopped at its time budget of %1")
                       .arg(formatSeconds(schedule.sweepBudgetSeconds))
                 : QString()) +
            shortened +
            (emptyTrimCheckText(s).isEmpty() ? QString()
                                             : QStringLiteral(". ") + emptyTrimCheckText(s)));
}

double Diagnosis::runEstimate(const QString &filesystem, const fsbench::TreeSpec &tree,
                              bool withoutDiscard) const
{
    const ExperimentCost cost = experimentCostOf(m_result);
    const auto modelled = [&](const QString &fs, const fsbench::TreeSpec &t, bool without) {
        return cost.runSeconds(fs, t, true) + (without ? cost.runSeconds(fs, t, false) : 0);
    };
    // The runs so far modelled as they would be now, their own deletes known: what is left over
    // is how this drive and this computer differ from the model.
    double took = 0;
    double modelledSoFar = 0;
    for (const DoneRun &run : m_runs) {
        took += run.seconds;
        modelledSoFar += modelled(run.filesystem, run.tree, run.withoutDiscard);
    }
    const double seconds = modelled(filesystem, tree, withoutDiscard);
    return modelledSoFar > 0 ? seconds * took / modelledSoFar : seconds;
}

bool Diagnosis::runTree(const fsbench::TreeSpec &tree, const QString &filesystem,
                        bool withoutDiscard)
{
    fsbench::FsBenchPlan plan;
    plan.filesystems = {filesystem};
    plan.tree = tree;
    // The smaller tree only shows how the discards grow; the larger one also gives the delete
    // without discard and fstrim.
    plan.variants = withoutDiscard
                        ? QStringList{QStringLiteral("discard"), QStringLiteral("nodiscard")}
                        : QStringList{QStringLiteral("discard")};
    const double started = now();
    std::optional<fsbench::FsBenchResult> result =
        runPhase<fsbench::FsBenchResult>(DiagnosisPhase::Filesystems, plan);
    if (result)
        m_result.filesystems.append(std::move(*result));
    m_runs.append({filesystem, tree, withoutDiscard, now() - started});
    return !stopped();
}

// Run by run, each planned from what the runs before it took: the small tree on every filesystem,
// then the large one. What does not fit what is left of the budget is made smaller or skipped,
// and the phase says which.
void Diagnosis::filesystems()
{
    if (m_schedule.trees.isEmpty()) {
        begin(DiagnosisPhase::Filesystems);
        end(DiagnosisPhase::Filesystems, PhaseStatus::Skipped, m_schedule.noFilesystemsReason);
        return;
    }
    const QStringList &filesystems = m_schedule.filesystems;
    const int count = int(filesystems.size());
    // The trees themselves, from what the probe and the sweep left and what they measured: the
    // write speed between TRIMs, what the deletes' discards cost. Smaller ones where the planned
    // would not fit.
    const ExperimentChoice choice =
        chooseTrees(m_schedule.trees, filesystems, m_result.drive.sizeBytes,
                    experimentCostOf(m_result), budgetLeft());
    if (choice.trees.isEmpty()) {
        begin(DiagnosisPhase::Filesystems);
        end(DiagnosisPhase::Filesystems, PhaseStatus::Skipped, choice.skipped);
        return;
    }
    const QList<fsbench::TreeSpec> &trees = choice.trees;
    QStringList changes = choice.changes;
    // Every run from filesystem `from` on of `tree` (with and without discard, or with only).
    const auto estimate = [&](const fsbench::TreeSpec &tree, bool withoutDiscard, qsizetype from) {
        double seconds = 0;
        for (qsizetype i = from; i < count; ++i)
            seconds += runEstimate(filesystems.at(i), tree, withoutDiscard);
        return seconds;
    };
    // The phase's estimate, from the trees it will run, before its first progress report.
    m_estimates[std::size_t(DiagnosisPhase::Filesystems)] =
        estimate(trees.at(0), false, 0) + estimate(trees.at(1), true, 0);
    begin(DiagnosisPhase::Filesystems);
    QStringList done;
    for (qsizetype i = 0; i < count; ++i) {
        m_phaseAfter = estimate(trees.at(0), false, i + 1) + estimate(trees.at(1), true, 0);
        m_estimates[std::size_t(DiagnosisPhase::Filesystems)] =
            runEstimate(filesystems.at(i), trees.at(0), false) + m_phaseAfter;
        if (!runTree(trees.at(0), filesystems.at(i), false)) {
            endStopped(DiagnosisPhase::Filesystems);
            return;
        }
    }
    done.append(DiagnoseText::tr("%1 files, %2")
                    .arg(trees.at(0).files)
                    .arg(formatBytes(trees.at(0).bytes)));
    // The larger tree, as large as what is left allows: the planned one, half of it, or none.
    QString change;
    const fsbench::TreeSpec large = largerTreeWithin(
        trees, budgetLeft(), [&](const fsbench::TreeSpec &tree) { return estimate(tree, true, 0); },
        &change);
    if (!change.isEmpty())
        changes.append(change);
    if (large.files > 0) {
        for (qsizetype i = 0; i < count; ++i) {
            m_phaseAfter = estimate(large, true, i + 1);
            m_estimates[std::size_t(DiagnosisPhase::Filesystems)] =
                runEstimate(filesystems.at(i), large, true) + m_phaseAfter;
            if (!runTree(large, filesystems.at(i), true)) {
                endStopped(DiagnosisPhase::Filesystems);
                return;
            }
        }
        done.append(
            DiagnoseText::tr("%1 files, %2").arg(formatCount(large.files), formatBytes(large.bytes)));
    }
    end(DiagnosisPhase::Filesystems, PhaseStatus::Done,
        DiagnoseText::tr("%1 with online discard deleted trees of %2")
                .arg(filesystems.join(QStringLiteral(", ")), done.join(DiagnoseText::tr(" and "))) +
            (changes.isEmpty() ? QString()
                               : QStringLiteral("; ") + changes.join(QStringLiteral("; "))));
}

void Diagnosis::advise()
{
    begin(DiagnosisPhase::Advice);
    // This computer's configuration, read-only: the advice keeps it apart from the verdict for
    // the drive, which need not be in this computer at all.
    m_result.audit = audit::runAudit(audit::SystemSnapshot::capture());
    m_result.advice = advice::adviseTrim(adviceInputOf(m_result));
    end(DiagnosisPhase::Advice, PhaseStatus::Done, m_result.advice->sentence);
}

DiagnosisResult Diagnosis::run()
{
    m_clock.start();
    m_result.start(m_result.drive);
    const auto finish = [this] {
        if (!m_result.advice &&
            m_result.phase(DiagnosisPhase::Advice).status == PhaseStatus::NotRun) {
            // Whatever was measured before the stop still makes advice, marked as partial by
            // the phases it lacks.
            advise();
            m_result.phase(DiagnosisPhase::Advice)
                .message.prepend(DiagnoseText::tr("From the phases that ran: "));
        }
        m_result.finish(now());
        return m_result;
    };
    if (!identity()) {
        if (!stopped()) {
            for (DiagnosisPhase skipped : {DiagnosisPhase::BackgroundProbe, DiagnosisPhase::Sweep,
                                           DiagnosisPhase::Filesystems})
                m_result.phase(skipped) = {skipped, PhaseStatus::Skipped, 0,
                                           DiagnoseText::tr("the drive has no TRIM")};
            advise();
        }
        return finish();
    }
    backgroundProbe();
    if (!stopped())
        sweep();
    if (!stopped())
        filesystems();
    if (!stopped())
        advise();
    return finish();
}

} // namespace

DiagnosisResult runDiagnosis(const DiagnosePlan &plan, const JobTarget &target,
                             const DriveInfo &drive, const DiagnoseSchedule &schedule,
                             const CancelToken &cancel, const JobReporter &report)
{
    return Diagnosis(plan, target, drive, schedule, cancel, report).run();
}

} // namespace trimscope
