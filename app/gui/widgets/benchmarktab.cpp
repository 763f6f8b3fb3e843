#include "benchmarktab.h"

#include "backends/errorwords.h"
#include "chart/trimchart.h"
#include "common/atomicfile.h"
#include "common/units.h"
#include "fittingtabs.h"
#include "flowlayout.h"
#include "jobpanel.h"
#include "planeditor.h"
#include "report/sweepcsv.h"
#include "resultstable.h"
#include "runhistory.h"
#include "sweep/sweepheadline.h"
#include "sweep/trimmeddata.h"
#include "verticalscroll.h"
#include "wraptext.h"

#include <QFileInfo>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSet>
#include <QStackedWidget>
#include <QTabWidget>
#include <QVBoxLayout>

namespace trimscope::gui {

namespace {
QString tile(const QString &caption, const QString &figure, const QString &note)
{
    return QStringLiteral("<td style='padding-right:18px'><small>%1</small><br><big><b>%2</b>"
                          "</big><br><small>%3</small></td>")
        .arg(caption.toHtmlEscaped(), figure.toHtmlEscaped(), note.toHtmlEscaped());
}
// A paragraph of the run's card, 4 px from the next rather than rich text's 12, and its tiles
// without the table's cell spacing: the German card scrolled 15 px under the plan at 1366x768
// (254 px of words in 239 px, issue 47); this takes 42 px off, its parts still apart.
QString cardParagraph(const QString &html)
{
    return QStringLiteral("<p style='margin-top:4px; margin-bottom:4px'>%1</p>").arg(html);
}
// The plan, Run, the job and the run's card: as wide as they want or, in a wider tab, four
// ninths of it (the charts keep the larger share). At 1366x768 a column held to its 1024x768
// width scrolled the run's card beside a 690 px chart (issue 47). Its minimum, which sets the
// window's, stays its own.
class PlanColumn : public QGroupBox
{
public:
    using QGroupBox::QGroupBox;
    QSize sizeHint() const override
    {
        QSize hint = QGroupBox::sizeHint();
        if (const QWidget *tab = parentWidget())
            hint.setWidth(std::max(hint.width(), tab->width() * 4 / 9));
        return hint;
    }
};

// Shows a scroll area's content only where three lines of it fit: at 800x600 the run's card had
// 14 px under the job's words, a strip of half a line. The area keeps its place in the layout,
// so nothing around it moves.
class ShownWhenThreeLinesFit : public QObject
{
public:
    explicit ShownWhenThreeLinesFit(QScrollArea *area) : QObject(area), m_area(area)
    {
        area->installEventFilter(this);
    }
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (watched == m_area && event->type() == QEvent::Resize) {
            const bool fits = m_area->height() >= 3 * m_area->fontMetrics().lineSpacing();
            m_area->viewport()->setVisible(fits);
            m_area->setVerticalScrollBarPolicy(fits ? Qt::ScrollBarAsNeeded
                                                    : Qt::ScrollBarAlwaysOff);
        }
        return false;
    }

private:
    QScrollArea *m_area;
};
} // namespace

BenchmarkTab::BenchmarkTab(SavedRuns *runs, QWidget *parent)
    // A diagnosis's sweep is a measured curve of the drive like a benchmark's (issue 47).
    : DriveTab(runs, {sweepKind(), diagnosisKind()}, parent, Listed::Curves),
      m_header(new QLabel(this)), m_plan(new PlanEditor(this)),
      m_start(new QPushButton(tr("&Benchmark TRIM"), this)), m_summary(new QLabel(this)),
      m_views(new QTabWidget(this)), m_latency(new TrimChart(ChartMetric::Latency, this)),
      m_throughput(new TrimChart(ChartMetric::Throughput, this)), m_table(new ResultsTable(this)),
      m_exportData(new QPushButton(tr("Export data…"), this)),
      m_exportReport(new QPushButton(tr("Report…"), this))
{
    m_exportReport->setObjectName(QStringLiteral("exportReportButton"));
    m_exportReport->setToolTip(tr("One page to share or attach to a bug report: the drive, its "
                                  "health, this curve, the verdict and what to change (PDF or "
                                  "HTML)."));
    m_start->setObjectName(QStringLiteral("benchmarkButton"));
    m_summary->setObjectName(QStringLiteral("runSummary"));
    jobPanel()->saveButton()->hide(); // "Export data…" writes the JSON and the CSV
    // A fixed number of lines, the rest on hover: as tall as its words, the job's status took a
    // second line after a run at 800×600 and the plan above lost its room (13 px in German,
    // where it then scrolled) or, on Qt 6.8, gained a pixel, and Run moved (issue 47). Two lines
    // reserved leave the plan too short at 800×600 before any run; where the column has the
    // room, it gets them (fitStatusLines).
    jobPanel()->setStatusLines(1);
    m_header->setWordWrap(true);
    m_start->setDefault(true);
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);
    m_summary->setFrameShape(QFrame::StyledPanel);
    m_summary->setMargin(6);
    // Its words from the top: in a card taller than they are (the room under the plan at
    // 1366x768) they were centred, under an empty band (issue 47).
    m_summary->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::LinksAccessibleByMouse |
                                       Qt::LinksAccessibleByKeyboard);

    // The plan keeps its height and scrolls only in a short window; Run and the progress with
    // Cancel sit right under it, so nothing above them grows. The run's summary (read best under
    // the button that made it) and the job's words take what room is left below, scrolling: a
    // summary that grew the plan's scroll area moved Run and Cancel 20 px down (issue 47: a
    // click aimed at Cancel started a second run).
    QScrollArea *planScroll = verticalScroll(m_plan, this, ScrollHeight::FollowsContent);
    planScroll->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    QScrollArea *summaryScroll = verticalScroll(m_summary, this);
    summaryScroll->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Ignored);
    new ShownWhenThreeLinesFit(summaryScroll);
    auto *exports = new FlowLayout; // wraps in a narrow window
    exports->addWidget(exportChartButton());
    exports->addWidget(m_exportData);
    exports->addWidget(m_exportReport);
    auto *planBox = new PlanColumn(tr("Plan"), this);
    planBox->setObjectName(QStringLiteral("planColumn"));
    auto *planBoxLayout = new QVBoxLayout(planBox);
    planBoxLayout->addWidget(planScroll);
    planBoxLayout->addWidget(m_start);
    planBoxLayout->addWidget(jobPanel());
    planBoxLayout->addWidget(summaryScroll, 1);
    planBoxLayout->addLayout(exports);
    m_planColumn = planBox;

    keepEveryTabOnTheBar(m_views); // in a narrow window its titles are cut, no tab hidden
    m_views->addTab(m_latency, tr("TRIM time"));
    m_views->addTab(m_throughput, tr("Throughput"));
    m_views->addTab(m_table, tr("Table"));
    m_views->setDocumentMode(true);

    // The saved run chosen is what the whole tab shows, the plan's summary too: its box has a
    // line of its own under the drive's name, as wide as the tab. Beside the plan, in the
    // charts' column (about 210 px at 800×600), it cut a diagnosis's label (issue 47); beside
    // the name, a longer label wrapped the name onto one more line and moved Run 14 px down.
    auto *historyLabel = new QLabel(tr("Saved ru&n:"), this);
    historyLabel->setBuddy(history());
    auto *historyRow = new QHBoxLayout;
    historyRow->addWidget(historyLabel);
    historyRow->addWidget(history());
    historyRow->addStretch(1);

    auto *body = new QHBoxLayout;
    body->addWidget(planBox);
    body->addWidget(pages(), 1);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_header);
    layout->addLayout(historyRow);
    layout->addLayout(body, 1);

    connect(m_start, &QPushButton::clicked, this, &BenchmarkTab::startBenchmark);
    connect(jobPanel(), &JobPanel::samplesMeasured, this, &BenchmarkTab::onSamples);
    connect(m_exportData, &QPushButton::clicked, this, &BenchmarkTab::exportDataRequested);
    connect(m_exportReport, &QPushButton::clicked, this, &BenchmarkTab::exportReportRequested);
    connect(m_summary, &QLabel::linkActivated, this, &BenchmarkTab::adviceRequested);
    setViews(m_views);
    setDrive({}, nullptr);
}

BenchmarkTab::~BenchmarkTab() = default;

void BenchmarkTab::resizeEvent(QResizeEvent *event)
{
    DriveTab::resizeEvent(event);
    m_planColumn->updateGeometry(); // its width hint follows the tab's width
    fitStatusLines();
}

void BenchmarkTab::fitStatusLines()
{
    // Two lines where the column is taller than its parts ask by four lines: the second taken
    // from the run's card, which keeps three. One line cut "The TRIM benchmark finished; the
    // result is shown and kept with the drive." (440-510 px) in a column of 420-490 px at
    // 1366x768 (issue 47). Its parts ask the same whether one line or two are reserved, so the
    // choice holds once made; the window's height alone changes it.
    const QLabel *status = jobPanel()->status();
    const int line = status->fontMetrics().lineSpacing();
    const int asked = m_planColumn->layout()->sizeHint().height() - status->sizeHint().height();
    const int spare = m_planColumn->height() - asked - line;
    jobPanel()->setStatusLines(spare >= 4 * line ? 2 : 1);
}

QPushButton *BenchmarkTab::cancelButton() const
{
    return jobPanel()->cancelButton();
}

ChartWidget *BenchmarkTab::currentChart() const
{
    return m_views->currentWidget() == m_throughput ? m_throughput : m_latency;
}

void BenchmarkTab::driveSelected(bool another)
{
    m_plan->setDrive(drive().info);
    updateHeader();
    if (another) {
        m_verdict = advice::Verdict::Unknown; // until the Advice tab has advised on this drive
        m_automaticMax = false;
    }
}

void BenchmarkTab::updateHeader()
{
    const Backend *backend = jobPanel()->backend();
    if (drive().id.isEmpty() || !backend) {
        setWrappedText(m_header, tr("Select a drive on the left."));
        return;
    }
    QString text = tr("<b>%1</b> — served by %2")
                       .arg(drive().info.displayName().toHtmlEscaped(),
                            backend->displayName().toHtmlEscaped());
    if (!drive().safety.allowed())
        text += QStringLiteral("<br>") +
                tr("Cannot be benchmarked: %1")
                    .arg(drive().safety.refusals.first().message.toHtmlEscaped());
    setWrappedText(m_header, text);
}

void BenchmarkTab::showNewestRun()
{
    if (!isRunning())
        fillHistory(QString());
}

void BenchmarkTab::announce(const StoredRun &run)
{
    m_automaticMax = false; // a saved run does not record how its sizes were chosen
    updateSummary();
    jobPanel()->setIdleText(
        run.isDiagnosis() ? tr("Shown: diagnosis of %1 (%2).").arg(run.date(), run.curveOutcome())
                          : tr("Shown: the run of %1 (%2).").arg(run.date(), run.outcome()));
}

Error BenchmarkTab::show(const AnyResult &result)
{
    const SweepResult *sweep = curveOf(result);
    if (!sweep)
        return makeError(ErrorCode::InvalidArgument,
                         tr("This is a %1 result, not a TRIM benchmark.").arg(resultWhat(result)));
    clearViews();
    m_result = *sweep;
    // The legend says what was trimmed: written data, or whatever the regions held.
    const QString series =
        tr("%1: %2").arg(m_result.drive.displayName(), trimmedDataShortText(m_result));
    // The whole run at once: the axes are fitted once per chart, not after each of its sizes
    // (point by point, a diagnosis's curve cost the window tens of milliseconds of relayout when
    // it was kept, issue 47).
    m_latency->addRun(series, m_result.points);
    m_throughput->addRun(series, m_result.points);
    for (const SizePoint &point : std::as_const(m_result.points)) {
        if (point.stats.count > 0)
            m_table->setPoint(point);
    }
    updateSummary();
    return {};
}

void BenchmarkTab::showPoint(const SizePoint &point)
{
    m_latency->setPoint(0, TrimChart::pointFrom(point));
    m_throughput->setPoint(0, TrimChart::pointFrom(point));
    m_table->setPoint(point);
}

void BenchmarkTab::clearViews()
{
    m_result = SweepResult();
    m_latency->clear();
    m_throughput->clear();
    m_table->clearPoints();
    // The drive is in the header above and in the legend; a long title would be elided.
    m_latency->setTitle(tr("TRIM time per discard size"));
    m_throughput->setTitle(tr("TRIM throughput per discard size"));
    m_summary->hide();
}

QString BenchmarkTab::emptyText() const
{
    const QString name = drive().info.displayName().toHtmlEscaped();
    if (drive().id.isEmpty())
        return tr("Select a drive on the left to see its TRIM benchmarks.");
    if (!drive().safety.allowed())
        return tr("<p><b>%1 has no saved TRIM benchmark.</b></p><p>It cannot be benchmarked: "
                  "%2</p><p>Simulated drives on the left can be benchmarked without risk.</p>")
            .arg(name, drive().safety.refusals.first().message.toHtmlEscaped());
    if (const QString why = jobPanel()->whyNot(m_plan->plan()); !why.isEmpty())
        return tr("<p><b>%1 has no saved TRIM benchmark.</b></p><p>%2</p>")
            .arg(name, why.toHtmlEscaped());
    return tr("<p><b>%1 has no saved TRIM benchmark yet.</b></p><p>Choose the sizes and "
              "repeats on the left and press “Benchmark TRIM”. Every run is kept and shown "
              "here whenever you select this drive.</p>")
        .arg(name);
}

void BenchmarkTab::updateSummary()
{
    const SweepHeadline h = sweepHeadline(m_result);
    if (!h.small || !h.largest) {
        m_summary->hide();
        return;
    }
    const SizePoint &small = *h.small;
    const SizePoint &large = *h.largest;
    QString sizes =
        h.smallestPlanned == h.largestPlanned || h.largestPlanned == 0
            ? formatBytes(large.bytes)
            : tr("%1 to %2").arg(formatBytes(h.smallestPlanned), formatBytes(h.largestPlanned));
    const QString sizesNote =
        m_automaticMax ? tr("largest chosen automatically for this drive")
                       : tr("%Ln size(s) measured", nullptr, int(m_result.points.size()));
    StoredRun run; // how a saved run's end is said
    run.stopReason = m_result.stopReason;
    const QString outcome = run.outcome();
    // The verdict first: it is what the card is read for, and the card scrolls in its corner
    // under the plan (at the end, 1024×768 and 1366×768 showed half of its first line, issue
    // 47's screenshots). It is the Advice tab's (all of this drive's saved runs, the audit,
    // health), so the card and that tab never disagree.
    QString html =
        m_verdict != advice::Verdict::Unknown
            ? cardParagraph(
                  QStringLiteral("%1 <a href=\"advice\">%2</a>")
                      .arg(tr("<b>Verdict for this drive:</b> %1.").arg(m_headline.toHtmlEscaped()),
                           tr("Why, and what to change…").toHtmlEscaped()))
            : cardParagraph(QStringLiteral("<a href=\"advice\">%1</a>")
                                .arg(tr("What this means for discard settings").toHtmlEscaped()));
    html += QStringLiteral("<table cellspacing='0'><tr>");
    html +=
        tile(tr("Small TRIM (%1)").arg(formatBytes(small.bytes)), formatSeconds(small.stats.median),
             tr("median; 95 % within %1").arg(formatSeconds(small.stats.p95)));
    html += tile(tr("Largest TRIM (%1)").arg(formatBytes(large.bytes)),
                 formatSeconds(large.stats.median),
                 tr("median, %1").arg(formatRate(large.throughput())));
    // Two tiles a row: the card sits in the plan's column, below the Run button.
    html += QStringLiteral("</tr><tr>");
    html += tile(tr("Sizes"), sizes, sizesNote);
    html += tile(tr("Run"), tr("%Ln discard(s)", nullptr, h.discards),
                 tr("%1; %2 of TRIM time").arg(outcome, formatSeconds(h.trimSeconds)));
    html += QStringLiteral("</tr></table>");
    // Which data the TRIMs met, and whether empty space is answered differently: a curve of
    // empty space would mean nothing on a drive that answers it at once.
    html +=
        cardParagraph(QStringLiteral("<small>%1</small>")
                          .arg(tr("Trimmed: %1.").arg(trimmedDataText(m_result)).toHtmlEscaped()));
    if (const QString empty = emptyTrimCheckText(m_result); !empty.isEmpty())
        html += cardParagraph(m_result.emptyCheck.outcome() == EmptyTrimCheck::Outcome::EmptyFaster
                                  ? QStringLiteral("<b>%1</b>").arg(empty.toHtmlEscaped())
                                  : QStringLiteral("<small>%1</small>").arg(empty.toHtmlEscaped()));
    html += QStringLiteral("<small>%1</small>")
                .arg(tr("Hover a line in the chart for its figures.").toHtmlEscaped());
    setWrappedText(m_summary, html);
    m_summary->show();
}

void BenchmarkTab::setDriveVerdict(const advice::Advice &advice)
{
    const QString headline = verdictHeadline(advice);
    if (advice.verdict == m_verdict && headline == m_headline)
        return;
    m_verdict = advice.verdict;
    m_headline = headline;
    if (!isRunning() && showsResult())
        updateSummary();
}

void BenchmarkTab::updateControls(bool running)
{
    const SweepPlan plan = m_plan->plan();
    const QString why = jobPanel()->whyNot(plan);
    m_start->setEnabled(!running && why.isEmpty());
    m_start->setToolTip(why);
    m_plan->setEnabled(!running);
    m_exportData->setEnabled(!running && hasResult());
    m_exportReport->setEnabled(!running && !drive().id.isEmpty());
}

void BenchmarkTab::startBenchmark()
{
    const SweepPlan plan = m_plan->plan();
    if (!startJob(plan, tr("TRIM benchmark"),
                  tr("The TRIM benchmark destroys all data on this drive."),
                  tr("&Destroy data and benchmark")))
        return;
    // The views grow with the run: a sweep result of its samples so far.
    showLive();
    m_automaticMax = plan.maxBytes == 0;
    m_result.start(drive().info);
    m_result.plan.plan = plan;
    const QString series =
        tr("%1: %2").arg(drive().info.displayName(), trimmedDataShortText(m_result));
    m_latency->addSeries(series);
    m_throughput->addSeries(series);
    updateRunControls();
}

void BenchmarkTab::onSamples(const QList<Sample> &samples)
{
    QSet<quint64> touched;
    for (const Sample &sample : samples)
        touched.insert(sample.bytes);
    m_result.samples.append(samples);
    m_result.rebuildPoints();
    // Only the sizes that got samples move; the chart grows in place.
    for (const SizePoint &point : std::as_const(m_result.points)) {
        if (touched.contains(point.bytes))
            showPoint(point);
    }
}

void BenchmarkTab::endedWithoutResult(const JobOutcome &outcome)
{
    fillHistory(QString(), false);
    jobPanel()->setIdleText(
        outcome.error.isError() ? tr("Failed: %1").arg(errorInWords(outcome.error)) : QString());
}

Error BenchmarkTab::exportData(const QString &path) const
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("csv"))
        return writeFileAtomically(path, sweepResultToCsv(m_result));
    if (suffix == QLatin1String("json"))
        return writeFileAtomically(path, resultToJsonBytes(m_result));
    return makeError(ErrorCode::InvalidArgument,
                     tr("Unknown data format \"%1\": use .csv or .json.").arg(suffix));
}

} // namespace trimscope::gui
