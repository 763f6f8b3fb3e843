#include "mainwindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

using namespace trimscope::gui;

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("trimscope"));
    QApplication::setApplicationDisplayName(QStringLiteral("TrimScope"));
    QApplication::setApplicationVersion(QStringLiteral(TRIMSCOPE_VERSION));
    QApplication::setDesktopFileName(QStringLiteral("io.github.trimscope.TrimScope"));

    QTranslator qtTranslator;
    if (qtTranslator.load(QLocale(), QStringLiteral("qtbase"), QStringLiteral("_"),
                          QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QApplication::installTranslator(&qtTranslator);

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
    parser.process(app);

    MainWindowOptions options;
    options.simulatedTimeScale = parser.value(timeScale).toDouble();
    MainWindow window(options);
    window.show();
    return app.exec();
}
