#include "benchmarktab.h"

#include "backends/errorwords.h"
#include "chart/trimchart.h"
#include "common/units.h"
#include "jobpanel.h"
#include "planeditor.h"
#include "report/atomicfile.h"
#include "report/sweepcsv.h"
#include "resultstable.h"
#include "runhistory.h"
#include "sweep/statistics.h"
#include "sweep/sweepheadline.h"
#include "sweep/trimmeddata.h"

#include <QComboBox>
#include <QFileInfo>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
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
} // namespace

BenchmarkTab::BenchmarkTab(RunStore store, QWidget *parent)
    : QWidget(parent), m_store(std::move(store)), m_header(new QLabel(this)),
      m_plan(new PlanEditor(this)), m_start(new QPushButton(tr("&Benchmark TRIM"), this)),
      m_job(new JobPanel(this)), m_history(new RunHistory(this)), m_summary(new QLabel(this)),
      m_pages(new QStackedWidget(this)), m_empty(new QLabel(this)),
      m_views(new QTabWidget(this)), m_latency(new TrimChart(ChartMetric::Latency, this)),
      m_throughput(new TrimChart(ChartMetric::Throughput, this)), m_table(new ResultsTable(this)),
      m_exportChart(new QPushButton(tr("Export chart…"), this)),
      m_exportData(new QPushButton(tr("Export data…"), this))
{
    m_start->setObjectName(QStringLiteral("benchmarkButton"));
    m_history->setObjectName(QStringLiteral("runHistory"));
    m_summary->setObjectName(QStringLiteral("runSummary"));
    m_empty->setObjectName(QStringLiteral("emptyState"));
    m_job->saveButton()->hide(); // "Export data…" writes the JSON and the CSV
    m_header->setWordWrap(true);
    m_start->setDefault(true);
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);
    m_summary->setFrameShape(QFrame::StyledPanel);
    m_summary->setMargin(6);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::LinksAccessibleByMouse |
                                       Qt::LinksAccessibleByKeyboard);
    m_empty->setWordWrap(true);
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setMargin(24);
    m_empty->setTextFormat(Qt::RichText);

    auto *planBox = new QGroupBox(tr("Plan"), this);
    auto *planLayout = new QVBoxLayout(planBox);
    planLayout->addWidget(m_plan);
    planLayout->addWidget(m_start);
    planLayout->addWidget(m_job);
    // The run's summary reads best here, under the button that made it, in the room the plan
    // leaves; the chart beside it keeps the whole height and width.
    planLayout->addWidget(m_summary);
    planLayout->addStretch(1);
    auto *exports = new QHBoxLayout;
    exports->addWidget(m_exportChart);
    exports->addWidget(m_exportData);
    planLayout->addLayout(exports);
    planBox->setMaximumWidth(planBox->sizeHint().width());

    m_views->addTab(m_latency, tr("TRIM time"));
    m_views->addTab(m_throughput, tr("Throughput"));
    m_views->addTab(m_table, tr("Table"));
    m_views->setDocumentMode(true);
    m_pages->addWidget(m_empty);
    m_pages->addWidget(m_views);

    auto *historyLabel = new QLabel(tr("Saved ru&n:"), this);
    historyLabel->setBuddy(m_history);
    auto *historyRow = new QHBoxLayout;
    historyRow->addWidget(historyLabel);
    historyRow->addWidget(m_history);
    historyRow->addStretch(1);
    auto *right = new QVBoxLayout;
    right->addLayout(historyRow);
    right->addWidget(m_pages, 1);

    auto *body = new QHBoxLayout;
    body->addWidget(planBox);
    body->addLayout(right, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_header);
    layout->addLayout(body, 1);

    connect(m_start, &QPushButton::clicked, this, &BenchmarkTab::startBenchmark);
    connect(m_job, &JobPanel::samplesMeasured, this, &BenchmarkTab::onSamples);
    connect(m_job, &JobPanel::runFinished, this, &BenchmarkTab::onFinished);
    connect(m_exportChart, &QPushButton::clicked, this, &BenchmarkTab::exportChartRequested);
    connect(m_exportData, &QPushButton::clicked, this, &BenchmarkTab::exportDataRequested);
    connect(m_summary, &QLabel::linkActivated, this, &BenchmarkTab::adviceRequested);
    connect(m_history, &RunHistory::runChosen, this, &BenchmarkTab::showSaved);
    setDrive({}, nullptr);
}

BenchmarkTab::~BenchmarkTab() = default;

bool BenchmarkTab::isRunning() const
{
    return m_job->isRunning();
}

QPushButton *BenchmarkTab::cancelButton() const
{
    return m_job->cancelButton();
}

bool BenchmarkTab::showsResult() const
{
    return m_pages->currentWidget() == m_views;
}

TrimChart *BenchmarkTab::currentChart() const
{
    return m_views->currentWidget() == m_throughput ? m_throughput : m_latency;
}

void BenchmarkTab::setDrive(const DriveEntry &drive, Backend *backend)
{
    if (isRunning())
        return; // the window keeps the running drive selected
    const bool sameDrive = drive.id == m_drive.id && !drive.id.isEmpty();
    m_drive = drive;
    m_backend = backend;
    m_job->setDrive(drive, backend);
    m_plan->setDrive(drive.info);
    if (drive.id.isEmpty() || !backend) {
        m_header->setText(tr("Select a drive on the left."));
    } else {
        QString text = tr("<b>%1</b> — served by %2")
                           .arg(drive.info.displayName().toHtmlEscaped(),
                                backend->displayName().toHtmlEscaped());
        if (!drive.safety.allowed())
            text += QStringLiteral("<br>") +
                    tr("Cannot be benchmarked: %1")
                        .arg(drive.safety.refusals.first().message.toHtmlEscaped());
        m_header->setText(text);
    }
    // What is shown belongs to this drive: its newest saved run, or what to do.
    if (!sameDrive) {
        m_verdict = advice::Verdict::Unknown; // until the Advice tab has advised on this drive
        fillHistory(QString());
    }
    updateControls();
}

void BenchmarkTab::reloadHistory()
{
    if (!isRunning())
        fillHistory(m_shownPath);
}

void BenchmarkTab::fillHistory(const QString &select, bool announce)
{
    const QString path = m_history->fill(
        m_store, m_drive.id.isEmpty() ? DriveInfo{} : m_drive.info, {sweepKind()}, select);
    if (path.isEmpty())
        showEmptyState();
    else
        showStored(path, announce);
}

void BenchmarkTab::showSaved(const QString &path)
{
    showStored(path, true);
}

void BenchmarkTab::showStored(const QString &path, bool announce)
{
    const Expected<SweepResult> result = RunStore::load(path);
    if (!result) {
        m_result = SweepResult();
        m_shownPath.clear();
        m_empty->setText(fileErrorInWords(path, result.error()).toHtmlEscaped());
        m_pages->setCurrentWidget(m_empty);
        m_summary->hide();
        updateControls();
        return;
    }
    m_automaticMax = false; // a saved run does not record how its sizes were chosen
    showResult(*result, path);
    const StoredRun run = RunStore::describe(path);
    if (announce)
        m_job->setIdleText(tr("Shown: the run of %1 (%2).").arg(run.date(), run.outcome()));
}

void BenchmarkTab::showResult(const SweepResult &result, const QString &path)
{
    m_result = result;
    m_shownPath = path;
    // The legend says what was trimmed: written data, or whatever the regions held.
    resetViews(tr("%1: %2").arg(result.drive.displayName(), trimmedDataShortText(result)));
    for (const SizePoint &point : result.points) {
        if (point.stats.count == 0)
            continue;
        m_latency->setPoint(0, TrimChart::pointFrom(point));
        m_throughput->setPoint(0, TrimChart::pointFrom(point));
        m_table->setPoint(point);
    }
    m_pages->setCurrentWidget(m_views);
    updateSummary();
    updateControls();
}

void BenchmarkTab::showEmptyState()
{
    m_result = SweepResult();
    m_shownPath.clear();
    resetViews(QString());
    m_summary->hide();
    m_pages->setCurrentWidget(m_empty);
    const QString name = m_drive.info.displayName().toHtmlEscaped();
    QString text;
    if (m_drive.id.isEmpty())
        text = tr("Select a drive on the left to see its TRIM benchmarks.");
    else if (!m_drive.safety.allowed())
        text = tr("<p><b>%1 has no saved TRIM benchmark.</b></p><p>It cannot be benchmarked: "
                  "%2</p><p>Simulated drives on the left can be benchmarked without risk.</p>")
                   .arg(name, m_drive.safety.refusals.first().message.toHtmlEscaped());
    else if (const QString why = m_job->whyNot(m_plan->plan()); !why.isEmpty())
        text = tr("<p><b>%1 has no saved TRIM benchmark.</b></p><p>%2</p>")
                   .arg(name, why.toHtmlEscaped());
    else
        text = tr("<p><b>%1 has no saved TRIM benchmark yet.</b></p><p>Choose the sizes and "
                  "repeats on the left and press “Benchmark TRIM”. Every run is kept and shown "
                  "here whenever you select this drive.</p>")
                   .arg(name);
    m_empty->setText(text);
    m_job->setIdleText(QString());
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
    QString sizes = h.smallestPlanned == h.largestPlanned || h.largestPlanned == 0
                        ? formatBytes(large.bytes)
                        : tr("%1 to %2").arg(formatBytes(h.smallestPlanned),
                                             formatBytes(h.largestPlanned));
    const QString sizesNote =
        m_automaticMax ? tr("largest chosen automatically for this drive")
                       : tr("%n size(s) measured", nullptr, int(m_result.points.size()));
    const QString outcome = RunStore::describe(m_shownPath).readable && !m_shownPath.isEmpty()
                                ? RunStore::describe(m_shownPath).outcome()
                                : StoredRun{QString(), QString(), {}, {}, m_result.stopReason}
                                      .outcome();
    QString html = QStringLiteral("<table><tr>");
    html += tile(tr("Small TRIM (%1)").arg(formatBytes(small.bytes)),
                 formatSeconds(small.stats.median),
                 tr("median; 95 % within %1").arg(formatSeconds(small.stats.p95)));
    html += tile(tr("Largest TRIM (%1)").arg(formatBytes(large.bytes)),
                 formatSeconds(large.stats.median),
                 tr("median, %1").arg(formatRate(large.throughput())));
    // Two tiles a row: the card sits in the plan's column, below the Run button.
    html += QStringLiteral("</tr><tr>");
    html += tile(tr("Sizes"), sizes, sizesNote);
    html += tile(tr("Run"), tr("%n discard(s)", nullptr, h.discards),
                 tr("%1; %2 of TRIM time").arg(outcome, formatSeconds(h.trimSeconds)));
    html += QStringLiteral("</tr></table>");
    // Which data the TRIMs met, and whether empty space is answered differently: a curve of
    // empty space would mean nothing on a drive that answers it at once.
    html += QStringLiteral("<p><small>%1</small></p>")
                .arg(tr("Trimmed: %1.").arg(trimmedDataText(m_result)).toHtmlEscaped());
    if (const QString empty = emptyTrimCheckText(m_result); !empty.isEmpty())
        html += QStringLiteral("<p>%1</p>")
                    .arg(m_result.emptyCheck.outcome() == EmptyTrimCheck::Outcome::EmptyFaster
                             ? QStringLiteral("<b>%1</b>").arg(empty.toHtmlEscaped())
                             : QStringLiteral("<small>%1</small>").arg(empty.toHtmlEscaped()));
    // The verdict is the Advice tab's (all of this drive's saved runs, the audit, health), so
    // the card and that tab never disagree.
    if (m_verdict != advice::Verdict::Unknown)
        html += QStringLiteral("<p>%1 <a href=\"advice\">%2</a></p>")
                    .arg(tr("<b>Verdict for this drive:</b> %1.")
                             .arg(advice::verdictDisplayName(m_verdict).toHtmlEscaped()),
                         tr("Why, and what to change…").toHtmlEscaped());
    else
        html += QStringLiteral("<p><a href=\"advice\">%1</a></p>")
                    .arg(tr("What this means for discard settings").toHtmlEscaped());
    html += QStringLiteral("<small>%1</small>")
                .arg(tr("Hover a line in the chart for its figures.").toHtmlEscaped());
    m_summary->setText(html);
    m_summary->show();
}

void BenchmarkTab::setDriveVerdict(advice::Verdict verdict)
{
    if (verdict == m_verdict)
        return;
    m_verdict = verdict;
    if (!isRunning() && m_pages->currentWidget() == m_views)
        updateSummary();
}

void BenchmarkTab::updateControls()
{
    const bool running = isRunning();
    m_start->setEnabled(!running && m_job->canRun(m_plan->plan()));
    m_start->setToolTip(m_job->canRun(m_plan->plan()) ? QString()
                                                       : m_job->whyNot(m_plan->plan()));
    m_plan->setEnabled(!running);
    m_history->setEnabled(!running && m_history->hasRuns());
    m_exportChart->setEnabled(!running && hasResult());
    m_exportData->setEnabled(!running && hasResult());
}

void BenchmarkTab::resetViews(const QString &label)
{
    m_latency->clear();
    m_throughput->clear();
    m_table->clearPoints();
    m_live.clear();
    // The drive is in the header above and in the legend; a long title would be elided.
    m_latency->setTitle(tr("TRIM time per discard size"));
    m_throughput->setTitle(tr("TRIM throughput per discard size"));
    if (!label.isEmpty()) {
        m_latency->addSeries(label);
        m_throughput->addSeries(label);
    }
}

void BenchmarkTab::startBenchmark()
{
    if (isRunning() || !m_backend || m_drive.id.isEmpty())
        return;
    const SweepPlan plan = m_plan->plan();
    if (!m_job->run(plan, tr("TRIM benchmark"),
                    tr("The TRIM benchmark destroys all data on this drive."),
                    tr("&Destroy data and benchmark")))
        return;
    m_automaticMax = plan.maxBytes == 0;
    m_result = SweepResult();
    m_result.drive = m_drive.info;
    m_result.plan.plan = plan;
    m_shownPath.clear();
    resetViews(tr("%1: %2").arg(m_drive.info.displayName(), trimmedDataShortText(m_result)));
    m_summary->hide();
    m_pages->setCurrentWidget(m_views);
    updateControls();
    emit runStarted(m_drive);
}

void BenchmarkTab::cancelBenchmark()
{
    m_job->cancel();
}

void BenchmarkTab::onSamples(const QList<Sample> &samples)
{
    QList<quint64> touched;
    for (const Sample &sample : samples) {
        m_live[sample.bytes].append(sample.seconds);
        if (!touched.contains(sample.bytes))
            touched.append(sample.bytes);
    }
    // Only the sizes that got samples move; the chart grows in place.
    for (const quint64 bytes : std::as_const(touched)) {
        SizePoint point;
        point.bytes = bytes;
        point.samples = m_live.value(bytes);
        point.stats = computeStatistics(point.samples);
        m_latency->setPoint(0, TrimChart::pointFrom(point));
        m_throughput->setPoint(0, TrimChart::pointFrom(point));
        m_table->setPoint(point);
    }
}

// The run as its result file says; a job that never started, or whose end the helper never
// confirmed, keeps what was measured live.
SweepResult BenchmarkTab::resultOf(const Error &error, const QByteArray &json) const
{
    if (Expected<SweepResult> read = readResult<SweepResult>(json))
        return std::move(read).value();
    SweepResult result;
    result.drive = m_drive.info;
    for (auto it = m_live.cbegin(); it != m_live.cend(); ++it)
        for (const double seconds : it.value())
            result.samples.append({it.key(), 0, seconds, 0});
    result.rebuildPoints();
    result.stopReason = error.code == ErrorCode::Cancelled ? StopReason::Cancelled
                                                            : StopReason::Failed;
    result.error = error;
    return result;
}

void BenchmarkTab::onFinished(const Error &error, const QByteArray &json)
{
    const SweepResult result = resultOf(error, json);
    QString saved;
    Error saveError;
    if (!result.samples.isEmpty()) {
        const Expected<QString> stored = m_store.save(result);
        if (stored)
            saved = *stored;
        else
            saveError = stored.error();
    }
    const bool automatic = m_automaticMax;
    if (!saved.isEmpty()) {
        fillHistory(saved, false); // shows the run as its file says
    } else if (!result.samples.isEmpty()) {
        showResult(result, QString());
    } else {
        fillHistory(QString());
        m_job->setIdleText(error.isError() ? tr("Failed: %1").arg(errorInWords(error))
                                           : QString());
    }
    m_automaticMax = automatic;
    updateSummary();
    updateControls();
    emit runFinished(result, saved, saveError);
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
