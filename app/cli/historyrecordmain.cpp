// trimscope-history-record: the history's collector as a program of its own, which the daily
// timer, the login entry and the app's own daily run start. It is `trimscope-cli history record`
// (historyrecord.cpp, linked into both), without Qt Gui: the CLI links Qt Gui for its reports,
// and loading its ~50 libraries took more than half of a run's CPU time (issue 44's goal is
// under 50 ms). tests/packaging's packaging_collector_links keeps Qt Gui out.
#include "commands.h"
#include "common/translations.h"
#include "common/units.h"
#include "historyrecord.h"

#include <QCoreApplication>
#include <cstdio>
#include <cstring>

int main(int argc, char *argv[])
{
    // Before the application object and the translations: the answer needs neither.
    if (argc == 2 && std::strcmp(argv[1], "--version") == 0) {
        std::printf("trimscope-history-record %s\n", TRIMSCOPE_VERSION);
        return trimscope::cli::ExitOk;
    }
    const QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("trimscope-history-record"));
    QCoreApplication::setApplicationVersion(QStringLiteral(TRIMSCOPE_VERSION));
    trimscope::installTranslations();
    // Numbers in C, the counts of plural messages ("%Ln") too: scripts read this output.
    trimscope::setNumberLocale(trimscope::numberLocale());
    return trimscope::cli::runHistoryRecord(QCoreApplication::arguments().mid(1));
}
