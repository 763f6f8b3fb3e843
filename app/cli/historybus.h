#pragma once

#include "alertcommand.h"
#include "common/expected.h"
#include "health/drivehealth.h"

#include <QList>
#include <QString>

namespace trimscope::cli {

// What the history's collector asks of D-Bus, and only some runs need: a user's (or the
// Flatpak's) health of a drive as udisksd read it, and the desktop's notifications. As root with
// no --notify a run needs none of it, and the collector is measured against 50 ms of CPU (issue
// 44, bench/history): Qt D-Bus brings 8 libraries (libdbus, libsystemd and what that links), whose
// mapping and binding were a fifth of a run. So trimscope-history-record links no D-Bus and loads
// these from a module of their own (trimscope-history-bus.so) on first use; trimscope-cli, which
// links Qt D-Bus anyway, has them linked in. historybuscalls.cpp is the one implementation.
struct HistoryBus
{
    // The module's build; a module of another build is not used (these are C++ types).
    const char *version;
    // What udisksd read on its own last poll, without a SmartUpdate: the drive is asked nothing
    // more (nor woken), and polkit nothing at all.
    Expected<health::DriveHealth> (*readUdisksHealth)(const QString &device);
    // alertdelivery.h's notifyDesktop() and openOnAction() on the session bus.
    Expected<quint32> (*notifyDesktop)(const AlertMessage &message, bool offerOpen);
    bool (*openOnAction)(const QList<quint32> &ids, const QString &drivePath, double seconds);
};

// The calls, or why they cannot be made (the module is not installed or does not load): the
// collector then says so for the drive or the alert concerned and records the rest.
Expected<const HistoryBus *> historyBus();

} // namespace trimscope::cli

// The module's one entry point (and trimscope-cli's, which links it in).
extern "C" const trimscope::cli::HistoryBus *trimscope_history_bus();
