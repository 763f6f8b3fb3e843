#pragma once

#include "common/expected.h"
#include "device/runrecord.h"

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
    QString kind; // "trim-sweep", "fs-delete-bench", ...; empty for read-outs
    // A measurement run's record. Read-outs (health, audit, advice) carry only the tool version.
    RunRecord run;

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
