#pragma once

#include "common/expected.h"
#include "device/driveinfo.h"
#include "recovery/recoveryplan.h"

#include <QCommandLineParser>
#include <QString>

namespace trimscope::cli {

// What `recovery` and `fill-curve` share: option parsing helpers, the estimate shown before
// the run, the confirmation; their reports are in reports.h.
class RecoveryText
{
    Q_DECLARE_TR_FUNCTIONS(CliRecovery)
};

// A whole number in [min, max] from --name, or InvalidArgument naming the option.
Error parseIntOption(const QCommandLineParser &parser, const QString &name, int min, int max,
                     int &out);
// The drive as the admission gate sees it (read-only, nothing opened): what the estimate is
// shown for before the run. nullopt when the gate would refuse it; the job then says why.
std::optional<DriveInfo> drivePassingTheGate(const QString &device, bool requireDiscard);
// "Writes about 256 GiB (2.1 times the drive's capacity) and takes about 1 h 12 min ..."
QString formatEstimate(const recovery::RunEstimate &estimate);

} // namespace trimscope::cli
