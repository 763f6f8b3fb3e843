#include "watchperiods.h"

#include "device/deviceprobe.h"

namespace trimscope::gui {

Error WatchPeriods::startNewPeriod(const DriveEntry &drive, const BlockDevice &disk)
{
    const Expected<watch::CounterSnapshot> now = watch::readCounters(watch::watchedNames(disk));
    if (!now)
        return now.error();
    m_started.insert(drive.id, *now);
    return {};
}

void WatchPeriods::countSinceBoot(const DriveEntry &drive)
{
    m_started.remove(drive.id);
}

bool WatchPeriods::hasPeriod(const DriveEntry &drive) const
{
    return m_started.contains(drive.id);
}

Expected<watch::DiscardWatch> WatchPeriods::read(const DriveEntry &drive,
                                                 const BlockDevice &disk) const
{
    if (drive.id.isEmpty() || drive.info.simulated || disk.name.isEmpty())
        return makeError(ErrorCode::InvalidArgument,
                         QStringLiteral("a simulated drive has no counters"));
    const auto started = m_started.constFind(drive.id);
    if (started == m_started.cend())
        return watch::readSinceBoot(disk);
    const Expected<watch::CounterSnapshot> now = watch::readCounters(watch::watchedNames(disk));
    if (!now)
        return now.error();
    watch::DiscardWatch watched = watch::compareSnapshots(disk, *started, *now);
    watch::addFilesystemCounters(watched);
    return watched;
}

std::optional<watch::DiscardWatch> chosenWatch(const WatchPeriods *periods, const DriveEntry &drive)
{
    if (drive.id.isEmpty() || drive.info.simulated)
        return std::nullopt;
    // Counters, partitions and mount points only: not who holds the drive open (a walk of every
    // process's open files, on the window's thread whenever the advice is recomputed).
    const Expected<BlockDevice> disk = DeviceProbe::sysfsOnly().probeName(drive.info.name);
    if (!disk)
        return std::nullopt;
    const Expected<watch::DiscardWatch> watched =
        periods ? periods->read(drive, *disk) : watch::readSinceBoot(*disk);
    return watched ? std::optional(*watched) : std::nullopt;
}

} // namespace trimscope::gui
