#include "recoverytarget.h"

#include "fioadmission.h"
#include "fioprocess.h"
#include "sweep/discardtarget.h"

namespace trimscope::recovery {

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
