#include "rawdiscardloop.h"

#include <QJsonArray>
#include <QJsonObject>
#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <fcntl.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <vector>

namespace trimscope::test {

QList<double> timeRawDiscards(const QString &devicePath, const QList<DiscardRange> &ranges,
                              QString *error, bool prewrite)
{
    const int fd = ::open(devicePath.toLocal8Bit().constData(), O_RDWR | O_EXCL | O_CLOEXEC);
    if (fd < 0) {
        if (error)
            *error =
                QStringLiteral("%1: %2").arg(devicePath, QString::fromLocal8Bit(strerror(errno)));
        return {};
    }
    // Says which call failed on which range (errno read before close() can change it).
    const auto failed = [&](const char *call, const DiscardRange &range) {
        if (error)
            *error = QStringLiteral("%1 %2+%3: %4")
                         .arg(QLatin1String(call))
                         .arg(range.offset)
                         .arg(range.bytes)
                         .arg(QString::fromLocal8Bit(strerror(errno)));
        ::close(fd);
        return QList<double>();
    };
    QList<double> seconds;
    seconds.reserve(ranges.size());
    std::vector<char> data;
    for (const DiscardRange &range : ranges) {
        if (prewrite) {
            data.assign(range.bytes, '\x5a');
            const bool written = ::pwrite(fd, data.data(), data.size(), off_t(range.offset)) ==
                                     ssize_t(data.size()) &&
                                 ::fdatasync(fd) == 0;
            if (!written)
                return failed("write", range);
        }
        uint64_t arg[2] = {range.offset, range.bytes};
        const auto start = std::chrono::steady_clock::now();
        const int rc = ::ioctl(fd, BLKDISCARD, arg);
        const auto end = std::chrono::steady_clock::now();
        if (rc != 0)
            return failed("BLKDISCARD", range);
        seconds.append(std::chrono::duration<double>(end - start).count());
    }
    ::close(fd);
    return seconds;
}

SweepDiscards sweepDiscards(const QJsonObject &result)
{
    SweepDiscards discards;
    for (const QJsonValue &sample : result.value(QStringLiteral("trace")).toArray()) {
        ++discards.count;
        discards.bytes += quint64(sample[QStringLiteral("bytes")].toDouble());
    }
    const QJsonObject check = result.value(QStringLiteral("empty_trim_check")).toObject();
    for (const QJsonValue &size : check.value(QStringLiteral("sizes")).toArray()) {
        const auto bytes = quint64(size[QStringLiteral("bytes")].toDouble());
        for (const QJsonValue &sample : size[QStringLiteral("empty_samples")].toArray()) {
            // A paired sample is two TRIMs: written data, then the same region empty.
            const quint64 trims =
                sample.toObject().contains(QStringLiteral("written_seconds")) ? 2 : 1;
            ++discards.checkEmptyCount;
            discards.checkRewrittenBytes += (trims - 1) * bytes;
            discards.checkCount += trims;
            discards.count += trims;
            discards.bytes += trims * bytes;
        }
    }
    return discards;
}

QMap<quint64, QList<double>> samplesBySize(const QList<DiscardRange> &ranges,
                                           const QList<double> &seconds)
{
    QMap<quint64, QList<double>> bySize;
    for (qsizetype i = 0; i < ranges.size() && i < seconds.size(); ++i)
        bySize[ranges.at(i).bytes].append(seconds.at(i));
    return bySize;
}

QString checkSweepTiming(const QList<double> &samples, double model, const QList<double> &raw)
{
    if (samples.isEmpty() || raw.isEmpty())
        return QStringLiteral("no samples (ours %1, raw loop %2)")
            .arg(samples.size())
            .arg(raw.size());
    std::vector<double> sorted(samples.cbegin(), samples.cend());
    std::sort(sorted.begin(), sorted.end());
    const size_t n = sorted.size();
    const double median = n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    const double fastest = sorted.front();
    const double slowestRaw = *std::max_element(raw.cbegin(), raw.cend());
    const auto ms = [](double s) { return QString::number(s * 1e3, 'f', 3); };
    if (median < 0.98 * model)
        return QStringLiteral("median %1 ms below 0.98x the model %2 ms")
            .arg(ms(median), ms(model));
    if (fastest > slowestRaw + 0.5e-3)
        return QStringLiteral("fastest sample %1 ms above the slowest of the raw ioctl loop %2 ms "
                              "+ 0.5 ms (model %3 ms, median %4 ms)")
            .arg(ms(fastest), ms(slowestRaw), ms(model), ms(median));
    return {};
}

} // namespace trimscope::test
