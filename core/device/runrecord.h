#pragma once

#include "common/error.h"
#include "common/stopreason.h"
#include "driveinfo.h"

#include <QDateTime>

namespace trimscope {

// What every measurement run on a drive records about itself, whatever it measured: the drive,
// how and why the run ended, when, and with which TrimScope. Each result type derives from it;
// report/ writes it as the envelope of every result file.
struct RunRecord
{
    DriveInfo drive;
    StopReason stopReason = StopReason::Completed;
    Error error; // set when stopReason is Failed
    QDateTime started;
    QDateTime finished;
    double elapsedSeconds = 0;
    QString toolVersion;

    bool complete() const { return stopReason == StopReason::Completed; }

    // A run starting now on `drive`, measured by this TrimScope.
    void start(const DriveInfo &measured);
    // The run ends now, `seconds` after it started (by the runner's monotonic clock).
    void finish(double seconds);
    // The run stops for `error`: Cancelled for a cancellation, else Failed with the error.
    void stopWith(const Error &why);
};

} // namespace trimscope
