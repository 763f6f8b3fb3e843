#include "benchmarktab.h"

#include "chart/trimchart.h"
#include "common/units.h"
#include "confirmdialog.h"
#include "planeditor.h"
#include "report/atomicfile.h"
#include "report/resultfile.h"
#include "report/sweepcsv.h"
#include "resultstable.h"
#include "runstore.h"
#include "sweep/statistics.h"

#include <QFileInfo>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QTabWidget>
#include <QVBoxLayout>

namespace trimscope::gui {

namespace {
// The time the drive spent in TRIM commands; for a simulated drive run faster than real time
// this is the modelled time, while the elapsed time is the wall clock.
double trimSeconds(const SweepResult &result)
{
    double total = 0;
    for (const Sample &sample : result.samples)
        total += sample.seconds;
    return total;
}
} // namespace

BenchmarkTab::BenchmarkTab(QWidget *parent)
    : QWidget(parent), m_header(new QLabel(this)), m_plan(new PlanEditor(this)),
      m_start(new QPushButton(tr("&Benchmark TRIM"), this)),
      m_cancel(new QPushButton(tr("&Cancel"), this)), m_progress(new QProgressBar(this)),
      m_status(new QLabel(this)), m_views(new QTabWidget(this)),
      m_latency(new TrimChart(ChartMetric::Latency, this)),
      m_throughput(new TrimChart(ChartMetric::Throughput, this)), m_table(new ResultsTable(this)),
      m_exportChart(new QPushButton(tr("Export c&hart…"), this)),
      m_exportData(new QPushButton(tr("Export &data…"), this))
{
    m_start->setObjectName(QStringLiteral("benchmarkButton"));
    m_cancel->setObjectName(QStringLiteral("cancelButton"));
    m_progress->setObjectName(QStringLiteral("progressBar"));
    m_status->setObjectName(QStringLiteral("runStatus"));
    m_header->setWordWrap(true);
    m_status->setWordWrap(true);
    m_progress->setRange(0, 1000);
    m_progress->setValue(0);
    m_progress->setTextVisible(true);
    m_progress->setFormat(QStringLiteral("%p %"));
    m_start->setDefault(true);

    auto *planBox = new QGroupBox(tr("Plan"), this);
    auto *planLayout = new QVBoxLayout(planBox);
    planLayout->addWidget(m_plan);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_start);
    buttons->addWidget(m_cancel);
    planLayout->addLayout(buttons);
    planLayout->addWidget(m_progress);
    planLayout->addWidget(m_status);
    planLayout->addStretch(1);
    auto *exports = new QHBoxLayout;
    exports->addWidget(m_exportChart);
    exports->addWidget(m_exportData);
    planLayout->addLayout(exports);
    planBox->setMaximumWidth(planBox->sizeHint().width() + 40);

    m_views->addTab(m_latency, tr("TRIM &time"));
    m_views->addTab(m_throughput, tr("Through&put"));
    m_views->addTab(m_table, tr("T&able"));
    m_views->setDocumentMode(true);

    auto *body = new QHBoxLayout;
    body->addWidget(planBox);
    body->addWidget(m_views, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_header);
    layout->addLayout(body, 1);

    connect(m_start, &QPushButton::clicked, this, &BenchmarkTab::startBenchmark);
    connect(m_cancel, &QPushButton::clicked, this, &BenchmarkTab::cancelBenchmark);
    connect(m_exportChart, &QPushButton::clicked, this, &BenchmarkTab::exportChartRequested);
    connect(m_exportData, &QPushButton::clicked, this, &BenchmarkTab::exportDataRequested);
    resetViews(QString());
    updateControls();
}

BenchmarkTab::~BenchmarkTab()
{
    if (m_job) {
        m_job->disconnect(this);
        m_job->cancel();
        delete m_job; // waits for the worker to notice
    }
}

TrimChart *BenchmarkTab::currentChart() const
{
    return m_views->currentWidget() == m_throughput ? m_throughput : m_latency;
}

void BenchmarkTab::setDrive(const DriveEntry &drive, Backend *backend)
{
    if (isRunning())
        return; // the window keeps the running drive selected
    m_drive = drive;
    m_backend = backend;
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
    updateControls();
}

void BenchmarkTab::updateControls()
{
    const bool running = isRunning();
    const bool usable = !m_drive.id.isEmpty() && m_backend && m_drive.safety.allowed() &&
                        m_backend->status().available;
    m_start->setEnabled(!running && usable);
    m_cancel->setEnabled(running);
    m_plan->setEnabled(!running);
    m_exportChart->setEnabled(!running && hasResult());
    m_exportData->setEnabled(!running && hasResult());
}

bool BenchmarkTab::confirmDestructive()
{
    if (m_drive.info.simulated)
        return true;
    ConfirmDialog dialog(m_drive.info, this);
    return dialog.exec() == QDialog::Accepted;
}

void BenchmarkTab::resetViews(const QString &label)
{
    m_latency->clear();
    m_throughput->clear();
    m_table->clearPoints();
    m_live.clear();
    const QString title =
        label.isEmpty() ? tr("TRIM benchmark") : tr("TRIM benchmark: %1").arg(label);
    m_latency->setTitle(title);
    m_throughput->setTitle(title);
    if (!label.isEmpty()) {
        m_latency->addSeries(label);
        m_throughput->addSeries(label);
    }
}

void BenchmarkTab::startBenchmark()
{
    if (isRunning() || !m_backend || m_drive.id.isEmpty() || !confirmDestructive())
        return;
    m_result = SweepResult();
    resetViews(m_drive.info.displayName());
    m_progress->setValue(0);
    m_status->setText(tr("Starting…"));
    m_job = m_backend->start(m_drive, m_plan->plan());
    m_job->setParent(this);
    connect(m_job, &JobRunner::samplesMeasured, this, &BenchmarkTab::onSamples);
    connect(m_job, &JobRunner::progressed, this, &BenchmarkTab::onProgress);
    connect(m_job, &JobRunner::statusMessage, m_status, &QLabel::setText);
    connect(m_job, &JobRunner::finished, this, &BenchmarkTab::onFinished);
    m_job->start();
    updateControls();
    emit runStarted(m_drive);
}

void BenchmarkTab::cancelBenchmark()
{
    if (!m_job)
        return;
    m_job->cancel();
    m_cancel->setEnabled(false);
    m_status->setText(tr("Cancelling after the current discard…"));
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

void BenchmarkTab::onProgress(const JobProgress &progress)
{
    m_progress->setValue(int(progress.fraction * 1000));
    QString text = tr("%1 of %2 discards, %3 elapsed")
                       .arg(progress.done)
                       .arg(progress.planned)
                       .arg(formatSeconds(progress.elapsedSeconds));
    if (progress.etaSeconds >= 0)
        text += tr(", about %1 left").arg(formatSeconds(progress.etaSeconds));
    m_status->setText(text);
}

// The run as its result file says; a job that never started, or whose end the helper never
// confirmed, keeps what was measured live.
SweepResult BenchmarkTab::resultOf(const JobOutcome &outcome) const
{
    if (Expected<SweepResult> read = readResult<SweepResult>(outcome.resultJson))
        return std::move(read).value();
    SweepResult result;
    result.drive = m_drive.info;
    for (auto it = m_live.cbegin(); it != m_live.cend(); ++it)
        for (const double seconds : it.value())
            result.samples.append({it.key(), 0, seconds, 0});
    result.rebuildPoints();
    result.stopReason =
        outcome.stopReason == StopReason::Completed ? StopReason::Failed : outcome.stopReason;
    result.error = outcome.error;
    return result;
}

void BenchmarkTab::onFinished(const JobOutcome &outcome)
{
    if (m_job)
        m_job->deleteLater();
    m_job.clear();
    const SweepResult result = resultOf(outcome);
    m_result = result;
    switch (result.stopReason) {
    case StopReason::Completed:
        m_progress->setValue(1000);
        m_status->setText(
            tr("Finished: %1 discards, %2 of TRIM time, in %3.")
                .arg(result.samples.size())
                .arg(formatSeconds(trimSeconds(result)), formatSeconds(result.elapsedSeconds)));
        break;
    case StopReason::Cancelled:
        m_status->setText(tr("Cancelled after %1 discards; what was measured is kept.")
                              .arg(result.samples.size()));
        break;
    case StopReason::TimeBudget:
        m_status->setText(
            tr("Stopped at the time budget after %1 discards.").arg(result.samples.size()));
        break;
    case StopReason::Failed:
        m_status->setText(tr("Failed: %1").arg(result.error.message));
        break;
    }
    // The final statistics come from the core's result, so the views agree with the file.
    for (const SizePoint &point : result.points) {
        if (point.stats.count == 0)
            continue;
        m_latency->setPoint(0, TrimChart::pointFrom(point));
        m_throughput->setPoint(0, TrimChart::pointFrom(point));
        m_table->setPoint(point);
    }
    updateControls();
    emit runFinished(result);
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
