#include "reports.h"

namespace trimscope::cli {

namespace {
struct Format
{
    QString operator()(const SweepResult &r) const { return formatSweepReport(r); }
    QString operator()(const fsbench::FsBenchResult &r) const { return formatFsBenchReport(r); }
    QString operator()(const fsbench::MkfsTimingResult &r) const
    {
        return formatMkfsTimingReport(r);
    }
    QString operator()(const recovery::RecoveryResult &r) const { return formatRecoveryReport(r); }
    QString operator()(const recovery::FillCurveResult &r) const { return formatFillReport(r); }
    QString operator()(const probe::BackgroundProbeResult &r) const
    {
        return formatBackgroundProbeReport(r);
    }
    QString operator()(const stall::StallResult &r) const { return formatStallReport(r); }
    QString operator()(const health::DriveHealth &r) const { return formatHealthReport(r); }
    QString operator()(const audit::AuditReport &r) const { return formatAuditReport(r); }
    QString operator()(const advice::Advice &r) const { return formatAdvice(r); }
    QString operator()(const DiagnosisResult &r) const { return formatDiagnosisReport(r); }
    QString operator()(const watch::FstrimTimingResult &r) const
    {
        return formatFstrimTimingReport(r);
    }
    QString operator()(const watch::DiscardWatch &r) const { return formatWatchReport(r); }
};
} // namespace

QString formatBackgroundProbeReport(const probe::BackgroundProbeResult &result)
{
    // A probe that did not complete says why on stderr (finishRun); it has no summary.
    return result.complete() ? result.summary() + QLatin1Char('\n') : QString();
}

QString formatReport(const AnyResult &result)
{
    return std::visit(Format(), result);
}

} // namespace trimscope::cli
