#include "recoverytarget.h"

#include "fioadmission.h"
#include "fioprocess.h"
#include "fsbench/diskstats.h"
#include "sweep/discardtarget.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <optional>

namespace trimscope::recovery {

namespace {
// A log line is about 30 bytes: this holds a day of 10 ms windows.
constexpr qint64 kMaxBandwidthLogBytes = 512ll << 20;

// The bytes a device has completed writing since boot as the kernel counts them, or nothing
// where the counter cannot be read.
std::optional<quint64> bytesWrittenSinceBoot(const QString &deviceName)
{
    const Expected<fsbench::DiskStats> stats = fsbench::readDiskStats(deviceName);
    if (!stats)
        return std::nullopt;
    return stats->writeSectors * fsbench::kStatSectorBytes;
}

// Reads the device's write counter while a logged job runs: fio's averaged bandwidth log loses
// bytes when its own timer thread is late (a loaded computer: windows that held 97 of 128 MiB
// written), which moved a fill's cliff by a sample; the kernel's count is exact, and each
// reading is paired with the moment it was taken.
class WrittenCounter
{
public:
    explicit WrittenCounter(QString deviceName)
        : m_name(std::move(deviceName)), m_start(bytesWrittenSinceBoot(m_name))
    {
        m_clock.start();
        if (m_start)
            m_marks.append({0, 0});
    }
    void read()
    {
        if (!m_start)
            return;
        const std::optional<quint64> now = bytesWrittenSinceBoot(m_name);
        if (!now || *now < *m_start + m_marks.constLast().bytes) {
            m_start.reset(); // re-created, or unreadable now: the marks cannot be trusted
            m_marks.clear();
            return;
        }
        const WrittenMark mark{double(m_clock.nsecsElapsed()) / 1e9, *now - *m_start};
        if (mark.bytes != m_marks.constLast().bytes)
            m_marks.append(mark);
        else if (mark.bytes == 0)
            m_marks.last().seconds = mark.seconds; // fio still starting: not the drive's time
        // Else nothing completed since: the next mark's span holds that time.
    }
    QList<WrittenMark> marks() const
    {
        return m_marks.size() >= 2 ? m_marks : QList<WrittenMark>{};
    }

private:
    QString m_name;
    std::optional<quint64> m_start;
    QElapsedTimer m_clock;
    QList<WrittenMark> m_marks;
};
} // namespace

Error DeviceRecoveryTarget::recheckDevice() const
{
    return readmit(m_admitted, m_probe);
}

Expected<FioRunResult> DeviceRecoveryTarget::runWriteJob(const WriteJob &job,
                                                         const CancelToken &cancel,
                                                         const std::function<void(double)> &onTick)
{
    const BlockDevice &held = m_admitted.device;
    const FioDevice device{held.path, held.sizeBytes, held.logicalBlockSize};
    // A logged job's log goes into a directory of its own (0700: the helper runs fio as root).
    std::optional<QTemporaryDir> logDir;
    QString logPrefix;
    if (job.bandwidthLogMsec > 0) {
        logDir.emplace(QDir::tempPath() + QStringLiteral("/trimscope-fio-XXXXXX"));
        if (!logDir->isValid())
            return makeError(ErrorCode::IoError,
                             QStringLiteral("cannot create a directory for fio's log: %1")
                                 .arg(logDir->errorString()));
        logPrefix = logDir->filePath(QStringLiteral("fill"));
    }
    Expected<QStringList> args = fioArguments(job, device, logPrefix);
    if (!args)
        return args.error();
    if (const Error error = recheckDevice(); error.isError())
        return error;
    if (job.bandwidthLogMsec <= 0)
        return runFioProcess(m_fioProgram, *args, cancel, onTick);
    const CancelToken runsToItsEnd; // the cancel stops fio as a completed run instead
    WrittenCounter written(held.name);
    QElapsedTimer sinceTick;
    sinceTick.start();
    Expected<FioRunResult> run = runFioProcess(
        m_fioProgram, *args, runsToItsEnd,
        [&](double elapsed) {
            written.read();
            // The caller's progress as often as before, not at every reading.
            if (onTick && sinceTick.elapsed() >= kFioPollMs) {
                sinceTick.restart();
                onTick(elapsed);
            }
        },
        [&cancel] { return cancel.isCancelled(); }, std::min(job.bandwidthLogMsec, kFioPollMs));
    if (!run)
        return run;
    written.read(); // the writes that completed after the last reading
    run->written = written.marks();
    QFile log(fioBandwidthLogPath(logPrefix));
    if (!log.open(QIODevice::ReadOnly))
        return makeError(ErrorCode::IoError,
                         QStringLiteral("fio wrote no bandwidth log (%1)").arg(log.fileName()));
    if (log.size() > kMaxBandwidthLogBytes)
        return makeError(ErrorCode::IoError,
                         QStringLiteral("fio's bandwidth log is larger than %1 bytes")
                             .arg(kMaxBandwidthLogBytes));
    Expected<QList<BandwidthWindow>> windows = parseFioBandwidthLog(log.readAll());
    if (!windows)
        return windows.error();
    run->bandwidth = *windows;
    return run;
}

Expected<double> DeviceRecoveryTarget::discardAll()
{
    if (const Error error = recheckDevice(); error.isError())
        return error;
    FdDiscardTarget target(m_admitted.fd.get());
    return target.timedDiscard(0, m_admitted.device.sizeBytes);
}

Expected<std::unique_ptr<DeviceRecoveryTarget>>
prepareRecoveryDevice(const QString &path, bool requireDiscard, const DeviceProbe &probe,
                      const QString &fioProgram, const DeviceIdentity &approved)
{
    AdmissionRules rules;
    rules.requireDiscard = requireDiscard;
    rules.approved = approved;
    Expected<FioAdmission> admitted = admitForFio(path, rules, probe, fioProgram);
    if (!admitted)
        return admitted.error();
    auto target = std::make_unique<DeviceRecoveryTarget>();
    target->m_drive = admitted->admitted.drive();
    target->m_admitted = std::move(admitted->admitted);
    target->m_probe = probe;
    target->m_fioProgram = admitted->program;
    return target;
}

} // namespace trimscope::recovery
