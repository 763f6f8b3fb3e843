// Issue 47, item 14: Help > User guide (F1) opens the guide shipped inside the program, with no
// browser and no network: in the interface's language, at the section of the tab shown; its links
// between sections work; its search finds a word and filters the contents; and when no web
// browser opens for an online page, the window says so with the address (it was one line on
// stderr). Reached through object names only, as a person reaches it through the window.
#include "../support/qtry.h"
#include "guilanguage.h"
#include "guitestenv.h"
#include "mnemonics.h"
#include "simulatedwindow.h"
#include "testmain.h"

#include <QAction>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenuBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollBar>
#include <QTabWidget>
#include <QTextBlock>
#include <QTextBrowser>

using namespace trimscope::gui;

namespace {
// The sections F1 opens, tab by tab, in the main window's tab order.
const char *const kTabSections[] = {"drive", "benchmark", "health", "history", "filesystem",
                                    "stall", "inuse",     "advice", "compare"};

QWidget *guideWindow(QWidget *window)
{
    return window->findChild<QWidget *>(QStringLiteral("guideWindow"));
}

QTextBrowser *guideText(QWidget *window)
{
    return window->findChild<QTextBrowser *>(QStringLiteral("guideText"));
}

// The heading that holds the named anchor.
QTextBlock headingOf(const QTextBrowser *browser, const QString &anchor)
{
    for (QTextBlock block = browser->document()->begin(); block.isValid(); block = block.next())
        for (auto it = block.begin(); !it.atEnd(); ++it)
            if (it.fragment().charFormat().anchorNames().contains(anchor))
                return block;
    return {};
}

// Whether that heading is on screen.
bool headingShown(const QTextBrowser *browser, const QString &anchor)
{
    const QTextBlock block = headingOf(browser, anchor);
    if (!block.isValid())
        return false;
    QTextCursor cursor(block);
    const QRect rect = browser->cursorRect(cursor);
    return rect.top() >= 0 && rect.bottom() <= browser->viewport()->height();
}

QString h1Of(const QTextBrowser *browser)
{
    for (QTextBlock block = browser->document()->begin(); block.isValid(); block = block.next())
        if (block.blockFormat().headingLevel() == 1)
            return block.text();
    return {};
}

QStringList sectionAnchors(const QString &resource)
{
    QFile file(resource);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QStringList anchors;
    static const QRegularExpression heading(QStringLiteral("<h2><a name=\"([a-z]+)\">"));
    for (auto it = heading.globalMatch(QString::fromUtf8(file.readAll())); it.hasNext();)
        anchors.append(it.next().captured(1));
    return anchors;
}
} // namespace

class TestHelpWindow : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void f1OpensTheGuideAtTheTabShown_data();
    void f1OpensTheGuideAtTheTabShown();
    void bothLanguagesHaveTheSameSections();
    void linksLeadToTheirSection();
    void searchFindsAndFiltersTheContents();
    void noBrowserIsSaidInTheWindow_data();
    void noBrowserIsSaidInTheWindow();
    void screenshots_data();
    void screenshots();

private:
    GuiTestEnv m_env;
    QTemporaryDir m_emptyPath;
};

void TestHelpWindow::initTestCase()
{
    // No web browser: nothing on PATH that Qt would start (xdg-open, a desktop's opener), no
    // BROWSER. The offscreen platform opens nothing anyway; under X11 this is what makes it fail.
    qputenv("PATH", m_emptyPath.path().toLocal8Bit());
    qunsetenv("BROWSER");
    qunsetenv("DEFAULT_BROWSER");
}

void TestHelpWindow::f1OpensTheGuideAtTheTabShown_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("title");
    QTest::addColumn<QString>("benchmarkHeading");
    QTest::newRow("en") << "en"
                        << "TrimScope user guide"
                        << "TRIM Benchmark";
    QTest::newRow("de") << "de"
                        << "TrimScope-Anleitung"
                        << "TRIM-Benchmark";
}

void TestHelpWindow::f1OpensTheGuideAtTheTabShown()
{
    QFETCH(QString, language);
    QFETCH(QString, title);
    QFETCH(QString, benchmarkHeading);
    const GuiLanguage lang(language);
    QVERIFY(language == QLatin1String("en") || lang.loaded());
    auto window = openSimulatedWindow(m_env.runDir());
    QVERIFY(window);
    QCOMPARE(window->tabs()->count(), int(std::size(kTabSections)));
    for (int tab = 0; tab < window->tabs()->count(); ++tab) {
        window->tabs()->setCurrentIndex(tab);
        window->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(window.get()));
        QTest::keyClick(window.get(), Qt::Key_F1);
        QTRY_VERIFY(guideWindow(window.get()) && guideWindow(window.get())->isVisible());
        QTextBrowser *browser = guideText(window.get());
        QVERIFY(browser);
        QCOMPARE(h1Of(browser), title);
        const QString anchor = QLatin1String(kTabSections[tab]);
        QVERIFY2(headingShown(browser, anchor),
                 qPrintable(QStringLiteral("%1: section \"%2\" not shown")
                                .arg(window->tabs()->tabText(tab), anchor)));
        // The contents follow: the section shown is the one marked.
        const auto *contents = window->findChild<QListWidget *>(QStringLiteral("guideContents"));
        QVERIFY(contents && contents->currentItem());
        QCOMPARE(contents->currentItem()->text(), headingOf(browser, anchor).text());
        if (anchor == QLatin1String("benchmark"))
            QCOMPARE(headingOf(browser, anchor).text(), benchmarkHeading);
        guideWindow(window.get())->hide();
    }
    // The window's own Alt+letters do not clash.
    guideWindow(window.get())->show();
    const QStringList problems =
        mnemonics::clashes(guideWindow(window.get()), guideWindow(window.get())->windowTitle());
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
}

void TestHelpWindow::bothLanguagesHaveTheSameSections()
{
    const QStringList english = sectionAnchors(QStringLiteral(":/help/guide.en.html"));
    QVERIFY(english.size() >= int(std::size(kTabSections)));
    QCOMPARE(sectionAnchors(QStringLiteral(":/help/guide.de.html")), english);
    for (const char *anchor : kTabSections)
        QVERIFY2(english.contains(QLatin1String(anchor)), anchor);
}

void TestHelpWindow::linksLeadToTheirSection()
{
    auto window = openSimulatedWindow(m_env.runDir());
    QVERIFY(window);
    QAction *guide = window->menuBar()->findChild<QAction *>(QStringLiteral("userGuideAction"));
    QVERIFY(guide);
    window->tabs()->setCurrentIndex(0);
    guide->trigger();
    QTextBrowser *browser = guideText(window.get());
    QVERIFY(browser);
    QVERIFY(QTest::qWaitForWindowExposed(guideWindow(window.get())));
    browser->verticalScrollBar()->setValue(0);
    // Every link of the opening paragraphs, clicked as a person clicks it.
    for (const QString &anchor :
         {QStringLiteral("advice"), QStringLiteral("filesystem"), QStringLiteral("diagnose")}) {
        browser->verticalScrollBar()->setValue(0);
        QTextCursor link;
        for (QTextBlock block = browser->document()->begin(); block.isValid() && link.isNull();
             block = block.next())
            for (auto it = block.begin(); !it.atEnd() && link.isNull(); ++it)
                if (it.fragment().charFormat().anchorHref() == QLatin1Char('#') + anchor) {
                    link = QTextCursor(browser->document());
                    link.setPosition(it.fragment().position() + 1);
                }
        QVERIFY2(!link.isNull(), qPrintable(anchor));
        QVERIFY2(!headingShown(browser, anchor), qPrintable(anchor));
        const QPoint at = browser->cursorRect(link).center();
        QTest::mouseClick(browser->viewport(), Qt::LeftButton, {}, at);
        QTRY_VERIFY2(headingShown(browser, anchor), qPrintable(anchor));
    }
}

void TestHelpWindow::searchFindsAndFiltersTheContents()
{
    auto window = openSimulatedWindow(m_env.runDir());
    QVERIFY(window);
    QAction *guide = window->findChild<QAction *>(QStringLiteral("userGuideAction"));
    QVERIFY(guide);
    guide->trigger();
    auto *search = window->findChild<QLineEdit *>(QStringLiteral("guideSearch"));
    auto *contents = window->findChild<QListWidget *>(QStringLiteral("guideContents"));
    QTextBrowser *browser = guideText(window.get());
    QVERIFY(search && contents && browser);
    const auto shownSections = [contents] {
        QStringList shown;
        for (int i = 0; i < contents->count(); ++i)
            if (!contents->item(i)->isHidden())
                shown.append(contents->item(i)->text());
        return shown;
    };
    const int all = contents->count();
    // Twice in the guide, both in the section on advice.
    const QString word = QStringLiteral("fstrim.timer");
    QTest::keyClicks(search, word);
    QCOMPARE(browser->textCursor().selectedText(), word);
    const QRect found = browser->cursorRect(browser->textCursor());
    QVERIFY(found.top() >= 0 && found.bottom() <= browser->viewport()->height());
    QCOMPARE(shownSections(), QStringList{headingOf(browser, QStringLiteral("advice")).text()});
    // Enter finds the next place, and comes round to the first.
    const int first = browser->textCursor().position();
    QTest::keyClick(search, Qt::Key_Return);
    QVERIFY(browser->textCursor().position() != first);
    QCOMPARE(browser->textCursor().selectedText(), word);
    search->clear();
    QCOMPARE(shownSections().size(), all);
    auto *noMatch = window->findChild<QLabel *>(QStringLiteral("guideNoMatch"));
    QVERIFY(noMatch && !noMatch->isVisible());
    QTest::keyClicks(search, QStringLiteral("xyzzy"));
    QVERIFY(shownSections().isEmpty());
    QVERIFY(noMatch->isVisible());
}

void TestHelpWindow::noBrowserIsSaidInTheWindow_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("what");
    QTest::addColumn<QString>("address");
    QTest::addColumn<QString>("noBrowser");
    for (const QString &language : {QStringLiteral("en"), QStringLiteral("de")}) {
        const QString noBrowser = language == QLatin1String("en")
                                      ? QStringLiteral("No web browser")
                                      : QStringLiteral("Kein Webbrowser");
        QTest::addRow("%s, README (online)", qPrintable(language)) << language << "guideAction"
                                                                   << "#readme" << noBrowser;
        QTest::addRow("%s, report a bug", qPrintable(language)) << language << "bugAction"
                                                                << "/issues" << noBrowser;
        QTest::addRow("%s, the guide's online button", qPrintable(language))
            << language << "guideOnline"
            << "#readme" << noBrowser;
    }
}

void TestHelpWindow::noBrowserIsSaidInTheWindow()
{
    QFETCH(QString, language);
    QFETCH(QString, what);
    QFETCH(QString, address);
    QFETCH(QString, noBrowser);
    const GuiLanguage lang(language);
    auto window = openSimulatedWindow(m_env.runDir());
    QVERIFY(window);
    if (what == QLatin1String("guideOnline")) {
        QAction *guide = window->findChild<QAction *>(QStringLiteral("userGuideAction"));
        QVERIFY(guide);
        guide->trigger();
        auto *button = window->findChild<QPushButton *>(what);
        QVERIFY(button);
        QTest::mouseClick(button, Qt::LeftButton);
    } else {
        auto *action = window->menuBar()->findChild<QAction *>(what);
        QVERIFY(action);
        action->trigger();
    }
    QTRY_VERIFY(guideWindow(window.get()) && guideWindow(window.get())->isVisible());
    auto *notice = window->findChild<QLabel *>(QStringLiteral("guideNotice"));
    QVERIFY(notice);
    QVERIFY(notice->isVisible());
    QVERIFY2(notice->text().contains(noBrowser), qPrintable(notice->text()));
    QVERIFY2(notice->text().contains(address), qPrintable(notice->text()));
    // Where to go from here: a bug report opens on what to attach.
    if (what == QLatin1String("bugAction"))
        QVERIFY(headingShown(guideText(window.get()), QStringLiteral("bugs")));
}

void TestHelpWindow::screenshots_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("en") << "en";
    QTest::newRow("de") << "de";
}

void TestHelpWindow::screenshots()
{
    QFETCH(QString, language);
    const GuiLanguage lang(language);
    auto window = openSimulatedWindow(m_env.runDir());
    QVERIFY(window);
    window->tabs()->setCurrentIndex(7); // Advice
    window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(window.get()));
    QTest::keyClick(window.get(), Qt::Key_F1);
    QTRY_VERIFY(guideWindow(window.get()) && guideWindow(window.get())->isVisible());
    QWidget *guide = guideWindow(window.get());
    QVERIFY(QTest::qWaitForWindowExposed(guide));
    auto *online = window->findChild<QPushButton *>(QStringLiteral("guideOnline"));
    QVERIFY(online);
    QVERIFY(QDir().mkpath(QStringLiteral(SCREENSHOT_DIR)));
    QVERIFY(
        guide->grab().save(QStringLiteral(SCREENSHOT_DIR "/guide-advice-%1.png").arg(language)));
    online->click();
    QVERIFY(guide->grab().save(
        QStringLiteral(SCREENSHOT_DIR "/guide-no-browser-%1.png").arg(language)));
    // This computer's paths, filled in where the guide says where results are kept.
    QTextBrowser *browser = guideText(window.get());
    browser->scrollToAnchor(QStringLiteral("files"));
    QVERIFY(headingShown(browser, QStringLiteral("files")));
    QCOMPARE(
        window->findChild<QListWidget *>(QStringLiteral("guideContents"))->currentItem()->text(),
        headingOf(browser, QStringLiteral("files")).text());
    QVERIFY2(browser->toPlainText().contains(m_env.runDir()), qPrintable(m_env.runDir()));
    QVERIFY(!browser->toPlainText().contains(QLatin1Char('@')));
    QVERIFY(guide->grab().save(QStringLiteral(SCREENSHOT_DIR "/guide-files-%1.png").arg(language)));
}

TRIMSCOPE_TEST_MAIN(TestHelpWindow)
#include "tst_helpwindow.moc"
