// The whole flow on a simulated drive: select, Benchmark TRIM, points arrive, cancel, exports.
#include "../support/qtry.h"
#include "chart/trimchart.h"
#include "guitestenv.h"
#include "mainwindow.h"
#include "report/resultfile.h"
#include "runstore.h"
#include "suspendinhibitor.h"
#include "testmain.h"
#include "widgets/advicetab.h"
#include "widgets/benchmarktab.h"
#include "widgets/comparetab.h"
#include "widgets/drivelist.h"
#include "widgets/fixlist.h"
#include "widgets/healthtab.h"
#include "widgets/jobpanel.h"
#include "widgets/planeditor.h"
#include "widgets/resultstable.h"

#include <QElapsedTimer>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QListWidget>
#include <QMenuBar>
#include <QTreeWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>
#include <sys/stat.h>

using namespace trimscope;
using namespace trimscope::gui;

class TestGuiFlow : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void firstRunSelectsDefaultSimulatedDrive();
    void benchmarkGrowsTheChartLive();
    void exportsWriteValidFiles();
    void cancelStopsTheRun();
    void savedRunsOverlay();
    void opensEveryResultTheCliWrites_data();
    void opensEveryResultTheCliWrites();
    void openRefusesWhatIsNotAFile();
    void diagnoseGivesTheDrivesVerdict_data();
    void diagnoseGivesTheDrivesVerdict();
    void cleanupTestCase();

private:
    void runToEnd();

    GuiTestEnv m_env;
    std::unique_ptr<MainWindow> m_window;
    QTemporaryDir m_out;
};

void TestGuiFlow::initTestCase()
{
    MainWindowOptions options;
    options.systemBackends = false;
    options.runDirectory = m_env.runDir();
    options.simulatedTimeScale = 0.2;
    m_window = std::make_unique<MainWindow>(options);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void TestGuiFlow::firstRunSelectsDefaultSimulatedDrive()
{
    QCOMPARE(m_window->driveList()->selectedDriveId(), QStringLiteral("simulated:ocz-agility3"));
    QVERIFY(m_window->benchmarkTab()->benchmarkButton()->isEnabled());
}

void TestGuiFlow::runToEnd()
{
    BenchmarkTab *tab = m_window->benchmarkTab();
    QTRY_VERIFY_WITH_TIMEOUT(!tab->isRunning(), 60000);
}

void TestGuiFlow::benchmarkGrowsTheChartLive()
{
    BenchmarkTab *tab = m_window->benchmarkTab();
    SweepPlan plan;
    plan.minBytes = 4096;
    plan.maxBytes = quint64(64) << 20; // 15 sizes
    plan.repeats = 3;
    tab->planEditor()->setPlan(plan);
    const int parsedBefore = RunStore::parseCount();
    QSignalSpy suspendWords(m_window->suspendInhibitor(), &SuspendInhibitor::stateChanged);
    QTest::mouseClick(tab->benchmarkButton(), Qt::LeftButton);
    QVERIFY(tab->isRunning());
    QVERIFY(tab->cancelButton()->isEnabled());
    QVERIFY(!tab->benchmarkButton()->isEnabled());
    // Points arrive while the run is still going.
    QTRY_VERIFY_WITH_TIMEOUT(tab->latencyChart()->pointCount(0) > 0, 10000);
    const bool stillRunningAtFirstPoint = tab->isRunning();
    runToEnd();
    QVERIFY(stillRunningAtFirstPoint);
    QCOMPARE(tab->lastResult().stopReason, StopReason::Completed);
    // A simulated run leaves suspend alone: nothing inhibited, no "could not be inhibited"
    // (issue 28; here, without a system bus, that is what the status bar said).
    QVERIFY(!m_window->suspendInhibitor()->isActive());
    QVERIFY2(suspendWords.isEmpty(), qPrintable(suspendWords.value(0).value(0).toString()));
    QCOMPARE(tab->latencyChart()->seriesCount(), 1);
    QCOMPARE(tab->latencyChart()->pointCount(0), 15);
    QCOMPARE(tab->throughputChart()->pointCount(0), 15);
    QCOMPARE(tab->table()->rowCount(), 15);
    // Larger discards take longer on this drive: the median line rises.
    const QList<ChartPoint> points = tab->latencyChart()->data().first().points;
    QVERIFY(points.first().bytes == 4096 && points.last().bytes == (quint64(64) << 20));
    QVERIFY(points.last().median > points.first().median);
    // The run was saved.
    QTRY_COMPARE(m_window->compareTab()->list()->topLevelItemCount(), 1);
    // From the button to the chart and the saved file, the result went typed: nothing in the
    // window read it back (a run through the helper is read once, by its client).
    QCOMPARE(RunStore::parseCount(), parsedBefore);
}

void TestGuiFlow::exportsWriteValidFiles()
{
    BenchmarkTab *tab = m_window->benchmarkTab();
    TrimChart *chart = tab->latencyChart();
    const QString png = m_out.filePath(QStringLiteral("chart.png"));
    const QString svg = m_out.filePath(QStringLiteral("chart.svg"));
    const QString pdf = m_out.filePath(QStringLiteral("chart.pdf"));
    QVERIFY(!chart->exportTo(png, QSize(1000, 700)).isError());
    QVERIFY(!chart->exportTo(svg, QSize(900, 600)).isError());
    QVERIFY(!chart->exportTo(pdf, QSize(800, 500)).isError());
    QVERIFY(
        chart->exportTo(m_out.filePath(QStringLiteral("chart.bmpx")), QSize(800, 500)).isError());

    QImage image(png);
    QVERIFY(!image.isNull());
    QCOMPARE(image.size(), QSize(1000, 700));
    // Not blank: the curve and labels put dark pixels on the white background.
    int dark = 0;
    for (int y = 0; y < image.height(); y += 3)
        for (int x = 0; x < image.width(); x += 3)
            dark += qGray(image.pixel(x, y)) < 128;
    QVERIFY2(dark > 200, qPrintable(QString::number(dark)));

    QFile svgFile(svg);
    QVERIFY(svgFile.open(QIODevice::ReadOnly));
    const QByteArray svgBytes = svgFile.readAll();
    QXmlStreamReader xml(svgBytes);
    bool sawSvg = false;
    while (!xml.atEnd()) {
        if (xml.readNext() == QXmlStreamReader::StartElement && xml.name() == QLatin1String("svg"))
            sawSvg = true;
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QVERIFY(sawSvg);
    QVERIFY(svgBytes.contains("OCZ Agility 3"));

    QFile pdfFile(pdf);
    QVERIFY(pdfFile.open(QIODevice::ReadOnly));
    const QByteArray pdfBytes = pdfFile.readAll();
    QVERIFY(pdfBytes.startsWith("%PDF"));
    QVERIFY(pdfBytes.size() > 2000);

    const QString csv = m_out.filePath(QStringLiteral("data.csv"));
    const QString json = m_out.filePath(QStringLiteral("data.json"));
    QVERIFY(!tab->exportData(csv).isError());
    QVERIFY(!tab->exportData(json).isError());
    QFile csvFile(csv);
    QVERIFY(csvFile.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = csvFile.readAll().trimmed().split('\n');
    QCOMPARE(lines.size(), 1 + 15); // header + one row per size
    QVERIFY(lines.first().startsWith("bytes,"));
    const Expected<SweepResult> reloaded = RunStore::load(json);
    QVERIFY2(reloaded.hasValue(), qPrintable(reloaded.error().message));
    QCOMPARE(reloaded->points.size(), 15);
    QCOMPARE(reloaded->samples.size(), tab->lastResult().samples.size());
}

void TestGuiFlow::cancelStopsTheRun()
{
    BenchmarkTab *tab = m_window->benchmarkTab();
    SweepPlan plan;
    plan.minBytes = 4096;
    plan.maxBytes = quint64(1) << 30;
    plan.repeats = 20; // far longer than the test waits
    tab->planEditor()->setPlan(plan);
    QTest::mouseClick(tab->benchmarkButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(tab->latencyChart()->pointCount(0) >= 2, 10000);
    QVERIFY(tab->isRunning());
    QTest::mouseClick(tab->cancelButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!tab->isRunning(), 5000);
    QCOMPARE(tab->lastResult().stopReason, StopReason::Cancelled);
    QVERIFY(tab->lastResult().samples.size() < 19 * 20);
    QVERIFY(tab->benchmarkButton()->isEnabled());
    QVERIFY(m_window->driveList()->isEnabled());
    QTRY_COMPARE(m_window->compareTab()->list()->topLevelItemCount(), 2); // partial runs are kept too
}

void TestGuiFlow::savedRunsOverlay()
{
    CompareTab *compare = m_window->compareTab();
    for (int i = 0; i < compare->list()->topLevelItemCount(); ++i)
        compare->list()->topLevelItem(i)->setCheckState(0, Qt::Checked);
    QCOMPARE(compare->chart()->seriesCount(), 2);
    for (const ChartSeries &series : compare->chart()->data())
        QVERIFY2(series.label.contains(QLatin1String("OCZ Agility 3")), qPrintable(series.label));
    // The CLI's JSON (same schema) imports and overlays as a third run.
    // It is the GUI's own run: importing it again stores nothing new.
    const Expected<ImportedRun> imported =
        compare->importFile(m_out.filePath(QStringLiteral("data.json")));
    QVERIFY2(imported.hasValue(), qPrintable(imported.error().message));
    QVERIFY(imported->alreadyStored);
    QCOMPARE(compare->list()->topLevelItemCount(), 2);
    QCOMPARE(compare->chart()->seriesCount(), 2);
    QVERIFY(!compare->chart()
                 ->exportTo(m_out.filePath(QStringLiteral("compare.png")), QSize(800, 600))
                 .isError());
}

void TestGuiFlow::opensEveryResultTheCliWrites_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("tab"); // the tab's object class
    QTest::newRow("sweep") << "sweep.json"
                           << "trimscope::gui::CompareTab";
    QTest::newRow("fsbench") << "fsbench-ext4-xfs.json"
                             << "trimscope::gui::FilesystemTab";
    QTest::newRow("mkfs-timing") << "mkfs-timing.json"
                                 << "trimscope::gui::FilesystemTab";
    QTest::newRow("recovery") << "recovery-smoke.json"
                              << "trimscope::gui::RecoveryTab";
    QTest::newRow("fill-curve") << "fill-curve.json"
                                << "trimscope::gui::RecoveryTab";
    QTest::newRow("stall") << "stall.json"
                           << "trimscope::gui::RecoveryTab";
    QTest::newRow("fstrim-timing") << "fstrim-timing.json"
                                   << "trimscope::gui::InUseTab";
    QTest::newRow("health") << "health-ata.json"
                            << "trimscope::gui::HealthTab";
    QTest::newRow("background-probe") << "background-probe.json"
                                      << "trimscope::gui::AdviceTab";
    QTest::newRow("audit") << "audit.json"
                           << "trimscope::gui::AdviceTab";
    QTest::newRow("advice") << "advice.json"
                            << "trimscope::gui::AdviceTab";
}

// File → Open result… on a FIFO or /dev/zero: refused at once, the window still responsive
// (issue 16, item 10; before, a FIFO hung it).
void TestGuiFlow::openRefusesWhatIsNotAFile()
{
    QTemporaryDir dir;
    const QString fifo = dir.filePath(QStringLiteral("result.json"));
    QVERIFY(::mkfifo(QFile::encodeName(fifo).constData(), 0600) == 0);
    for (const QString &path : {fifo, QStringLiteral("/dev/zero")}) {
        QElapsedTimer timer;
        timer.start();
        const Error error = m_window->openResult(path);
        QVERIFY(timer.elapsed() < 2000);
        QVERIFY(error.isError());
        QVERIFY2(error.message.contains(path) &&
                     error.message.contains(QStringLiteral("not a regular file")),
                 qPrintable(error.message));
    }
}

// File → Open result… takes whatever the CLI wrote, through core's reader, to its tab.
void TestGuiFlow::opensEveryResultTheCliWrites()
{
    QFETCH(QString, file);
    QFETCH(QString, tab);
    const QString path = QFINDTESTDATA(QStringLiteral("../data/results/") + file);
    m_window->tabs()->setCurrentIndex(0);
    const Error error = m_window->openResult(path);
    QVERIFY2(!error.isError(), qPrintable(error.message));
    QCOMPARE(QString::fromLatin1(m_window->tabs()->currentWidget()->metaObject()->className()),
             tab);
    const Expected<AnyResult> read = readAnyResult([&] {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }());
    QVERIFY(read);
    if (const auto *health = std::get_if<health::DriveHealth>(&*read)) {
        QVERIFY(m_window->healthTab()->health());
        QCOMPARE(m_window->healthTab()->health()->model, health->model);
    } else if (const auto *advice = std::get_if<advice::Advice>(&*read)) {
        QCOMPARE(m_window->adviceTab()->advice().sentence, advice->sentence);
    }
}

void TestGuiFlow::diagnoseGivesTheDrivesVerdict_data()
{
    QTest::addColumn<QString>("profile");
    QTest::addColumn<QString>("verdict");
    QTest::newRow("background TRIM") << "background-trimmer"
                                     << "prefer-periodic-fstrim";
    QTest::newRow("slow small TRIMs") << "ocz-agility3"
                                      << "prefer-periodic-fstrim";
    QTest::newRow("no TRIM") << "no-trim"
                             << "no-trim";
}

// Drive → Diagnose drive… on a simulated drive: the job runs in the Advice tab, the verdict is the
// drive's, and this computer's own findings never turn into fixes for it (no "remount /").
void TestGuiFlow::diagnoseGivesTheDrivesVerdict()
{
    QFETCH(QString, profile);
    QFETCH(QString, verdict);
    QVERIFY(m_window->driveList()->selectDrive(QStringLiteral("simulated:") + profile));
    AdviceTab *advice = m_window->adviceTab();
    // A drive without TRIM is diagnosed too: its verdict is the answer.
    QVERIFY2(advice->diagnoseButton()->isEnabled(),
             qPrintable(advice->diagnoseButton()->toolTip()));
    QAction *action = m_window->menuBar()->findChild<QAction *>(QStringLiteral("diagnoseAction"));
    QVERIFY(action);
    action->trigger();
    QCOMPARE(m_window->tabs()->currentWidget(), advice);
    QVERIFY(advice->jobPanel()->isRunning() || !advice->jobPanel()->lastResultJson().isEmpty());
    QVERIFY(!advice->diagnoseButton()->isEnabled() || !advice->jobPanel()->isRunning());
    QTRY_VERIFY_WITH_TIMEOUT(!advice->jobPanel()->isRunning(), 120000);
    QCOMPARE(verdictName(advice->advice().verdict), verdict);
    QCOMPARE(advice->verdictLabel()->text(), verdictDisplayName(advice->advice().verdict));
    // The diagnosis is kept with the drive, and the drive's advice starts from it.
    QVERIFY2(advice->inputsLabel()->text().contains(QLatin1String("the simulated diagnosis of")),
             qPrintable(advice->inputsLabel()->text()));
    for (const advice::Fix &fix : advice->advice().fixes) {
        QVERIFY2(fix.scope == advice::FixScope::MeasuredDrive, qPrintable(fix.title));
        QVERIFY2(!fix.text.contains(QLatin1String("remount")), qPrintable(fix.text));
    }
    QVERIFY(advice->diagnoseButton()->isEnabled());
}

void TestGuiFlow::cleanupTestCase()
{
    m_window.reset();
}

TRIMSCOPE_TEST_MAIN(TestGuiFlow)
#include "tst_guiflow.moc"
