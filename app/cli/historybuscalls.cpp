// The history collector's D-Bus calls (historybus.h): built into trimscope-history-bus.so, which
// trimscope-history-record loads when a run needs them, and linked into trimscope-cli.
#include "alertdelivery.h"
#include "historybus.h"
#include "udiskshealth.h"

namespace trimscope::cli {
namespace {

Expected<health::DriveHealth> readUdisksHealth(const QString &device)
{
    return UdisksHealthReader::readNow(device, {}, QDBusConnection::systemBus(), false);
}

Expected<quint32> notify(const AlertMessage &message, bool offerOpen)
{
    return notifyDesktop(message, offerOpen);
}

bool openOnChoice(const QList<quint32> &ids, const QString &drivePath, double seconds)
{
    return openOnAction(ids, drivePath, seconds);
}

const HistoryBus kCalls{TRIMSCOPE_VERSION, readUdisksHealth, notify, openOnChoice};

} // namespace
} // namespace trimscope::cli

extern "C" Q_DECL_EXPORT const trimscope::cli::HistoryBus *trimscope_history_bus()
{
    return &trimscope::cli::kCalls;
}
