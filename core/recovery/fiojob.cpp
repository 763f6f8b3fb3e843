#include "fiojob.h"

#include "common/units.h"

#include <QRegularExpression>

namespace trimscope::recovery {

namespace {

Error invalidFioJob(const QString &why)
{
    return makeError(ErrorCode::InvalidArgument, QStringLiteral("invalid fio job: %1").arg(why));
}

// fio splits filename= at ':' (several files) and expands '$' variables; a node path straight
// from /dev needs neither, so anything outside this set is refused rather than escaped.
bool isPlainDevicePath(const QString &path)
{
    // anchoredPattern: "$" alone would also match before a trailing newline.
    static const QRegularExpression pattern(
        QRegularExpression::anchoredPattern(QStringLiteral("/dev/[A-Za-z0-9][A-Za-z0-9_.-]*")));
    return pattern.match(path).hasMatch() && !path.contains(QLatin1String(".."));
}

} // namespace

Error validateWriteJob(const WriteJob &job, const FioDevice &device)
{
    if (!isPlainDevicePath(device.path))
        return invalidFioJob(
            QStringLiteral("'%1' is not a plain device node under /dev").arg(device.path));
    if (device.sizeBytes == 0 || !isPowerOfTwo(device.logicalBlockSize))
        return invalidFioJob(QStringLiteral("the device has no size or an odd block size"));
    if (!isPowerOfTwo(job.blockBytes) || job.blockBytes < kMinFioBlockBytes ||
        job.blockBytes > kMaxFioBlockBytes || job.blockBytes < device.logicalBlockSize)
        return invalidFioJob(
            QStringLiteral("block size %1 is not a power of two between the device's "
                           "block size and 16 MiB")
                .arg(job.blockBytes));
    if (job.queueDepth < 1 || job.queueDepth > kMaxFioQueueDepth)
        return invalidFioJob(QStringLiteral("queue depth %1 is not between 1 and %2")
                                 .arg(job.queueDepth)
                                 .arg(kMaxFioQueueDepth));
    if (job.length == 0 || job.length % job.blockBytes || job.offset % job.blockBytes)
        return invalidFioJob(QStringLiteral("region [%1, +%2) is empty or not aligned to %3 bytes")
                                 .arg(job.offset)
                                 .arg(job.length)
                                 .arg(job.blockBytes));
    if (job.offset > device.sizeBytes || job.length > device.sizeBytes - job.offset)
        return invalidFioJob(QStringLiteral("region [%1, +%2) is outside the device (%3 bytes)")
                                 .arg(job.offset)
                                 .arg(job.length)
                                 .arg(device.sizeBytes));
    if (job.bandwidthLogMsec != 0 &&
        (job.bandwidthLogMsec < kMinFioLogMsec || job.bandwidthLogMsec > kMaxFioLogMsec))
        return invalidFioJob(QStringLiteral("a bandwidth log's window is between %1 ms and %2 ms, "
                                            "not %3 ms")
                                 .arg(kMinFioLogMsec)
                                 .arg(kMaxFioLogMsec)
                                 .arg(job.bandwidthLogMsec));
    switch (job.pattern) {
    case WritePattern::Sequential:
        if (job.runtimeSeconds != 0)
            return invalidFioJob(
                QStringLiteral("a sequential job writes its region once, untimed"));
        break;
    case WritePattern::Random:
        if (job.runtimeSeconds < 1 || job.runtimeSeconds > kMaxFioRuntimeSeconds)
            return invalidFioJob(QStringLiteral("a random job runs between 1 s and 24 h, not %1 s")
                                     .arg(job.runtimeSeconds));
        break;
    }
    return {};
}

QString fioBandwidthLogPath(const QString &logPrefix)
{
    return logPrefix + QStringLiteral("_bw.1.log");
}

Expected<QStringList> fioArguments(const WriteJob &job, const FioDevice &device,
                                   const QString &logPrefix)
{
    if (const Error error = validateWriteJob(job, device); error.isError())
        return error;
    // fio splits its option values at ':' and expands '$': a log path needs neither.
    if (job.bandwidthLogMsec > 0 &&
        (!logPrefix.startsWith(QLatin1Char('/')) || logPrefix.contains(QLatin1Char(':')) ||
         logPrefix.contains(QLatin1Char('$'))))
        return invalidFioJob(
            QStringLiteral("the log path '%1' is not absolute, or holds ':' or '$'")
                .arg(logPrefix));
    const auto opt = [](const char *name, const QString &value) {
        return QStringLiteral("--%1=%2").arg(QLatin1String(name), value);
    };
    const bool random = job.pattern == WritePattern::Random;
    QStringList args{
        opt("name", QStringLiteral("trimscope")),
        opt("filename", device.path),
        opt("rw", random ? QStringLiteral("randwrite") : QStringLiteral("write")),
        opt("bs", QString::number(job.blockBytes)),
        opt("iodepth", QString::number(job.queueDepth)),
        opt("ioengine", QStringLiteral("libaio")),
        opt("direct", QStringLiteral("1")),
        opt("offset", QString::number(job.offset)),
        opt("size", QString::number(job.length)),
        opt("numjobs", QStringLiteral("1")),
        // Jobs as threads of the one fio process we start, not forked processes: the signal that
        // kills fio with its caller (killWithParent) then takes the writing job with it. A forked
        // job would be orphaned and write on.
        opt("thread", QStringLiteral("1")),
        opt("group_reporting", QStringLiteral("1")),
        // fio's own guard: it refuses to write a device that is mounted.
        opt("allow_mounted_write", QStringLiteral("0")),
        opt("exitall_on_error", QStringLiteral("1")),
        opt("percentile_list", QStringLiteral("50:95:99:99.9")),
        opt("output-format", QStringLiteral("json")),
        opt("eta", QStringLiteral("never")),
    };
    if (random) {
        // Every write a fresh address drawn anew, as IOMeter does; no map that ends the run early.
        args += {opt("time_based", QStringLiteral("1")),
                 opt("runtime", QString::number(job.runtimeSeconds)),
                 opt("norandommap", QStringLiteral("1")), opt("randrepeat", QStringLiteral("0"))};
    }
    if (job.bandwidthLogMsec > 0) {
        // Each line: the window's end (ms since the job started), its mean bandwidth (KiB/s).
        args += {opt("write_bw_log", logPrefix),
                 opt("log_avg_msec", QString::number(job.bandwidthLogMsec))};
    }
    return args;
}

} // namespace trimscope::recovery
