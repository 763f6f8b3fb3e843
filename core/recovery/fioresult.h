#pragma once

#include "common/expected.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <functional>
#include <optional>

namespace trimscope::recovery {

// The write side of one fio run (group_reporting: all jobs summed), in SI units.
struct FioWriteFigures
{
    quint64 ioBytes = 0;
    quint64 totalIos = 0;
    double runtimeSeconds = 0;
    double iops = 0;
    double bytesPerSecond = 0;
    // Completion latency (device time, without submission), seconds.
    double latencyMeanSeconds = 0;
    double latencyMaxSeconds = 0;
    double latencyP50Seconds = 0;
    double latencyP95Seconds = 0;
    double latencyP99Seconds = 0;
    double latencyP999Seconds = 0;

    QJsonObject toJson() const;
    static FioWriteFigures fromJson(const QJsonObject &json);
};

// One window of fio's bandwidth log: the mean write speed from the previous window's end (or
// the job's start) to this one's.
struct BandwidthWindow
{
    double endSeconds = 0; // since the job started
    double bytesPerSecond = 0;
};

// How far a write job had come at one moment, as the device counted it (the kernel's sectors
// written, /sys/class/block/NAME/stat field 7): bytes completed since the job was started.
struct WrittenMark
{
    double seconds = 0; // since the job was started
    quint64 bytes = 0;
};

struct FioRunResult
{
    QString fioVersion;
    QString jobName;
    int jobError = 0; // fio's errno for the job; 0 when it ran clean
    FioWriteFigures write;
    QList<BandwidthWindow> bandwidth; // a job with a bandwidth log (WriteJob::bandwidthLogMsec)
    // Not fio's: the device's own count, read by whoever ran fio about every log window while a
    // logged job ran (empty where it could not be read).
    QList<WrittenMark> written;
};

// Parses the output of `fio --output-format=json`. Pure: bytes in, values out. Text that fio
// prints before the JSON document (warnings on stdout) is skipped. Refuses output without a job or
// whose job reports an error, with InvalidArgument or IoError and a message that says why.
Expected<FioRunResult> parseFioJson(const QByteArray &output);

// One record of a fio log (write_bw_log, write_lat_log): "msec, value, direction, block size
// [, offset]", its first three fields whole numbers, time and value not negative.
struct FioLogLine
{
    qint64 msec = 0;
    qint64 value = 0;  // KiB/s in a bandwidth log, nanoseconds in a latency log
    int direction = 0; // 0 read, 1 write, 2 trim
};
// Hands each record of a fio log to `accept`, in order, blank lines skipped. Pure. The number
// (from 1) of the first line that is not such a record or that `accept` refuses; nothing when
// every line is read.
std::optional<int> readFioLog(const QByteArray &log,
                              const std::function<bool(const FioLogLine &)> &accept);

// fio's bandwidth log (write_bw_log with log_avg_msec > 0): "msec, KiB/s, direction, block size,
// offset" per line; the write windows, in order. Pure. InvalidArgument for a line that is not
// such a record, or a window that ends before the one before it; blank lines are skipped.
Expected<QList<BandwidthWindow>> parseFioBandwidthLog(const QByteArray &log);

} // namespace trimscope::recovery
