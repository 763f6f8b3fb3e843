// The reference for bench/startup/startup.py: the least a window of TrimScope's libraries can do,
// timed the same way in the same run, so that the program's start-up reads as a ratio to it on
// a machine whose load changes from minute to minute. A main window of the size TrimScope opens
// at, with a menu bar, one tab and a status bar; it links Qt Charts, Svg, DBus and Concurrent as
// the program does (the linker keeps every library named: startup.py checks that both load the
// same Qt libraries) and loads nothing else.
#include "startupmark.h"
#include "windowfit.h"

#include <QApplication>
#include <QLabel>
#include <QMainWindow>
#include <QMenuBar>
#include <QScreen>
#include <QStatusBar>
#include <QTabWidget>

using namespace trimscope::gui;

int main(int argc, char *argv[])
{
    markStartup("main");
    QApplication app(argc, argv);
    QMainWindow window;
    window.setWindowTitle(QStringLiteral("TrimScope reference"));
    window.menuBar()->addMenu(QStringLiteral("&File"));
    auto *tabs = new QTabWidget(&window);
    tabs->addTab(new QLabel(QStringLiteral("A reference window."), tabs), QStringLiteral("&One"));
    window.setCentralWidget(tabs);
    window.statusBar()->showMessage(QStringLiteral("Reference"));
    window.resize(firstWindowSize(window.screen() ? window.screen()->availableGeometry().size()
                                                  : QSize()));
    markStartup("constructed");
    window.show();
    markFirstPaint(&window);
    return app.exec();
}
