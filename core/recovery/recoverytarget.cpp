#include "recoverytarget.h"

#include "fioadmission.h"
#include "fioprocess.h"
#include "sweep/discardtarget.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <optional>

namespace trimscope::recovery {

namespace {
// A log line is about 30 bytes: this holds a day of 10 ms windows.
constexpr qint64 kMaxBandwidthLogBytes = 512ll << 20;
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
    Expected<FioRunResult> run = runFioProcess(m_fioProgram, *args, runsToItsEnd, onTick,
                                               [&cancel] { return cancel.isCancelled(); });
    if (!run)
        return run;
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
