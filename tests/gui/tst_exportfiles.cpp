// Issue 28, item 9: files in and out. An exported chart's text is the same size in PNG, SVG and
// PDF, and the SVG names a font family every reader has (a CSS generic); File › Open takes several
// files; runs imported in Compare show in the drive's "Saved run" at once; `trimscope FILE…`
// opens every file named. (The MIME type is packaging_mime_type's.)
// Issue 47, item 9: in a save dialog the suffix typed chooses the format, not the filter
// remembered from last time (one function for the report, the data and the chart).
#include "../support/qtry.h"
#include "chart/trimchart.h"
#include "guitestenv.h"
#include "mainwindow.h"
#include "simulatedwindow.h"
#include "testmain.h"
#include "widgets/benchmarktab.h"
#include "widgets/comparetab.h"
#include "widgets/exportdialog.h"
#include "widgets/filesystemtab.h"
#include "widgets/healthtab.h"
#include "widgets/runhistory.h"

#include <QDir>
#include <QFile>
#include <QLabel>
#include <QPainter>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

using namespace trimscope;
using namespace trimscope::gui;

namespace {

QString sample(const QString &name)
{
    return QStringLiteral(TRIMSCOPE_SOURCE_DIR "/tests/data/results/") + name;
}

// The chart's title as drawn: the box around its dark pixels in the top tenth of the picture.
QRect titleBox(const QImage &image)
{
    QRect box;
    for (int y = 0; y < image.height() / 10; ++y)
        for (int x = 0; x < image.width(); ++x)
            if (qGray(image.pixel(x, y)) < 110)
                box = box.united(QRect(x, y, 1, 1));
    return box;
}

SweepResult sampleSweep()
{
    QFile file(sample(QStringLiteral("sweep.json")));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("no sweep.json");
    return *readResult<SweepResult>(file.readAll());
}

} // namespace

class TestExportFiles : public QObject
{
    Q_OBJECT
private slots:
    void chartTextSameInEveryFormat();
    void svgNamesAGenericFamily();
    void openTakesSeveralFiles();
    void importedRunsShowAtOnce();
    void commandLineOpensEveryFile();
    void typedSuffixChoosesTheFormat_data();
    void typedSuffixChoosesTheFormat();

private:
    GuiTestEnv m_env;
};

void TestExportFiles::chartTextSameInEveryFormat()
{
    if (QStandardPaths::findExecutable(QStringLiteral("pdftoppm")).isEmpty())
        QSKIP("pdftoppm is not installed (poppler-utils, in tools/debian-packages.txt)");
    TrimChart chart(ChartMetric::Latency);
    chart.setTitle(QStringLiteral("TRIM time per discard size"));
    chart.addRun(QStringLiteral("a run"), sampleSweep().points);
    const QSize size(1200, 800);
    QTemporaryDir dir;
    for (const char *suffix : {"png", "svg", "pdf"})
        QVERIFY(
            !chart.exportTo(dir.filePath(QStringLiteral("chart.") + QLatin1String(suffix)), size)
                 .isError());

    const QImage png(dir.filePath(QStringLiteral("chart.png")));
    QImage svg(size, QImage::Format_RGB32);
    svg.fill(Qt::white);
    {
        QPainter painter(&svg);
        QSvgRenderer(dir.filePath(QStringLiteral("chart.svg"))).render(&painter);
    }
    // One point of the page is one pixel of the chosen size: 72 dpi gives the same pixels.
    QCOMPARE(
        QProcess::execute(QStringLiteral("pdftoppm"),
                          {QStringLiteral("-r"), QStringLiteral("72"), QStringLiteral("-png"),
                           QStringLiteral("-singlefile"), dir.filePath(QStringLiteral("chart.pdf")),
                           dir.filePath(QStringLiteral("pdf"))}),
        0);
    const QImage pdf(dir.filePath(QStringLiteral("pdf.png")));
    QCOMPARE(pdf.size(), size);

    const QRect reference = titleBox(png);
    QVERIFY(reference.width() > 100);
    for (const auto &[name, image] : {std::pair{"svg", svg}, std::pair{"pdf", pdf}}) {
        const QRect box = titleBox(image);
        const double ratio = double(box.width()) / reference.width();
        QVERIFY2(ratio > 0.92 && ratio < 1.08,
                 qPrintable(QStringLiteral("%1's title is %2 px wide, the PNG's %3 px")
                                .arg(QLatin1String(name))
                                .arg(box.width())
                                .arg(reference.width())));
    }
}

void TestExportFiles::svgNamesAGenericFamily()
{
    TrimChart chart(ChartMetric::Latency);
    chart.setTitle(QStringLiteral("TRIM time per discard size"));
    chart.addRun(QStringLiteral("a run"), sampleSweep().points);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("chart.svg"));
    QVERIFY(!chart.exportTo(path, QSize(800, 600)).isError());
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QString svg = QString::fromUtf8(file.readAll());
    const QRegularExpression family(QStringLiteral("font-family=\"([^\"]*)\""));
    int families = 0;
    for (const QRegularExpressionMatch &m : family.globalMatch(svg)) {
        const QString value = m.captured(1);
        ++families;
        // A list whose last entry is a generic family, as CSS wants it; no fontconfig alias.
        QVERIFY2(value.endsWith(QLatin1String("sans-serif")) ||
                     value.endsWith(QLatin1String("serif")) ||
                     value.endsWith(QLatin1String("monospace")),
                 qPrintable(value));
        QVERIFY2(!value.contains(QLatin1String("Sans Serif")), qPrintable(value));
    }
    QVERIFY(families > 0);
}

void TestExportFiles::openTakesSeveralFiles()
{
    auto window = openSimulatedWindow(m_env.runDir() + QStringLiteral("-open"));
    QVERIFY(window);
    QSignalSpy opened(window.get(), &MainWindow::resultsOpened);
    window->openResultsShowingErrors({sample(QStringLiteral("sweep.json")),
                                      sample(QStringLiteral("fsbench-ext4-xfs.json")),
                                      sample(QStringLiteral("health-ata.json"))});
    // Read off the window's thread, then shown one by one (tst_openmany).
    QTRY_COMPARE(opened.count(), 1);
    // Each to its tab: the sweep stored and ticked in Compare, the others shown.
    QCOMPARE(window->compareTab()->list()->topLevelItemCount(), 1);
    QVERIFY(window->filesystemTab()->showsResult());
    QVERIFY(window->healthTab()->health());
    QVERIFY(window->healthTab()->origin()->text().contains(QLatin1String("health-ata.json")));
}

void TestExportFiles::importedRunsShowAtOnce()
{
    auto window = openSimulatedWindow(m_env.runDir() + QStringLiteral("-import"));
    QVERIFY(window); // the OCZ-like drive, which sweep.json measured
    RunHistory *history = window->benchmarkTab()->historyBox();
    QVERIFY(!history->hasRuns());
    CompareTab *compare = window->compareTab();
    QSignalSpy finished(compare, &CompareTab::importFinished);
    compare->importFiles({sample(QStringLiteral("sweep.json"))});
    QVERIFY(finished.wait(10000));
    QCOMPARE(finished.constFirst().at(0).toInt(), 1);
    QVERIFY2(history->hasRuns(), "the imported run is in the drive's Saved run list");
}

void TestExportFiles::commandLineOpensEveryFile()
{
    // Two sweeps of two drives: each is stored when the program opens it.
    QTemporaryDir home;
    const QString other = home.filePath(QStringLiteral("other.trimscope.json"));
    {
        SweepResult sweep = sampleSweep();
        sweep.drive.serial = QStringLiteral("SIM-OTHER");
        sweep.drive.model = QStringLiteral("Another drive");
        sweep.started = sweep.started.addSecs(60);
        QFile file(other);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(resultToJsonBytes(sweep));
    }
    QProcess program;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), home.filePath(QStringLiteral("config")));
    env.insert(QStringLiteral("XDG_DATA_HOME"), home.filePath(QStringLiteral("data")));
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    program.setProcessEnvironment(env);
    program.start(QStringLiteral(TRIMSCOPE_BINARY_DIR "/app/gui/trimscope"),
                  {sample(QStringLiteral("sweep.json")), other});
    QVERIFY(program.waitForStarted());
    const QDir runs(home.filePath(QStringLiteral("data/trimscope/runs")));
    const bool both = QTest::qWaitFor(
        [&] { return runs.entryList({QStringLiteral("*.json")}, QDir::Files).size() == 2; }, 20000);
    program.kill();
    program.waitForFinished();
    QVERIFY2(both, qPrintable(runs.entryList().join(QLatin1Char(' '))));
}

void TestExportFiles::typedSuffixChoosesTheFormat_data()
{
    const QString report = QStringLiteral("PDF, one page (*.pdf);;HTML, one file (*.html)");
    const QString chart = QStringLiteral("PNG image (*.png);;SVG drawing (*.svg);;PDF (*.pdf)");
    QTest::addColumn<QString>("typed");
    QTest::addColumn<QString>("chosenFilter");
    QTest::addColumn<QString>("offered");
    QTest::addColumn<QString>("saved");
    QTest::newRow("report.pdf, HTML remembered")
        << "/h/report.pdf" << "HTML, one file (*.html)" << report << "/h/report.pdf";
    QTest::newRow("report.HTML, PDF remembered")
        << "/h/report.HTML" << "PDF, one page (*.pdf)" << report << "/h/report.HTML";
    QTest::newRow("no suffix: the filter's")
        << "/h/report" << "HTML, one file (*.html)" << report << "/h/report.html";
    QTest::newRow("a suffix not offered: the filter's added")
        << "/h/report.v2" << "PDF, one page (*.pdf)" << report << "/h/report.v2.pdf";
    QTest::newRow("chart.svg, PNG remembered")
        << "/h/chart.svg" << "PNG image (*.png)" << chart << "/h/chart.svg";
    QTest::newRow("data.json, CSV chosen")
        << "/h/data.json" << "CSV table (*.csv)"
        << "CSV table (*.csv);;TrimScope JSON (*.json)" << "/h/data.json";
    QTest::newRow("nothing typed") << "" << "CSV table (*.csv)" << "" << "";
}

void TestExportFiles::typedSuffixChoosesTheFormat()
{
    QFETCH(QString, typed);
    QFETCH(QString, chosenFilter);
    QFETCH(QString, offered);
    QFETCH(QString, saved);
    QCOMPARE(withFilterSuffix(typed, chosenFilter, offered), saved);
}

TRIMSCOPE_TEST_MAIN(TestExportFiles)
#include "tst_exportfiles.moc"
