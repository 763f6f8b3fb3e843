// Issue 15, item 9: German is complete. Every tab at 1024x768, with content (a saved run, the
// sample results, the example health data), is scanned for English words in what a person
// reads; Qt's own buttons speak German too; numbers use decimal commas. Screenshots of every tab
// in both languages go to $TRIMSCOPE_SHOTS_DIR (default: the build tree) for a person to look at.
#include "../support/qtry.h"
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
#include "widgets/planeditor.h"
#include "widgets/recoverytab.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QPushButton>
#include <QTabWidget>
#include <QTest>
#include <QTreeWidget>

using namespace trimscope;
using namespace trimscope::gui;

class TestGerman : public QObject
{
    Q_OBJECT
private slots:
    void everyTab_data();
    void everyTab();
    void qtButtonsSpeakGerman();
    void decimalCommas();
    void adviceRowsReadWhole();

private:
    std::unique_ptr<MainWindow> makeWindow(const QString &runDir);
    static QString shotsDir();
    GuiTestEnv m_env;
};

QString TestGerman::shotsDir()
{
    const QString dir = qEnvironmentVariable("TRIMSCOPE_SHOTS_DIR", QStringLiteral(SCREENSHOT_DIR));
    QDir().mkpath(dir);
    return dir;
}

std::unique_ptr<MainWindow> TestGerman::makeWindow(const QString &runDir)
{
    auto window = openSimulatedWindow(runDir);
    if (!window)
        return nullptr;
    BenchmarkTab *tab = window->benchmarkTab();
    SweepPlan plan;
    plan.minBytes = 4096;
    plan.maxBytes = quint64(64) << 20;
    plan.repeats = 3;
    tab->planEditor()->setPlan(plan);
    if (!tab->hasResult()) {
        QTest::mouseClick(tab->benchmarkButton(), Qt::LeftButton);
        if (!QTest::qWaitFor([&] { return !tab->isRunning(); }, 30000))
            return nullptr;
    }
    const QString results = QFINDTESTDATA("../data/results");
    window->filesystemTab()->openResult(results + QStringLiteral("/fsbench-ext4-xfs.json"));
    window->recoveryTab()->openResult(results + QStringLiteral("/recovery-smoke.json"));
    return window;
}

void TestGerman::everyTab_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<int>("tab");
    const QStringList names{"overview", "benchmark", "health", "filesystem",
                            "recovery", "advice",    "compare"};
    for (const char *language : {"de", "en"})
        for (int i = 0; i < names.size(); ++i)
            QTest::addRow("%s %s", language, qPrintable(names.at(i)))
                << QString::fromLatin1(language) << i;
}

void TestGerman::everyTab()
{
    QFETCH(QString, language);
    QFETCH(int, tab);
    const GuiLanguage lang(language);
    QVERIFY(lang.loaded());
    const auto window = makeWindow(m_env.runDir());
    QVERIFY(window);
    window->tabs()->setCurrentIndex(tab);
    QTest::qWait(50);
    const QString name =
        QStringLiteral("%1/%2-%3.png").arg(shotsDir(), language, QString::number(tab + 1));
    QVERIFY(window->grab().save(name));
    if (language != QLatin1String("de"))
        return;
    QStringList problems;
    for (const QString &text : uitext::visibleTexts(window.get(), true)) {
        const QStringList english = uitext::englishIn(text);
        if (!english.isEmpty())
            problems.append(
                QStringLiteral("[%1] %2").arg(english.join(QLatin1Char(',')), text.left(160)));
    }
    problems.removeDuplicates();
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
}

void TestGerman::qtButtonsSpeakGerman()
{
    const GuiLanguage lang(QStringLiteral("de"));
    QVERIFY2(lang.qtLoaded(), "qtbase_de.qm (qt6-translations-l10n) is not installed");
    QDialogButtonBox box(QDialogButtonBox::Save | QDialogButtonBox::Cancel);
    QCOMPARE(box.button(QDialogButtonBox::Cancel)->text().remove(QLatin1Char('&')),
             QStringLiteral("Abbrechen"));
    QCOMPARE(box.button(QDialogButtonBox::Save)->text().remove(QLatin1Char('&')),
             QStringLiteral("Speichern"));
}

void TestGerman::decimalCommas()
{
    const GuiLanguage lang(QStringLiteral("de"));
    const auto window = makeWindow(m_env.runDir() + QStringLiteral("-commas"));
    QVERIFY(window);
    // A decimal number with a point between digits followed by a unit is English formatting.
    static const QRegularExpression point(
        QStringLiteral("\\b\\d+\\.\\d+\\s?(µs|ms|s|KiB|MiB|GiB|TiB|B/s|KiB/s|MiB/s|GiB/s|%|×|x|"
                       "Jahre|Tage|h|°C)\\b"));
    QStringList problems;
    for (int tab = 0; tab < window->tabs()->count(); ++tab) {
        window->tabs()->setCurrentIndex(tab);
        for (const QString &text : uitext::visibleTexts(window.get(), false))
            if (point.match(text).hasMatch())
                problems.append(text.left(160));
    }
    problems.removeDuplicates();
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
}

// Item 6 and 9: the advice's numbers were "Zusätzliche Zeit, um ein…ernel-Quellbaum (36706 …"
// twice, told apart only by the elided filesystem. Each row now starts with its own words and is
// shown whole, wrapped to the column, at 1024x768 in German (the longer language).
void TestGerman::adviceRowsReadWhole()
{
    const GuiLanguage lang(QStringLiteral("de"));
    const auto window = makeWindow(m_env.runDir() + QStringLiteral("-advice"));
    QVERIFY(window);
    window->tabs()->setCurrentWidget(window->adviceTab());
    auto *numbers = window->adviceTab()->findChild<QTreeWidget *>();
    QVERIFY(numbers);
    QTRY_VERIFY(numbers->topLevelItemCount() >= 4);
    QTest::qWait(50);
    QStringList starts;
    for (int i = 0; i < numbers->topLevelItemCount(); ++i) {
        const QTreeWidgetItem *item = numbers->topLevelItem(i);
        const QString label = item->text(0);
        starts.append(label.section(QLatin1Char(' '), 0, 1));
        const QRect rect = numbers->visualItemRect(item);
        const int width = numbers->header()->sectionSize(0);
        const QRect needed =
            numbers->fontMetrics().boundingRect(QRect(0, 0, width - 8, 0), Qt::TextWordWrap, label);
        QVERIFY2(rect.height() >= needed.height(),
                 qPrintable(QStringLiteral("\"%1\" needs %2 px, its row has %3")
                                .arg(label)
                                .arg(needed.height())
                                .arg(rect.height())));
    }
    // Two rows of the same quantity differ in their first two words (the filesystem).
    QCOMPARE(QSet<QString>(starts.begin(), starts.end()).size(), starts.size());
}

TRIMSCOPE_TEST_MAIN(TestGerman)
#include "tst_german.moc"
