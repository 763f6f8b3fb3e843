#include "common/translations.h"
#include "common/units.h"
#include "mainwindow.h"
#include "startupmark.h"
#include "widgets/wraptext.h"

#include <QApplication>
#include <QCommandLineParser>

using namespace trimscope::gui;

int main(int argc, char *argv[])
{
    markStartup("main");
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("trimscope"));
    QApplication::setApplicationDisplayName(QStringLiteral("TrimScope"));
    QApplication::setApplicationVersion(QStringLiteral(TRIMSCOPE_VERSION));
    QApplication::setDesktopFileName(QStringLiteral("io.github.trimscope.TrimScope"));

    // Ours and Qt's own (qtbase) catalogue, for LANGUAGE / LC_ALL / LC_MESSAGES / LANG.
    trimscope::installTranslations();
    // Numbers in the user's locale ("1,5 KiB" in German); the CLI and files keep C.
    trimscope::setNumberLocale(QLocale());
    // Wrapped labels keep "I/O" and paths whole with invisible joiners; copied text goes without.
    keepJoinersOffClipboard(QGuiApplication::clipboard());

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QApplication::translate("main", "Measure and plot how an SSD handles TRIM."));
    parser.addHelpOption();
    parser.addVersionOption();
    QCommandLineOption timeScale(
        QStringLiteral("simulated-time-scale"),
        QApplication::translate("main", "Run simulated drives at FACTOR times their modelled "
                                        "time (1: real time, 0: as fast as possible)."),
        QStringLiteral("FACTOR"), QStringLiteral("1"));
    parser.addOption(timeScale);
    parser.addPositionalArgument(
        QStringLiteral("results"),
        QApplication::translate("main", "Saved results (JSON) to open, as File > Open results… "
                                        "opens them; a drive (/dev/sda) to open on, showing its "
                                        "history."),
        QStringLiteral("[DRIVE] [RESULT…]"));
    parser.process(app);

    MainWindowOptions options;
    options.simulatedTimeScale = parser.value(timeScale).toDouble();
    // The window on screen first; the drive's runs, audit and health are read after it shows,
    // then the results named here opened.
    options.fillAfterShown = true;
    takeStartArguments(parser.positionalArguments(), options);
    MainWindow window(options);
    markStartup("constructed");
    window.show();
    markFirstPaint(&window);
    return app.exec();
}
