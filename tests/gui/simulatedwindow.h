#pragma once

#include "mainwindow.h"
#include "widgets/benchmarktab.h"
#include "widgets/drivelist.h"
#include "widgets/planeditor.h"

#include <QPushButton>
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

// A quick TRIM benchmark of the selected drive (4 KiB to 64 MiB, 3 repeats), clicked as a user
// would and run to its end; whether it left a result.
inline bool runQuickBenchmark(trimscope::gui::MainWindow &window)
{
    trimscope::gui::BenchmarkTab *tab = window.benchmarkTab();
    trimscope::SweepPlan plan;
    plan.minBytes = 4096;
    plan.maxBytes = quint64(64) << 20;
    plan.repeats = 3;
    tab->planEditor()->setPlan(plan);
    QTest::mouseClick(tab->benchmarkButton(), Qt::LeftButton);
    return QTest::qWaitFor([tab] { return !tab->isRunning(); }, 60000) && tab->hasResult();
}
