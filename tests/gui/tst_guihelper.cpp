// End to end: the GUI, driven by QTest, benchmarks an emulated loop drive through the real
// trimscope-helper on a private system bus with real polkitd. Root only; skipped elsewhere.
#include "chart/trimchart.h"
#include "emulateddrive.h"
#include "guitestenv.h"
#include "mainwindow.h"
#include "privatesystembus.h"
#include "privileged.h"
#include "widgets/benchmarktab.h"
#include "widgets/comparetab.h"
#include "widgets/confirmdialog.h"
#include "widgets/drivelist.h"
#include "widgets/planeditor.h"

#include <QApplication>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QTest>
#include <QTimer>

using namespace trimscope;
using namespace trimscope::gui;
using trimscope::test::EmulatedDrive;
using trimscope::test::PrivateSystemBus;

class TestGuiHelper : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void benchmarkThroughTheHelper();
    void cleanupTestCase();

private:
    GuiTestEnv m_env;
    EmulatedDrive m_drive;
    PrivateSystemBus m_bus;
};

void TestGuiHelper::initTestCase()
{
    if (const QString reason = PrivateSystemBus::unavailableReason(); !reason.isEmpty())
        TRIMSCOPE_SKIP_OR_FAIL(reason);
    TRIMSCOPE_REQUIRE_EMULATED_DRIVE();
    QVERIFY2(m_drive.start(quint64(128) << 20, EmulatedDrive::Model{300, 100, 0, 0}),
             qPrintable(m_drive.errorString()));
    const PrivateSystemBus::Files files{
        QStringLiteral(TRIMSCOPE_BINARY_DIR "/helper/trimscope-helper"),
        QStringLiteral(TRIMSCOPE_SOURCE_DIR "/helper/io.github.trimscope.Helper1.conf"),
        QStringLiteral(TRIMSCOPE_SOURCE_DIR "/helper/io.github.trimscope.policy")};
    QVERIFY2(m_bus.start(files), qPrintable(m_bus.errorString()));
    // Before anything in this process touches QDBusConnection::systemBus().
    qputenv("DBUS_SYSTEM_BUS_ADDRESS", m_bus.address().toLocal8Bit());
}

void TestGuiHelper::benchmarkThroughTheHelper()
{
    MainWindowOptions options;
    options.runDirectory = m_env.runDir();
    MainWindow window(options);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const QString driveId = QStringLiteral("helper:") + m_drive.devicePath();
    QTRY_VERIFY_WITH_TIMEOUT(window.driveList()->selectDrive(driveId), 10000);

    BenchmarkTab *tab = window.benchmarkTab();
    QVERIFY(tab->benchmarkButton()->isEnabled());
    SweepPlan plan;
    plan.minBytes = 4096;
    plan.maxBytes = quint64(4) << 20; // 11 sizes
    plan.repeats = 2;
    tab->planEditor()->setPlan(plan);

    // A real drive asks first; type the device name, as a person would.
    bool confirmed = false;
    QTimer confirmer;
    connect(&confirmer, &QTimer::timeout, this, [&] {
        for (QWidget *widget : QApplication::topLevelWidgets()) {
            auto *dialog = qobject_cast<ConfirmDialog *>(widget);
            if (!dialog || !dialog->isVisible())
                continue;
            QVERIFY(!dialog->runButton()->isEnabled());
            QTest::keyClicks(dialog->nameEdit(), m_drive.sysName());
            QVERIFY(dialog->runButton()->isEnabled());
            confirmed = true;
            dialog->runButton()->click();
        }
    });
    confirmer.start(50);
    QTest::mouseClick(tab->benchmarkButton(), Qt::LeftButton);
    confirmer.stop();
    QVERIFY(confirmed);
    QVERIFY(tab->isRunning());
    const QLabel *status = tab->findChild<QLabel *>(QStringLiteral("runStatus"));
    for (int waited = 0; tab->isRunning() && waited < 60000; waited += 100)
        QTest::qWait(100);
    QVERIFY2(!tab->isRunning(), qPrintable(QStringLiteral("still running: ") + status->text()));
    QVERIFY2(tab->lastResult().stopReason == StopReason::Completed,
             qPrintable(tab->lastResult().error.message));
    QCOMPARE(tab->latencyChart()->pointCount(0), 11);
    QCOMPARE(tab->lastResult().drive.path, m_drive.devicePath());
    QTRY_COMPARE(window.compareTab()->list()->count(), 1);
}

void TestGuiHelper::cleanupTestCase()
{
    m_bus.stop();
    m_drive.stop();
}

QTEST_MAIN(TestGuiHelper)
#include "tst_guihelper.moc"
