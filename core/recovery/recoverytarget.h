#pragma once

#include "common/canceltoken.h"
#include "device/admission.h"
#include "fiojob.h"
#include "fioresult.h"

#include <functional>
#include <memory>

namespace trimscope::recovery {

// What the recovery runner works on: a real device (fio + BLKDISCARD) or a test double.
class RecoveryTarget
{
public:
    virtual ~RecoveryTarget() = default;
    virtual const DriveInfo &drive() const = 0;
    // Runs one write job to the end (or until cancelled: ErrorCode::Cancelled). A job with a
    // bandwidth log, cancelled, ends instead as though it were complete, with what it wrote and
    // logged until then: the caller, who cancelled, keeps what was measured.
    // onTick(elapsedSeconds) is called about every 100 ms while it runs.
    virtual Expected<FioRunResult> runWriteJob(const WriteJob &job, const CancelToken &cancel,
                                               const std::function<void(double)> &onTick) = 0;
    // Discards the whole device; returns how long the command took, in seconds.
    virtual Expected<double> discardAll() = 0;
};

class DeviceRecoveryTarget;

// Admits the device (admitForWriting: kept open, discard required when asked) and finds fio.
// Nothing is written. Each refusal is a named error (fio missing: Unsupported). `fioProgram`
// empty: findFioProgram(). `approved`: the medium the helper's prompt named
// (AdmissionRules::approved).
Expected<std::unique_ptr<DeviceRecoveryTarget>>
prepareRecoveryDevice(const QString &path, bool requireDiscard,
                      const DeviceProbe &probe = DeviceProbe(), const QString &fioProgram = {},
                      const DeviceIdentity &approved = {});

// An admitted block device, held open O_RDWR | O_EXCL for the whole run so nothing can mount or
// claim it meanwhile. fio opens the node itself without O_EXCL, which our O_EXCL open does not
// block (only other O_EXCL opens and mounts conflict). Because fio opens by path, the device is
// readmitted right before every fio run, so fio never gets a node that did not pass just now.
class DeviceRecoveryTarget final : public RecoveryTarget
{
public:
    const DriveInfo &drive() const override { return m_drive; }
    Expected<FioRunResult> runWriteJob(const WriteJob &job, const CancelToken &cancel,
                                       const std::function<void(double)> &onTick) override;
    Expected<double> discardAll() override;

    // The policy check run before each fio job; public so tests can call it directly.
    Error recheckDevice() const;

private:
    friend Expected<std::unique_ptr<DeviceRecoveryTarget>>
    prepareRecoveryDevice(const QString &, bool, const DeviceProbe &, const QString &,
                          const DeviceIdentity &);

    DriveInfo m_drive;
    AdmittedDevice m_admitted;
    DeviceProbe m_probe;
    QString m_fioProgram;
};

} // namespace trimscope::recovery
