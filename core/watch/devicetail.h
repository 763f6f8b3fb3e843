#pragma once

#include "fsbench/diskstats.h"

#include <QString>

// Waiting for a device to finish what was sent to it: a call that returns before its discards
// completed (XFS's FITRIM) leaves them in flight, and the counters read at the return miss them.
namespace trimscope::watch {

struct DeviceTail
{
    fsbench::DiskStats end; // the device's counters when it was seen quiet (or the bound ran out)
    double seconds = 0;     // from the start of the wait until the first quiet look
    bool cutShort = false;  // still busy when the bound ran out
};

// Quiet: no request in flight on the device (its stat field 9) and its discard counters as at the
// look before. Looks every few milliseconds from `atReturn` (read when the call returned) until two
// quiet looks in a row, or `boundSeconds`. A device that cannot be read counts as quiet.
DeviceTail waitForDeviceTail(const QString &deviceName, const fsbench::DiskStats &atReturn,
                             double boundSeconds);

// The part of a quiet check that needs no clock: `now` shows nothing in flight and no discard
// since `before`.
bool deviceLooksQuiet(const fsbench::DiskStats &before, const fsbench::DiskStats &now);

} // namespace trimscope::watch
