// Issue 47's text leftovers, as the window shows them: wrapped labels broke "I/O" and paths such
// as /etc/fstab after a slash (Qt's line breaker allows a break there), and a simulated drive's
// "cannot run here" sentence read twice on the In use and Write & Stall tabs.
#include "guilanguage.h"
#include "guitestenv.h"
#include "simulatedwindow.h"
#include "testmain.h"
#include "widgets/jobpanel.h"
#include "widgets/wraptext.h"

#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QLabel>
#include <QRegularExpression>
#include <QTabWidget>
#include <QTest>
#include <QTextDocumentFragment>
#include <QTextLayout>

using namespace trimscope;
using namespace trimscope::gui;

namespace {

// The lines a plain-text label with word wrap shows its text in at `width` pixels, laid out as
// QLabel lays it out (QTextLayout, word wrap).
QStringList shownLines(const QString &text, const QFont &font, int width)
{
    QTextLayout layout(text, font);
    QTextOption option;
    option.setWrapMode(QTextOption::WordWrap);
    layout.setTextOption(option);
    QStringList lines;
    layout.beginLayout();
    for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
        line.setLineWidth(width);
        lines.append(withoutJoiners(text.mid(line.textStart(), line.textLength())));
    }
    layout.endLayout();
    return lines;
}

// A line that ends in "/" where the text went on without a space: "I/" above "O".
bool brokenAtSlash(const QStringList &lines)
{
    for (qsizetype i = 0; i + 1 < lines.size(); ++i)
        if (lines.at(i).endsWith(QLatin1Char('/')) && !lines.at(i + 1).startsWith(QLatin1Char(' ')))
            return true;
    return false;
}

// The text a label shows, without markup.
QString plainOf(const QLabel *label)
{
    const QString text = label->text();
    const bool rich = label->textFormat() == Qt::RichText ||
                      (label->textFormat() == Qt::AutoText && Qt::mightBeRichText(text));
    return withoutJoiners(rich ? QTextDocumentFragment::fromHtml(text).toPlainText() : text);
}

// A "/" in a word or path ("I/O", "/etc/fstab") without the joiner after it: the label's text
// as it would be if set through setWrappedText, where it is not.
QString unjoinedSlash(const QLabel *label)
{
    const QString text = label->text();
    const QString joined = wrappedText(label, text);
    if (joined == text)
        return QString();
    qsizetype at = 0;
    while (at < text.size() && text.at(at) == joined.at(at))
        ++at;
    return text.mid(std::max<qsizetype>(0, at - 20), 40);
}

} // namespace

class TestWrappedText : public QObject
{
    Q_OBJECT
private slots:
    void slashesStayWhole_data();
    void slashesStayWhole();
    void addressesAndLongPathsStayBreakable_data();
    void addressesAndLongPathsStayBreakable();
    void everyWrappedLabelJoins_data();
    void everyWrappedLabelJoins();
    void copiedTextHasNoJoiners();
    void cannotRunSaidOnce_data();
    void cannotRunSaidOnce();

private:
    GuiTestEnv m_env;
};

// Each text at every width where Qt, given the text as written, ends a line after a slash: the
// label, given its text through setWrappedText, does not.
void TestWrappedText::slashesStayWhole_data()
{
    QTest::addColumn<QString>("text");
    QTest::newRow("I/O") << QStringLiteral("Discards stall other I/O on this drive, so a weekly "
                                           "fstrim is better than online discard.");
    QTest::newRow("/etc/fstab") << QStringLiteral("Replace the line for /srv/data in /etc/fstab; "
                                                  "it takes effect at the next mount.");
    QTest::newRow("/dev/mapper") << QStringLiteral("Waiting for the passphrase of "
                                                   "/dev/mapper/luks-root…");
    QTest::newRow("German") << QStringLiteral("Discards halten auf diesem Laufwerk andere "
                                              "E/A-Vorgänge auf; Zeile in /etc/crypttab ersetzen.");
    QTest::newRow("rich text") << QStringLiteral("<b>Longest I/O stall</b> beside the discards, "
                                                 "see /sys/block/loop7/stat<br>and more");
}

void TestWrappedText::slashesStayWhole()
{
    QFETCH(QString, text);
    QLabel label;
    label.setWordWrap(true);
    const bool rich = Qt::mightBeRichText(text);
    const QString plain = rich ? QTextDocumentFragment::fromHtml(text).toPlainText() : text;
    int breaking = 0;
    for (int width = 20; width < 700; ++width) {
        // Widths where the text as written breaks after a slash: the ones that used to.
        if (!brokenAtSlash(shownLines(plain, label.font(), width)))
            continue;
        ++breaking;
        setWrappedText(&label, text);
        const QString shown =
            rich ? QTextDocumentFragment::fromHtml(label.text()).toPlainText() : label.text();
        const QStringList lines = shownLines(shown, label.font(), width);
        QVERIFY2(!brokenAtSlash(lines),
                 qPrintable(QStringLiteral("%1 px: %2").arg(width).arg(lines.join(" | "))));
        // What it reads and what is copied from it is the text itself.
        QCOMPARE(withoutJoiners(shown), plain);
    }
    QVERIFY2(breaking > 0, "no width breaks this text at a slash: the row tests nothing");
}

// Whole, a web address or a path longer than a narrow line would be cut off: they keep their
// breaks.
void TestWrappedText::addressesAndLongPathsStayBreakable_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("joiners");
    QTest::newRow("web address") << QStringLiteral("see https://github.com/trimscope/trimscope")
                                 << 0;
    QTest::newRow("long path") << QStringLiteral("Cannot write /home/someone/.local/share/"
                                                 "trimscope/runs/2026-12-07T07-41-00.json.")
                               << 0;
    QTest::newRow("short path and I/O beside a long one")
        << QStringLiteral("In /etc/fstab, I/O; /sys/block/sda/device/scsi_disk/0:0:0:0/"
                          "provisioning_mode")
        << 3;
    QTest::newRow("a slash between words") << QStringLiteral("read / write") << 0;
    QTest::newRow("closing tags") << QStringLiteral("<b>I/O</b><br/>") << 1;
}

void TestWrappedText::addressesAndLongPathsStayBreakable()
{
    QFETCH(QString, text);
    QFETCH(int, joiners);
    const QString joined = joinAtSlashes(text, Qt::mightBeRichText(text));
    QCOMPARE(int(joined.count(QChar(kWordJoiner))), joiners);
    QCOMPARE(withoutJoiners(joined), text);
}

void TestWrappedText::everyWrappedLabelJoins_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("English") << QStringLiteral("en");
    QTest::newRow("German") << QStringLiteral("de");
}

// Every wrapped label of every tab, on a simulated drive after a quick benchmark: each "/" a word
// or path goes on from has its joiner (a label that gets its text past setWrappedText shows here).
void TestWrappedText::everyWrappedLabelJoins()
{
    QFETCH(QString, language);
    GuiLanguage ui(language);
    QVERIFY(ui.loaded());
    const auto window = openSimulatedWindow(m_env.runDir() + QLatin1Char('/') + language);
    QVERIFY(window);
    QVERIFY(runQuickBenchmark(*window));
    int slashes = 0;
    for (int tab = 0; tab < window->tabs()->count(); ++tab) {
        window->tabs()->setCurrentIndex(tab);
        QVERIFY(settle(*window));
        for (const QLabel *label : window->tabs()->widget(tab)->findChildren<QLabel *>()) {
            if (!label->wordWrap() || label->text().isEmpty())
                continue;
            const QString unjoined = unjoinedSlash(label);
            QVERIFY2(
                unjoined.isEmpty(),
                qPrintable(
                    QStringLiteral("tab %1: “%2”").arg(window->tabs()->tabText(tab), unjoined)));
            slashes += int(label->text().count(QChar(kWordJoiner)));
        }
    }
    // The benchmark's summary, the stall test's words, the audit's paths: some label has one.
    QVERIFY2(slashes > 0, "no wrapped label had a slash: the walk tests nothing");
}

void TestWrappedText::copiedTextHasNoJoiners()
{
    QClipboard *clipboard = QGuiApplication::clipboard();
    keepJoinersOffClipboard(clipboard);
    const QString joined = joinAtSlashes(QStringLiteral("In /etc/fstab: other I/O"), false);
    QVERIFY(joined.contains(QChar(kWordJoiner)));
    clipboard->setText(joined);
    QTRY_COMPARE(clipboard->text(), QStringLiteral("In /etc/fstab: other I/O"));
}

void TestWrappedText::cannotRunSaidOnce_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("tab");
    for (const char *language : {"en", "de"})
        for (const char *tab : {"inUse", "recovery"})
            QTest::addRow("%s, %s", language, tab)
                << QString::fromLatin1(language) << QString::fromLatin1(tab);
}

// On a simulated drive the timed fstrim and the write-recovery test cannot run: why is said once,
// beside the disabled button, not again on the empty page.
void TestWrappedText::cannotRunSaidOnce()
{
    QFETCH(QString, language);
    QFETCH(QString, tab);
    GuiLanguage ui(language);
    QVERIFY(ui.loaded());
    const auto window = openSimulatedWindow(m_env.runDir() + QStringLiteral("/once-") + language);
    QVERIFY(window);
    ExperimentTab *page = tab == QLatin1String("inUse")
                              ? static_cast<ExperimentTab *>(window->inUseTab())
                              : static_cast<ExperimentTab *>(window->recoveryTab());
    window->resize(1366, 768);
    window->tabs()->setCurrentWidget(page);
    QVERIFY(settle(*window));
    QVERIFY(!page->runButton()->isEnabled());
    const QString why = plainOf(page->jobPanel()->status());
    QVERIFY2(why.size() > 20, qPrintable(why));
    // Its first clause stands for it (a label may show it elided or within a longer text).
    const QString clause = why.section(QRegularExpression(QStringLiteral("[;:.]")), 0, 0);
    int said = 0;
    for (const QLabel *label : page->findChildren<QLabel *>())
        if (label->isVisible())
            said += int(plainOf(label).count(clause));
    QVERIFY2(said == 1, qPrintable(QStringLiteral("said %1 times: %2").arg(said).arg(clause)));
}

TRIMSCOPE_TEST_MAIN(TestWrappedText)
#include "tst_wrappedtext.moc"
