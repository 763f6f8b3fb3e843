#pragma once

#include "common/expected.h"
#include "common/jsonfields.h"

#include <QJsonObject>
#include <QList>

namespace trimscope::stall {

// The parts of a stall run, in the order they run. Baseline: QD1 reads alone. Then the same
// reads while discards of one size at a time are issued alongside: small (what a filesystem's
// online discard sends for a deleted file), medium (a deleted large file or a freed block
// group), region (the whole discard region at once, as fstrim or mkfs send it).
enum class StallPhase { Baseline, Small, Medium, Region };

// "baseline", "small", "medium", "region".
QString stallPhaseName(StallPhase phase);
std::optional<StallPhase> stallPhaseFromName(const QString &name);
// "Baseline", "Small discards", ... (translatable).
QString stallPhaseTitle(StallPhase phase);
QList<StallPhase> stallDiscardPhases(); // Small, Medium, Region

// What a caller chooses. Sizes in bytes, multiples of 4 KiB; 0 means the default for the device.
struct StallPlan
{
    quint64 readRegionBytes = 0;    // QD1 reads here, at the start of the device (0: up to 1 GiB)
    quint64 discardRegionBytes = 0; // right after it (0: up to 4 GiB)
    quint64 smallBytes = 64 * 1024;
    quint64 mediumBytes = 8 * 1024 * 1024;
    int smallDiscards = 5;
    int mediumDiscards = 5;
    int regionDiscards = 1;
    double baselineSeconds = 5;
    // Reads alone after each discard, so each stall stands by itself.
    double gapSeconds = 1;
    // A third of the I/O as writes (random 4 KiB in the read region) besides the reads.
    bool writes = false;
    // Write both regions first, so the reads hit written blocks and the discards free real data.
    bool fillFirst = true;
    // Microsoft's TRIM performance criterion: no I/O may take longer than this while trims run.
    double maxLatencySeconds = 0.5;

    // Its keys, for its codec and for the helper's bounds (common/jsonfields.h).
    static constexpr auto jsonFields()
    {
        return std::tuple{
            JsonField{"read_region_bytes", &StallPlan::readRegionBytes},
            JsonField{"discard_region_bytes", &StallPlan::discardRegionBytes},
            JsonField{"small_bytes", &StallPlan::smallBytes},
            JsonField{"medium_bytes", &StallPlan::mediumBytes},
            JsonField{"small_discards", &StallPlan::smallDiscards},
            JsonField{"medium_discards", &StallPlan::mediumDiscards},
            JsonField{"region_discards", &StallPlan::regionDiscards},
            JsonField{"baseline_s", &StallPlan::baselineSeconds},
            JsonField{"gap_s", &StallPlan::gapSeconds},
            JsonField{"writes", &StallPlan::writes},
            JsonField{"fill_first", &StallPlan::fillFirst},
            JsonField{"max_latency_s", &StallPlan::maxLatencySeconds},
        };
    }
    QJsonObject toJson() const;
    static StallPlan fromJson(const QJsonObject &json);
};

// The plan with its defaults filled in for a device of `deviceBytes`.
StallPlan resolveStallPlan(const StallPlan &plan, quint64 deviceBytes);
// InvalidArgument naming the bad value: regions outside the device or misaligned, a discard size
// larger than the region, counts and times out of bounds (a run is bounded to one hour).
Error validateStallPlan(const StallPlan &resolved, quint64 deviceBytes);

// One discard of the run, as planned.
struct PlannedDiscard
{
    StallPhase phase = StallPhase::Small;
    quint64 offset = 0;
    quint64 bytes = 0;
};
// Small discards spread over the discard region, then medium ones, then the whole region.
QList<PlannedDiscard> plannedDiscards(const StallPlan &resolved);
// What the run takes besides the discards' own time and the fill, in seconds.
double plannedSeconds(const StallPlan &resolved);

} // namespace trimscope::stall
