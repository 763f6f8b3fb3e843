#pragma once

#include "common/error.h"
#include "sweep/sweepresult.h"

#include <QByteArray>
#include <QString>

namespace trimscope::cli {

// What a measuring command leaves behind when its run ends, however it ended.
struct RunOutput
{
    QString jsonPath; // empty: not asked for
    QByteArray json;
    QString csvPath;
    QByteArray csv;
    QString report;        // the human-readable summary for stdout
    QString cancelledNote; // optional: what a cancelled run guarantees beyond "incomplete"
};

// Writes the files asked for (each whole or not at all), prints the report, and turns how the
// run ended into the exit code: one place, so every command ends the same way.
int finishRun(const RunOutput &output, StopReason reason, const Error &error);

} // namespace trimscope::cli
