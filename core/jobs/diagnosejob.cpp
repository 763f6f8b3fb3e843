#include "audit/systemsnapshot.h"
#include "common/units.h"
#include "device/admission.h"
#include "diagnoserun.h"
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
    // The drive's write speed between TRIMs, as the sweep measured it writing its regions (the
    // schedule's assumption when it wrote too little to tell).
    double writeBytesPerSecond() const;
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
    // The filesystem runs so far: what they took against what the model of a run said, so the
    // next run's estimate rests on this drive (writes after a TRIM may be far slower).
    double m_runsTook = 0;
    double m_runsModelled = 0;
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
    // The probe timed one large discard on this drive: the sweep's estimate rests on it now.
    if (m_result.backgroundProbe->discardSeconds > 0)
        m_estimates[std::size_t(DiagnosisPhase::Sweep)] =
            expectedSweepSeconds(m_schedule, m_result.backgroundProbe->discardSeconds,
                                 m_result.backgroundProbe->discardBytes);
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

double Diagnosis::writeBytesPerSecond() const
{
    constexpr quint64 kEnoughBytes = quint64(4) << 20;
    if (m_result.sweep && m_result.sweep->prewriteBytes() >= kEnoughBytes &&
        m_result.sweep->prewriteSeconds > 0)
        return double(m_result.sweep->prewriteBytes()) / m_result.sweep->prewriteSeconds;
    return assumedWriteBytesPerSecond();
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
    m_runsTook += now() - started;
    m_runsModelled += (withoutDiscard ? 2 : 1) * expectedRunSeconds(tree, writeBytesPerSecond());
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
    const double rate = writeBytesPerSecond();
    QList<fsbench::TreeSpec> trees = m_schedule.trees;
    QStringList changes;
    // The trees themselves, from what the probe and the sweep left and the write speed the sweep
    // saw: smaller ones where the planned would not fit.
    const QList<fsbench::TreeSpec> fitting = treesWithin(
        budgetLeft(), count, m_result.drive.sizeBytes, rate, m_schedule.trees.at(1).files);
    if (fitting.isEmpty()) {
        begin(DiagnosisPhase::Filesystems);
        end(DiagnosisPhase::Filesystems, PhaseStatus::Skipped,
            DiagnoseText::tr("skipped: %1 of the budget was left, too little for even the "
                             "smallest trees at the %2/s this drive wrote between TRIMs; the "
                             "advice prices the deletes recorded on a current kernel with its "
                             "TRIM curve")
                .arg(formatSeconds(std::max(budgetLeft(), 0.0)), formatBytes(quint64(rate))));
        return;
    }
    if (fitting.at(1).files < trees.at(1).files)
        changes.append(
            DiagnoseText::tr("trees shortened from %1 to %2 files: %3 of the budget "
                             "was left, and the drive wrote %4/s between TRIMs")
                .arg(trees.at(1).files)
                .arg(fitting.at(1).files)
                .arg(formatSeconds(std::max(budgetLeft(), 0.0)), formatBytes(quint64(rate))));
    trees = fitting;
    const auto estimate = [&](const fsbench::TreeSpec &tree, int runs) {
        const double modelled = runs * expectedRunSeconds(tree, rate);
        return m_runsModelled > 0 ? modelled * m_runsTook / m_runsModelled : modelled;
    };
    // The phase's estimate, from the trees it will run at the speed the sweep saw, before its
    // first progress report.
    m_estimates[std::size_t(DiagnosisPhase::Filesystems)] =
        estimate(trees.at(0), 1) * count + estimate(trees.at(1), 2) * count;
    begin(DiagnosisPhase::Filesystems);
    QStringList done;
    for (qsizetype i = 0; i < count; ++i) {
        m_phaseAfter =
            estimate(trees.at(0), 1) * double(count - i - 1) + estimate(trees.at(1), 2) * count;
        m_estimates[std::size_t(DiagnosisPhase::Filesystems)] =
            estimate(trees.at(0), 1) + m_phaseAfter;
        if (!runTree(trees.at(0), filesystems.at(i), false)) {
            endStopped(DiagnosisPhase::Filesystems);
            return;
        }
    }
    done.append(DiagnoseText::tr("%1 files, %2")
                    .arg(trees.at(0).files)
                    .arg(formatBytes(trees.at(0).bytes)));
    // The larger tree, as large as what is left allows: the planned one, half of it, or none.
    fsbench::TreeSpec large = trees.at(1);
    const double left = budgetLeft();
    if (estimate(large, 2) * count > left) {
        const fsbench::TreeSpec half = kernelLikeTree(trees.at(0).files * 2);
        if (estimate(half, 2) * count <= left) {
            changes.append(DiagnoseText::tr("the larger tree shortened from %1 to %2 files: it "
                                            "would have taken about %3, %4 was left")
                               .arg(large.files)
                               .arg(half.files)
                               .arg(formatSeconds(estimate(large, 2) * count),
                                    formatSeconds(std::max(left, 0.0))));
            large = half;
        } else {
            changes.append(DiagnoseText::tr("the larger tree (%1 files) skipped: it would have "
                                            "taken about %2, %3 was left")
                               .arg(large.files)
                               .arg(formatSeconds(estimate(large, 2) * count),
                                    formatSeconds(std::max(left, 0.0))));
            large = {};
        }
    }
    if (large.files > 0) {
        for (qsizetype i = 0; i < count; ++i) {
            m_phaseAfter = estimate(large, 2) * double(count - i - 1);
            m_estimates[std::size_t(DiagnosisPhase::Filesystems)] =
                estimate(large, 2) + m_phaseAfter;
            if (!runTree(large, filesystems.at(i), true)) {
                endStopped(DiagnosisPhase::Filesystems);
                return;
            }
        }
        done.append(
            DiagnoseText::tr("%1 files, %2").arg(large.files).arg(formatBytes(large.bytes)));
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
