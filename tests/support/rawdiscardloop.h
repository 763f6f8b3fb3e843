#pragma once

#include <QJsonObject>
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
// prewrite: writes each range (and fdatasync) before its discard, outside the timed window, as
// a pre-written sweep does: the reference for a drive whose TRIM costs only on written data.
QList<double> timeRawDiscards(const QString &devicePath, const QList<DiscardRange> &ranges,
                              QString *error = nullptr, bool prewrite = false);

// Every discard a sweep result (JSON) says it sent, which is what the device must have seen:
// its samples ("trace") and the empty-space check's ("empty_trim_check").
struct SweepDiscards
{
    quint64 count = 0;
    quint64 bytes = 0;
    quint64 checkCount = 0;          // of them, the empty-space check's
    quint64 checkEmptyCount = 0;     // of those, the TRIMs of empty space (the rest: written data)
    quint64 checkRewrittenBytes = 0; // what the check wrote again before its written TRIMs
};
SweepDiscards sweepDiscards(const QJsonObject &result);

// A raw loop's samples grouped by size.
QMap<quint64, QList<double>> samplesBySize(const QList<DiscardRange> &ranges,
                                           const QList<double> &seconds);

// The timing check every sweep test shares; empty when it holds, else why not, with the figures.
// The loop + FUSE stack only adds time, so the median may not fall below 0.98x the model (a
// loaded machine cannot make it faster). Above, what our sweep adds is bounded by the raw loop
// measured alongside: the fastest of our samples may not exceed the slowest raw one + 0.5 ms.
// That holds whatever the load does between the two runs (it would have to slow every one of
// our samples beyond the worst raw one), yet fails when our timed window holds anything beyond
// the ioctl for every sample.
QString checkSweepTiming(const QList<double> &samples, double model, const QList<double> &raw);

} // namespace trimscope::test
