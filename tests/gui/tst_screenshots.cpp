// Saves PNGs of the main window before and after a short simulated benchmark, and of the
// exported charts, into the build tree for a person to look at.
#include "../support/identifyhealth.h"
#include "../support/qtry.h"
#include "chart/barchart.h"
#include "chart/curvechart.h"
#include "chart/stallchart.h"
#include "chart/trimchart.h"
#include "common/translations.h"
#include "guilanguage.h"
#include "guitestenv.h"
#include "mainwindow.h"
#include "testmain.h"
#include "widgets/advicetab.h"
#include "widgets/benchmarktab.h"
#include "widgets/comparetab.h"
#include "widgets/drivelist.h"
#include "widgets/filesystemtab.h"
#include "widgets/healthtab.h"
#include "widgets/jobpanel.h"
#include "widgets/planeditor.h"
#include "widgets/recoverytab.h"

#include <QApplication>
#include <QDir>
#include <QListWidget>
#include <QProgressBar>
#include <QTreeWidget>
#include <QPushButton>
#include <QTabWidget>
#include <QTest>
#include <QTranslator>

using namespace trimscope;
using namespace trimscope::gui;

class TestScreenshots : public QObject
{
    Q_OBJECT
private slots:
    void beforeAndAfterBenchmark();
    void darkPalette();
    void newTabs();
    void stallTest();
    void diagnosis();
    void healthTrimFacts_data();
    void healthTrimFacts();

private:
    static void save(QWidget *widget, const QString &name);
    GuiTestEnv m_env;
};

void TestScreenshots::save(QWidget *widget, const QString &name)
{
    QDir().mkpath(QStringLiteral(SCREENSHOT_DIR));
    const QString path = QStringLiteral(SCREENSHOT_DIR "/") + name;
    QVERIFY(widget->grab().save(path));
    qInfo("screenshot: %s", qPrintable(path));
}

void TestScreenshots::beforeAndAfterBenchmark()
{
    MainWindowOptions options;
    options.systemBackends = qEnvironmentVariableIsSet("TRIMSCOPE_SCREENSHOT_SYSTEM_BACKENDS");
    options.runDirectory = m_env.runDir();
    options.simulatedTimeScale = 0.2;
    MainWindow window(options);
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTest::qWait(200);
    window.tabs()->setCurrentIndex(0);
    save(&window, QStringLiteral("overview.png"));
    window.tabs()->setCurrentWidget(window.benchmarkTab());
    QTest::qWait(100);
    save(&window, QStringLiteral("before-benchmark.png"));

    BenchmarkTab *tab = window.benchmarkTab();
    SweepPlan plan;
    plan.minBytes = 4096;
    plan.maxBytes = quint64(256) << 20;
    plan.repeats = 5;
    tab->planEditor()->setPlan(plan);
    QTest::mouseClick(tab->benchmarkButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(tab->latencyChart()->pointCount(0) >= 5, 10000);
    save(&window, QStringLiteral("during-benchmark.png"));
    QTRY_VERIFY_WITH_TIMEOUT(!tab->isRunning(), 60000);
    QTest::qWait(100);
    save(&window, QStringLiteral("after-benchmark.png"));
    QVERIFY(!tab->latencyChart()
                 ->exportTo(QStringLiteral(SCREENSHOT_DIR "/export-latency.png"), QSize(1200, 800))
                 .isError());
    QVERIFY(
        !tab->throughputChart()
             ->exportTo(QStringLiteral(SCREENSHOT_DIR "/export-throughput.png"), QSize(1200, 800))
             .isError());

    // A second, faster drive to overlay.
    window.driveList()->selectDrive(QStringLiteral("simulated:corsair-performance-pro"));
    QTest::mouseClick(tab->benchmarkButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!tab->isRunning(), 60000);
    window.tabs()->setCurrentWidget(window.compareTab());
    CompareTab *compare = window.compareTab();
    QTRY_COMPARE(compare->list()->topLevelItemCount(), 2);
    for (int i = 0; i < compare->list()->topLevelItemCount(); ++i)
        compare->list()->topLevelItem(i)->setCheckState(0, Qt::Checked);
    QTest::qWait(100);
    save(&window, QStringLiteral("compare.png"));
    QVERIFY(!compare->chart()
                 ->exportTo(QStringLiteral(SCREENSHOT_DIR "/export-compare.png"), QSize(1200, 800))
                 .isError());
}

// The chart follows a dark desktop palette (exports stay light).
void TestScreenshots::darkPalette()
{
    QApplication::setStyle(QStringLiteral("Fusion"));
    QPalette dark;
    dark.setColor(QPalette::Window, QColor(45, 45, 48));
    dark.setColor(QPalette::WindowText, QColor(230, 230, 230));
    dark.setColor(QPalette::Base, QColor(30, 30, 32));
    dark.setColor(QPalette::AlternateBase, QColor(50, 50, 54));
    dark.setColor(QPalette::Text, QColor(230, 230, 230));
    dark.setColor(QPalette::Button, QColor(55, 55, 60));
    dark.setColor(QPalette::ButtonText, QColor(230, 230, 230));
    dark.setColor(QPalette::Highlight, QColor(42, 130, 218));
    dark.setColor(QPalette::HighlightedText, Qt::white);
    for (const auto role : {QPalette::ButtonText, QPalette::WindowText, QPalette::Text})
        dark.setColor(QPalette::Disabled, role, QColor(120, 120, 120));
    QApplication::setPalette(dark);
    MainWindowOptions options;
    options.systemBackends = false;
    options.runDirectory = m_env.runDir();
    options.simulatedTimeScale = 0;
    MainWindow window(options);
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.tabs()->setCurrentWidget(window.benchmarkTab());
    BenchmarkTab *tab = window.benchmarkTab();
    SweepPlan plan;
    plan.minBytes = 4096;
    plan.maxBytes = quint64(256) << 20;
    plan.repeats = 5;
    tab->planEditor()->setPlan(plan);
    QTest::mouseClick(tab->benchmarkButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!tab->isRunning(), 60000);
    QTest::qWait(100);
    save(&window, QStringLiteral("dark-after-benchmark.png"));
}

// The stall test's view (the sample of a drive without queued TRIM), in English and in German.
void TestScreenshots::stallTest()
{
    const QString results = QFINDTESTDATA("../data/results");
    QVERIFY(!results.isEmpty());
    for (const QString &language : {QStringLiteral("en"), QStringLiteral("de")}) {
        QTranslator translator;
        if (language != QLatin1String("en")) {
            QVERIFY(translator.load(QStringLiteral(TRIMSCOPE_BINARY_DIR
                                                   "/translations/trimscope_de.qm")));
            QCoreApplication::installTranslator(&translator);
        }
        {
            RecoveryTab tab;
            tab.resize(1280, 800);
            tab.QWidget::show();
            QVERIFY(QTest::qWaitForWindowExposed(&tab));
            QVERIFY(!tab.openResult(results + "/stall.json").isError());
            QCOMPARE(tab.currentChart(), static_cast<ChartWidget *>(tab.stallChart()));
            QTest::qWait(100);
            save(&tab, QStringLiteral("stall-%1.png").arg(language));
            QVERIFY(!tab.stallChart()
                         ->exportTo(QStringLiteral(SCREENSHOT_DIR "/export-stall-%1.png")
                                        .arg(language),
                                    QSize(1200, 700))
                         .isError());
        }
        QCoreApplication::removeTranslator(&translator);
    }
}

// Health, Filesystem, Write Recovery and Advice with the sample results of tests/data.
void TestScreenshots::newTabs()
{
    MainWindowOptions options;
    options.systemBackends = false;
    options.runDirectory = m_env.runDir() + QStringLiteral("-tabs");
    options.simulatedTimeScale = 0;
    MainWindow window(options);
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.driveList()->selectDrive(QStringLiteral("simulated:ocz-agility3"));
    window.tabs()->setCurrentWidget(window.healthTab());
    QTRY_VERIFY(window.healthTab()->showsExample()); // once the drive database is in
    QTest::qWait(100);
    save(&window, QStringLiteral("health.png"));

    const QString results = QFINDTESTDATA("../data/results");
    QVERIFY(!results.isEmpty());
    window.tabs()->setCurrentWidget(window.filesystemTab());
    QVERIFY(!window.filesystemTab()->openResult(results + "/fsbench-ext4-xfs.json").isError());
    QTest::qWait(100);
    save(&window, QStringLiteral("filesystem.png"));
    QVERIFY(!window.filesystemTab()->openResult(results + "/mkfs-timing.json").isError());
    QTest::qWait(100);
    save(&window, QStringLiteral("filesystem-mkfs.png"));
    QVERIFY(!window.filesystemTab()
                 ->chart()
                 ->exportTo(QStringLiteral(SCREENSHOT_DIR "/export-mkfs.png"), QSize(1200, 800))
                 .isError());
    QVERIFY(!window.filesystemTab()->openResult(results + "/fsbench-ext4-xfs.json").isError());
    QVERIFY(
        !window.filesystemTab()
             ->chart()
             ->exportTo(QStringLiteral(SCREENSHOT_DIR "/export-filesystem.png"), QSize(1200, 800))
             .isError());

    window.tabs()->setCurrentWidget(window.recoveryTab());
    QVERIFY(!window.recoveryTab()->openResult(results + "/fill-curve.json").isError());
    QTest::qWait(100);
    save(&window, QStringLiteral("fill-curve.png"));
    QVERIFY(!window.recoveryTab()->openResult(results + "/recovery-smoke.json").isError());
    QTest::qWait(100);
    save(&window, QStringLiteral("recovery.png"));
    QVERIFY(!window.recoveryTab()
                 ->recoveryChart()
                 ->exportTo(QStringLiteral(SCREENSHOT_DIR "/export-recovery.png"), QSize(1200, 800))
                 .isError());
    QVERIFY(
        !window.recoveryTab()
             ->fillChart()
             ->exportTo(QStringLiteral(SCREENSHOT_DIR "/export-fill-curve.png"), QSize(1200, 800))
             .isError());

    // Advice rests on a saved run of the drive.
    BenchmarkTab *tab = window.benchmarkTab();
    SweepPlan plan;
    plan.minBytes = 4096;
    plan.maxBytes = quint64(64) << 20;
    plan.repeats = 5;
    tab->planEditor()->setPlan(plan);
    QTest::mouseClick(tab->benchmarkButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!tab->isRunning(), 60000);
    window.tabs()->setCurrentWidget(window.adviceTab());
    QTest::qWait(100);
    save(&window, QStringLiteral("advice.png"));
}

// Drive → Diagnose drive… on a simulated slow-TRIM drive (during the run and after) and on the
// background-trimming one. With LANGUAGE=de set, in German (diagnosis-de*.png).
void TestScreenshots::diagnosis()
{
    const bool translated = !installTranslations().isEmpty();
    const QString suffix = translated ? QStringLiteral("-de") : QString();
    MainWindowOptions options;
    options.systemBackends = false;
    options.runDirectory = m_env.runDir() + QStringLiteral("-diagnosis");
    options.simulatedTimeScale = 0.2;
    MainWindow window(options);
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    AdviceTab *advice = window.adviceTab();
    window.tabs()->setCurrentWidget(advice);
    // The slow-TRIM drive's sweep takes a few seconds: long enough to see phase and ETA.
    QVERIFY(window.driveList()->selectDrive(QStringLiteral("simulated:ocz-agility3")));
    QVERIFY(advice->diagnose());
    QTRY_VERIFY_WITH_TIMEOUT(advice->jobPanel()->progressBar()->value() >= 10, 60000);
    save(&window, QStringLiteral("diagnosis-running%1.png").arg(suffix));
    QTRY_VERIFY_WITH_TIMEOUT(!advice->jobPanel()->isRunning(), 120000);
    QTest::qWait(100);
    save(&window, QStringLiteral("diagnosis-slow-trim%1.png").arg(suffix));
    QVERIFY(window.driveList()->selectDrive(QStringLiteral("simulated:background-trimmer")));
    QVERIFY(advice->diagnose());
    QTRY_VERIFY_WITH_TIMEOUT(!advice->jobPanel()->isRunning(), 120000);
    QTest::qWait(100);
    save(&window, QStringLiteral("diagnosis-background-trim%1.png").arg(suffix));
}

// The Health tab with what a read after TRIM returns and the kernel's quirks in the drive's
// identity (issue 46 item 5), at a common laptop size, in English and German: an Intel 320 from
// its SMART blob, QEMU's Samsung 870 EVO from the IDENTIFY data the kernel read (queued TRIM
// off), an NVMe drive from its saved report.
void TestScreenshots::healthTrimFacts_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("drive");
    for (const char *language : {"en", "de"}) {
        for (const char *drive : {"intel-320", "samsung-870", "nvme"})
            QTest::addRow("%s %s", drive, language) << language << drive;
    }
}

void TestScreenshots::healthTrimFacts()
{
    QFETCH(QString, language);
    QFETCH(QString, drive);
    GuiLanguage translation(language);
    QVERIFY(language == QLatin1String("en") || translation.loaded());
    MainWindowOptions options;
    options.systemBackends = false;
    options.runDirectory = m_env.runDir() + QStringLiteral("-health");
    options.simulatedTimeScale = 0;
    MainWindow window(options);
    window.resize(1366, 768);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.tabs()->setCurrentWidget(window.healthTab());
    HealthTab *tab = window.healthTab();
    const QString source =
        drive == QLatin1String("intel-320")
            ? QStringLiteral("blob:ata-smart-blobs/INTEL_SSDSA2CW120G3--4PC10302")
        : drive == QLatin1String("samsung-870")
            ? QStringLiteral("vpd:sysfs/qemu-q35/devices/pci0000:00/0000:00:1f.2/ata1/host0/"
                             "target0:0:0/0:0:0:0/vpd_pg89")
            : QStringLiteral("nvme:9");
    const QString origin = drive == QLatin1String("samsung-870")
                               ? QStringLiteral("IDENTIFY data from /sys/block/sda/device/vpd_pg89")
                               : QStringLiteral("nvme0n1.health.json");
    const QString error = loadTestHealth(*tab, source, QFINDTESTDATA("../data"), origin);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QTest::qWait(100);
    save(&window, QStringLiteral("health-trim-%1-%2.png").arg(drive, language));
}

TRIMSCOPE_TEST_MAIN(TestScreenshots)
#include "tst_screenshots.moc"
