#include "regionlayout.h"

#include "common/units.h"

#include <algorithm>

namespace trimscope {

namespace {
quint64 alignUp(quint64 value, quint64 alignment)
{
    return (value + alignment - 1) / alignment * alignment;
}

// A bump allocator that remembers the holes alignment leaves behind and fills them first: a
// zone of sizes 64 MiB .. 4 KiB is a little longer than 128 MiB, and without refilling, the next
// zone's 64 MiB alignment would waste almost 64 MiB each time.
class Allocator
{
public:
    quint64 place(quint64 footprint)
    {
        for (qsizetype i = 0; i < m_holes.size(); ++i) {
            const auto [start, end] = m_holes.at(i);
            const quint64 at = alignUp(start, footprint);
            if (at + footprint > end)
                continue;
            m_holes.removeAt(i);
            if (start < at)
                m_holes.append({start, at});
            if (at + footprint < end)
                m_holes.append({at + footprint, end});
            return at;
        }
        const quint64 at = alignUp(m_cursor, footprint);
        if (at > m_cursor)
            m_holes.append({m_cursor, at});
        m_cursor = at + footprint;
        return at;
    }
    // Spare space between zones is left empty on purpose (it spreads the samples): no hole.
    void skip(quint64 bytes) { m_cursor += bytes; }
    quint64 end() const { return m_cursor; }

private:
    quint64 m_cursor = 0;
    QList<QPair<quint64, quint64>> m_holes;
};

// Places the zones `gap` bytes apart; returns the end of the last region.
quint64 placeZones(const QList<quint64> &footprints, const QList<int> &sampleSlots, quint64 gap,
                   QList<QList<quint64>> &offsets)
{
    const int zones =
        sampleSlots.isEmpty() ? 0 : *std::max_element(sampleSlots.begin(), sampleSlots.end());
    offsets = QList<QList<quint64>>(footprints.size());
    Allocator allocator;
    for (int zone = 0; zone < zones; ++zone) {
        if (zone > 0)
            allocator.skip(gap);
        for (qsizetype i = 0; i < footprints.size(); ++i) {
            if (sampleSlots.at(i) > zone)
                offsets[i].append(allocator.place(footprints.at(i)));
        }
    }
    return allocator.end();
}
} // namespace

quint64 RegionLayout::regionFootprint(quint64 size, quint64 granularity)
{
    // A region smaller than the granularity still gets a granule of its own, or two samples
    // would share (and pre-trim) one granule.
    const quint64 unit = std::max<quint64>(granularity, 1);
    return alignUp(std::max(size, unit), unit);
}

Expected<RegionLayout> RegionLayout::create(quint64 capacity, quint64 granularity,
                                            const QList<quint64> &sizes,
                                            const QList<int> &sampleSlots)
{
    if (sizes.size() != sampleSlots.size() || sizes.isEmpty())
        return makeError(ErrorCode::InvalidArgument, QStringLiteral("empty sweep plan"));
    QList<quint64> footprints;
    for (qsizetype i = 0; i < sizes.size(); ++i) {
        if (i > 0 && sizes.at(i) >= sizes.at(i - 1))
            return makeError(ErrorCode::InvalidArgument,
                             QStringLiteral("sweep sizes must be strictly descending"));
        footprints.append(regionFootprint(sizes.at(i), granularity));
    }

    RegionLayout layout;
    const quint64 packedEnd = placeZones(footprints, sampleSlots, 0, layout.m_offsets);
    if (packedEnd > capacity)
        return makeError(ErrorCode::InvalidArgument,
                         QStringLiteral("the plan needs %1 of fresh regions but the device has %2")
                             .arg(formatBytes(packedEnd), formatBytes(capacity)));
    const int zones = *std::max_element(sampleSlots.begin(), sampleSlots.end());
    if (zones > 1) {
        const quint64 gap = (capacity - packedEnd) / quint64(zones);
        QList<QList<quint64>> spread;
        // Alignment after a gap can cost more than the gap saved; keep the packed layout then.
        if (placeZones(footprints, sampleSlots, gap, spread) <= capacity)
            layout.m_offsets = spread;
    }
    for (qsizetype i = 0; i < sizes.size(); ++i)
        layout.m_bytesUsed += footprints.at(i) * quint64(sampleSlots.at(i));
    return layout;
}

} // namespace trimscope
