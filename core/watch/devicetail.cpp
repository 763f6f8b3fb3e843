#include "devicetail.h"

#include <QElapsedTimer>
#include <chrono>
#include <thread>

namespace trimscope::watch {

namespace {

// A discard completes in tens of microseconds on a fast drive and in seconds on a slow one; 5 ms
// looks cost a piece that finished at its return about 10 ms.
constexpr auto kLook = std::chrono::milliseconds(5);
constexpr int kQuietLooksWanted = 2;

} // namespace

bool deviceLooksQuiet(const fsbench::DiskStats &before, const fsbench::DiskStats &now)
{
    return now.inFlight == 0 && now.discardIos == before.discardIos &&
           now.discardSectors == before.discardSectors;
}

DeviceTail waitForDeviceTail(const QString &deviceName, const fsbench::DiskStats &atReturn,
                             double boundSeconds)
{
    QElapsedTimer clock;
    clock.start();
    DeviceTail tail;
    tail.end = atReturn;
    // The reading at the return is the first look: quiet there means no tail at all.
    int quietLooks = atReturn.inFlight == 0 ? 1 : 0;
    double firstQuiet = 0;
    while (quietLooks < kQuietLooksWanted) {
        std::this_thread::sleep_for(kLook);
        const Expected<fsbench::DiskStats> now = fsbench::readDiskStats(deviceName);
        if (!now)
            break;
        const double elapsed = double(clock.nsecsElapsed()) / 1e9;
        if (deviceLooksQuiet(tail.end, *now)) {
            if (quietLooks++ == 0)
                firstQuiet = elapsed;
        } else {
            quietLooks = 0;
        }
        tail.end = *now;
        if (quietLooks < kQuietLooksWanted && elapsed >= boundSeconds) {
            tail.seconds = elapsed;
            tail.cutShort = true;
            return tail;
        }
    }
    tail.seconds = firstQuiet;
    return tail;
}

} // namespace trimscope::watch
