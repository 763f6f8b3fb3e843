#pragma once

#include "sweep/sweepresult.h"

#include <QByteArray>

namespace trimscope {

// One row per size: bytes,samples,min_s,p5_s,median_s,p95_s,max_s,mean_s,stddev_s,...
QByteArray sweepResultToCsv(const SweepResult &result);

} // namespace trimscope
