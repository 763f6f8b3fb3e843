#include "diagnosejob.h"

#include "audit/systemsnapshot.h"
#include "common/units.h"
#include "device/admission.h"
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
            // The kind's own ETA once it has one, else what is left of the estimate.
            const double left =
                p.etaSeconds >= 0 ? p.etaSeconds : std::max(estimate - (now() - started), 0.0);
            progress(phase, p.phase == QLatin1String("probe") ? QString() : p.phase, left);
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
            expectedSweepSeconds(m_schedule, m_result.backgroundProbe->discardSeconds);
}

void Diagnosis::sweep()
{
    begin(DiagnosisPhase::Sweep);
    m_result.sweep =
        runPhase<SweepResult>(DiagnosisPhase::Sweep, diagnosisSweepPlan(m_schedule));
    if (stopped()) {
        endStopped(DiagnosisPhase::Sweep);
        return;
    }
    const SweepResult &s = *m_result.sweep;
    end(DiagnosisPhase::Sweep, statusOf(s.stopReason),
        DiagnoseText::tr("%n size(s) measured with %1 discards", nullptr, int(s.points.size()))
                .arg(s.samples.size()) +
            (s.stopReason == StopReason::TimeBudget
                 ? DiagnoseText::tr("; stopped at its time budget of %1")
                       .arg(formatSeconds(m_schedule.sweepBudgetSeconds))
                 : QString()) +
            (emptyTrimCheckText(s).isEmpty() ? QString()
                                             : QStringLiteral(". ") + emptyTrimCheckText(s)));
}

void Diagnosis::filesystems()
{
    begin(DiagnosisPhase::Filesystems);
    if (m_schedule.trees.isEmpty()) {
        end(DiagnosisPhase::Filesystems, PhaseStatus::Skipped, m_schedule.noFilesystemsReason);
        return;
    }
    QStringList done;
    for (int i = 0; i < m_schedule.trees.size(); ++i) {
        fsbench::FsBenchPlan plan;
        plan.filesystems = m_schedule.filesystems;
        plan.tree = m_schedule.trees.at(i);
        // The smaller tree only shows how the discards grow; the larger one also gives the
        // delete without discard and fstrim.
        plan.variants = i + 1 < m_schedule.trees.size()
                            ? QStringList{QStringLiteral("discard")}
                            : QStringList{QStringLiteral("discard"), QStringLiteral("nodiscard")};
        const double started = now();
        std::optional<fsbench::FsBenchResult> result =
            runPhase<fsbench::FsBenchResult>(DiagnosisPhase::Filesystems, plan);
        if (result)
            m_result.filesystems.append(std::move(*result));
        if (stopped()) {
            endStopped(DiagnosisPhase::Filesystems);
            return;
        }
        done.append(DiagnoseText::tr("%1 files, %2")
                        .arg(plan.tree.files)
                        .arg(formatBytes(plan.tree.bytes)));
        // What the smaller tree took says what the larger will: twice the runs, each as much
        // longer as the schedule's model of a run says (fixed costs do not grow with the tree).
        if (i + 1 < m_schedule.trees.size()) {
            const double took = now() - started;
            m_estimates[std::size_t(DiagnosisPhase::Filesystems)] =
                2 * took * expectedRunSeconds(m_schedule.trees.at(i + 1)) /
                expectedRunSeconds(plan.tree);
        }
    }
    end(DiagnosisPhase::Filesystems, PhaseStatus::Done,
        DiagnoseText::tr("%1 with online discard deleted trees of %2")
            .arg(m_schedule.filesystems.join(QStringLiteral(", ")),
                 done.join(DiagnoseText::tr(" and "))));
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

Expected<JobBody> prepareDiagnosis(const DiagnosePlan &plan, const JobTarget &target)
{
    if (const Error error = validateDiagnosePlan(plan); error.isError())
        return error;
    DriveInfo drive;
    bool filesystemsPossible = false;
    JobTarget phaseTarget = target;
    if (const auto *simulated = std::get_if<SimulatedTarget>(&target)) {
        const Expected<SimulatedProfile> profile = simulatedProfile(*simulated);
        if (!profile)
            return profile.error();
        drive = profile->drive;
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
    const DiagnoseSchedule schedule =
        scheduleDiagnosis(plan, drive, filesystemsPossible, installed, servedNoDiscard(drive));
    return JobBody(
        [plan, phaseTarget, drive, schedule](const CancelToken &cancel, const JobReporter &report) {
            Diagnosis diagnosis(plan, phaseTarget, drive, schedule, cancel, report);
            return outcomeOf(diagnosis.run());
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
