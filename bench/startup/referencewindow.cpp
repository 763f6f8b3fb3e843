// The reference for bench/startup/startup.py: the least a window of TrimScope's libraries can do,
// timed the same way in the same run, so that the program's start-up reads as a ratio to it on
// a machine whose load changes from minute to minute. A main window of the size TrimScope opens
// at, with a menu bar, one tab and a status bar. It loads the Qt libraries the program loads
// (Charts, Svg, DBus, Sql, Concurrent: one address from each, or the linker's --as-needed drops
// them) and does nothing with them.
#include "startupmark.h"
#include "windowfit.h"

#include <QApplication>
#include <QChart>
#include <QDBusConnection>
#include <QLabel>
#include <QMainWindow>
#include <QMenuBar>
#include <QScreen>
#include <QSqlDatabase>
#include <QStatusBar>
#include <QSvgRenderer>
#include <QTabWidget>
#include <QtConcurrent/qtconcurrentthreadengine.h>
#include <typeinfo>

using namespace trimscope::gui;

namespace {
// Volatile, and read once in main(): the compiler keeps the addresses, the linker the libraries.
const void *volatile kLoaded[] = {&QChart::staticMetaObject, &QSvgRenderer::staticMetaObject,
                                  reinterpret_cast<const void *>(&QDBusConnection::systemBus),
                                  reinterpret_cast<const void *>(&QSqlDatabase::drivers),
                                  &typeid(QtConcurrent::ThreadEngineBase)};
} // namespace

int main(int argc, char *argv[])
{
    markStartup("main");
    if (!kLoaded[0])
        return 1;
    QApplication app(argc, argv);
    QMainWindow window;
    window.setWindowTitle(QStringLiteral("TrimScope reference"));
    window.menuBar()->addMenu(QStringLiteral("&File"));
    auto *tabs = new QTabWidget(&window);
    tabs->addTab(new QLabel(QStringLiteral("A reference window."), tabs), QStringLiteral("&One"));
    window.setCentralWidget(tabs);
    window.statusBar()->showMessage(QStringLiteral("Reference"));
    window.resize(
        firstWindowSize(window.screen() ? window.screen()->availableGeometry().size() : QSize()));
    markStartup("constructed");
    window.show();
    markFirstPaint(&window);
    return app.exec();
}
