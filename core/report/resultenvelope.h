#pragma once

#include "common/expected.h"
#include "common/stopreason.h"
#include "device/driveinfo.h"

#include <QDateTime>
#include <QJsonObject>

namespace trimscope {

// What every TrimScope result file opens with: the schema and its version, the TrimScope that
// wrote it, and for a measurement run the drive, how the run ended, why, and when. The body of
// each kind (its points, runs, phases) comes from the result type's own toJson(); this part is
// written and read here alone.
struct ResultEnvelope
{
    QString schema; // "io.github.trimscope.sweep"
    int version = 0;
    QString toolVersion;
    // A measurement run's record. Read-outs (health, audit, advice) have no kind and leave the
    // rest at its defaults.
    QString kind; // "trim-sweep", "fs-delete-bench", ...
    DriveInfo drive;
    StopReason stopReason = StopReason::Completed;
    Error error; // set when stopReason is Failed
    QDateTime started;
    QDateTime finished;
    double elapsedSeconds = 0;

    bool isRun() const { return !kind.isEmpty(); }
    QJsonObject toJson() const;
    // InvalidArgument when the object names no schema or no positive version. A file without a
    // stop reason reads as Failed, so an incomplete run never passes for a complete one.
    static Expected<ResultEnvelope> fromJson(const QJsonObject &json);
};

// {"name": "DeviceBusy", "message": "..."}: how a result file states an error.
QJsonObject errorToJson(const Error &error);
Error errorFromJson(const QJsonObject &json);

} // namespace trimscope
