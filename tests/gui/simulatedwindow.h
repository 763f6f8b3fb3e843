#pragma once

#include "mainwindow.h"
#include "widgets/drivelist.h"

#include <QTest>
#include <memory>

// The window as a newcomer without a spare drive meets it: simulated drives only, runs kept in
// `runDir`, modelled time not slept, 1024x768, the default simulated drive selected.
inline std::unique_ptr<trimscope::gui::MainWindow> openSimulatedWindow(const QString &runDir)
{
    trimscope::gui::MainWindowOptions options;
    options.systemBackends = false;
    options.runDirectory = runDir;
    options.simulatedTimeScale = 0;
    auto window = std::make_unique<trimscope::gui::MainWindow>(options);
    window->resize(1024, 768);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get()))
        return nullptr;
    window->driveList()->selectDrive(QStringLiteral("simulated:ocz-agility3"));
    return window;
}
