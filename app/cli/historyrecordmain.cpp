// trimscope-history-record: the history's collector as a program of its own, which the daily
// timer, the login entry and the app's own daily run start. It is `trimscope-cli history record`
// (historyrecord.cpp, linked into both), without Qt Gui: the CLI links Qt Gui for its reports,
// and loading its ~50 libraries took more than half of a run's CPU time (issue 44's goal is
// under 50 ms). tests/packaging's packaging_collector_links keeps Qt Gui out.
#include "commands.h"
#include "common/translations.h"
#include "historyrecord.h"

#include <QCoreApplication>
#include <cstdio>

int main(int argc, char *argv[])
{
    const QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("trimscope-history-record"));
    QCoreApplication::setApplicationVersion(QStringLiteral(TRIMSCOPE_VERSION));
    trimscope::installTranslations();
    const QStringList args = QCoreApplication::arguments().mid(1);
    if (args == QStringList{QStringLiteral("--version")}) {
        std::printf("trimscope-history-record %s\n", TRIMSCOPE_VERSION);
        return trimscope::cli::ExitOk;
    }
    return trimscope::cli::runHistoryRecord(args);
}
