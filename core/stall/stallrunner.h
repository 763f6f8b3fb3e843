#pragma once

#include "common/canceltoken.h"
#include "device/admission.h"
#include "stallanalysis.h"
#include "stallplan.h"
#include "stallresult.h"

#include <functional>
#include <memory>

namespace trimscope::stall {

// Where a run stands: about every 100 ms while fio runs.
struct StallProgress
{
    bool filling = false; // writing the regions first
    StallPhase phase = StallPhase::Baseline;
    int discardsDone = 0;
    int discardsPlanned = 0;
    double fraction = 0;
    double etaSeconds = -1;
};
using StallProgressCallback = std::function<void(const StallProgress &)>;

// Called on the thread that issues the discards, before its first discard and after its last.
// The emulated drive's tests move that thread into a block cgroup of its own there, so the loop
// driver does not queue the reads behind the discards (which a real drive's queue would not do).
struct StallThreadHooks
{
    std::function<void()> started;
    std::function<void()> finished;
};

// An admitted block device, held O_RDWR | O_EXCL for the whole run (discard required), and the
// fio that reads it by name; readmitted before every fio run, as the write tests do.
class StallDevice
{
public:
    const DriveInfo &drive() const { return m_drive; }
    quint64 sizeBytes() const { return m_admitted.device.sizeBytes; }
    // Sequential writes over [offset, offset + length), outside any timing.
    Error fill(quint64 offset, quint64 length, const CancelToken &cancel,
               const std::function<void(double)> &onTick);
    // The QD1 job (reads, a third writes when asked) over the read region, time based, every
    // I/O's latency logged under `logPrefix`; runs until `stopWhen` or cancel. Returns fio's JSON.
    Expected<QByteArray> runLoggedIo(const StallPlan &plan, const QString &logPrefix,
                                     const CancelToken &cancel,
                                     const std::function<void(double)> &onTick,
                                     const std::function<bool()> &stopWhen);
    // Reads the device has completed since boot (/sys/class/block/NAME/stat), or -1.
    qint64 completedReads() const;
    // BLKDISCARD, timed on CLOCK_MONOTONIC.
    Expected<TimedDiscard> discard(StallPhase phase, quint64 offset, quint64 length);
    Error recheck() const;

private:
    friend Expected<std::unique_ptr<StallDevice>> prepareStallDevice(const QString &,
                                                                     const DeviceProbe &,
                                                                     const QString &,
                                                                     const DeviceIdentity &);

    DriveInfo m_drive;
    AdmittedDevice m_admitted;
    DeviceProbe m_probe;
    QString m_fioProgram;
};

// Admits the device for destructive work (discard support required) and finds fio. Nothing is
// written. `fioProgram` empty: recovery::findFioProgram(). `approved`: the medium the helper's
// prompt named (AdmissionRules::approved).
Expected<std::unique_ptr<StallDevice>> prepareStallDevice(const QString &path,
                                                          const DeviceProbe &probe = DeviceProbe(),
                                                          const QString &fioProgram = {},
                                                          const DeviceIdentity &approved = {});

// The fio arguments of the logged QD1 job (without the program). Pure; refuses a device path fio
// would read as anything but one plain file name. `raisePriority`: the job thread runs at nice
// -10 (root only), so a busy machine delays its reads less than the drive does.
Expected<QStringList> stallFioArguments(const StallPlan &plan, const QString &devicePath,
                                        quint64 deviceBytes, const QString &logPrefix,
                                        int runtimeSeconds, bool raisePriority = false);

// The stall test on a resolved, validated plan: optionally the fill, then one fio run of QD1
// I/O; after the baseline, our own thread issues the planned discards one by one, each followed
// by the gap; then fio is stopped and its latency log laid against the discards. As root the
// discarding thread runs at real-time priority and fio's job at nice -10: what is measured is
// the drive, not the machine's load. Blocking;
// honours `cancel` within about 100 ms (what was measured until then is kept). The run record
// (drive, times, stop reason) is the caller's.
StallResult runStallTest(StallDevice &device, const StallPlan &plan, const CancelToken &cancel,
                         const StallProgressCallback &onProgress = {},
                         const StallThreadHooks &hooks = {});

} // namespace trimscope::stall
