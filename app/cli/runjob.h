#pragma once

#include "jobs/jobplan.h"
#include "jobs/jobtarget.h"

#include <QString>

namespace trimscope::cli {

// A measuring command's job and what it leaves behind.
struct JobCommand
{
    JobPlan plan;
    JobTarget target;
    QString title;         // the progress bar's label
    QString jsonPath;      // empty: not asked for
    QString csvPath;       // sweeps only
    QString cancelledNote; // what a cancelled run guarantees beyond "incomplete", if anything
    // The first line on stdout, before the run starts (the probe's bound), if any.
    QString opening = {};
    // Kinds that may spend minutes in one step (the probe's wait for quiet): where no bar is
    // drawn (stderr not a terminal), a line of progress on stderr every few seconds instead.
    bool progressLines = false;
};

// Runs the job through whichever runner may (chooseRunner: in process, trimscope-helper or
// udisks2), with a progress bar and Ctrl-C cancelling, then ends every command the same way: the
// typed result shown as the kind's report, its files written, the exit code from how the run
// ended (finishRun). A job that never started prints why and exits 2
// for a refusal, else 1.
int runJobCommand(const JobCommand &command);

} // namespace trimscope::cli
