// Issue 47's screenshots at 1024×768 and 1366×768, English and German, looked at: what they
// showed cut or said two ways, each checked where a test can see it. The TRIM Benchmark card
// shows its verdict without scrolling (it was the card's last line, half shown); Advice's fstab
// lines read whole in cards that fit their column (a one-line field showed "UUID=<uuid>  <mount
// point>  e"); the stall chart's vertical axis says its unit at 1024×768 (its title was left out
// there, its labels are bare numbers); the Health tab's rated cycles carry the thousands
// separator its assumptions line has; no German sentence goes on after a semicolon with a
// capital article ("…aus; Der Schreiberholungstest braucht…"); the Filesystem tab's chart and
// legend show without scrolling the page; Advice gives sizes in binary units ("493 MB" was the
// only decimal one); "This drive in use" shows no empty table or verdict box without counters,
// and its page does not scroll (it did by 11-45 px); two drives' wrapped names do not touch in
// the drive list (German 1024×768); German fix cards' placeholders are German ("<uuid>  <mount
// point>" stayed English); a number never ends a line with its unit on the next ("64 / MiB").
#include "chart/stallchart.h"
#include "guilanguage.h"
#include "guitestenv.h"
#include "mainwindow.h"
#include "simulatedwindow.h"
#include "testmain.h"
#include "uitext.h"
#include "widgets/advicetab.h"
#include "widgets/benchmarktab.h"
#include "widgets/drivelist.h"
#include "widgets/filesystemtab.h"
#include "widgets/fixlist.h"
#include "widgets/healthtab.h"
#include "widgets/historytab.h"
#include "widgets/inusetab.h"
#include "widgets/recoverytab.h"
#include "windowfit.h"

#include <QAbstractAxis>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QRegularExpression>
#include <QScrollArea>
#include <QScrollBar>
#include <QTabWidget>
#include <QTableWidget>
#include <QTest>
#include <QTextLayout>
#include <QTreeView>

using namespace trimscope;
using namespace trimscope::gui;

class TestReadWhole : public QObject
{
    Q_OBJECT
private slots:
    void verdictShowsOnTheCard_data() { sizes(); }
    void verdictShowsOnTheCard();
    void fstabLinesReadWhole_data() { sizes(); }
    void fstabLinesReadWhole();
    void stallAxisSaysItsUnit_data() { sizes(); }
    void stallAxisSaysItsUnit();
    void ratedCyclesGrouped_data();
    void ratedCyclesGrouped();
    void noCapitalArticleAfterSemicolon();
    void experimentChartsWithoutScrolling_data() { sizes(); }
    void experimentChartsWithoutScrolling();
    void adviceSizesInBinaryUnits_data();
    void adviceSizesInBinaryUnits();
    void noEmptyCountersOnASimulatedDrive();
    void driveRowsApart_data() { sizes(); }
    void driveRowsApart();
    void placeholdersInTheUsersLanguage_data();
    void placeholdersInTheUsersLanguage();
    void numbersKeepTheirUnits_data();
    void numbersKeepTheirUnits();
    void paragraphsStartAsSentences_data() { numbersKeepTheirUnits_data(); }
    void paragraphsStartAsSentences();
    void filesystemNamesAsWritten();
    void inUseWholeAtTheFirstSize_data() { sizes(); }
    void inUseWholeAtTheFirstSize();

private:
    static void sizes();
    // A window of `size` (less a panel and a title bar) in the language of the row.
    std::unique_ptr<MainWindow> sized(const QString &name, QSize size);
    // The same, after a quick benchmark of the default drive.
    std::unique_ptr<MainWindow> benchmarked(const QString &name, QSize size);
    GuiTestEnv m_env;
};

void TestReadWhole::sizes()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QSize>("size");
    for (const char *language : {"en", "de"})
        for (const QSize size : {QSize(1024, 768), QSize(1366, 768)})
            QTest::addRow("%s %dx%d", language, size.width(), size.height())
                << QString::fromLatin1(language) << size;
}

std::unique_ptr<MainWindow> TestReadWhole::sized(const QString &name, QSize size)
{
    auto window = openSimulatedWindow(m_env.home.filePath(name));
    if (window)
        window->resize(size - QSize(0, 62));
    return window;
}

std::unique_ptr<MainWindow> TestReadWhole::benchmarked(const QString &name, QSize size)
{
    auto window = sized(name, size);
    if (!window)
        return nullptr;
    if (!runQuickBenchmark(*window) || !settle(*window))
        return nullptr;
    return window;
}

void TestReadWhole::verdictShowsOnTheCard()
{
    QFETCH(QString, language);
    QFETCH(QSize, size);
    GuiLanguage ui(language);
    auto window = benchmarked(QStringLiteral("card-%1-%2").arg(language).arg(size.width()), size);
    QVERIFY(window);
    window->tabs()->setCurrentWidget(window->benchmarkTab());
    QVERIFY(settle(*window));
    QLabel *card = window->benchmarkTab()->summaryCard();
    QVERIFY(card->isVisible());
    auto *scroll = qobject_cast<QScrollArea *>(card->parentWidget()->parentWidget());
    QVERIFY(scroll);
    // The card's text up to the end of the verdict's paragraph (the one linking to Advice), laid
    // out as the card lays it out: its height is where the verdict ends on the card.
    const QString html = card->text();
    const qsizetype link = html.indexOf(QStringLiteral("href=\"advice\""));
    QVERIFY2(link >= 0, qPrintable(html));
    const qsizetype end = html.indexOf(QStringLiteral("</p>"), link);
    QVERIFY(end > 0);
    QLabel upToVerdict;
    upToVerdict.setFont(card->font());
    upToVerdict.setTextFormat(Qt::RichText);
    upToVerdict.setWordWrap(true);
    upToVerdict.setMargin(card->margin());
    upToVerdict.setFrameShape(card->frameShape());
    upToVerdict.setText(html.left(end + 4));
    const int verdictEnds = card->mapTo(scroll->viewport(), QPoint(0, 0)).y() +
                            upToVerdict.heightForWidth(card->width());
    QVERIFY2(verdictEnds <= scroll->viewport()->height(),
             qPrintable(QStringLiteral("the verdict ends %1 px down a card shown %2 px high: %3")
                            .arg(verdictEnds)
                            .arg(scroll->viewport()->height())
                            .arg(uitext::plain(card->text()).left(300))));
}

void TestReadWhole::fstabLinesReadWhole()
{
    QFETCH(QString, language);
    QFETCH(QSize, size);
    GuiLanguage ui(language);
    auto window = benchmarked(QStringLiteral("fix-%1-%2").arg(language).arg(size.width()), size);
    QVERIFY(window);
    // And a drive where online discard is fine: its line's longest word is
    // "defaults,discard", which held the card wider than its column (a sideways scroll bar).
    window->driveList()->selectDrive(QStringLiteral("simulated:corsair-performance-pro"));
    QVERIFY(runQuickBenchmark(*window));
    window->tabs()->setCurrentWidget(window->adviceTab());
    QVERIFY(settle(*window));
    QStringList cut;
    int lines = 0;
    for (FixList *fixes : window->adviceTab()->findChildren<FixList *>()) {
        if (!fixes->isVisible())
            continue; // the findings' list, behind its tab
        auto *area = fixes->findChild<QScrollArea *>();
        QVERIFY(area);
        if (area->horizontalScrollBar()->isVisible())
            cut.append(QStringLiteral("the cards are %1 px wide in %2 px")
                           .arg(area->widget()->width())
                           .arg(area->viewport()->width()));
        for (QLabel *line : fixes->findChildren<QLabel *>(QStringLiteral("fixText"))) {
            if (!line->isVisible())
                continue;
            ++lines;
            if (line->height() < line->heightForWidth(line->width()))
                cut.append(QStringLiteral("%1 (%2 px of %3 high)")
                               .arg(line->text())
                               .arg(line->height())
                               .arg(line->heightForWidth(line->width())));
        }
    }
    QVERIFY2(lines > 0, "no fix card shows a line");
    QVERIFY2(cut.isEmpty(), qPrintable(cut.join(QStringLiteral("; "))));
}

void TestReadWhole::stallAxisSaysItsUnit()
{
    QFETCH(QString, language);
    QFETCH(QSize, size);
    GuiLanguage ui(language);
    auto window = sized(QStringLiteral("stall-%1-%2").arg(language).arg(size.width()), size);
    QVERIFY(window);
    const QString results = QFINDTESTDATA("../data/results");
    QVERIFY(!window->recoveryTab()->openResult(results + QStringLiteral("/stall.json")).isError());
    window->tabs()->setCurrentWidget(window->recoveryTab());
    QVERIFY(settle(*window));
    StallChart *stall = window->recoveryTab()->stallChart();
    QVERIFY(stall->isVisible());
    auto *view = stall->findChild<QChartView *>();
    QVERIFY(view && view->chart());
    const QList<QAbstractAxis *> vertical = view->chart()->axes(Qt::Vertical);
    QVERIFY(!vertical.isEmpty());
    const QString title = uitext::plain(vertical.first()->titleText());
    // Its labels are bare numbers ("0.1", "1,000"): the title says they are milliseconds.
    QVERIFY2(title.contains(QStringLiteral("ms")),
             qPrintable(QStringLiteral("the axis title is \"%1\" in a chart %2 px high")
                            .arg(title)
                            .arg(view->height())));
}

void TestReadWhole::ratedCyclesGrouped_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("thousand");
    QTest::newRow("en") << QStringLiteral("en") << QStringLiteral("1,000");
    QTest::newRow("de") << QStringLiteral("de") << QStringLiteral("1.000");
}

void TestReadWhole::ratedCyclesGrouped()
{
    QFETCH(QString, language);
    QFETCH(QString, thousand);
    GuiLanguage ui(language);
    auto window = openSimulatedWindow(m_env.home.filePath(QStringLiteral("cycles-") + language));
    QVERIFY(window);
    window->tabs()->setCurrentWidget(window->healthTab());
    QVERIFY(settle(*window));
    auto *cycles = window->healthTab()->findChild<QDoubleSpinBox *>(QStringLiteral("ratedCycles"));
    QVERIFY(cycles);
    QCOMPARE(cycles->value(), 1000.0); // TLC's typical rating, the tab's default
    QVERIFY2(cycles->text().startsWith(thousand), qPrintable(cycles->text()));
    // The line of assumptions above it says the same figure the same way.
    bool said = false;
    for (QLabel *label : window->healthTab()->findChildren<QLabel *>())
        said = said || (label->isVisible() && label->text().contains(thousand));
    QVERIFY(said);
}

// German nouns after a semicolon keep their capital, articles do not: "…aus; Der
// Schreiberholungstest braucht ein echtes Laufwerk." read as a new sentence. Every tab, with
// every choice of each of its boxes (an experiment's words change with it).
void TestReadWhole::noCapitalArticleAfterSemicolon()
{
    GuiLanguage ui(QStringLiteral("de"));
    auto window = openSimulatedWindow(m_env.home.filePath(QStringLiteral("semicolon")));
    QVERIFY(window);
    QVERIFY(runQuickBenchmark(*window));
    static const QRegularExpression article(
        QStringLiteral("; (Der|Die|Das|Den|Dem|Des|Ein|Eine|Einen|Einem|Es) "));
    QStringList found;
    const auto scan = [&](const QString &where) {
        for (const QString &text : uitext::visibleTexts(window.get(), false))
            if (const QRegularExpressionMatch m = article.match(text); m.hasMatch())
                found.append(
                    QStringLiteral("%1: …%2…")
                        .arg(where, text.mid(std::max<qsizetype>(0, m.capturedStart() - 40), 90)));
    };
    for (int tab = 0; tab < window->tabs()->count(); ++tab) {
        window->tabs()->setCurrentIndex(tab);
        QVERIFY(settle(*window));
        const QString where = window->tabs()->tabText(tab).remove(QLatin1Char('&'));
        scan(where);
        for (QComboBox *box : window->tabs()->currentWidget()->findChildren<QComboBox *>()) {
            if (!box->isVisible() || !box->isEnabled() || box->isEditable())
                continue;
            const int chosen = box->currentIndex();
            for (int i = 0; i < box->count(); ++i) {
                box->setCurrentIndex(i);
                QVERIFY(settle(*window));
                scan(where + QStringLiteral(" (") + box->itemText(i) + QLatin1Char(')'));
            }
            box->setCurrentIndex(chosen);
        }
    }
    found.removeDuplicates();
    QVERIFY2(found.isEmpty(), qPrintable(found.join(QLatin1Char('\n'))));
}

// The Filesystem tab's chart and legend show without scrolling the page at 1024×768: its
// phases' names ("Delete", "Sync", "Settle", "fstrim") sat on the page's bottom edge, cut, and
// the legend that says which bar is which filesystem was below it. The Write & Stall Tests
// tab's stall chart too.
void TestReadWhole::experimentChartsWithoutScrolling()
{
    QFETCH(QString, language);
    QFETCH(QSize, size);
    GuiLanguage ui(language);
    auto window = sized(QStringLiteral("pages-%1-%2").arg(language).arg(size.width()), size);
    QVERIFY(window);
    const QString results = QFINDTESTDATA("../data/results");
    QVERIFY(!window->filesystemTab()
                 ->openResult(results + QStringLiteral("/fsbench-ext4-xfs.json"))
                 .isError());
    QVERIFY(!window->recoveryTab()->openResult(results + QStringLiteral("/stall.json")).isError());
    QVERIFY(
        !window->inUseTab()->openResult(results + QStringLiteral("/fstrim-timing.json")).isError());
    QStringList scrolled;
    for (QWidget *tab : {static_cast<QWidget *>(window->filesystemTab()),
                         static_cast<QWidget *>(window->recoveryTab()),
                         static_cast<QWidget *>(window->inUseTab())}) {
        window->tabs()->setCurrentWidget(tab);
        QVERIFY(settle(*window));
        // The page's own scroll area: the outermost one on the tab.
        auto *page = tab->findChild<QScrollArea *>(QString(), Qt::FindDirectChildrenOnly);
        QVERIFY(page);
        if (page->verticalScrollBar()->isVisible())
            scrolled.append(QStringLiteral("%1 (%2 px more than the %3 shown)")
                                .arg(window->tabs()->tabText(window->tabs()->indexOf(tab)))
                                .arg(page->verticalScrollBar()->maximum())
                                .arg(page->viewport()->height()));
    }
    QVERIFY2(scrolled.isEmpty(), qPrintable(scrolled.join(QStringLiteral("; "))));
}

void TestReadWhole::adviceSizesInBinaryUnits_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("en") << QStringLiteral("en");
    QTest::newRow("de") << QStringLiteral("de");
}

// Advice's figures give sizes in binary units, as every other tab: the kernel tree's row said
// "(36,706 files, 493 MB)" beside "Weekly fstrim of 55.9 GiB free space" and the Filesystem
// tab's "quick (9,176 files, 118 MiB)".
void TestReadWhole::adviceSizesInBinaryUnits()
{
    QFETCH(QString, language);
    GuiLanguage ui(language);
    auto window = benchmarked(QStringLiteral("units-") + language, QSize(1366, 768));
    QVERIFY(window);
    window->tabs()->setCurrentWidget(window->adviceTab());
    QVERIFY(settle(*window));
    static const QRegularExpression decimal(QStringLiteral("\\d ?[kMGT]B\\b"));
    QStringList found;
    for (const QString &text : uitext::visibleTexts(window->adviceTab(), false))
        if (decimal.match(text).hasMatch())
            found.append(text);
    found.removeDuplicates();
    QVERIFY2(found.isEmpty(), qPrintable(found.join(QStringLiteral(" | "))));
}

// "This drive in use" on a simulated drive says it has no counters; under that sentence an
// empty table and an empty verdict box filled the top half of the tab at every size.
void TestReadWhole::noEmptyCountersOnASimulatedDrive()
{
    auto window = openSimulatedWindow(m_env.home.filePath(QStringLiteral("inuse")));
    QVERIFY(window);
    window->tabs()->setCurrentWidget(window->inUseTab());
    QVERIFY(settle(*window));
    auto *counters = window->inUseTab()->findChild<QTableWidget *>(QStringLiteral("watchTable"));
    QVERIFY(counters);
    QCOMPARE(counters->rowCount(), 0);
    QVERIFY2(!counters->isVisible(), "an empty counters table is shown");
    QLabel *verdict = window->inUseTab()->verdict();
    QVERIFY(verdict->text().isEmpty());
    QVERIFY2(!verdict->isVisible(), "an empty verdict box is shown");
}

// Each drive's name wraps in its column; a row without room under its last line ran into the
// next drive's first ("SSD ähnlich Intel 320 (simuliert) 149 GiB SSD mit Hintergrund-TRIM").
void TestReadWhole::driveRowsApart()
{
    QFETCH(QString, language);
    QFETCH(QSize, size);
    GuiLanguage ui(language);
    auto window = sized(QStringLiteral("rows-%1-%2").arg(language).arg(size.width()), size);
    QVERIFY(window);
    QVERIFY(settle(*window));
    auto *view = window->driveList()->findChild<QTreeView *>(QStringLiteral("driveTree"));
    QVERIFY(view);
    const QFontMetrics metrics(view->font());
    QStringList touching;
    int rows = 0;
    const QAbstractItemModel *model = view->model();
    for (int g = 0; g < model->rowCount(); ++g)
        for (int r = 0; r < model->rowCount(model->index(g, 0)); ++r) {
            const QModelIndex name = model->index(r, 0, model->index(g, 0));
            if (!(name.flags() & Qt::ItemIsSelectable))
                continue; // the group's one line of what its backend can do
            ++rows;
            const QRect rect = view->visualRect(name);
            const int text = metrics
                                 .boundingRect(QRect(0, 0, rect.width() - 8, 1 << 16),
                                               Qt::TextWordWrap, name.data().toString())
                                 .height();
            if (rect.height() - text < metrics.lineSpacing() / 4)
                touching.append(QStringLiteral("%1 (%2 px for %3 px of text)")
                                    .arg(name.data().toString())
                                    .arg(rect.height())
                                    .arg(text));
        }
    QVERIFY(rows > 1);
    QVERIFY2(touching.isEmpty(), qPrintable(touching.join(QStringLiteral("; "))));
}

void TestReadWhole::placeholdersInTheUsersLanguage_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("placeholder");
    QTest::newRow("en") << QStringLiteral("en") << QStringLiteral("<mount point>");
    QTest::newRow("de") << QStringLiteral("de") << QStringLiteral("<Einhängepunkt>");
}

// The fstab line of a measured drive's fix names what the user fills in: in German it said
// "UUID=<uuid>  <mount point>  ext4  defaults  0  2".
void TestReadWhole::placeholdersInTheUsersLanguage()
{
    QFETCH(QString, language);
    QFETCH(QString, placeholder);
    GuiLanguage ui(language);
    auto window = benchmarked(QStringLiteral("placeholder-") + language, QSize(1366, 768));
    QVERIFY(window);
    window->tabs()->setCurrentWidget(window->adviceTab());
    QVERIFY(settle(*window));
    QStringList lines;
    for (QLabel *line : window->adviceTab()->findChildren<QLabel *>(QStringLiteral("fixText")))
        if (line->isVisible() && line->text().contains(QLatin1String("UUID=")))
            lines.append(line->text());
    QVERIFY(!lines.isEmpty());
    for (const QString &line : std::as_const(lines)) {
        QVERIFY2(line.contains(placeholder), qPrintable(line));
        if (language == QLatin1String("de"))
            QVERIFY2(!line.contains(QLatin1String("mount point")), qPrintable(line));
    }
}

void TestReadWhole::numbersKeepTheirUnits_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("en") << QStringLiteral("en");
    QTest::newRow("de") << QStringLiteral("de");
}

// A number and its unit stay on one line wherever a label wraps: the card's tile read "4 KiB to
// 64 / MiB", Advice "253,2 / ms". Sentences of the formatter's figures, laid out as a wrapping
// label lays them out at every width from 60 to 400 px.
void TestReadWhole::numbersKeepTheirUnits()
{
    QFETCH(QString, language);
    GuiLanguage ui(language);
    const QString text =
        QStringLiteral("From %1 to %2: 95 of 100 within %3, one took %4 (%5), "
                       "%6 in all, %7 written")
            .arg(formatBytes(4096), formatBytes(quint64(64) << 20), formatSeconds(51e-6),
                 formatSeconds(0.2532), formatPercent(63.5, 1), formatDuration(725),
                 formatRate(1.3 * 1048576));
    static const QRegularExpression unitFirst(
        QStringLiteral("^(B|KiB|MiB|GiB|µs|ms|s|min|%)(?!\\w)"));
    static const QRegularExpression numberLast(QStringLiteral("\\d\\s*$"));
    QLabel label(text);
    label.setWordWrap(true);
    QStringList split;
    for (int width = 60; width <= 400; ++width) {
        QTextLayout layout(text, label.font());
        layout.beginLayout();
        QStringList lines;
        for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
            line.setLineWidth(width);
            lines.append(text.mid(line.textStart(), line.textLength()));
        }
        layout.endLayout();
        for (qsizetype i = 1; i < lines.size(); ++i)
            if (numberLast.match(lines[i - 1]).hasMatch() && unitFirst.match(lines[i]).hasMatch())
                split.append(QStringLiteral("%1 px: \"%2\" / \"%3\"")
                                 .arg(width)
                                 .arg(lines[i - 1], lines[i]));
    }
    QVERIFY2(split.isEmpty(), qPrintable(split.mid(0, 5).join(QStringLiteral("; "))));
}

// The Track record tab without history: its paragraphs after "as they are recorded:" began
// "where TrimScope was installed…", "without it, …" and read as broken sentences.
void TestReadWhole::paragraphsStartAsSentences()
{
    QFETCH(QString, language);
    GuiLanguage ui(language);
    auto window = sized(QStringLiteral("history-") + language, QSize(1024, 768));
    QVERIFY(window);
    window->tabs()->setCurrentWidget(window->historyTab());
    QVERIFY(settle(*window));
    const QString html = window->historyTab()->emptyState()->text();
    static const QRegularExpression paragraph(QStringLiteral("<p>(?:<[^>]+>)*(\\w)"));
    QStringList lower;
    for (auto it = paragraph.globalMatch(html); it.hasNext();) {
        const QRegularExpressionMatch match = it.next();
        if (match.captured(1).at(0).isLower())
            lower.append(uitext::plain(html.mid(match.capturedStart(), 60)));
    }
    QVERIFY(html.contains(QLatin1String("<p>")));
    QVERIFY2(lower.isEmpty(), qPrintable(lower.join(QStringLiteral(" | "))));
}

// The Filesystem tab's boxes said "xfs" beside its note's "XFS" (and Advice's "XFS: …"); the
// plan still takes the kernel's name.
void TestReadWhole::filesystemNamesAsWritten()
{
    auto window = sized(QStringLiteral("fsnames"), QSize(1366, 768));
    QVERIFY(window);
    FilesystemTab *tab = window->filesystemTab();
    QCheckBox *xfs = tab->filesystemBox(QStringLiteral("xfs"));
    QVERIFY(xfs);
    QCOMPARE(xfs->text(), QStringLiteral("XFS"));
    const JobPlan jobPlan = tab->runPlan();
    const auto *plan = std::get_if<fsbench::FsBenchPlan>(&jobPlan);
    QVERIFY(plan);
    QVERIFY2(plan->filesystems.contains(QStringLiteral("xfs")),
             qPrintable(plan->filesystems.join(QLatin1Char(','))));
}

// "This drive in use" at the size the window first opens with on such a screen (firstWindowSize:
// 921×691 on 1024×768, 1229×691 on 1366×768), a timed fstrim open: its page does not scroll.
void TestReadWhole::inUseWholeAtTheFirstSize()
{
    QFETCH(QString, language);
    QFETCH(QSize, size);
    GuiLanguage ui(language);
    auto window = openSimulatedWindow(
        m_env.home.filePath(QStringLiteral("first-%1-%2").arg(language).arg(size.width())));
    QVERIFY(window);
    window->resize(firstWindowSize(size));
    const QString results = QFINDTESTDATA("../data/results");
    QVERIFY(
        !window->inUseTab()->openResult(results + QStringLiteral("/fstrim-timing.json")).isError());
    window->tabs()->setCurrentWidget(window->inUseTab());
    QVERIFY(settle(*window));
    auto *page =
        window->inUseTab()->findChild<QScrollArea *>(QString(), Qt::FindDirectChildrenOnly);
    QVERIFY(page);
    QVERIFY2(!page->verticalScrollBar()->isVisible(),
             qPrintable(QStringLiteral("%1 px more than the %2 shown in a window of %3x%4")
                            .arg(page->verticalScrollBar()->maximum())
                            .arg(page->viewport()->height())
                            .arg(window->width())
                            .arg(window->height())));
}

TRIMSCOPE_TEST_MAIN(TestReadWhole)
#include "tst_readwhole.moc"
