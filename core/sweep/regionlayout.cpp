#include "regionlayout.h"

#include "common/units.h"

#include <algorithm>

namespace trimscope {

namespace {
quint64 alignUp(quint64 value, quint64 alignment)
{
    return (value + alignment - 1) / alignment * alignment;
}

// Places the zones at `gap` bytes apart (plus alignment); returns the end of the last zone.
quint64 placeZones(const QList<quint64> &footprints, const QList<int> &sampleSlots, quint64 gap,
                   QList<QList<quint64>> &offsets)
{
    const int zones = sampleSlots.isEmpty() ? 0 : *std::max_element(sampleSlots.begin(), sampleSlots.end());
    offsets = QList<QList<quint64>>(footprints.size());
    quint64 cursor = 0;
    for (int zone = 0; zone < zones; ++zone) {
        bool zoneStarted = false;
        for (qsizetype i = 0; i < footprints.size(); ++i) {
            if (sampleSlots.at(i) <= zone)
                continue;
            if (!zoneStarted && zone > 0)
                cursor += gap;
            zoneStarted = true;
            cursor = alignUp(cursor, footprints.at(i));
            offsets[i].append(cursor);
            cursor += footprints.at(i);
        }
    }
    return cursor;
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
                                            const QList<quint64> &sizes, const QList<int> &sampleSlots)
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
