#pragma once

#include "advice/advice.h"
#include "runstore.h"

#include <QDateTime>

namespace trimscope::gui {

// What the advice for one drive reads from the runs kept with it, and how many of each kind.
struct DriveEvidence
{
    advice::AdviceInput input;
    int sweeps = 0;      // saved benchmark runs
    int filesystems = 0; // filesystem experiments
    int probes = 0;      // background-TRIM probes
    int stalls = 0;      // stall tests
    int fstrims = 0;     // timed fstrims of its filesystems (the drive in use)
    QDateTime diagnosis; // when the diagnosis the advice starts from began; null: none
    int superseded = 0;  // runs kept from before that diagnosis, which it measured again
    // The drive's whole health as that diagnosis read it (the advice reads only its summary).
    std::optional<health::DriveHealth> health;
};

// Every run kept with `drive` that the advice reads, so that every view of the drive (the
// Advice tab, the benchmark's summary card) gives one verdict from the same evidence.
// - The newest diagnosis measured everything again (probe, sweep, filesystems): the runs kept
//   from before it are history, not evidence, so the verdict right after a diagnosis is the
//   diagnosis's own. Runs after it add to it.
// - A sweep that stopped early counts only while the drive has no complete one.
// - Runs are added oldest first: a newer probe, stall test or filesystem profile replaces an
//   older one (core's addAdviceInput); a run the advice refuses (an unfinished probe) is left out.
DriveEvidence evidenceOf(const RunStore &store, const DriveInfo &drive);
// The same from the store's runs as listed (`all`, newest first).
DriveEvidence evidenceOf(const QList<StoredRun> &all, const DriveInfo &drive);

} // namespace trimscope::gui
