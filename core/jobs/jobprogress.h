#pragma once

#include "common/canceltoken.h"
#include "common/error.h"
#include "common/stopreason.h"
#include "report/resultfile.h"
#include "sweep/sweepresult.h"

#include <QMetaType>
#include <QString>
#include <functional>
#include <optional>

namespace trimscope {

// How far a job of any kind has come, whoever runs it. A sweep counts samples (`done` of
// `planned`, the plan may grow when adaptive) and has no phase; the phase-based kinds count
// their runs or phases and say what runs now ("ext4 discard delete", "fill 2").
struct JobProgress
{
    double fraction = 0;
    double etaSeconds = -1; // < 0: not known yet
    int done = 0;
    int planned = 0;
    QString phase;
    double elapsedSeconds = 0;
};

// How a job ended: its stop reason and error (Cancelled for a cancelled run), and its result,
// typed: read once where it arrived (the helper's client reads the helper's JSON), written once
// where it is kept (resultToJsonBytes). A job that never started has no result; a failed or
// cancelled run that measured something has one.
struct JobOutcome
{
    StopReason stopReason = StopReason::Completed;
    Error error;
    std::optional<AnyResult> result;
};

// Where a running job reports to: called on the job's own thread.
struct JobReporter
{
    std::function<void(const JobProgress &)> progress;
    std::function<void(const Sample &)> sample; // sweeps: every discard as it is measured
    // Something the user should know that is not progress ("unmounted X, left behind by an
    // earlier run"), in words.
    std::function<void(const QString &)> note;
};

// One job's work, prepared: runs a core routine to its end on the calling thread, checking the
// token between two device commands. Whatever it holds (an open device) is released when the
// body is destroyed.
using JobBody = std::function<JobOutcome(const CancelToken &, const JobReporter &)>;

} // namespace trimscope

Q_DECLARE_METATYPE(trimscope::JobProgress)
Q_DECLARE_METATYPE(trimscope::JobOutcome)
