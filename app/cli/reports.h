#pragma once

#include "report/resultfile.h"

#include <QString>

namespace trimscope::cli {

// The human-readable report of every kind of result, as its command prints it (also for a result
// that came back from the helper, and for `show`). Each lives beside its command.
QString formatSweepReport(const SweepResult &result);                    // sweeptable.cpp
QString formatFsBenchReport(const fsbench::FsBenchResult &result);       // fsbenchreport.cpp
QString formatMkfsTimingReport(const fsbench::MkfsTimingResult &result); // fsbenchreport.cpp
QString formatRecoveryReport(const recovery::RecoveryResult &result);    // recoverycommon.cpp
QString formatFillReport(const recovery::FillCurveResult &result);       // recoverycommon.cpp
QString formatBackgroundProbeReport(const probe::BackgroundProbeResult &result); // reports.cpp
QString formatStallReport(const stall::StallResult &result);                     // cmd_stall.cpp
QString formatHealthReport(const health::DriveHealth &health);                   // cmd_health.cpp
QString formatAuditReport(const audit::AuditReport &report);                     // cmd_audit.cpp
// `applicable`: the fix ids `apply` carries out here, shown in brackets; none in a saved result.
QString formatAdvice(const advice::Advice &advice,
                     const QStringList &applicable = {});                  // cmd_advise.cpp
QString formatDiagnosisReport(const DiagnosisResult &result);              // cmd_diagnose.cpp
QString formatFstrimTimingReport(const watch::FstrimTimingResult &result); // cmd_fstrimtiming.cpp
QString formatWatchReport(const watch::DiscardWatch &watch);               // cmd_watch.cpp

// Whichever kind the result is.
QString formatReport(const AnyResult &result);

} // namespace trimscope::cli
