// Issue 28, "Smaller": Compare's colours stay with their runs when more are ticked; the simulated
// drives' names are German in German; no capital after a semicolon in the drive list; the plan's
// size boxes show their whole German text; Help links the guide and the bug tracker; the focus on
// "Benchmark TRIM" (the default button) can be seen; a run cancelled before it measured every
// size is not drawn across the sizes it never measured.
#include "chart/chartlegend.h"
#include "chart/chartstyle.h"
#include "chart/trimchart.h"
#include "common/units.h"
#include "guilanguage.h"
#include "guitestenv.h"
#include "mainwindow.h"
#include "report/resultfile.h"
#include "simulate/simulatedprofiles.h"
#include "simulatedwindow.h"
#include "sweep/statistics.h"
#include "sweep/sweepheadline.h"
#include "testmain.h"
#include "uitext.h"
#include "widgets/comparetab.h"
#include "widgets/drivelist.h"
#include "widgets/planeditor.h"

#include <QAction>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDesktopServices>
#include <QFile>
#include <QMenuBar>
#include <QRegularExpression>
#include <QStyle>
#include <QStyleOptionComboBox>
#include <QTest>
#include <QTreeView>
#include <QTreeWidget>

using namespace trimscope;
using namespace trimscope::gui;

class TestSmaller : public QObject
{
    Q_OBJECT
public slots:
    void openUrl(const QUrl &url) { m_opened.append(url); }

private slots:
    void compareColoursStayWithTheirRuns();
    void simulatedNamesInGerman();
    void noCapitalAfterASemicolon();
    void planSizesWholeInGerman();
    void helpLinksTheGuideAndTheBugTracker();
    void focusOnTheStartButtonIsVisible();
    void noLineAcrossUnmeasuredSizes_data();
    void noLineAcrossUnmeasuredSizes();
    void holesCloseAsALiveRunFillsThem();
    void comboBoxesShowWholeText_data();
    void comboBoxesShowWholeText();
    void countsGroupedAlike_data() { comboBoxesShowWholeText_data(); }
    void countsGroupedAlike();

private:
    GuiTestEnv m_env;
    QList<QUrl> m_opened;
};

void TestSmaller::compareColoursStayWithTheirRuns()
{
    auto window = openSimulatedWindow(m_env.runDir() + QStringLiteral("-colours"));
    QVERIFY(window);
    // Three runs of one drive, an hour apart.
    QFile file(QFINDTESTDATA("../data/results/sweep.json"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const SweepResult sweep = *readResult<SweepResult>(file.readAll());
    CompareTab *compare = window->compareTab();
    for (int i = 0; i < 3; ++i) {
        SweepResult run = sweep;
        run.started = sweep.started.addSecs(3600 * i);
        const QString path = m_env.home.filePath(QStringLiteral("run-%1.json").arg(i));
        QFile out(path);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(resultToJsonBytes(run));
        out.close();
        QVERIFY(compare->importFile(path));
    }
    QTreeWidget *list = compare->list();
    QCOMPARE(list->topLevelItemCount(), 3);
    for (int i = 0; i < 3; ++i)
        list->topLevelItem(i)->setCheckState(0, Qt::Unchecked);
    const auto colourOf = [&](int row) {
        // The runs share their drive's name; the legend tells them apart by the date (column 1).
        const QString date = list->topLevelItem(row)->text(1);
        for (const LegendEntry &entry : compare->chart()->legendEntries()) {
            if (!date.isEmpty() && entry.label.endsWith(date))
                return entry.color;
        }
        return QColor();
    };
    // The newest run ticked alone, then the others beside it: its colour stays.
    list->topLevelItem(2)->setCheckState(0, Qt::Checked);
    const QColor alone = colourOf(2);
    QVERIFY(alone.isValid());
    list->topLevelItem(0)->setCheckState(0, Qt::Checked);
    list->topLevelItem(1)->setCheckState(0, Qt::Checked);
    QCOMPARE(colourOf(2), alone);
    QVERIFY(colourOf(0) != alone && colourOf(1) != alone && colourOf(0) != colourOf(1));
}

void TestSmaller::simulatedNamesInGerman()
{
    GuiLanguage ui(QStringLiteral("de"));
    QCOMPARE(findSimulatedProfile(QStringLiteral("no-trim"))->drive.displayModel(),
             QStringLiteral("SSD ohne TRIM (simuliert)"));
    QCOMPARE(findSimulatedProfile(QStringLiteral("background-trimmer"))->drive.displayName(),
             QStringLiteral("SSD mit Hintergrund-TRIM (simuliert)")); // reads after "auf" too
    // Files keep the English model.
    QCOMPARE(findSimulatedProfile(QStringLiteral("no-trim"))->drive.model,
             QStringLiteral("SSD without TRIM (simulated)"));
}

void TestSmaller::noCapitalAfterASemicolon()
{
    auto window = openSimulatedWindow(m_env.runDir() + QStringLiteral("-semicolon"));
    QVERIFY(window);
    const QAbstractItemModel *model = window->driveList()->view()->model();
    const QRegularExpression capital(QStringLiteral("; (?!TRIM|NVMe|ATA|SMART)[A-Z][a-z]"));
    for (int g = 0; g < model->rowCount(); ++g) {
        const QModelIndex group = model->index(g, 0);
        for (int r = 0; r < model->rowCount(group); ++r) {
            const QString text = model->index(r, 0, group).data().toString();
            QVERIFY2(!capital.match(text).hasMatch(), qPrintable(text));
        }
    }
}

void TestSmaller::planSizesWholeInGerman()
{
    GuiLanguage ui(QStringLiteral("de"));
    auto window = openSimulatedWindow(m_env.runDir() + QStringLiteral("-plan"));
    QVERIFY(window);
    SweepPlan plan;
    plan.minBytes = 0; // automatic: the drive's granularity, named in the box
    plan.maxBytes = 0;
    PlanEditor *editor = window->benchmarkTab()->planEditor();
    editor->setPlan(plan);
    window->driveList()->selectDrive(QStringLiteral("simulated:intel-320"));
    QTest::qWait(50);
    for (const char *name : {"minSize", "maxSize"}) {
        auto *box = editor->findChild<QComboBox *>(QLatin1String(name));
        QVERIFY(box);
        const int text = box->fontMetrics().horizontalAdvance(box->currentText());
        QVERIFY2(text + 20 <= box->width(),
                 qPrintable(QStringLiteral("\"%1\" (%2 px) in a %3 px box")
                                .arg(box->currentText())
                                .arg(text)
                                .arg(box->width())));
    }
}

void TestSmaller::helpLinksTheGuideAndTheBugTracker()
{
    auto window = openSimulatedWindow(m_env.runDir() + QStringLiteral("-help"));
    QVERIFY(window);
    QDesktopServices::setUrlHandler(QStringLiteral("https"), this, "openUrl");
    m_opened.clear();
    for (const char *name : {"guideAction", "bugAction"}) {
        auto *action = window->menuBar()->findChild<QAction *>(QLatin1String(name));
        QVERIFY(action);
        action->trigger();
    }
    QDesktopServices::unsetUrlHandler(QStringLiteral("https"));
    QCOMPARE(m_opened.size(), 2);
    QVERIFY(m_opened.at(0).toString().endsWith(QLatin1String("#readme")));
    QVERIFY(m_opened.at(1).toString().endsWith(QLatin1String("/issues")));
}

// The default button is drawn highlighted anyway; with the keyboard's focus on it, the style drew
// nothing more a person could see. A ring around it must change at least a line's worth of
// pixels along its edges.
void TestSmaller::focusOnTheStartButtonIsVisible()
{
    auto window = openSimulatedWindow(m_env.runDir() + QStringLiteral("-focus"));
    QVERIFY(window);
    QPushButton *start = window->benchmarkTab()->benchmarkButton();
    QVERIFY(start->isEnabled());
    window->activateWindow();
    window->driveList()->setFocus(Qt::TabFocusReason);
    QVERIFY(QTest::qWaitFor([&] { return !start->hasFocus(); }));
    const QImage without = start->grab().toImage();
    start->setFocus(Qt::TabFocusReason);
    QVERIFY(QTest::qWaitFor([&] { return start->hasFocus(); }));
    const QImage with = start->grab().toImage();
    // For a person to look at, beside the other screenshots in the build tree.
    with.save(QStringLiteral("focus-on-benchmark-button.png"));
    QCOMPARE(with.size(), without.size());
    int changed = 0;
    for (int y = 0; y < with.height(); ++y) {
        for (int x = 0; x < with.width(); ++x) {
            const QColor a = with.pixelColor(x, y), b = without.pixelColor(x, y);
            const int distance = std::abs(a.red() - b.red()) + std::abs(a.green() - b.green()) +
                                 std::abs(a.blue() - b.blue());
            if (distance > 96)
                ++changed;
        }
    }
    const int edge = with.width() + with.height();
    QVERIFY2(changed >= edge, qPrintable(QStringLiteral("%1 pixels changed clearly with the focus "
                                                        "on a %2x%3 button; %4 at least")
                                             .arg(changed)
                                             .arg(with.width())
                                             .arg(with.height())
                                             .arg(edge)));
}

namespace {
ChartPoint pointAt(quint64 bytes)
{
    // 1 ms per TRIM plus 1 ms per MiB: a rising curve.
    const double seconds = 0.001 + double(bytes) / (1 << 20) * 0.001;
    return {bytes, seconds, seconds * 0.9, seconds * 1.1};
}

QList<int> lineLengths(const TrimChart &chart, int series)
{
    QList<int> lengths;
    for (const QList<QPointF> &line : chart.drawnLines(series))
        lengths.append(int(line.size()));
    return lengths;
}
} // namespace

// Sweeps halve from the largest size down; an interleaved one measures them in a shuffled order,
// so one cancelled early has measured sizes with unmeasured ones between them. Its line is drawn
// only between neighbouring sizes.
void TestSmaller::noLineAcrossUnmeasuredSizes_data()
{
    QTest::addColumn<QList<quint64>>("sizes");
    QTest::addColumn<QList<int>>("lines"); // points per line drawn
    constexpr quint64 KiB = 1024;
    QTest::newRow("every size") << QList<quint64>{4 * KiB, 8 * KiB, 16 * KiB, 32 * KiB, 64 * KiB}
                                << QList<int>{5};
    QTest::newRow("cancelled interleaved run")
        << QList<quint64>{4 * KiB, 8 * KiB, 64 * KiB, 1024 * KiB, 2048 * KiB}
        << QList<int>{2, 1, 2};
    QTest::newRow("one size") << QList<quint64>{64 * KiB} << QList<int>{1};
    QTest::newRow("a granularity that is no power of two")
        << QList<quint64>{12 * KiB, 16 * KiB, 32 * KiB} << QList<int>{3};
}

void TestSmaller::noLineAcrossUnmeasuredSizes()
{
    QFETCH(QList<quint64>, sizes);
    QFETCH(QList<int>, lines);
    SweepResult run;
    for (auto it = sizes.crbegin(); it != sizes.crend(); ++it) {
        SizePoint point;
        point.bytes = *it;
        const ChartPoint p = pointAt(*it);
        point.samples = {p.low, p.median, p.high};
        point.stats = computeStatistics(point.samples);
        run.points.append(point);
    }
    TrimChart chart(ChartMetric::Latency);
    chart.resize(800, 500);
    const int series = chart.addRun(QStringLiteral("cancelled"), run.points);
    QCOMPARE(lineLengths(chart, series), lines);
    QCOMPARE(chart.pointCount(series), int(sizes.size()));
    // Every band has some width, a size measured alone too (its band was a point: not drawn).
    const QList<QList<QPointF>> bands = chart.drawnBandTops(series);
    QCOMPARE(bands.size(), lines.size());
    for (const QList<QPointF> &top : bands)
        QVERIFY2(top.size() >= 2 && top.last().x() - top.first().x() > 0.1,
                 qPrintable(QStringLiteral("a band %1 wide")
                                .arg(top.isEmpty() ? 0 : top.last().x() - top.first().x())));

    // On screen: no pixel of the run's colour half way (log scale) between two sizes with a hole
    // between them, and some between neighbours.
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    auto *view = chart.findChild<QChartView *>();
    QVERIFY(view);
    const QImage image = view->viewport()->grab().toImage();
    const QColor colour = seriesStyle(0).color;
    const auto pixelsOfTheRunAt = [&](double x) {
        const QPointF atTop = view->chart()->mapToPosition(QPointF(x, 0));
        const int middle = view->mapFromScene(view->chart()->mapToScene(atTop)).x();
        int count = 0;
        // Five columns: a 2-pixel line crosses one column in one or two pixels.
        for (int column = middle - 2; column <= middle + 2; ++column)
            for (int y = 0; y < image.height(); ++y) {
                const QColor c = image.pixelColor(column, y);
                // Nearer the run's colour than to the white, the grey grid or the pale band, also
                // where antialiasing blends the line's edge.
                if (std::abs(c.red() - colour.red()) + std::abs(c.green() - colour.green()) +
                        std::abs(c.blue() - colour.blue()) <
                    150)
                    ++count;
            }
        return count;
    };
    for (int i = 1; i < sizes.size(); ++i) {
        const double middle =
            (std::log2(double(sizes.at(i - 1))) + std::log2(double(sizes.at(i)))) / 2;
        const bool hole = sizes.at(i) > 2 * sizes.at(i - 1);
        const int pixels = pixelsOfTheRunAt(middle);
        QVERIFY2(hole ? pixels == 0 : pixels > 0,
                 qPrintable(QStringLiteral("%1 pixels of the run's colour between %2 and %3")
                                .arg(pixels)
                                .arg(formatBytes(sizes.at(i - 1)), formatBytes(sizes.at(i)))));
        // Nor does hovering there read out a point, where a line would have been.
        const double y = (std::log10(pointAt(sizes.at(i - 1)).median) +
                          std::log10(pointAt(sizes.at(i)).median)) /
                         2;
        const QPointF there = view->chart()->mapToPosition(QPointF(middle, y));
        const QString readout =
            chart.readoutNear(view->mapFromScene(view->chart()->mapToScene(there)));
        QVERIFY2(readout.isEmpty() == hole, qPrintable(readout));
    }
    if (QByteArray(QTest::currentDataTag()) == "cancelled interleaved run")
        image.save(QStringLiteral("cancelled-interleaved-run.png"));
}

// A live interleaved run: its holes show while it grows, and close as their sizes are measured.
void TestSmaller::holesCloseAsALiveRunFillsThem()
{
    TrimChart chart(ChartMetric::Latency);
    chart.resize(800, 500);
    const int series = chart.addSeries(QStringLiteral("live"));
    for (const quint64 bytes : {quint64(4096), quint64(65536), quint64(8192)})
        chart.setPoint(series, pointAt(bytes));
    QCOMPARE(lineLengths(chart, series), (QList<int>{2, 1}));
    chart.setPoint(series, pointAt(32768));
    QCOMPARE(lineLengths(chart, series), (QList<int>{2, 2}));
    chart.setPoint(series, pointAt(16384));
    QCOMPARE(lineLengths(chart, series), QList<int>{5});
    // A sample that moves a median keeps the one line.
    chart.setPoint(series, pointAt(16384 * 2));
    QCOMPARE(lineLengths(chart, series), QList<int>{5});
}

void TestSmaller::comboBoxesShowWholeText_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("en") << "en";
    QTest::newRow("de") << "de";
}

// Issue 47 item 16: combo boxes cut their text ("on this driv", "auf diesem Laufwerk"). On every
// tab, each visible box's field holds its current text whole.
void TestSmaller::comboBoxesShowWholeText()
{
    QFETCH(QString, language);
    GuiLanguage ui(language);
    auto window = openSimulatedWindow(m_env.runDir() + QStringLiteral("-combos-") + language);
    QVERIFY(window);
    QStringList cut;
    for (int i = 0; i < window->tabs()->count(); ++i) {
        window->tabs()->setCurrentIndex(i);
        QTest::qWait(20);
        for (QComboBox *box : window->tabs()->currentWidget()->findChildren<QComboBox *>()) {
            if (!box->isVisible())
                continue;
            QStyleOptionComboBox option;
            option.initFrom(box);
            option.editable = box->isEditable();
            const QRect field = box->style()->subControlRect(QStyle::CC_ComboBox, &option,
                                                             QStyle::SC_ComboBoxEditField, box);
            const int needed = box->fontMetrics().horizontalAdvance(box->currentText());
            if (field.width() < needed)
                cut.append(QStringLiteral("%1: \"%2\" needs %3 px, has %4")
                               .arg(window->tabs()->tabText(i), box->currentText())
                               .arg(needed)
                               .arg(field.width()));
        }
    }
    QVERIFY2(cut.isEmpty(), qPrintable(cut.join(QLatin1Char('\n'))));
}

// Issue 47 item 16: thousands separators mixed. The progress said "7,967 of 9,000 discards"
// (the formatter) and the card "9000 discards" (a plural message's %n, which Qt writes without
// the locale's grouping). A run of more than a thousand discards: the card's count is grouped
// as the formatter groups it, and no other count of four digits or more stands ungrouped.
void TestSmaller::countsGroupedAlike()
{
    QFETCH(QString, language);
    GuiLanguage ui(language);
    auto window = openSimulatedWindow(m_env.runDir() + QStringLiteral("-counts-") + language);
    QVERIFY(window);
    BenchmarkTab *tab = window->benchmarkTab();
    SweepPlan plan;
    plan.minBytes = 4096;
    plan.maxBytes = quint64(64) << 20;
    plan.repeats = 80; // 15 sizes: 1,200 samples and the empty-space check's discards
    tab->planEditor()->setPlan(plan);
    QTest::mouseClick(tab->benchmarkButton(), Qt::LeftButton);
    QVERIFY(QTest::qWaitFor([&] { return !tab->isRunning(); }, 120000));
    QVERIFY(tab->hasResult());
    const SweepHeadline h = sweepHeadline(tab->lastResult());
    QVERIFY(h.discards >= 1000);
    const QString card = uitext::plain(tab->summaryCard()->text());
    const QString count = formatCount(h.discards);
    QVERIFY(count.size() > QString::number(h.discards).size()); // grouped: en "1,245", de "1.245"
    QVERIFY2(card.contains(count), qPrintable(count + QStringLiteral(" not in: ") + card));
    const QRegularExpression ungrouped(QStringLiteral("(?<![\\d.,])\\d{4,}"));
    QVERIFY2(!ungrouped.match(card).hasMatch(), qPrintable(card));
}

TRIMSCOPE_TEST_MAIN(TestSmaller)
#include "tst_smaller.moc"
