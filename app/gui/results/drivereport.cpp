#include "drivereport.h"

#include "adviceinputs.h"
#include "widgets/advicetab.h"
#include "widgets/healthtab.h"

#include <QLabel>
#include <algorithm>

namespace trimscope::gui {

report::ReportInput driveReport(const RunStore &store, const DriveEntry &drive,
                                const AdviceTab &advice, const HealthTab &health)
{
    const DriveEvidence evidence = evidenceOf(store, drive.info);
    report::ReportInput input;
    input.drive = drive.info;
    input.sweeps = evidence.input.sweeps;
    std::reverse(input.sweeps.begin(), input.sweeps.end()); // newest first, drawn on top
    input.advice = advice.advice();
    input.basedOn = advice.inputsLabel()->text();
    input.health = health.driveHealth();
    if (!input.health)
        input.health = evidence.health;
    // A simulated drive's example data: in the report as on the Health tab, labelled an example.
    if (!input.health && health.showsExample() && health.health()) {
        input.health = health.health();
        input.healthIsExample = true;
    }
    input.created = QDateTime::currentDateTime();
    input.toolVersion = QStringLiteral(TRIMSCOPE_VERSION);
    return input;
}

} // namespace trimscope::gui
