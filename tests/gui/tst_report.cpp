// Issue 28, item 10: the report a person posts in a forum or attaches to a bug. One PDF page and
// one HTML file that needs nothing else, each with the drive's identity and health, the curve,
// the verdict with its numbers and the changes to make, the date and the version; in the reader's
// language; from result files (as `trimscope-cli report` makes it) and from the window, where it
// carries the verdict every view of the drive gives. The PDF is read back with poppler's
// pdftotext and pdfinfo, and drawn to PNG (pdftoppm) in the build tree to look at.
#include "curveplot.h"
#include "guilanguage.h"
#include "guitestenv.h"
#include "health/trimreadwords.h"
#include "mainwindow.h"
#include "pdftext.h"
#include "report/resultfile.h"
#include "reportfile.h"
#include "reporttext.h"
#include "simulatedwindow.h"
#include "sweep/statistics.h"
#include "testmain.h"
#include "widgets/advicetab.h"
#include "widgets/benchmarktab.h"
#include "widgets/drivelist.h"
#include "widgets/healthtab.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTest>
#include <QTextDocument>
#include <cmath>

using namespace trimscope;
using namespace trimscope::gui;
using namespace trimscope::report;

namespace {

QString sample(const QString &name)
{
    return QStringLiteral(TRIMSCOPE_SOURCE_DIR "/tests/data/results/") + name;
}

QString screenshot(const QString &name)
{
    QDir().mkpath(QStringLiteral(SCREENSHOT_DIR));
    return QStringLiteral(SCREENSHOT_DIR "/") + name;
}

AnyResult load(const QString &name)
{
    QFile file(sample(name));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(sample(name)));
    Expected<AnyResult> result = readAnyResult(file.readAll());
    if (!result)
        qFatal("%s: %s", qPrintable(name), qPrintable(result.error().message));
    return std::move(result).value();
}

int pdfPages(const QString &path)
{
    const QString info = run(QStringLiteral("pdfinfo"), {path});
    const QRegularExpressionMatch match =
        QRegularExpression(QStringLiteral("^Pages:\\s+(\\d+)"), QRegularExpression::MultilineOption)
            .match(info);
    return match.hasMatch() ? match.captured(1).toInt() : -1;
}

// What a reader must find on the page, in the language it is in.
QStringList mustSay(const ReportInput &input)
{
    QStringList texts{input.drive.displayModel(),
                      advice::verdictHeadline(input.advice),
                      input.advice.sentence,
                      reportDateTime(input.created),
                      QStringLiteral("TrimScope ") + QStringLiteral(TRIMSCOPE_VERSION),
                      ReportText::tr("Drive"),
                      ReportText::tr("Health"),
                      ReportText::tr("TRIM time per discard size"),
                      ReportText::tr("What to change")};
    if (!input.drive.serial.isEmpty())
        texts.append(input.drive.serial);
    for (const advice::Figure &figure : input.advice.numbers)
        texts.append(figure.displayValue());
    for (const advice::Fix &fix : input.advice.fixes)
        texts.append(fix.text);
    if (input.health && input.health->powerOnHours)
        texts.append(ReportText::tr("Powered on"));
    // What a read after TRIM returns and the kernel's quirks, in the CLI's and the Health tab's
    // words (issue 46 item 5).
    if (input.health) {
        const health::TrimReadFacts trim = health::trimReadFacts(*input.health);
        if (!trim.afterTrim.isEmpty())
            texts << health::afterTrimLabel() << trim.afterTrim;
        if (!trim.kernel.isEmpty())
            texts << health::kernelLabel() << trim.kernel;
    }
    for (const SweepResult &sweep : input.sweeps)
        texts.append(reportDateTime(sweep.started));
    return texts;
}

// The first of `texts` that `text` lacks, in words; empty when it has them all.
QString missingFrom(const QString &text, const QStringList &texts)
{
    for (const QString &expected : texts) {
        if (!text.contains(flat(expected)))
            return QStringLiteral("missing \"%1\" in:\n%2").arg(expected, text);
    }
    return QString();
}

#define VERIFY_SAYS(text, texts)                                                                   \
    do {                                                                                           \
        const QString missing = missingFrom(text, texts);                                          \
        QVERIFY2(missing.isEmpty(), qPrintable(missing));                                          \
    } while (false)

} // namespace

class TestReport : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void pdfIsOnePageWithEverything_data();
    void pdfIsOnePageWithEverything();
    void htmlNeedsNothingElse_data() { pdfIsOnePageWithEverything_data(); }
    void htmlNeedsNothingElse();
    void refusesWhatIsNotAReport();
    void windowReportGivesTheDrivesOneVerdict_data();
    void windowReportGivesTheDrivesOneVerdict();
    void curveNumbersStayApart_data();
    void curveNumbersStayApart();

private:
    ReportInput inputOf(const QStringList &files) const;
    GuiTestEnv m_env;
};

void TestReport::initTestCase()
{
    for (const char *tool : {"pdftotext", "pdfinfo", "pdftoppm"}) {
        if (QStandardPaths::findExecutable(QString::fromLatin1(tool)).isEmpty())
            QSKIP(qPrintable(QStringLiteral("%1 is not installed (poppler-utils, in "
                                            "tools/debian-packages.txt)")
                                 .arg(QString::fromLatin1(tool))));
    }
}

ReportInput TestReport::inputOf(const QStringList &files) const
{
    QList<ReportSource> sources;
    for (const QString &file : files)
        sources.append({sample(file), load(file)});
    const Expected<ReportInput> input = reportInputOf(sources, std::nullopt);
    if (!input)
        qFatal("%s", qPrintable(input.error().message));
    return *input;
}

void TestReport::pdfIsOnePageWithEverything_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QStringList>("files");
    QTest::addColumn<QString>("name");
    const QStringList diagnosis{QStringLiteral("diagnosis.json")};
    const QStringList sweepAndHealth{QStringLiteral("sweep.json"),
                                     QStringLiteral("health-ata.json")};
    const QStringList healthOnly{QStringLiteral("health-ata.json")};
    const QStringList everything{
        QStringLiteral("sweep.json"), QStringLiteral("fsbench-ext4-xfs.json"),
        QStringLiteral("background-probe.json"), QStringLiteral("audit.json")};
    for (const QString &language : {QStringLiteral("en"), QStringLiteral("de")}) {
        QTest::addRow("diagnosis, %s", qPrintable(language))
            << language << diagnosis << QStringLiteral("diagnosis");
        QTest::addRow("sweep and health, %s", qPrintable(language))
            << language << sweepAndHealth << QStringLiteral("sweep-health");
        QTest::addRow("health only, %s", qPrintable(language))
            << language << healthOnly << QStringLiteral("health-only");
        QTest::addRow("sweep, filesystems, probe, audit, %s", qPrintable(language))
            << language << everything << QStringLiteral("everything");
    }
}

void TestReport::pdfIsOnePageWithEverything()
{
    QFETCH(QString, language);
    QFETCH(QStringList, files);
    QFETCH(QString, name);
    GuiLanguage ui(language);
    QVERIFY(ui.loaded());
    const ReportInput input = inputOf(files);
    const QString path = screenshot(QStringLiteral("report-%1-%2.pdf").arg(name, language));
    const Error error = writeReport(input, path);
    QVERIFY2(!error.isError(), qPrintable(error.message));
    QCOMPARE(pdfPages(path), 1);
    const QString text = pdfText(path);
    VERIFY_SAYS(text, mustSay(input));
    if (input.sweeps.isEmpty())
        VERIFY_SAYS(text, {ReportText::tr("No TRIM sweep of this drive")});
    if (language == QLatin1String("de"))
        QVERIFY2(!text.contains(QLatin1String("What to change")), qPrintable(text));
    // To look at: the page as a reader's viewer shows it.
    QCOMPARE(QProcess::execute(QStringLiteral("pdftoppm"),
                               {QStringLiteral("-r"), QStringLiteral("80"), QStringLiteral("-png"),
                                QStringLiteral("-singlefile"), path, path.chopped(4)}),
             0);
}

void TestReport::htmlNeedsNothingElse()
{
    QFETCH(QString, language);
    QFETCH(QStringList, files);
    QFETCH(QString, name);
    GuiLanguage ui(language);
    const ReportInput input = inputOf(files);
    const QString html = QString::fromUtf8(reportHtmlFile(input));
    QFile out(screenshot(QStringLiteral("report-%1-%2.html").arg(name, language)));
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(html.toUtf8());

    // Self-contained: nothing is fetched, whatever opens it (mail, a forum's preview, offline).
    for (const QString &tag : {QStringLiteral("<link"), QStringLiteral("<script"),
                               QStringLiteral("<iframe"), QStringLiteral("url(")})
        QVERIFY2(!html.contains(tag, Qt::CaseInsensitive), qPrintable(tag));
    const QRegularExpression reference(QStringLiteral("(?:src|href)=\"([^\"]*)\""));
    int images = 0;
    for (const QRegularExpressionMatch &m : reference.globalMatch(html)) {
        const QString target = m.captured(1);
        QVERIFY2(target.startsWith(QLatin1String("data:image/png;base64,")), qPrintable(target));
        const QImage curve = QImage::fromData(
            QByteArray::fromBase64(target.mid(target.indexOf(QLatin1Char(',')) + 1).toLatin1()),
            "PNG");
        QVERIFY(!curve.isNull());
        QVERIFY2(curve.width() >= 1200, "sharp on a HiDPI screen and on paper");
        // The first sweep's line is drawn in the plot's first colour.
        bool blue = false;
        for (int y = 0; y < curve.height() && !blue; y += 2)
            for (int x = 0; x < curve.width() && !blue; x += 2)
                blue = curve.pixelColor(x, y) == QColor(0x00, 0x72, 0xB2);
        QCOMPARE(blue, !input.sweeps.isEmpty());
        ++images;
    }
    QCOMPARE(images, 1);
    QTextDocument asText;
    asText.setHtml(html);
    VERIFY_SAYS(flat(asText.toPlainText()), mustSay(input));
    QVERIFY(html.contains(QStringLiteral("<html lang=\"%1\"").arg(language)));
}

void TestReport::refusesWhatIsNotAReport()
{
    const ReportInput input = inputOf({QStringLiteral("sweep.json")});
    const Error error = writeReport(input, m_env.home.filePath(QStringLiteral("report.docx")));
    QCOMPARE(error.code, ErrorCode::InvalidArgument);
    QVERIFY(!QFile::exists(m_env.home.filePath(QStringLiteral("report.docx"))));

    // A report is about one drive: another drive's sweep is refused, naming the file.
    const Expected<ReportInput> mixed = reportInputOf(
        {{sample(QStringLiteral("sweep.json")), load(QStringLiteral("sweep.json"))},
         {sample(QStringLiteral("diagnosis.json")), load(QStringLiteral("diagnosis.json"))}},
        std::nullopt);
    QVERIFY(!mixed);
    QVERIFY2(mixed.error().message.contains(QLatin1String("diagnosis.json")),
             qPrintable(mixed.error().message));
}

void TestReport::windowReportGivesTheDrivesOneVerdict_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("English") << QStringLiteral("en");
    QTest::newRow("German") << QStringLiteral("de");
}

void TestReport::windowReportGivesTheDrivesOneVerdict()
{
    QFETCH(QString, language);
    GuiLanguage ui(language);
    const QString runs = m_env.home.filePath(QStringLiteral("runs-") + language);
    auto window = openSimulatedWindow(runs);
    QVERIFY(window);

    // File > Export report… and the button beside Export chart… and Export data….
    QAction *action = window->menuBar()->findChild<QAction *>(QStringLiteral("exportReportAction"));
    QVERIFY(action);
    QVERIFY(action->isEnabled());
    QVERIFY(window->benchmarkTab()->reportButton()->isEnabled());

    QVERIFY(runQuickBenchmark(*window));
    const SweepResult sweep = window->benchmarkTab()->lastResult();
    // Another drive and back: the report is the drive's, not the screen's of the moment.
    window->driveList()->selectDrive(QStringLiteral("simulated:intel-320"));
    window->driveList()->selectDrive(QStringLiteral("simulated:ocz-agility3"));
    QTRY_VERIFY(window->healthTab()->showsExample()); // interpreted once the drive database is in

    const QString pdf = screenshot(QStringLiteral("report-window-%1.pdf").arg(language));
    const Error error = window->saveReport(pdf);
    QVERIFY2(!error.isError(), qPrintable(error.message));
    QCOMPARE(pdfPages(pdf), 1);
    const QString text = pdfText(pdf);
    AdviceTab *advice = window->adviceTab();
    QStringList says{sweep.drive.displayModel(), advice->verdictLabel()->text(),
                     advice->inputsLabel()->text(), reportDateTime(sweep.started),
                     ReportText::tr("A simulated drive has no health data.")};
    for (const advice::Fix &fix : advice->advice().fixes)
        says.append(fix.text);
    VERIFY_SAYS(text, says);
    // The example SMART data the Health tab shows for a simulated drive is in the report too,
    // labelled as the example it is (issue 47: the tab showed it, the report said "no health
    // data"). Selecting the drive gave the Health tab its example.
    QVERIFY(window->healthTab()->showsExample());
    const QString model = window->healthTab()->health()->model;
    QVERIFY2(text.contains(model), qPrintable(text));
    // What a read after TRIM returns and the kernel's quirks (issue 46 item 5): the Health tab's
    // words are the report's.
    const health::TrimReadFacts trim = health::trimReadFacts(*window->healthTab()->health());
    QVERIFY(!trim.afterTrim.isEmpty() && !trim.kernel.isEmpty());
    const QString tabFacts = window->healthTab()->figures()->text();
    QVERIFY2(tabFacts.contains(trim.afterTrim.toHtmlEscaped()) &&
                 tabFacts.contains(trim.kernel.toHtmlEscaped()),
             qPrintable(tabFacts));
    VERIFY_SAYS(text, (QStringList{health::afterTrimLabel(), trim.afterTrim, trim.kernel}));
    const QString example =
        ReportText::tr("Example data from a real %1, as the Health tab shows it:").arg(model);
    QCOMPARE(QProcess::execute(QStringLiteral("pdftoppm"),
                               {QStringLiteral("-r"), QStringLiteral("80"), QStringLiteral("-png"),
                                QStringLiteral("-singlefile"), pdf, pdf.chopped(4)}),
             0);

    const QString html = screenshot(QStringLiteral("report-window-%1.html").arg(language));
    QVERIFY(!window->saveReport(html).isError());
    QFile file(html);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QString htmlText = QString::fromUtf8(file.readAll());
    QVERIFY(htmlText.contains(QLatin1String("data:image/png;base64,")));
    // The bus of a simulated drive in words, not the file's "simulated" in capitals.
    QVERIFY2(htmlText.contains(ReportText::tr("nothing: simulated in this program")),
             qPrintable(htmlText.left(3000)));
    QVERIFY(!htmlText.contains(QLatin1String("SIMULATED<")));
    // Said in one piece in the HTML (pdftotext interleaves the two columns of the PDF).
    QVERIFY2(htmlText.contains(example.toHtmlEscaped()), qPrintable(example));
}

// Issue 47 item 16: the report chart's lowest time ran into the first size below it
// ("20 µs512 B"). At the sizes the PDF, the HTML and a small image draw it, no number of the
// time axis touches one of the size axis.
void TestReport::curveNumbersStayApart_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QSize>("size");
    // "": the window's default plan on the simulated OCZ, 512 B to 2 GiB, 20 µs to 200 ms.
    for (const char *file : {"", "sweep.json", "diagnosis.json"})
        for (const QSize size :
             {QSize(360, 240), QSize(480, 300), QSize(720, 420), QSize(960, 540)})
            QTest::addRow("%s %dx%d", file, size.width(), size.height())
                << QString::fromLatin1(file) << size;
}

void TestReport::curveNumbersStayApart()
{
    QFETCH(QString, file);
    QFETCH(QSize, size);
    CurvePlot plot;
    if (file.isEmpty()) {
        SweepResult wide;
        for (int log2 = 9; log2 <= 31; ++log2) {
            SizePoint point;
            point.bytes = quint64(1) << log2;
            const double seconds = 25e-6 * std::pow(1.5, log2 - 9);
            point.samples = {seconds * 0.9, seconds, seconds * 1.1};
            point.stats = computeStatistics(point.samples);
            wide.points.append(point);
        }
        plot.sweeps = {wide};
    } else {
        plot.sweeps = inputOf({file}).sweeps;
    }
    QVERIFY(!plot.sweeps.isEmpty());
    const QRectF area(QPointF(0, 0), QSizeF(size));
    const QList<QRectF> times = plot.tickLabelRects(area, Qt::Vertical);
    const QList<QRectF> sizes = plot.tickLabelRects(area, Qt::Horizontal);
    QVERIFY(times.size() >= 2 && sizes.size() >= 2);
    for (const QRectF &time : times)
        for (const QRectF &bytes : sizes)
            QVERIFY2(!time.intersects(bytes),
                     qPrintable(QStringLiteral("a time at (%1, %2) %3x%4 touches a size at "
                                               "(%5, %6) %7x%8")
                                    .arg(time.x())
                                    .arg(time.y())
                                    .arg(time.width())
                                    .arg(time.height())
                                    .arg(bytes.x())
                                    .arg(bytes.y())
                                    .arg(bytes.width())
                                    .arg(bytes.height())));
    const QString name =
        QStringLiteral("report-curve-%1-%2x%3.png")
            .arg(file.isEmpty() ? QStringLiteral("wide") : QFileInfo(file).baseName())
            .arg(size.width())
            .arg(size.height());
    QVERIFY(plot.image(size).save(screenshot(name)));
}

TRIMSCOPE_TEST_MAIN(TestReport)
#include "tst_report.moc"
