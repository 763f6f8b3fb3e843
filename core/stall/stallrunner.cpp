#include "stallrunner.h"

#include "recovery/fioadmission.h"
#include "recovery/fiojob.h"
#include "recovery/fioprocess.h"
#include "stalltext.h"
#include "sweep/measurementpriority.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <ctime>
#include <linux/fs.h>
#include <mutex>
#include <sys/ioctl.h>
#include <thread>
#include <unistd.h>

namespace trimscope::stall {

using namespace trimscope::recovery;

namespace {

constexpr qint64 kNsPerSecond = 1'000'000'000;
// fio needs a moment to start its job before the baseline counts.
constexpr qint64 kWarmUpNs = 500'000'000;
// ... and has done this many reads (up to this long).
constexpr qint64 kStartReads = 20;
constexpr qint64 kStartTimeoutNs = qint64(30) * 1'000'000'000;
constexpr quint32 kFillBlock = 1u << 20;
constexpr qint64 kMaxLogBytes = qint64(1) << 30;

qint64 monotonicNs()
{
    timespec ts{};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return qint64(ts.tv_sec) * kNsPerSecond + ts.tv_nsec;
}

// Sleeps until `untilNs` or until `stop` says so; false when stopped.
bool sleepUntil(qint64 untilNs, const std::function<bool()> &stop)
{
    while (true) {
        if (stop())
            return false;
        const qint64 left = untilNs - monotonicNs();
        if (left <= 0)
            return true;
        const qint64 step = qMin<qint64>(left, 20'000'000);
        timespec ts{time_t(step / kNsPerSecond), long(step % kNsPerSecond)};
        nanosleep(&ts, nullptr);
    }
}

// The largest power of two up to 1 MiB that divides both.
quint32 fillBlockFor(quint64 offset, quint64 length)
{
    quint32 block = kFillBlock;
    while (block > 4096 && ((offset % block) || (length % block)))
        block /= 2;
    return block;
}

QString fioVersionOf(const QByteArray &output)
{
    const qsizetype start = output.indexOf('{');
    if (start < 0)
        return {};
    return QJsonDocument::fromJson(output.mid(start))
        .object()
        .value(QStringLiteral("fio version"))
        .toString();
}

} // namespace

Error StallDevice::recheck() const
{
    return readmit(m_admitted, m_probe);
}

Error StallDevice::fill(quint64 offset, quint64 length, const CancelToken &cancel,
                        const std::function<void(double)> &onTick)
{
    WriteJob job;
    job.pattern = WritePattern::Sequential;
    job.offset = offset;
    job.length = length;
    job.blockBytes = fillBlockFor(offset, length);
    job.queueDepth = 8;
    const BlockDevice &held = m_admitted.device;
    Expected<QStringList> args =
        fioArguments(job, {held.path, held.sizeBytes, held.logicalBlockSize});
    if (!args)
        return args.error();
    if (const Error error = recheck(); error.isError())
        return error;
    Expected<FioRunResult> run = runFioProcess(m_fioProgram, *args, cancel, onTick);
    return run ? Error() : run.error();
}

Expected<QByteArray> StallDevice::runLoggedIo(const StallPlan &plan, const QString &logPrefix,
                                              const CancelToken &cancel,
                                              const std::function<void(double)> &onTick,
                                              const std::function<bool()> &stopWhen)
{
    // Bounded anyway: the run's own time plus an hour for slow discards.
    const int runtime = int(plannedSeconds(plan)) + 3600;
    Expected<QStringList> args =
        stallFioArguments(plan, m_admitted.device.path, m_admitted.device.sizeBytes, logPrefix,
                          runtime, /*raisePriority=*/::geteuid() == 0);
    if (!args)
        return args.error();
    if (const Error error = recheck(); error.isError())
        return error;
    return runFioProcessOutput(m_fioProgram, *args, cancel, onTick, stopWhen);
}

qint64 StallDevice::completedReads() const
{
    QFile stat(QStringLiteral("/sys/class/block/%1/stat").arg(m_admitted.device.name));
    if (!stat.open(QIODevice::ReadOnly))
        return -1;
    bool ok = false;
    const qint64 reads = stat.readLine(256).simplified().split(' ').value(0).toLongLong(&ok);
    return ok ? reads : -1;
}

Expected<TimedDiscard> StallDevice::discard(StallPhase phase, quint64 offset, quint64 length)
{
    if (offset > sizeBytes() || length > sizeBytes() - offset)
        return makeError(ErrorCode::InvalidArgument,
                         StallText::tr("discard outside the device"));
    std::uint64_t range[2] = {offset, length};
    TimedDiscard timed{phase, offset, length, monotonicNs(), 0};
    const int rc = ::ioctl(m_admitted.fd.get(), BLKDISCARD, range);
    timed.endNs = monotonicNs();
    if (rc != 0) {
        const int err = errno;
        return makeError(err == EOPNOTSUPP ? ErrorCode::NoDiscardSupport : ErrorCode::IoError,
                         StallText::tr("BLKDISCARD of %1 bytes at %2 failed: %3")
                             .arg(length)
                             .arg(offset)
                             .arg(QString::fromLocal8Bit(strerror(err))));
    }
    return timed;
}

Expected<std::unique_ptr<StallDevice>> prepareStallDevice(const QString &path,
                                                          const DeviceProbe &probe,
                                                          const QString &fioProgram,
                                                          const DeviceIdentity &approved)
{
    AdmissionRules rules;
    rules.approved = approved;
    Expected<recovery::FioAdmission> admitted = recovery::admitForFio(path, rules, probe, fioProgram);
    if (!admitted)
        return admitted.error();
    auto device = std::make_unique<StallDevice>();
    device->m_drive = admitted->admitted.drive();
    device->m_admitted = std::move(admitted->admitted);
    device->m_probe = probe;
    device->m_fioProgram = admitted->program;
    return device;
}

Expected<QStringList> stallFioArguments(const StallPlan &plan, const QString &devicePath,
                                        quint64 deviceBytes, const QString &logPrefix,
                                        int runtimeSeconds, bool raisePriority)
{
    // The same checks as a random write job on the read region: a plain node, an aligned region
    // on the device, a bounded time.
    WriteJob region;
    region.pattern = WritePattern::Random;
    region.offset = 0;
    region.length = plan.readRegionBytes;
    region.blockBytes = 4096;
    region.queueDepth = 1;
    region.runtimeSeconds = runtimeSeconds;
    if (const Error error = validateWriteJob(region, {devicePath, deviceBytes, 512});
        error.isError())
        return error;
    if (logPrefix.isEmpty() || !logPrefix.startsWith(QLatin1Char('/')) ||
        logPrefix.contains(QLatin1Char(':')) || logPrefix.contains(QLatin1Char('$')))
        return makeError(ErrorCode::InvalidArgument,
                         StallText::tr("fio's log path must be absolute, without ':' or '$'"));
    const auto opt = [](const char *name, const QString &value) {
        return QStringLiteral("--%1=%2").arg(QLatin1String(name), value);
    };
    QStringList args{
        opt("name", QStringLiteral("trimscope-stall")),
        opt("filename", devicePath),
        opt("rw", plan.writes ? QStringLiteral("randrw") : QStringLiteral("randread")),
        opt("bs", QStringLiteral("4096")),
        opt("iodepth", QStringLiteral("1")),
        opt("ioengine", QStringLiteral("libaio")),
        opt("direct", QStringLiteral("1")),
        opt("offset", QStringLiteral("0")),
        opt("size", QString::number(plan.readRegionBytes)),
        opt("numjobs", QStringLiteral("1")),
        // A thread of the one fio we start, so it dies with its caller (see fiojob.cpp).
        opt("thread", QStringLiteral("1")),
        opt("time_based", QStringLiteral("1")),
        opt("runtime", QString::number(runtimeSeconds)),
        opt("norandommap", QStringLiteral("1")),
        opt("randrepeat", QStringLiteral("0")),
        opt("allow_mounted_write", QStringLiteral("0")),
        opt("exitall_on_error", QStringLiteral("1")),
        // Every I/O's latency, stamped on CLOCK_MONOTONIC (clock id 1): the clock our discarding
        // thread reads, so the two line up without guessing.
        opt("write_lat_log", logPrefix),
        opt("log_avg_msec", QStringLiteral("0")),
        opt("log_alternate_epoch", QStringLiteral("1")),
        opt("log_alternate_epoch_clock_id", QStringLiteral("1")),
        opt("output-format", QStringLiteral("json")),
        opt("eta", QStringLiteral("never")),
    };
    if (raisePriority)
        args.append(opt("nice", QStringLiteral("-10")));
    if (plan.writes)
        args.append(opt("rwmixread", QStringLiteral("67")));
    else
        args.append(QStringLiteral("--readonly")); // fio's own guard: this job never writes
    return args;
}

StallResult runStallTest(StallDevice &device, const StallPlan &plan, const CancelToken &cancel,
                         const StallProgressCallback &onProgress, const StallThreadHooks &hooks)
{
    StallResult result;
    result.plan = plan;
    const QList<PlannedDiscard> planned = plannedDiscards(plan);
    const auto stopWith = [&](const Error &error) {
        result.stopWith(error);
        return result;
    };
    const auto report = [&](StallProgress progress) {
        if (onProgress)
            onProgress(progress);
    };

    if (plan.fillFirst) {
        StallProgress progress;
        progress.filling = true;
        progress.discardsPlanned = int(planned.size());
        report(progress);
        const quint64 length = plan.readRegionBytes + plan.discardRegionBytes;
        if (const Error error = device.fill(0, length, cancel, [&](double) { report(progress); });
            error.isError())
            return stopWith(error);
    }

    QTemporaryDir logDir(QDir::tempPath() + QStringLiteral("/trimscope-stall-XXXXXX"));
    if (!logDir.isValid())
        return stopWith(makeError(ErrorCode::IoError,
                                  StallText::tr("cannot create a directory for fio's log: %1")
                                      .arg(logDir.errorString())));
    const QString logPrefix = logDir.filePath(QStringLiteral("io"));

    // Shared with the discarding thread.
    std::atomic<bool> stop{false};
    std::atomic<bool> done{false};
    std::atomic<int> discardsDone{0};
    std::atomic<qint64> baselineFromNs{0};
    std::atomic<qint64> endNs{0};
    std::mutex mutex;
    QList<TimedDiscard> timed;
    Error discardError;

    const qint64 fioStartNs = monotonicNs();
    std::thread discarder([&] {
        const auto stopped = [&] { return stop.load() || cancel.isCancelled(); };
        if (hooks.started)
            hooks.started();
        // Stamps taken the moment the discard returns, not after whatever else is runnable.
        const ScopedMeasurementPriority priority(true);
        // The baseline starts once fio reads: on a busy machine its start can take seconds.
        const qint64 readsBefore = device.completedReads();
        bool started = sleepUntil(fioStartNs + kWarmUpNs, stopped);
        while (started && readsBefore >= 0 && device.completedReads() - readsBefore < kStartReads &&
               monotonicNs() - fioStartNs < kStartTimeoutNs)
            started = sleepUntil(monotonicNs() + 20'000'000, stopped);
        if (started) {
            baselineFromNs = monotonicNs();
            bool going = sleepUntil(baselineFromNs + qint64(plan.baselineSeconds * 1e9), stopped);
            for (const PlannedDiscard &p : planned) {
                if (!going)
                    break;
                Expected<TimedDiscard> d = device.discard(p.phase, p.offset, p.bytes);
                if (!d) {
                    std::lock_guard lock(mutex);
                    discardError = d.error();
                    break;
                }
                {
                    std::lock_guard lock(mutex);
                    timed.append(*d);
                }
                ++discardsDone;
                going = sleepUntil(d->endNs + qint64(plan.gapSeconds * 1e9), stopped);
            }
        }
        endNs = monotonicNs();
        if (hooks.finished)
            hooks.finished();
        done = true;
    });

    const double plannedTotal = plannedSeconds(plan);
    Expected<QByteArray> fio = device.runLoggedIo(
        plan, logPrefix, cancel,
        [&](double elapsed) {
            StallProgress progress;
            progress.discardsPlanned = int(planned.size());
            progress.discardsDone = discardsDone;
            // The phase of the discard running or next; the baseline until the first one is done.
            progress.phase = progress.discardsDone == 0
                                 ? StallPhase::Baseline
                                 : planned.value(qMin(progress.discardsDone,
                                                      int(planned.size()) - 1))
                                       .phase;
            progress.fraction = qBound(0.0, elapsed / plannedTotal, 0.99);
            progress.etaSeconds = qMax(0.0, plannedTotal - elapsed);
            report(progress);
        },
        [&] { return done.load(); });
    stop = true;
    discarder.join();

    {
        std::lock_guard lock(mutex);
        if (discardError.isError() && fio)
            fio = discardError;
    }
    result.fioVersion = fio ? fioVersionOf(*fio) : QString();
    // What was measured counts also when the run failed or was cancelled: fio writes its log
    // when it is stopped.
    QFile log(logPrefix + QStringLiteral("_lat.1.log"));
    if (baselineFromNs != 0 && log.open(QIODevice::ReadOnly) && log.size() < kMaxLogBytes) {
        Expected<QList<IoSample>> ios = parseFioLatencyLog(log.readAll());
        if (ios)
            analyzeStall(result, *ios, timed, baselineFromNs, endNs);
        else if (fio)
            fio = ios.error();
    } else if (fio) {
        fio = makeError(ErrorCode::IoError, StallText::tr("fio wrote no latency log"));
    }
    if (!fio)
        return stopWith(fio.error());
    if (cancel.isCancelled())
        return stopWith(makeError(ErrorCode::Cancelled, StallText::tr("cancelled")));
    return result;
}

} // namespace trimscope::stall
