#pragma once

#include "common/expected.h"

#include <QList>

namespace trimscope {

// Where each sample of a sweep discards: every sample gets a fresh region that no other sample
// touches, aligned to its own size (and at least to the discard granularity), and the samples
// of one size are spread over the whole device rather than packed at its start.
//
// Layout: "zone" k holds sample k of every size that has more than k samples, largest region
// first; holes left by alignment are refilled by later regions; the zones are spread evenly
// over the device with the spare space between them.
class RegionLayout
{
public:
    // sizes: descending powers of two; sampleSlots[i]: how many samples size i may take.
    static Expected<RegionLayout> create(quint64 capacity, quint64 granularity,
                                         const QList<quint64> &sizes,
                                         const QList<int> &sampleSlots);

    // Byte offset of sample `sample` of size index `sizeIndex`.
    quint64 offset(int sizeIndex, int sample) const { return m_offsets.at(sizeIndex).at(sample); }
    int sampleSlots(int sizeIndex) const { return int(m_offsets.at(sizeIndex).size()); }
    // Bytes covered by all regions together.
    quint64 bytesUsed() const { return m_bytesUsed; }

    // The alignment (and footprint) of one region of `size` bytes.
    static quint64 regionFootprint(quint64 size, quint64 granularity);

private:
    QList<QList<quint64>> m_offsets;
    quint64 m_bytesUsed = 0;
};

} // namespace trimscope
