#pragma once

#include "common/canceltoken.h"
#include "common/expected.h"
#include "sweep/sweepplan.h"
#include "sweep/sweepresult.h"

#include <QByteArray>
#include <QVariantMap>
#include <functional>

namespace trimscope::cli {

// What a command does for a user who is not root: trimscope-helper runs it on the system bus
// after polkit agrees (a terminal prompt through pkttyagent when it is installed).

// Runs a job of `kind` (helperprotocol.h) with its options map and returns the job's result
// JSON, byte for byte what the command writes itself. Shows a progress bar titled `title` (the
// phase, or samples for a sweep); `cancel` (Ctrl-C) cancels the job. An error only when the job
// never started (not authorized, refused, helper missing); a failed or cancelled job still
// returns its JSON, which says so.
Expected<QByteArray> runJobInHelper(const QString &kind, const QString &device,
                                    const QVariantMap &options, const QString &title,
                                    const CancelToken &cancel);

// Turns a helper job's result JSON into the command's usual report; empty when it cannot (the
// JSON itself is printed then, so nothing is lost).
using ReportFromJson = std::function<QString(const QByteArray &json)>;

// A whole command in the helper: runJobInHelper with Ctrl-C cancelling, then the same ending as
// the command run in process (finishRun): the JSON written to `jsonPath`, the report printed, the
// exit code from the result's stop_reason. Returns the exit code.
int runCommandInHelper(const QString &kind, const QString &device, const QVariantMap &options,
                       const QString &title, const QString &jsonPath,
                       const ReportFromJson &report = {});

struct HelperSweep
{
    SweepResult result;
    QByteArray json; // the helper's result_json, written unchanged by --json
};
Expected<HelperSweep> runSweepInHelper(const QString &device, const SweepPlan &plan,
                                       const CancelToken &cancel);

// ReadHealth's map (its "json" key the report `health --json` prints).
Expected<QVariantMap> readHealthInHelper(const QString &device);

} // namespace trimscope::cli
