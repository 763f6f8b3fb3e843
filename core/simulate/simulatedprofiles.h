#pragma once

#include "device/driveinfo.h"

#include <QList>
#include <optional>

namespace trimscope {

// How long one discard of `bytes` takes on a simulated drive:
// command cost + size cost + an extra cost for small discards, times a little noise.
struct LatencyModel
{
    double commandSeconds = 0;
    double secondsPerMiB = 0;
    quint64 smallBelowBytes = 0;
    double smallExtraSeconds = 0;
    double jitter = 0.03; // relative standard deviation of the log-normal noise

    double seconds(quint64 bytes) const;
    // A discard of space that holds no data (trimmed before, nothing written since): the command
    // alone, without the size cost, which is the work of unmapping data. ext4 discards the same
    // free ranges many times over while it deletes; this is what the repeats cost.
    double emptySeconds(quint64 bytes) const;
};

// An in-process drive with a latency shape from our background reading. Always labelled
// simulated: DriveInfo::simulated is true and its model says "(simulated)".
struct SimulatedProfile
{
    QString id;
    QString description;
    DriveInfo drive;
    LatencyModel discard;
    // Drives that answer TRIM at once and do the work later: seconds of background work per
    // trimmed MiB, during which writes are slow. 0 for ordinary drives.
    double deferredSecondsPerMiB = 0;
};

const QList<SimulatedProfile> &simulatedProfiles();
std::optional<SimulatedProfile> findSimulatedProfile(const QString &id);
// The drive the README's main command and the GUI's first run show.
QString defaultSimulatedProfileId();

} // namespace trimscope
