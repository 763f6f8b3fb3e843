#pragma once

#include <QList>
#include <QMap>
#include <QString>
#include <QtGlobal>

namespace trimscope::test {

// The reference every timing check is bounded against: the least code that can time BLKDISCARD
// (the same as bench/raw_trim_loop.c), run in the same test on the same device, so a loaded
// machine slows the reference as much as what it is compared with.
struct DiscardRange
{
    quint64 offset = 0;
    quint64 bytes = 0;
};

// Discards each range in order through one O_RDWR|O_EXCL fd, timing only the ioctl (steady
// clock). Returns seconds per range, or an empty list (and *error) when anything failed.
QList<double> timeRawDiscards(const QString &devicePath, const QList<DiscardRange> &ranges,
                              QString *error = nullptr);

// Median seconds per size of a raw loop's samples.
QMap<quint64, double> mediansBySize(const QList<DiscardRange> &ranges,
                                    const QList<double> &seconds);

// The sweep's timing bound, shared by every test that compares a measured median with the model:
// the loop + FUSE stack only ever adds time, so the median may not fall below 0.98x the model;
// what it may add is bounded by the raw loop measured alongside (1.15x + 0.2 ms headroom for the
// load changing between the two runs). Empty when the median is within bounds, else why not.
QString checkMedianBounds(double median, double model, double rawMedian);

} // namespace trimscope::test
