#pragma once

#include "mainwindow.h"
#include "savedruns.h"
#include "widgets/advicetab.h"
#include "widgets/benchmarktab.h"
#include "widgets/comparetab.h"
#include "widgets/drivelist.h"
#include "widgets/filesystemtab.h"
#include "widgets/inusetab.h"
#include "widgets/planeditor.h"
#include "widgets/recoverytab.h"

#include <QCoreApplication>
#include <QPushButton>
#include <QTest>
#include <memory>

// The window as a newcomer without a spare drive meets it: simulated drives only, runs kept in
// `runDir`, modelled time not slept, 1024x768, the default simulated drive selected.
// `fillAfterShown`: as the app starts, the saved runs listed on a worker once it is on screen.
inline std::unique_ptr<trimscope::gui::MainWindow> openSimulatedWindow(const QString &runDir,
                                                                       bool fillAfterShown = false)
{
    trimscope::gui::MainWindowOptions options;
    options.fillAfterShown = fillAfterShown;
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

// Waits until the window is as a person would see it when it stops changing: no tab reading
// saved runs on a worker (the answer fills a history, a list or the advice and lays the tab out
// again), then every layout the last events asked for done. A loaded computer (the GUI suite at
// -j2 beside two busy loops) ran a fixed 30-50 ms wait out before the tab was laid out for its
// size: Run measured 14 px lower than where it stays, a chart's axis title cut at the size
// before. Whether it settled in time.
inline bool settle(trimscope::gui::MainWindow &window)
{
    const bool read = QTest::qWaitFor(
        [&window] {
            return !window.benchmarkTab()->isListing() && !window.filesystemTab()->isListing() &&
                   !window.recoveryTab()->isListing() && !window.inUseTab()->isListing() &&
                   !window.adviceTab()->isReadingRuns() && !window.compareTab()->isListing() &&
                   !window.savedRuns()->isListing();
        },
        30000);
    // A layout done can ask for another (a label that wraps anew, a scroll area that follows its
    // content): a few rounds reach the end of that chain.
    for (int round = 0; round < 4; ++round) {
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        QCoreApplication::processEvents();
    }
    return read;
}
