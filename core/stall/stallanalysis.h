#pragma once

#include "common/expected.h"
#include "stallresult.h"

#include <QByteArray>
#include <QList>

namespace trimscope::stall {

// One I/O from fio's latency log: when it completed (ns on CLOCK_MONOTONIC, to the millisecond
// fio logs) and how long it took (ns, exact).
struct IoSample
{
    qint64 endNs = 0;
    qint64 latencyNs = 0;
    bool write = false;

    qint64 startNs() const { return endNs - latencyNs; }
};

// fio's per-I/O latency log (write_lat_log with log_avg_msec=0): "msec, nsec, ddir, bs, ..."
// per line. Pure. InvalidArgument for a line that is not such a record; blank lines are skipped.
// `msecOffset` is added to each time stamp (0 when fio logs on our clock already).
Expected<QList<IoSample>> parseFioLatencyLog(const QByteArray &log, qint64 msecOffset = 0);

// One discard as the discarding thread saw it.
struct TimedDiscard
{
    StallPhase phase = StallPhase::Small;
    quint64 offset = 0;
    quint64 bytes = 0;
    qint64 startNs = 0;
    qint64 endNs = 0;
};

// The measured part of a StallResult (phases, discards, timeline, threshold) from the I/O log
// and the discards, on one clock. Time zero is `baselineFromNs`; the run ends at `endNs`. The
// baseline is every I/O that completed before the first discard; a discard phase runs from its
// first discard to the next phase's first one and holds the I/O completed in that time. Per
// discard, the added time counts the I/O in flight while it ran that was slower than the stall
// threshold; the longest stall is the longest I/O in flight after its start that completed before
// the next discard began.
// Pure.
void analyzeStall(StallResult &result, const QList<IoSample> &ios,
                  const QList<TimedDiscard> &discards, qint64 baselineFromNs, qint64 endNs);

} // namespace trimscope::stall
