#include "fstrimrunner.h"

#include "devicetail.h"
#include "fsbench/diskstats.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <thread>

namespace trimscope::watch {

namespace {

struct FstrimRunText
{
    Q_DECLARE_TR_FUNCTIONS(FstrimTiming)
};

// How often the disk's requests in flight are looked at while a piece runs.
constexpr auto kInFlightLook = std::chrono::milliseconds(5);

quint64 inFlightNow(const QString &diskName)
{
    QFile file(QStringLiteral("/sys/class/block/%1/inflight").arg(diskName));
    if (!file.open(QIODevice::ReadOnly))
        return 0;
    quint64 total = 0;
    for (const QByteArray &field : file.readAll().simplified().split(' '))
        total += field.toULongLong();
    return total;
}

// Looks at the disk's requests in flight until destroyed; the most it saw.
class InFlightSampler
{
public:
    explicit InFlightSampler(QString diskName)
        : m_diskName(std::move(diskName)), m_thread([this] { run(); })
    {
    }
    ~InFlightSampler() { stop(); }
    InFlightSampler(const InFlightSampler &) = delete;
    InFlightSampler &operator=(const InFlightSampler &) = delete;

    quint64 stop()
    {
        m_stop = true;
        if (m_thread.joinable())
            m_thread.join();
        return m_max;
    }

private:
    void run()
    {
        while (!m_stop) {
            m_max = std::max(m_max.load(), inFlightNow(m_diskName));
            std::this_thread::sleep_for(kInFlightLook);
        }
    }

    QString m_diskName;
    std::atomic<bool> m_stop{false};
    std::atomic<quint64> m_max{0};
    std::thread m_thread;
};

Error fitrimError(int error, const TrimmedFilesystem &fs)
{
    const QString why = QString::fromLocal8Bit(strerror(error));
    switch (error) {
    case EOPNOTSUPP:
    case ENOTTY:
        return makeError(ErrorCode::Unsupported,
                         FstrimRunText::tr("%1 (%2) does not support FITRIM: %3")
                             .arg(fs.mountPoint, fs.fsType, why));
    case EPERM:
    case EACCES:
        return makeError(ErrorCode::PermissionDenied,
                         FstrimRunText::tr("trimming %1 needs root: %2").arg(fs.mountPoint, why));
    default:
        return makeError(ErrorCode::IoError,
                         FstrimRunText::tr("FITRIM on %1 failed: %2").arg(fs.mountPoint, why));
    }
}

// The counters around a piece; a device that cannot be read counts as nothing, not as a failure
// of the trim.
fsbench::DiskStats statsOf(const QString &name)
{
    const Expected<fsbench::DiskStats> stats = fsbench::readDiskStats(name);
    return stats ? *stats : fsbench::DiskStats();
}

} // namespace

Expected<FstrimTimingResult> runFstrimTiming(const FstrimTarget &target,
                                             const FstrimTimingPlan &plan,
                                             const CancelToken &cancel,
                                             const FstrimTimingProgressCallback &progress)
{
    const TrimmedFilesystem &fs = target.filesystem;
    const QList<FstrimRange> ranges = planPieces(fs.sizeBytes, plan.pieceBytes);
    FstrimTimingResult result;
    result.plan = plan;
    result.filesystem = fs;
    result.plannedPieces = int(ranges.size());
    QElapsedTimer clock;
    clock.start();
    const auto report = [&](int done, quint64 covered) {
        if (!progress)
            return;
        FstrimTimingProgress p;
        p.done = done;
        p.planned = int(ranges.size());
        p.fraction = fs.sizeBytes > 0 ? std::min(1.0, double(covered) / double(fs.sizeBytes))
                                      : double(done) / double(ranges.size());
        p.elapsedSeconds = double(clock.nsecsElapsed()) / 1e9;
        if (p.fraction > 0 && done > 0)
            p.etaSeconds = p.elapsedSeconds / p.fraction * (1 - p.fraction);
        progress(p);
    };
    report(0, 0);
    double tailBudget = kFstrimTailBoundSeconds;
    for (const FstrimRange &range : ranges) {
        if (cancel.isCancelled()) {
            result.stopReason = StopReason::Cancelled;
            return result;
        }
        FstrimPiece piece;
        piece.start = range.start;
        piece.length = range.length;
        const fsbench::DiskStats deviceBefore = statsOf(fs.deviceName);
        const fsbench::DiskStats diskBefore = statsOf(fs.diskName);
        fstrim_range asked = {range.start, range.ioctlLength(), plan.minimumBytes};
        InFlightSampler sampler(fs.diskName);
        QElapsedTimer timer;
        timer.start();
        const int rc = ::ioctl(target.directory->get(), FITRIM, &asked);
        const int callError = errno;
        piece.seconds = double(timer.nsecsElapsed()) / 1e9;
        const fsbench::DiskStats atReturn = statsOf(fs.deviceName);
        // The piece ends when its discards have: XFS returns with some still in flight, and the
        // next piece (or the end of the run) would otherwise take or lose them.
        const DeviceTail tail = waitForDeviceTail(fs.deviceName, atReturn, tailBudget);
        tailBudget = std::max(0.0, tailBudget - tail.seconds);
        const quint64 maxInFlight = sampler.stop();
        if (rc != 0) {
            result.stopReason = StopReason::Failed;
            result.error = fitrimError(callError, fs);
            return result;
        }
        piece.trimmedBytes = asked.len; // the filesystem answers with what it trimmed
        piece.discards = fsbench::discardDelta(deviceBefore, tail.end);
        piece.tail.discards = fsbench::discardDelta(atReturn, tail.end);
        piece.tail.seconds = tail.seconds;
        piece.tail.cutShort = tail.cutShort;
        piece.otherIo = otherIoBetween(diskBefore, statsOf(fs.diskName));
        piece.otherIo.maxInFlight = maxInFlight;
        result.pieces.append(piece);
        const quint64 covered = range.length > 0 ? range.start + range.length : fs.sizeBytes;
        report(int(result.pieces.size()), covered);
    }
    return result;
}

} // namespace trimscope::watch
