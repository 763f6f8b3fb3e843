#pragma once

#include "common/canceltoken.h"
#include "fioresult.h"

#include <QStringList>
#include <functional>

namespace trimscope::recovery {

// fio from a fixed set of system directories, never from $PATH (the helper runs as root).
// Empty when fio is not installed.
QString findFioProgram();

inline constexpr int kFioPollMs = 100;

// Runs `program args` to the end and parses its JSON. Blocking; polls `cancel` every `pollMs`
// (about; 100 ms unless the caller samples more often) and
// then stops fio with SIGTERM (fio ends its jobs and still reports), and kills it if it does not
// go. `onTick(elapsedSeconds)` is called at each poll while fio runs. `stopWhen`, polled
// as often, stops fio the same way, but the run counts as complete: its report is parsed.
// The environment is emptied so no FIO_* variable or job-file macro reaches fio. fio dies with
// the calling thread (killWithParent): it must never write on after its caller is gone.
Expected<FioRunResult> runFioProcess(const QString &program, const QStringList &args,
                                     const CancelToken &cancel,
                                     const std::function<void(double)> &onTick = {},
                                     const std::function<bool()> &stopWhen = {},
                                     int pollMs = kFioPollMs);

// The same, for jobs whose figures come from elsewhere (latency logs): returns fio's standard
// output unparsed. `stopWhen` is polled as often as `cancel`; when it turns true fio is stopped
// the same way but the run counts as complete (a time-based job that ran long enough).
Expected<QByteArray> runFioProcessOutput(const QString &program, const QStringList &args,
                                         const CancelToken &cancel,
                                         const std::function<void(double)> &onTick = {},
                                         const std::function<bool()> &stopWhen = {},
                                         int pollMs = kFioPollMs);

} // namespace trimscope::recovery
