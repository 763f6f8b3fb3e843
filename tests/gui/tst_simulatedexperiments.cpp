// Issue 15, item 5: a newcomer without a spare drive can try the Filesystem experiment on a
// simulated drive (a replay of recorded discards against the drive's latency model, labelled as
// simulated everywhere it shows), and whatever still cannot run on a simulated drive says why
// beside its disabled button, with no cost shown for it.
#include "advice/advicetext.h"
#include "chart/barchart.h"
#include "guilanguage.h"
#include "guitestenv.h"
#include "mainwindow.h"
#include "pdftext.h"
#include "reporttext.h"
#include "simulatedwindow.h"
#include "testmain.h"
#include "widgets/advicetab.h"
#include "widgets/benchmarktab.h"
#include "widgets/drivelist.h"
#include "widgets/filesystemtab.h"
#include "widgets/jobpanel.h"
#include "widgets/recoverytab.h"
#include "widgets/runhistory.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableWidget>
#include <QTest>
#include <QTreeWidget>

using namespace trimscope;
using namespace trimscope::gui;

namespace {

// The kept runs named on the "Based on" line of a simulated drive say they are simulated: one
// quick benchmark (when `sweeps`) and the replayed filesystem experiment.
void verifyBasedOnSaysSimulated(const QString &basedOn, bool sweeps)
{
    QVERIFY2(
        basedOn.contains(AdviceTab::tr("%Ln saved simulated filesystem experiment(s)", nullptr, 1)),
        qPrintable(basedOn));
    if (sweeps)
        QVERIFY2(
            basedOn.contains(AdviceTab::tr("%Ln saved simulated benchmark run(s)", nullptr, 1)),
            qPrintable(basedOn));
    // In words a reader of either language sees, not only the catalogue's.
    const bool german = QLocale().language() == QLocale::German;
    for (const QString &item : basedOn.split(QStringLiteral("; "))) {
        const bool namesRun =
            item.contains(german ? QStringLiteral("Dateisystem-Experiment")
                                 : QStringLiteral("filesystem experiment")) ||
            item.contains(german ? QStringLiteral("Benchmark-L") : QStringLiteral("benchmark run"));
        // "1 saved …", not "no saved benchmark run (run the TRIM benchmark first)".
        if (namesRun && item.contains(QRegularExpression(QStringLiteral("\\d"))))
            QVERIFY2(
                item.contains(german ? QStringLiteral("simulierte") : QStringLiteral("simulated")),
                qPrintable(item));
    }
}

} // namespace

class TestSimulatedExperiments : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void filesystemRunsOnSimulatedDrive();
    void mkfsTimingSaysWhyNot();
    void recoverySaysWhyNotAndCostsNothing();
    void adviceOnExperimentAlone_data() { adviceSaysSimulated_data(); }
    void adviceOnExperimentAlone();
    void adviceSaysSimulated_data();
    void adviceSaysSimulated();

private:
    GuiTestEnv m_env;
    std::unique_ptr<MainWindow> m_window;
};

void TestSimulatedExperiments::initTestCase()
{
    m_window = openSimulatedWindow(m_env.runDir());
    QVERIFY(m_window);
}

void TestSimulatedExperiments::filesystemRunsOnSimulatedDrive()
{
    FilesystemTab *tab = m_window->filesystemTab();
    m_window->tabs()->setCurrentWidget(tab);
    auto *experiment = tab->findChild<QComboBox *>(QStringLiteral("fsExperiment"));
    QVERIFY(experiment);
    experiment->setCurrentIndex(0); // deleting a tree
    tab->presetBox()->setCurrentIndex(tab->presetBox()->findData(QStringLiteral("tiny")));
    QVERIFY2(tab->runButton()->isEnabled(), qPrintable(tab->runButton()->toolTip()));
    QVERIFY(tab->simulatedNote()->isVisible());
    QVERIFY(!tab->showsResult());

    QTest::mouseClick(tab->runButton(), Qt::LeftButton); // no confirmation: nothing is written
    QVERIFY(QTest::qWaitFor([tab] { return !tab->jobPanel()->isRunning(); }, 60000));
    QVERIFY(tab->showsResult());
    QVERIFY(tab->history()->hasRuns()); // kept with the drive

    // Labelled as simulated: the summary, the chart's title, every replayed row.
    QVERIFY2(tab->summary()->text().contains(QStringLiteral("Simulated, not measured")),
             qPrintable(tab->summary()->text()));
    const auto *chart = qobject_cast<BarChart *>(tab->currentChart());
    QVERIFY(chart);
    QVERIFY(chart->data().title.contains(QStringLiteral("simulated")));
    QCOMPARE(chart->data().sets.size(), qsizetype(4)); // ext4 and XFS, with and without discard
    QTableWidget *table = tab->table();
    int replayed = 0, skipped = 0;
    for (int row = 0; row < table->rowCount(); ++row) {
        const QString fs = table->item(row, 0)->text();
        const QString status = table->item(row, 2)->text();
        if (fs == QLatin1String("btrfs")) {
            ++skipped;
            QVERIFY2(status.contains(QStringLiteral("no record")), qPrintable(status));
        } else {
            ++replayed;
            QCOMPARE(status, QStringLiteral("simulated"));
        }
    }
    QCOMPARE(replayed, 4);
    QCOMPARE(skipped, 3);
    // The long reason btrfs was skipped does not push the delete cost out of sight.
    const int cost = 3;
    QCOMPARE(table->horizontalHeaderItem(cost)->text(), QStringLiteral("Delete cost"));
    QVERIFY2(table->columnViewportPosition(cost) + table->columnWidth(cost) <=
                 table->viewport()->width(),
             qPrintable(QStringLiteral("the delete cost ends at %1 px, the table is %2 px wide")
                            .arg(table->columnViewportPosition(cost) + table->columnWidth(cost))
                            .arg(table->viewport()->width())));
    // For a person to look at (tst_german takes every tab in both languages).
    if (const QString dir = qEnvironmentVariable("TRIMSCOPE_SHOTS_DIR"); !dir.isEmpty())
        QVERIFY(m_window->grab().save(dir + QStringLiteral("/simulated-filesystem.png")));
}

// Issue 47: with only the filesystem experiment kept (no TRIM benchmark yet), Advice on the
// simulated drive said "No drive was measured". It says what there is, the simulated experiment
// on this drive, and what comes next, the TRIM benchmark; the report exported then says the same.
void TestSimulatedExperiments::adviceOnExperimentAlone()
{
    QFETCH(QString, language);
    GuiLanguage ui(language);
    QVERIFY(!m_window->benchmarkTab()->hasResult()); // the experiment alone
    AdviceTab *adviceTab = m_window->adviceTab();
    m_window->tabs()->setCurrentWidget(adviceTab);
    adviceTab->reload();
    QVERIFY(settle(*m_window));
    const bool german = language == QLatin1String("de");
    const QString noDrive = advice::AdviceText::tr(
        "No drive was measured: the advice is about this computer's audit alone.");
    QStringList texts;
    for (const QLabel *label : adviceTab->findChildren<QLabel *>())
        texts.append(label->text());
    const QString all = texts.join(QLatin1Char('\n'));
    QVERIFY2(!all.contains(noDrive), qPrintable(all));
    QVERIFY2(!all.contains(german ? QStringLiteral("Kein Laufwerk") : QStringLiteral("No drive")),
             qPrintable(all));
    const advice::Advice &advice = adviceTab->advice();
    const QString drive = m_window->driveList()->selectedDrive()->info.displayName();
    QCOMPARE(advice.drive, drive);
    // What there is and what comes next, in the sentence under the verdict.
    const QString sentence = advice.sentence;
    QVERIFY2(all.contains(sentence), qPrintable(all));
    for (const QString &says : german
                                   ? QStringList{drive, QStringLiteral("simuliert, nicht gemessen"),
                                                 QStringLiteral("TRIM-Benchmark")}
                                   : QStringList{drive, QStringLiteral("simulated, not measured"),
                                                 QStringLiteral("TRIM benchmark")})
        QVERIFY2(sentence.contains(says), qPrintable(sentence));
    if (const QString dir = qEnvironmentVariable("TRIMSCOPE_SHOTS_DIR"); !dir.isEmpty())
        QVERIFY(m_window->grab().save(
            dir + QStringLiteral("/simulated-advice-experiment-alone-%1.png").arg(language)));

    // File > Export report… now: the same words. Exported twice into one directory (a PDF
    // beside it), the report rests on the same runs both times, and names no directory.
    const QString reports = m_env.home.filePath(QStringLiteral("reports-%1").arg(language));
    QVERIFY(QDir().mkpath(reports));
    const QString html = reports + QStringLiteral("/trim-report.html");
    const QString basedOn = adviceTab->inputsLabel()->text();
    verifyBasedOnSaysSimulated(basedOn, false);
    if (QTest::currentTestFailed())
        return;
    for (int time = 0; time < 2; ++time) {
        const Error error = m_window->saveReport(html);
        QVERIFY2(!error.isError(), qPrintable(error.message));
        QVERIFY(!m_window->saveReport(reports + QStringLiteral("/trim-report.pdf")).isError());
        QFile file(html);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString page = QString::fromUtf8(file.readAll());
        QVERIFY2(page.contains(sentence.toHtmlEscaped()), qPrintable(page));
        QVERIFY2(!page.contains(noDrive.toHtmlEscaped()), qPrintable(page));
        QCOMPARE(adviceTab->inputsLabel()->text(), basedOn);
        QVERIFY2(page.contains(basedOn.toHtmlEscaped()), qPrintable(page));
        QVERIFY2(!page.contains(m_env.home.path()), qPrintable(page));
    }
    if (const QString dir = qEnvironmentVariable("TRIMSCOPE_SHOTS_DIR"); !dir.isEmpty()) {
        const QString pdf =
            dir + QStringLiteral("/simulated-report-experiment-alone-%1.pdf").arg(language);
        QVERIFY(!m_window->saveReport(pdf).isError());
    }
}

void TestSimulatedExperiments::adviceSaysSimulated_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("en") << "en";
    QTest::newRow("de") << "de";
}

// Issue 47 item 13: the Filesystem tab says "Simulated, not measured" of the replay; the advice
// built on it said "(measured)". Every figure of the simulated drive says simulated in Advice.
void TestSimulatedExperiments::adviceSaysSimulated()
{
    QFETCH(QString, language);
    GuiLanguage ui(language);
    // A TRIM curve beside the replay: the advice prices the replayed deletes with it.
    if (QTest::currentDataTag() == QLatin1String("en"))
        QVERIFY(runQuickBenchmark(*m_window));
    AdviceTab *advice = m_window->adviceTab();
    m_window->tabs()->setCurrentWidget(advice);
    advice->reload(); // advised again in this language, from the replay kept above
    QVERIFY(settle(*m_window));
    QStringList texts;
    for (const QLabel *label : advice->findChildren<QLabel *>())
        texts.append(label->text());
    QTreeWidget *numbers = advice->numbers();
    for (int i = 0; i < numbers->topLevelItemCount(); ++i) {
        const QTreeWidgetItem *item = numbers->topLevelItem(i);
        texts << item->text(0) << item->text(1) << item->toolTip(0) << item->toolTip(1);
    }
    // Every "measured" is a "not measured": no figure of the simulated drive claims to be one.
    const bool german = language == QLatin1String("de");
    const QRegularExpression claim(german ? QStringLiteral("(?<!nicht )gemessen|Messl[aä]uf")
                                          : QStringLiteral("(?<!not )(?<!not the )measured"),
                                   QRegularExpression::CaseInsensitiveOption);
    for (const QString &text : std::as_const(texts))
        QVERIFY2(!claim.match(text).hasMatch(), qPrintable(text));
    // What it does say: every number is the simulation's, the replay's own (the deletes and the
    // fstrims of ext4 and XFS) and those priced with the simulated curve; each says so in its
    // name, which is all the report shows of it.
    const QString simulatedWord =
        german ? QStringLiteral("simuliert") : QStringLiteral("simulated");
    int priced = 0;
    QStringList labels;
    for (int i = 0; i < numbers->topLevelItemCount(); ++i) {
        const QTreeWidgetItem *item = numbers->topLevelItem(i);
        QVERIFY2(item->text(0).contains(simulatedWord), qPrintable(item->text(0)));
        labels.append(item->text(0));
        priced += item->toolTip(1).contains(simulatedWord) ? 1 : 0;
    }
    const advice::Advice &shown = advice->advice();
    for (const char *id :
         {"delete-measured-ext4", "delete-measured-xfs", "fstrim-measured-ext4",
          "fstrim-measured-xfs", "trim-at-average-ext4", "delete-extra-ext4", "fstrim-weekly"}) {
        const advice::Figure *figure = shown.figure(QLatin1String(id));
        QVERIFY2(figure, id);
        QVERIFY2(labels.contains(figure->label), qPrintable(figure->label));
    }
    QVERIFY2(priced >= 6, qPrintable(QString::number(priced)));
    const QString basedOn = advice->inputsLabel()->text();
    verifyBasedOnSaysSimulated(basedOn, true);
    if (QTest::currentTestFailed())
        return;

    if (const QString dir = qEnvironmentVariable("TRIMSCOPE_SHOTS_DIR"); !dir.isEmpty())
        QVERIFY(
            m_window->grab().save(dir + QStringLiteral("/simulated-advice-%1.png").arg(language)));

    // The exported report, HTML and PDF, in the same words: the numbers' names, the "Based on"
    // line and the curve's caption say simulated.
    const QString reports =
        m_env.home.filePath(QStringLiteral("simulated-reports-%1").arg(language));
    QVERIFY(QDir().mkpath(reports));
    const QString html = reports + QStringLiteral("/trim-report.html");
    const QString pdf = reports + QStringLiteral("/trim-report.pdf");
    for (const QString &path : {html, pdf}) {
        const Error error = m_window->saveReport(path);
        QVERIFY2(!error.isError(), qPrintable(error.message));
    }
    QFile file(html);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QString page = QString::fromUtf8(file.readAll());
    QStringList mustSay = labels;
    mustSay << basedOn
            << report::ReportText::tr("Each line is a simulated TRIM sweep: the median time the "
                                      "drive's model gives one TRIM command at each discard size, "
                                      "the band from its 5th to its 95th percentile. %1.")
                   .section(QLatin1Char(':'), 0, 0);
    for (const QString &said : std::as_const(mustSay))
        QVERIFY2(page.contains(said.toHtmlEscaped()), qPrintable(said));
    if (QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty())
        QSKIP("pdftotext is not installed (poppler-utils, in tools/debian-packages.txt)");
    const QString text = pdfText(pdf);
    for (const QString &said : std::as_const(mustSay))
        QVERIFY2(text.contains(flat(said)), qPrintable(said + QStringLiteral("\n") + text));
}

void TestSimulatedExperiments::mkfsTimingSaysWhyNot()
{
    FilesystemTab *tab = m_window->filesystemTab();
    auto *experiment = tab->findChild<QComboBox *>(QStringLiteral("fsExperiment"));
    experiment->setCurrentIndex(1); // mkfs timing needs a real drive
    QVERIFY(!tab->runButton()->isEnabled());
    const QString why = tab->runButton()->toolTip();
    QVERIFY(!why.isEmpty());
    // Said where it is read, not only in the disabled button's tooltip.
    QVERIFY(tab->jobPanel()->status()->isVisible());
    QCOMPARE(tab->jobPanel()->status()->text(), why);
    experiment->setCurrentIndex(0);
    QVERIFY(tab->runButton()->isEnabled());
    QVERIFY(tab->jobPanel()->status()->text() != why);
}

void TestSimulatedExperiments::recoverySaysWhyNotAndCostsNothing()
{
    RecoveryTab *tab = m_window->recoveryTab();
    m_window->tabs()->setCurrentWidget(tab);
    QVERIFY(!tab->runButton()->isEnabled());
    const QString why = tab->runButton()->toolTip();
    QVERIFY(!why.isEmpty());
    QCOMPARE(tab->jobPanel()->status()->text(), why);
    auto *estimate = tab->findChild<QLabel *>(QStringLiteral("recoveryEstimate"));
    QVERIFY(estimate);
    QVERIFY2(!estimate->text().contains(QStringLiteral("takes")), qPrintable(estimate->text()));
}

TRIMSCOPE_TEST_MAIN(TestSimulatedExperiments)
#include "tst_simulatedexperiments.moc"
