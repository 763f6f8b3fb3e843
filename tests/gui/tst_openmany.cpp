// Issue 47, item 5: opening 20 results froze the window for about 4 s with no progress, and 20
// copies of one result were merged silently while the status bar said "Opened 20 of 20 results".
// - manyFilesKeepTheWindowResponsive: 20 copies of one run, three more runs of that drive and
//   three other kinds of result, opened at once: a 10 ms timer never waits 100 ms longer than
//   it waits with nothing to open (the reference, measured right after; timing, so labelled;
//   measured again, up to three times, while over the bound: a freeze repeats, a compile beside
//   the test holds a timer back once), each run is opened once, and the status bar says how many
//   files were copies.
#include "../support/qtry.h"
#include "guilanguage.h"
#include "guitestenv.h"
#include "mainwindow.h"
#include "simulatedwindow.h"
#include "testmain.h"
#include "widgets/comparetab.h"
#include "widgets/filesystemtab.h"
#include "widgets/healthtab.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QTreeWidget>

using namespace trimscope;
using namespace trimscope::gui;

class TestOpenMany : public QObject
{
    Q_OBJECT
private slots:
    void manyFilesKeepTheWindowResponsive();

private:
    // The longest wait of a 10 ms timer while opening, and as long with nothing to open (ms).
    struct Pauses
    {
        qint64 opening = 0;
        qint64 idle = 0;
    };
    // Opens `paths` at once in a fresh window over an empty store, checks what it shows.
    Pauses openAll(const QStringList &paths);

    GuiTestEnv m_env;
};

void TestOpenMany::manyFilesKeepTheWindowResponsive()
{
    const QString results = QFINDTESTDATA("../data/results");
    QTemporaryDir dir;
    QStringList paths;
    QFile sample(results + QStringLiteral("/sweep.json"));
    QVERIFY(sample.open(QIODevice::ReadOnly));
    const QByteArray sweep = sample.readAll();
    QVERIFY(sweep.contains("\"started\": \"2026-11-23T11:48:30.170Z\""));
    const auto write = [&](const QString &name, const QByteArray &bytes) {
        QFile file(dir.filePath(name));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(bytes);
        paths.append(file.fileName());
    };
    for (int copy = 1; copy <= 20; ++copy)
        write(QStringLiteral("copy-%1.json").arg(copy), sweep);
    // Three more runs of the drive, an hour apart each: not copies.
    for (int hour = 12; hour <= 14; ++hour) {
        QByteArray later = sweep;
        later.replace("2026-11-23T11:48:30.170Z",
                      QStringLiteral("2026-11-23T%1:48:30.170Z").arg(hour).toLatin1());
        write(QStringLiteral("run-%1h.json").arg(hour), later);
    }
    for (const char *other : {"fsbench-ext4-xfs.json", "health-ata.json", "stall.json"})
        paths.append(results + QLatin1Char('/') + QLatin1String(other));

    GuiLanguage ui(QStringLiteral("en")); // its plurals: "26 files", not "26 file(s)"
    // A window that stands still because opening works on its thread does so every time; a
    // compile beside the test (CI builds the next release meanwhile) holds a timer back once in
    // a while (141 ms once, where 26-29 ms is usual here). So a pause over the bound is measured
    // again, in a fresh window and store, up to three times; every attempt checks the rest.
    QString pauses;
    for (int attempt = 1; attempt <= 3; ++attempt) {
        const Pauses p = openAll(paths);
        if (QTest::currentTestFailed())
            return;
        pauses += QStringLiteral(" %1 ms (%2 ms with nothing to open);").arg(p.opening).arg(p.idle);
        if (p.opening < 100 + p.idle)
            return;
    }
    QFAIL(qPrintable(QStringLiteral("the window stood still for") + pauses));
}

TestOpenMany::Pauses TestOpenMany::openAll(const QStringList &paths)
{
    QTemporaryDir runDir;
    auto window = openSimulatedWindow(runDir.path());
    if (!window) {
        QTest::qFail("no window", __FILE__, __LINE__);
        return {};
    }
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get())) {
        QTest::qFail("the window was not shown", __FILE__, __LINE__);
        return {};
    }
    QSignalSpy opened(window.get(), &MainWindow::resultsOpened);
    QElapsedTimer clock;
    qint64 last = 0, longest = 0;
    QTimer tick;
    tick.setInterval(10);
    connect(&tick, &QTimer::timeout, this, [&] {
        longest = std::max(longest, clock.elapsed() - last);
        last = clock.elapsed();
    });
    tick.start();
    QTest::qWait(50);
    clock.start();
    last = 0;
    // Before, this call alone opened every file, one after the other.
    window->openResultsShowingErrors(paths);
    [&] { QTRY_COMPARE_WITH_TIMEOUT(opened.count(), 1, 60000); }();
    if (QTest::currentTestFailed())
        return {};
    QTest::qWait(30);
    const qint64 openedAfter = clock.elapsed();
    const qint64 longestOpening = longest;
    // The reference, measured in the same process right after: the same timer over as long a
    // time with nothing to open. On a loaded 2-core machine the scheduler alone holds a timer
    // back for tens of ms; what opening adds is held to the 100 ms of the issue on top of that.
    longest = 0;
    clock.restart();
    last = 0;
    QTest::qWait(int(openedAfter));
    tick.stop();
    const qint64 longestIdle = longest;
    qInfo("longest wait of a 10 ms timer: %lld ms while opening (all opened after %lld ms), "
          "%lld ms idle for as long",
          longestOpening, openedAfter, longestIdle);

    [&] {
        QCOMPARE(window->statusBar()->currentMessage(),
                 QStringLiteral("26 files, 7 runs (19 duplicates skipped)"));
        QCOMPARE(window->compareTab()->list()->topLevelItemCount(), 4);
        QVERIFY(window->filesystemTab()->showsResult());
        QVERIFY(window->healthTab()->health());
    }();
    return {longestOpening, longestIdle};
}

TRIMSCOPE_TEST_MAIN(TestOpenMany)
#include "tst_openmany.moc"
