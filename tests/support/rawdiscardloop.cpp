#include "rawdiscardloop.h"

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
                              QString *error)
{
    const int fd = ::open(devicePath.toLocal8Bit().constData(), O_RDWR | O_EXCL | O_CLOEXEC);
    if (fd < 0) {
        if (error)
            *error =
                QStringLiteral("%1: %2").arg(devicePath, QString::fromLocal8Bit(strerror(errno)));
        return {};
    }
    QList<double> seconds;
    seconds.reserve(ranges.size());
    for (const DiscardRange &range : ranges) {
        uint64_t arg[2] = {range.offset, range.bytes};
        const auto start = std::chrono::steady_clock::now();
        const int rc = ::ioctl(fd, BLKDISCARD, arg);
        const auto end = std::chrono::steady_clock::now();
        if (rc != 0) {
            if (error)
                *error = QStringLiteral("BLKDISCARD %1+%2: %3")
                             .arg(range.offset)
                             .arg(range.bytes)
                             .arg(QString::fromLocal8Bit(strerror(errno)));
            ::close(fd);
            return {};
        }
        seconds.append(std::chrono::duration<double>(end - start).count());
    }
    ::close(fd);
    return seconds;
}

QMap<quint64, double> mediansBySize(const QList<DiscardRange> &ranges, const QList<double> &seconds)
{
    QMap<quint64, std::vector<double>> bySize;
    for (qsizetype i = 0; i < ranges.size() && i < seconds.size(); ++i)
        bySize[ranges.at(i).bytes].push_back(seconds.at(i));
    QMap<quint64, double> medians;
    for (auto it = bySize.begin(); it != bySize.end(); ++it) {
        std::vector<double> &v = it.value();
        std::sort(v.begin(), v.end());
        const size_t n = v.size();
        medians.insert(it.key(), n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2);
    }
    return medians;
}

QString checkMedianBounds(double median, double model, double rawMedian)
{
    const double lower = 0.98 * model;
    const double upper = 1.15 * rawMedian + 0.2e-3;
    if (median >= lower && median <= upper)
        return {};
    return QStringLiteral("median %1 ms outside [%2 ms = 0.98x model %3 ms, %4 ms = 1.15x raw "
                          "ioctl loop %5 ms + 0.2 ms]")
        .arg(median * 1e3, 0, 'f', 3)
        .arg(lower * 1e3, 0, 'f', 3)
        .arg(model * 1e3, 0, 'f', 3)
        .arg(upper * 1e3, 0, 'f', 3)
        .arg(rawMedian * 1e3, 0, 'f', 3);
}

} // namespace trimscope::test
