// Issue 15, item 4: a run ends with a summary a person reads. Headline figures (small-TRIM
// latency, the largest TRIM), the drive's verdict with a link to the Advice tab, a hover read-out
// on the chart, and "automatic" sizes that say what they became on the drive.
#include "advice/advice.h"
#include "chart/trimchart.h"
#include "common/units.h"
#include "guitestenv.h"
#include "mainwindow.h"
#include "simulatedwindow.h"
#include "sweep/sweepheadline.h"
#include "testmain.h"
#include "uitext.h"
#include "widgets/advicetab.h"
#include "widgets/benchmarktab.h"
#include "widgets/drivelist.h"
#include "widgets/planeditor.h"

#include <QComboBox>
#include <QLabel>
#include <QPushButton>
#include <QTabWidget>
#include <QTest>
#include <cmath>

using namespace trimscope;
using namespace trimscope::gui;

class TestSummary : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void headlineFigures();
    void verdictLinksToAdvice();
    void hoverReadout();
    void saysWhatItTrimmed();
    void otherDriveHasNoCard();
    void automaticSaysWhatItBecame_data();
    void automaticSaysWhatItBecame();

private:
    GuiTestEnv m_env;
    std::unique_ptr<MainWindow> m_window;
};

void TestSummary::initTestCase()
{
    m_window = openSimulatedWindow(m_env.runDir());
    QVERIFY(m_window);
    QVERIFY(runQuickBenchmark(*m_window));
}

void TestSummary::headlineFigures()
{
    BenchmarkTab *tab = m_window->benchmarkTab();
    QLabel *card = tab->summaryCard();
    QVERIFY(card->isVisible());
    const QString text = uitext::plain(card->text());
    const SweepHeadline h = sweepHeadline(tab->lastResult());
    QVERIFY(h.small && h.largest);
    QCOMPARE(h.small->bytes, quint64(4096));
    QCOMPARE(h.largest->bytes, quint64(64) << 20);
    // The figures a person reads first, in the window's number format.
    for (const QString &figure :
         {formatBytes(h.small->bytes), formatSeconds(h.small->stats.median),
          formatBytes(h.largest->bytes), formatSeconds(h.largest->stats.median),
          formatRate(h.largest->throughput())})
        QVERIFY2(text.contains(figure), qPrintable(figure + QStringLiteral(" not in: ") + text));
    QVERIFY2(text.contains(QStringLiteral("Small TRIM")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("Largest TRIM")), qPrintable(text));
    // Not just the old one-liner ("Finished: 115 discards, 10.05 s of TRIM time").
    QVERIFY(text.split(QLatin1Char('\n'), Qt::SkipEmptyParts).size() >= 4);
}

void TestSummary::verdictLinksToAdvice()
{
    BenchmarkTab *tab = m_window->benchmarkTab();
    const advice::Verdict verdict = m_window->adviceTab()->advice().verdict;
    QVERIFY(verdict != advice::Verdict::Unknown); // a run of a TRIM-capable drive decides
    const QString text = uitext::plain(tab->summaryCard()->text());
    QVERIFY2(text.contains(advice::verdictDisplayName(verdict)), qPrintable(text));
    QVERIFY(tab->summaryCard()->text().contains(QStringLiteral("href=\"advice\"")));
    m_window->tabs()->setCurrentWidget(tab);
    emit tab->summaryCard()->linkActivated(QStringLiteral("advice"));
    QCOMPARE(m_window->tabs()->currentWidget(), static_cast<QWidget *>(m_window->adviceTab()));
    m_window->tabs()->setCurrentWidget(tab);
}

void TestSummary::hoverReadout()
{
    TrimChart *chart = m_window->benchmarkTab()->latencyChart();
    const SweepHeadline h = sweepHeadline(m_window->benchmarkTab()->lastResult());
    QVERIFY(chart->seriesCount() >= 1);
    // Hovering near the 4 KiB point (x is log2 of the size) reads out its size and median.
    const QString text = chart->readout(0, QPointF(std::log2(4096.0) + 0.2, h.small->stats.median));
    QVERIFY2(text.contains(formatBytes(4096)), qPrintable(text));
    QVERIFY2(text.contains(formatSeconds(h.small->stats.median)), qPrintable(text));
}

// Issue 33: the card, the legend and the plan say which data the TRIMs met and what the plan
// writes (on the simulated drive: nothing); it answers TRIM of empty space as slowly as of
// written data.
void TestSummary::saysWhatItTrimmed()
{
    BenchmarkTab *tab = m_window->benchmarkTab();
    const SweepResult &result = tab->lastResult();
    QVERIFY(result.plan.plan.prewrite);
    QCOMPARE(result.emptyCheck.outcome(), EmptyTrimCheck::Outcome::Same);
    const QString text = uitext::plain(tab->summaryCard()->text());
    // A simulated drive holds no data: its regions count as written, and nothing claims a write.
    QVERIFY2(text.contains(QStringLiteral("Trimmed: written data, as modelled: each region "
                                          "counted as written just before its TRIM")),
             qPrintable(text));
    QVERIFY2(!text.contains(formatBytes(result.prewriteBytes())), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("TRIM of empty space costs about")), qPrintable(text));
    QVERIFY2(
        tab->latencyChart()->data().first().label.contains(QStringLiteral("TRIM of written data")),
        qPrintable(tab->latencyChart()->data().first().label));
    auto *writes = tab->planEditor()->findChild<QLabel *>(QStringLiteral("planWrites"));
    QVERIFY(writes);
    // 64 MiB + 32 MiB + ... + 4 KiB, three times, and the empty-space check's three pairs at
    // 4 KiB and 512 KiB: the regions the run counted as written are the plan's.
    const quint64 planned = 3 * ((quint64(128) << 20) - 4096) + 3 * (4096 + (quint64(512) << 10));
    QCOMPARE(result.prewriteBytes(), planned);
    QCOMPARE(writes->text(),
             QStringLiteral("Writes nothing (a simulated drive): each region counts as written "
                            "just before its TRIM, so the model times TRIM of written data."));
}

void TestSummary::otherDriveHasNoCard()
{
    // The card belongs to the run it sums up: another drive without runs shows none.
    m_window->driveList()->selectDrive(QStringLiteral("simulated:intel-320"));
    QVERIFY(!m_window->benchmarkTab()->summaryCard()->isVisible());
    m_window->driveList()->selectDrive(QStringLiteral("simulated:ocz-agility3"));
    QVERIFY(m_window->benchmarkTab()->summaryCard()->isVisible());
}

void TestSummary::automaticSaysWhatItBecame_data()
{
    QTest::addColumn<quint64>("driveBytes");
    QTest::newRow("1 GiB") << (quint64(1) << 30);
    QTest::newRow("128 GB") << quint64(128000000000);
}

void TestSummary::automaticSaysWhatItBecame()
{
    QFETCH(quint64, driveBytes);
    PlanEditor editor;
    SweepPlan plan; // automatic smallest and largest
    editor.setPlan(plan);
    DriveInfo drive;
    drive.sizeBytes = driveBytes;
    drive.logicalBlockSize = 512;
    drive.discardGranularity = 4096;
    editor.setDrive(drive);
    const QList<quint64> sizes = editor.resolvedSizes();
    QVERIFY(sizes.size() >= 2);
    const quint64 largest = *std::max_element(sizes.begin(), sizes.end());
    const quint64 smallest = *std::min_element(sizes.begin(), sizes.end());
    auto *max = editor.findChild<QComboBox *>(QStringLiteral("maxSize"));
    auto *min = editor.findChild<QComboBox *>(QStringLiteral("minSize"));
    QVERIFY(max && min);
    QCOMPARE(max->currentIndex(), 0);
    QVERIFY2(max->currentText().contains(formatBytes(largest)), qPrintable(max->currentText()));
    QVERIFY2(min->currentText().contains(formatBytes(smallest)), qPrintable(min->currentText()));
    QVERIFY(!max->currentText().contains(QStringLiteral("2 GiB")) || largest == (quint64(2) << 30));
}

TRIMSCOPE_TEST_MAIN(TestSummary)
#include "tst_summary.moc"
