#include "recoverytarget.h"

#include "device/devicepath.h"
#include "device/safetypolicy.h"
#include "fioprocess.h"
#include "sweep/discardtarget.h"

namespace trimscope::recovery {

namespace {

// Path, probe and policy: the same questions prepareDeviceSweep() asks.
Expected<BlockDevice> checkedDevice(const QString &path, bool requireDiscard,
                                    const DeviceProbe &probe)
{
    const Expected<QString> node = resolveDevicePath(path);
    if (!node)
        return node.error();
    Expected<BlockDevice> device = probe.probePath(*node);
    if (!device)
        return device.error();
    if (const SafetyVerdict verdict = evaluateSafety(*device, requireDiscard); !verdict.allowed())
        return verdict.firstError();
    return device;
}

} // namespace

Error DeviceRecoveryTarget::recheckDevice() const
{
    const Expected<BlockDevice> device = checkedDevice(m_device.path, m_requireDiscard, m_probe);
    if (!device)
        return device.error();
    return verifyOpenedDevice(m_fd.get(), *device);
}

Expected<FioRunResult> DeviceRecoveryTarget::runWriteJob(const WriteJob &job,
                                                         const CancelToken &cancel,
                                                         const std::function<void(double)> &onTick)
{
    const FioDevice device{m_device.path, m_device.sizeBytes, m_device.logicalBlockSize};
    Expected<QStringList> args = fioArguments(job, device);
    if (!args)
        return args.error();
    if (const Error error = recheckDevice(); error.isError())
        return error;
    return runFioProcess(m_fioProgram, *args, cancel, onTick);
}

Expected<double> DeviceRecoveryTarget::discardAll()
{
    if (const Error error = recheckDevice(); error.isError())
        return error;
    FdDiscardTarget target(m_fd.get());
    return target.timedDiscard(0, m_device.sizeBytes);
}

Expected<std::unique_ptr<DeviceRecoveryTarget>> prepareRecoveryDevice(const QString &path,
                                                                      bool requireDiscard,
                                                                      const DeviceProbe &probe,
                                                                      const QString &fioProgram)
{
    Expected<BlockDevice> device = checkedDevice(path, requireDiscard, probe);
    if (!device)
        return device.error();
    const QString program = fioProgram.isEmpty() ? findFioProgram() : fioProgram;
    if (program.isEmpty())
        return makeError(ErrorCode::Unsupported,
                         QStringLiteral("fio is not installed (Debian package 'fio')"));
    Expected<UniqueFd> fd = openExclusiveForWriting(*device);
    if (!fd)
        return fd.error();
    auto target = std::make_unique<DeviceRecoveryTarget>();
    target->m_drive = driveInfoFrom(*device);
    target->m_device = *device;
    target->m_fd = std::move(*fd);
    target->m_requireDiscard = requireDiscard;
    target->m_probe = probe;
    target->m_fioProgram = program;
    return target;
}

} // namespace trimscope::recovery
