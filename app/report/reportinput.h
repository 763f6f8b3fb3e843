#pragma once

#include "advice/advice.h"
#include "health/drivehealth.h"
#include "report/resultfile.h"

#include <QDateTime>
#include <optional>

namespace trimscope::report {

// What one shared report shows: one drive, its health, its TRIM curve, the verdict with its
// numbers and the changes to make, when it was made and by which TrimScope. The window fills it
// from what its tabs show (the one verdict of the drive); the CLI from result files.
struct ReportInput
{
    DriveInfo drive;
    bool blockFacts = true; // the drive's block-layer facts (sectors, discard limits) are known
    std::optional<health::DriveHealth> health; // none: not read (or a simulated drive's)
    // `health` is example data from a real drive shown for a simulated one, as the Health tab
    // shows it: the report shows it too, labelled as an example.
    bool healthIsExample = false;
    QList<SweepResult> sweeps; // the curves the verdict rests on
    advice::Advice advice;
    QString basedOn; // "Based on: …", which runs the verdict rests on, in words
    QDateTime created;
    QString toolVersion; // of the TrimScope that made the report
};

// A report from result files, as `trimscope-cli report --from` reads them: the advice is the one
// `advise --from` gives for the same files (sweeps, a diagnosis, filesystem, probe and stall
// results, health reports, an audit), `audit` (this computer's, or a saved one) replacing any
// audit among them. The drive is the one the sweeps (or the diagnosis, or the stall test)
// measured, else the health report's. InvalidArgument, saying which file and why, for a file the
// advice refuses (another drive's sweep, a mkfs timing, an advice).
struct ReportSource
{
    QString path;
    AnyResult result;
};
Expected<ReportInput> reportInputOf(const QList<ReportSource> &sources,
                                    const std::optional<audit::AuditReport> &audit);

} // namespace trimscope::report
