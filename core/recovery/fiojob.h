#pragma once

#include "common/expected.h"

#include <QStringList>

namespace trimscope::recovery {

enum class WritePattern {
    Sequential,
    Random,
};

// One write workload on the device, in our terms: the runner plans these, a RecoveryTarget runs
// them. Nothing here is passed through from a user; every field is checked by validateWriteJob().
struct WriteJob
{
    WritePattern pattern = WritePattern::Sequential;
    quint64 offset = 0;
    quint64 length = 0;     // the region written; Sequential writes it once
    quint32 blockBytes = 0; // size of each write
    int queueDepth = 1;
    int runtimeSeconds = 0; // Random: run this long (time based); Sequential: 0
    // > 0: fio logs the write bandwidth averaged over windows this long (write_bw_log), so one
    // job gives the speed along the way (FioRunResult::bandwidth). 0: the totals only.
    int bandwidthLogMsec = 0;
};

// The device a job runs on, as the safety policy passed it.
struct FioDevice
{
    QString path; // the kernel's node, e.g. /dev/sdb, from resolveDevicePath()
    quint64 sizeBytes = 0;
    quint32 logicalBlockSize = 512;
};

// Limits a job must keep; a job outside them is a programming error or a hostile caller.
inline constexpr quint32 kMinFioBlockBytes = 512;
inline constexpr quint32 kMaxFioBlockBytes = 16u << 20;
inline constexpr int kMaxFioQueueDepth = 256;
inline constexpr int kMaxFioRuntimeSeconds = 24 * 3600;
inline constexpr int kMinFioLogMsec = 10;
inline constexpr int kMaxFioLogMsec = 60'000;

// InvalidArgument with the reason, or no error.
Error validateWriteJob(const WriteJob &job, const FioDevice &device);

// The complete, fixed fio command line for a job (without the program): one job, O_DIRECT,
// libaio, JSON on stdout, no job file, no option from outside. Refuses a device path fio would
// read as anything but one plain file name. A job with a bandwidth log writes it to
// `logPrefix`_bw.1.log: an absolute path the caller made for it, without ':' or '$'.
Expected<QStringList> fioArguments(const WriteJob &job, const FioDevice &device,
                                   const QString &logPrefix = {});

// The file fio writes a job's bandwidth log to.
QString fioBandwidthLogPath(const QString &logPrefix);

} // namespace trimscope::recovery
