// trimscope-history-record's historyBus(): loads trimscope-history-bus.so, which links Qt D-Bus,
// on the first call, so that a run that needs no D-Bus (root, no --notify: the daily timer's)
// maps none of its libraries (historybus.h). Installed in TRIMSCOPE_HISTORY_BUS_RELATIVE from the
// program's directory; in the build tree it is beside the program.
#include "historybus.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QLibrary>
#include <cstring>

namespace trimscope::cli {

namespace {
struct HistoryBusText
{
    Q_DECLARE_TR_FUNCTIONS(HistoryBus)
};

const char kModule[] = "trimscope-history-bus.so";

Expected<const HistoryBus *> load()
{
    const QString programDir = QCoreApplication::applicationDirPath();
    const QStringList candidates{programDir +
                                     QStringLiteral("/" TRIMSCOPE_HISTORY_BUS_RELATIVE "/") +
                                     QLatin1String(kModule),
                                 programDir + QLatin1Char('/') + QLatin1String(kModule)};
    for (const QString &path : candidates) {
        if (!QFileInfo::exists(path))
            continue;
        QLibrary library(path);
        library.setLoadHints(QLibrary::PreventUnloadHint);
        using Entry = const HistoryBus *(*)();
        const auto entry = reinterpret_cast<Entry>(library.resolve("trimscope_history_bus"));
        if (!entry)
            return makeError(
                ErrorCode::Unsupported,
                HistoryBusText::tr("%1 does not load: %2").arg(path, library.errorString()));
        const HistoryBus *calls = entry();
        if (std::strcmp(calls->version, TRIMSCOPE_VERSION) != 0)
            return makeError(
                ErrorCode::Unsupported,
                HistoryBusText::tr("%1 is of version %2, not %3")
                    .arg(path, QLatin1String(calls->version), QLatin1String(TRIMSCOPE_VERSION)));
        return calls;
    }
    return makeError(ErrorCode::Unsupported,
                     HistoryBusText::tr("D-Bus is out of reach: %1 is not installed")
                         .arg(candidates.constFirst()));
}
} // namespace

Expected<const HistoryBus *> historyBus()
{
    static const Expected<const HistoryBus *> calls = load();
    return calls;
}

} // namespace trimscope::cli
