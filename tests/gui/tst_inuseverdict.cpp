// Issue 47, item 6: one verdict per drive on every tab, from the figures the user chose. On a
// loop device "This drive in use" said "Undecided" from its own counters while Advice said "Prefer
// a periodic fstrim … confidence high" from since-boot counters, ignoring the period the user had
// started with "Start a new period". Here a real disk of this computer (its counters only read,
// as the tab reads them without privilege) with a sweep kept for it: both tabs give the Advice
// tab's verdict, and the Advice tab reads the period the user chose.
#include "../support/qtry.h"
#include "advice/advice.h"
#include "backends/driveentry.h"
#include "common/canceltoken.h"
#include "device/deviceprobe.h"
#include "guitestenv.h"
#include "mainwindow.h"
#include "runstore.h"
#include "simulate/simulatedsweep.h"
#include "simulatedwindow.h"
#include "sweep/sweeprunner.h"
#include "testmain.h"
#include "uitext.h"
#include "watch/attachment.h"
#include "watch/discardwatch.h"
#include "widgets/advicetab.h"
#include "widgets/drivelist.h"
#include "widgets/inusetab.h"

#include <QDir>
#include <QFile>
#include <QLabel>
#include <QPushButton>
#include <QTabWidget>
#include <QTest>

using namespace trimscope;
using namespace trimscope::gui;

namespace {

// The first whole disk here whose discard counters the kernel keeps (kernel 4.19 and later).
std::optional<BlockDevice> diskWithCounters()
{
    const QStringList names =
        QDir(QStringLiteral("/sys/block")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &name : names) {
        // A loop device (another test's, come and gone) counts from its attachment's first
        // sighting, not since boot (issue 46, item 10): a disk of this computer.
        if (name.startsWith(QLatin1String("ram")) || name.startsWith(QLatin1String("zram")) ||
            watch::mediumCanChange(name))
            continue;
        QFile stat(QStringLiteral("/sys/block/%1/stat").arg(name));
        if (!stat.open(QIODevice::ReadOnly) || stat.readAll().simplified().split(' ').size() < 15)
            continue;
        if (const Expected<BlockDevice> disk = DeviceProbe().probeName(name))
            return *disk;
    }
    return std::nullopt;
}

// A sweep of the slow simulated drive, as if it had measured `drive` (what a benchmark of a
// spare drive of that model would keep): the verdict rests on it, not on the counters alone.
SweepResult slowSweepOf(const DriveInfo &drive)
{
    SweepPlan plan;
    plan.minBytes = 4096;
    plan.maxBytes = quint64(64) << 20;
    plan.repeats = 3;
    auto prepared = prepareSimulatedSweep(QStringLiteral("ocz-agility3"), plan, 0);
    if (!prepared)
        qFatal("%s", qPrintable(prepared.error().message));
    CancelToken cancel;
    SweepResult result =
        SweepRunner(*prepared->target, prepared->plan, prepared->drive, cancel).run();
    result.drive = drive;
    return result;
}

} // namespace

class TestInUseVerdict : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void bothTabsGiveOneVerdict();
    void adviceReadsTheChosenPeriod();
    void adviceTakesTheReadingHandedOver();
    void cleanupTestCase();

private:
    QString inUseVerdict() const { return uitext::plain(m_window->inUseTab()->verdict()->text()); }
    GuiTestEnv m_env;
    std::unique_ptr<MainWindow> m_window;
    DriveEntry m_drive;
};

void TestInUseVerdict::initTestCase()
{
    const std::optional<BlockDevice> disk = diskWithCounters();
    if (!disk)
        QSKIP("no disk with discard counters here");
    m_drive = driveEntryFrom(QStringLiteral("helper"), *disk);
    QVERIFY(!m_drive.info.simulated);
    QVERIFY(RunStore(m_env.runDir()).save(slowSweepOf(m_drive.info)));
    m_window = openSimulatedWindow(m_env.runDir());
    QVERIFY(m_window);
    // What the window does when the drive is selected in its list (the tabs in that order).
    m_window->inUseTab()->setDrive(m_drive);
    m_window->adviceTab()->setDrive(m_drive);
    m_window->tabs()->setCurrentWidget(m_window->inUseTab());
    QTRY_VERIFY(m_window->inUseTab()->currentWatch().has_value());
}

void TestInUseVerdict::bothTabsGiveOneVerdict()
{
    const advice::Advice &advice = m_window->adviceTab()->advice();
    QVERIFY2(advice.verdict != advice::Verdict::Unknown, qPrintable(advice.sentence));
    const QString verdict = inUseVerdict();
    QVERIFY2(verdict.contains(QStringLiteral("For this drive in use: %1 (confidence: %2).")
                                  .arg(advice::verdictHeadline(advice),
                                       advice::confidenceDisplayName(advice.confidence))),
             qPrintable(verdict + QStringLiteral("\nAdvice: ") + advice::verdictHeadline(advice)));
    QCOMPARE(m_window->adviceTab()->verdictLabel()->text(), advice::verdictHeadline(advice));
}

// "Start a new period" and "Since boot" change what Advice reads, and both tabs still agree.
void TestInUseVerdict::adviceReadsTheChosenPeriod()
{
    InUseTab *inUse = m_window->inUseTab();
    AdviceTab *advice = m_window->adviceTab();
    QVERIFY2(advice->inputsLabel()->text().contains(QLatin1String("(since boot)")),
             qPrintable(advice->inputsLabel()->text()));
    QTest::mouseClick(inUse->watchFromNowButton(), Qt::LeftButton);
    QVERIFY(inUse->currentWatch() && !inUse->currentWatch()->sinceBoot);
    QVERIFY2(advice->inputsLabel()->text().contains(QLatin1String("(a watched period)")),
             qPrintable(advice->inputsLabel()->text()));
    QVERIFY2(inUseVerdict().contains(advice::verdictHeadline(advice->advice())),
             qPrintable(inUseVerdict()));
    // Another drive and back: the period the user started is still the one counted.
    QVERIFY(m_window->driveList()->selectDrive(QStringLiteral("simulated:ocz-agility3")));
    inUse->setDrive(m_drive);
    advice->setDrive(m_drive);
    QVERIFY(inUse->currentWatch() && !inUse->currentWatch()->sinceBoot);
    QVERIFY2(advice->inputsLabel()->text().contains(QLatin1String("(a watched period)")),
             qPrintable(advice->inputsLabel()->text()));
    QVERIFY2(inUseVerdict().contains(advice::verdictHeadline(advice->advice())),
             qPrintable(inUseVerdict()));
    QVERIFY(inUse->sinceBootButton()->isEnabled());
    QTest::mouseClick(inUse->sinceBootButton(), Qt::LeftButton);
    QVERIFY(inUse->currentWatch() && inUse->currentWatch()->sinceBoot);
    QVERIFY2(advice->inputsLabel()->text().contains(QLatin1String("(since boot)")),
             qPrintable(advice->inputsLabel()->text()));
}

// The counters are read once a refresh: "This drive in use" read them, then the Advice tab read
// them again (and probed the drive) for the same drive and period. The advice takes the reading
// it is handed as it is, here one it could not have made itself (no period was started).
void TestInUseVerdict::adviceTakesTheReadingHandedOver()
{
    InUseTab *inUse = m_window->inUseTab();
    AdviceTab *advice = m_window->adviceTab();
    const auto inputs = [advice] { return advice->inputsLabel()->text(); };
    QVERIFY(inUse->currentWatch() && inUse->currentWatch()->sinceBoot);
    watch::DiscardWatch handed = *inUse->currentWatch();
    handed.sinceBoot = false;
    handed.started = QDateTime::currentDateTimeUtc().addSecs(-60);
    handed.periodSeconds = 60;
    advice->countersChanged(m_drive.id, handed);
    QVERIFY2(inputs().contains(QLatin1String("(a watched period)")), qPrintable(inputs()));
    // Another drive's reading is not this drive's.
    advice->countersChanged(QStringLiteral("helper:/dev/another"), std::nullopt);
    QVERIFY2(inputs().contains(QLatin1String("(a watched period)")), qPrintable(inputs()));
    // Counters that could not be read: the advice reads none of its own either.
    advice->countersChanged(m_drive.id, std::nullopt);
    QVERIFY2(!inputs().contains(QLatin1String("discard counters")), qPrintable(inputs()));
    // The window hands the tab's reading over on each refresh.
    inUse->refreshWatch();
    QVERIFY2(inputs().contains(QLatin1String("(since boot)")), qPrintable(inputs()));
    QVERIFY2(inUseVerdict().contains(advice::verdictHeadline(advice->advice())),
             qPrintable(inUseVerdict()));
}

void TestInUseVerdict::cleanupTestCase()
{
    m_window.reset();
}

TRIMSCOPE_TEST_MAIN(TestInUseVerdict)
#include "tst_inuseverdict.moc"
