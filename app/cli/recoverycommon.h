#pragma once

#include "common/expected.h"
#include "recovery/recoveryplan.h"
#include "recovery/recoveryrunner.h"

#include <QCommandLineParser>
#include <QString>

namespace trimscope::cli {

// What `recovery` and `fill-curve` share: option parsing helpers, the device, the estimate
// shown before the run, progress and the JSON file.
class RecoveryText
{
    Q_DECLARE_TR_FUNCTIONS(CliRecovery)
};

// A whole number in [min, max] from --name, or InvalidArgument naming the option.
Error parseIntOption(const QCommandLineParser &parser, const QString &name, int min, int max,
                     int &out);
// "Writes about 256 GiB (2.1 times the drive's capacity) and takes about 1 h 12 min ..."
QString formatEstimate(const recovery::RunEstimate &estimate);
// A progress bar line for a phase.
QString progressDetail(const recovery::RecoveryProgress &progress);
// Refused (exit 2, one line) unless --destroy-data was given for the device.
bool confirmDestroy(const QString &device, bool destroyData, const QString &what);

} // namespace trimscope::cli
