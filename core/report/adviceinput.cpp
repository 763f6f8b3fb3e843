#include "adviceinput.h"

#include "health/trimreadwords.h"

#include <QCoreApplication>

namespace trimscope {

namespace {

struct AdviceInputText
{
    Q_DECLARE_TR_FUNCTIONS(AdviceInput)
};

Error refused(const QString &why)
{
    return makeError(ErrorCode::InvalidArgument, why);
}

// The refusals say where a run ran, not what it measured: the drive may be a simulated one
// (issue 47 item 13).
struct Add
{
    advice::AdviceInput &input;

    Error operator()(const SweepResult &sweep) const
    {
        if (!input.sweeps.isEmpty() && input.sweeps.constFirst().drive.serial != sweep.drive.serial)
            return refused(
                AdviceInputText::tr("this sweep ran on %1, not %2: advice is for one "
                                    "drive at a time")
                    .arg(sweep.drive.displayName(), input.sweeps.constFirst().drive.displayName()));
        if (input.stall && input.stall->drive.serial != sweep.drive.serial)
            return refused(AdviceInputText::tr("this sweep ran on %1, but the stall test on %2: "
                                               "advice is for one drive at a time")
                               .arg(sweep.drive.displayName(), input.stall->drive.displayName()));
        input.sweeps.append(sweep);
        return {};
    }
    Error operator()(const fsbench::FsBenchResult &result) const
    {
        const QList<FilesystemDeleteProfile> profiles = result.deleteProfiles();
        if (profiles.isEmpty())
            return refused(
                AdviceInputText::tr("these filesystem results hold no delete with discard"));
        for (const FilesystemDeleteProfile &profile : profiles) {
            input.filesystems.removeIf([&](const FilesystemDeleteProfile &known) {
                return known.filesystem == profile.filesystem;
            });
            input.filesystems.append(profile);
        }
        // Deletes of several tree sizes add up: together they show how the discards scale.
        input.treeDeletes += advice::treeDeletesOf(result);
        // The experiment's drive is the advice's when nothing else names one: its advice is
        // about that drive, not "no drive was measured" (issue 47).
        if (!input.drive)
            input.drive = result.drive;
        return {};
    }
    Error operator()(const probe::BackgroundProbeResult &probe) const
    {
        if (!probe.complete())
            return refused(AdviceInputText::tr("this background probe did not complete"));
        input.backgroundProbe = probe;
        return {};
    }
    Error operator()(const stall::StallResult &result) const
    {
        if (!result.complete() || !result.measured())
            return refused(AdviceInputText::tr("this stall test did not complete"));
        if (!input.sweeps.isEmpty() &&
            input.sweeps.constFirst().drive.serial != result.drive.serial)
            return refused(AdviceInputText::tr("this stall test ran on %1, not %2: advice is "
                                               "for one drive at a time")
                               .arg(result.drive.displayName(),
                                    input.sweeps.constFirst().drive.displayName()));
        input.stall = result;
        return {};
    }
    Error operator()(const audit::AuditReport &report) const
    {
        input.audit = report;
        return {};
    }
    Error operator()(const health::DriveHealth &health) const
    {
        input.health = healthSummaryOf(health);
        return {};
    }
    Error operator()(const DiagnosisResult &diagnosis) const
    {
        if (!input.sweeps.isEmpty() && diagnosis.sweep &&
            input.sweeps.constFirst().drive.serial != diagnosis.drive.serial)
            return refused(AdviceInputText::tr("this diagnosis ran on %1, not %2: advice is for "
                                               "one drive at a time")
                               .arg(diagnosis.drive.displayName(),
                                    input.sweeps.constFirst().drive.displayName()));
        const advice::AdviceInput own = adviceInputOf(diagnosis);
        input.drive = own.drive;
        input.sweeps += own.sweeps;
        input.treeDeletes += own.treeDeletes;
        for (const FilesystemDeleteProfile &profile : own.filesystems) {
            input.filesystems.removeIf([&](const FilesystemDeleteProfile &known) {
                return known.filesystem == profile.filesystem;
            });
            input.filesystems.append(profile);
        }
        if (own.backgroundProbe)
            input.backgroundProbe = own.backgroundProbe;
        if (own.health)
            input.health = own.health;
        if (own.audit && !input.audit)
            input.audit = own.audit;
        return {};
    }
    // The drive in use and a measured drive must be one drive, or one of its model (a spare
    // drive of the same model, diagnosed, beside the system drive watched).
    Error sameDriveOrModel(const DriveInfo &drive, const char *what) const
    {
        const std::optional<DriveInfo> measured =
            !input.sweeps.isEmpty()          ? std::optional(input.sweeps.constFirst().drive)
            : input.watch                    ? std::optional(input.watch->drive)
            : !input.fstrimTimings.isEmpty() ? std::optional(input.fstrimTimings.constFirst().drive)
                                             : input.drive;
        if (!measured || measured->model == drive.model || measured->serial == drive.serial)
            return {};
        return refused(
            AdviceInputText::tr("this %1 ran on %2, not %3 or a drive of its "
                                "model: advice is for one drive at a time")
                .arg(AdviceInputText::tr(what), drive.displayName(), measured->displayName()));
    }
    Error operator()(const watch::DiscardWatch &watched) const
    {
        if (const Error other =
                sameDriveOrModel(watched.drive, QT_TRANSLATE_NOOP("AdviceInput", "watch"));
            other.isError())
            return other;
        input.watch = watched;
        return {};
    }
    Error operator()(const watch::FstrimTimingResult &fstrim) const
    {
        if (fstrim.pieces.isEmpty())
            return refused(AdviceInputText::tr("this timed fstrim trimmed no piece"));
        if (const Error other =
                sameDriveOrModel(fstrim.drive, QT_TRANSLATE_NOOP("AdviceInput", "timed fstrim"));
            other.isError())
            return other;
        input.fstrimTimings.append(fstrim);
        return {};
    }
    template <class Other> Error operator()(const Other &other) const
    {
        return refused(AdviceInputText::tr("advice reads sweeps, filesystem results, "
                                           "background-probe and stall results, audits, health "
                                           "reports, watches and timed fstrims; this is a %1 "
                                           "result")
                           .arg(resultWhat(AnyResult(other))));
    }
};

} // namespace

Error addAdviceInput(const AnyResult &result, advice::AdviceInput &input)
{
    return std::visit(Add{input}, result);
}

advice::AdviceInput adviceInputOf(const DiagnosisResult &diagnosis)
{
    advice::AdviceInput input;
    input.drive = diagnosis.drive;
    if (diagnosis.health)
        input.health = healthSummaryOf(*diagnosis.health);
    if (!diagnosis.trimSupported)
        markWithoutTrim(input, diagnosis.drive);
    if (diagnosis.backgroundProbe && diagnosis.backgroundProbe->complete())
        input.backgroundProbe = diagnosis.backgroundProbe;
    if (diagnosis.sweep && !diagnosis.sweep->points.isEmpty())
        input.sweeps.append(*diagnosis.sweep);
    for (const fsbench::FsBenchResult &result : diagnosis.filesystems)
        addAdviceInput(AnyResult(result), input);
    input.audit = diagnosis.audit;
    return input;
}

void markWithoutTrim(advice::AdviceInput &input, const DriveInfo &drive)
{
    advice::HealthSummary summary = input.health.value_or(advice::HealthSummary());
    summary.trimSupported = false;
    if (summary.source.isEmpty())
        summary.source = drive.path;
    input.health = summary;
    if (!input.drive)
        input.drive = drive;
}

advice::HealthSummary healthSummaryOf(const health::DriveHealth &health)
{
    advice::HealthSummary summary;
    summary.trimSupported = health.trimSupported;
    summary.percentageUsed = health.percentUsed;
    const health::TrimReadFacts trim = health::trimReadFacts(health);
    summary.zeroesAfterTrim = trim.zeroes;
    summary.readAfterTrim = trim.afterTrim;
    summary.source = health.source;
    return summary;
}

} // namespace trimscope
