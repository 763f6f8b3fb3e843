#pragma once

#include "common/expected.h"
#include "sweep/sweepresult.h"

#include <QByteArray>
#include <QJsonObject>

namespace trimscope {

// The versioned sweep result file. Bump kSweepSchemaVersion on any incompatible change;
// readers accept every version up to their own.
inline constexpr auto kSweepSchemaId = "io.github.trimscope.sweep";
inline constexpr int kSweepSchemaVersion = 1;

QJsonObject sweepResultToJson(const SweepResult &result);
QByteArray sweepResultToJsonBytes(const SweepResult &result);
// Statistics are recomputed from the samples, so a hand-edited summary cannot lie.
Expected<SweepResult> sweepResultFromJson(const QByteArray &bytes);

// One row per size: bytes,samples,min_s,p5_s,median_s,p95_s,max_s,mean_s,stddev_s,...
QByteArray sweepResultToCsv(const SweepResult &result);

} // namespace trimscope
