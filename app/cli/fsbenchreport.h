#pragma once

#include "fsbench/fsbench.h"
#include "fsbench/mkfstiming.h"

#include <QString>

namespace trimscope::cli {

// The human-readable tables of both filesystem experiments.
QString formatFsBenchReport(const fsbench::FsBenchResult &result);
QString formatMkfsTimingReport(const fsbench::MkfsTimingResult &result);
// "ext4 discard: create" for the progress bar.
QString fsBenchProgressDetail(const fsbench::FsBenchProgress &progress);

// Checks --destroy-data and prepares the device, printing the one-line refusal; nullopt then,
// with exitCode set.
std::optional<fsbench::FsBenchTarget> prepareFsBenchTargetForCli(const QString &device,
                                                                 bool destroyData,
                                                                 const QString &what,
                                                                 int &exitCode);

} // namespace trimscope::cli
