// Issue 47, item 8, as the Advice tab shows it: one discard had two figures, the numbers' "ext4:
// one TRIM of 48 MiB (its average discard) 242 µs" and "What would change" "its discards (48 MiB
// on average) … (measured: 55 µs)"; OCZ 27.9 ms against 6.53 ms. tst_advice holds core's advice
// to one figure; this test reads the tab after a benchmark clicked in the window: for every
// filesystem the table prices, the sentence of "What would change" that names that filesystem
// and its average discard quotes the table's value, in English and German.
#include "guilanguage.h"
#include "guitestenv.h"
#include "simulatedwindow.h"
#include "testmain.h"
#include "uitext.h"

#include <QLabel>
#include <QRegularExpression>
#include <QTabWidget>
#include <QTreeWidget>

using namespace trimscope;
using namespace trimscope::gui;

namespace {

// Read as a person reads it: a no-break space between a number and its unit is a space (the
// label's plain text, as QTextDocument gives it, has a plain one).
QString spaced(QString text)
{
    return text.replace(QChar(0x00A0), QLatin1Char(' '));
}

// The shown text cut into sentences (a full stop, then a capital).
QStringList sentencesOf(const QString &text)
{
    static const QRegularExpression end(QStringLiteral("\\.\\s+(?=\\p{Lu})"));
    return text.split(end, Qt::SkipEmptyParts);
}

} // namespace

class TestAdviceFigure : public QObject
{
    Q_OBJECT
private slots:
    void oneDiscardHasOneFigureOnTheTab_data();
    void oneDiscardHasOneFigureOnTheTab();

private:
    GuiTestEnv m_env;
};

void TestAdviceFigure::oneDiscardHasOneFigureOnTheTab_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("profile");
    for (const char *language : {"en", "de"})
        for (const char *profile : {"ocz-agility3", "corsair-performance-pro", "intel-320"})
            QTest::addRow("%s, %s", language, profile) << language << profile;
}

void TestAdviceFigure::oneDiscardHasOneFigureOnTheTab()
{
    QFETCH(QString, language);
    QFETCH(QString, profile);
    GuiLanguage ui(language);
    QVERIFY(ui.loaded());
    auto window = openSimulatedWindow(m_env.runDir() + QLatin1Char('/') + language + profile);
    QVERIFY(window);
    QVERIFY(window->driveList()->selectDrive(QStringLiteral("simulated:") + profile));
    QVERIFY(runQuickBenchmark(*window));
    AdviceTab *tab = window->adviceTab();
    window->tabs()->setCurrentWidget(tab);
    QVERIFY(settle(*window));
    const advice::Advice &advice = tab->advice();

    // What the tab shows: the numbers' rows and the label of "What would change".
    const QString heading =
        AdviceTab::tr("<b>What would change the verdict:</b> %1").arg(QString());
    QString change;
    for (const QLabel *label : tab->findChildren<QLabel *>())
        if (label->isVisibleTo(tab) && label->text().startsWith(heading))
            change += spaced(uitext::plain(label->text()));
    int checked = 0;
    for (const advice::FilesystemVerdict &fs : advice.filesystems) {
        if (fs.verdict == advice::Verdict::Undecided)
            continue; // its sentence names the run that would decide, no figure
        const QString name =
            fs.filesystem == QLatin1String("xfs") ? QStringLiteral("XFS") : fs.filesystem;
        const QString size = spaced(formatBytes(quint64(std::llround(fs.averageDiscardBytes))));
        // The row pricing one discard of that size on that filesystem.
        QStringList values;
        QTreeWidget *numbers = tab->numbers();
        for (int row = 0; row < numbers->topLevelItemCount(); ++row) {
            const QTreeWidgetItem *item = numbers->topLevelItem(row);
            const QString label = spaced(item->text(0));
            if (label.startsWith(name + QLatin1Char(':')) && label.contains(size) &&
                item->text(1).contains(QRegularExpression(QStringLiteral("s$"))))
                values.append(spaced(item->text(1)));
        }
        QVERIFY2(values.size() == 1, qPrintable(name + QLatin1String(": ") + values.join('|')));
        QStringList says;
        for (const QString &sentence : sentencesOf(change))
            if (sentence.contains(
                    QRegularExpression(QStringLiteral("(^|\\W)%1(\\W|$)").arg(name))) &&
                sentence.contains(size))
                says.append(sentence);
        QVERIFY2(says.size() == 1, qPrintable(change));
        // Quoted last in its brackets: "(measured: 55 µs)", "(simuliert: 7,29 ms)".
        QVERIFY2(says.constFirst().contains(values.constFirst() + QLatin1Char(')')),
                 qPrintable(QStringLiteral("table: %1; sentence: %2")
                                .arg(values.constFirst(), says.constFirst())));
        ++checked;
    }
    QVERIFY2(checked > 0, qPrintable(change));
}

TRIMSCOPE_TEST_MAIN(TestAdviceFigure)
#include "tst_advicefigure.moc"
