#include "recoverytab.h"

#include "appsettings.h"
#include "chart/barchart.h"
#include "chart/curvechart.h"
#include "chart/stallchart.h"
#include "common/units.h"
#include "common/inputfile.h"
#include "jobpanel.h"
#include "report/resultfile.h"
#include "results/recoveryview.h"
#include "results/stallview.h"
#include "tablefill.h"

#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QTabWidget>
#include <QVBoxLayout>

namespace trimscope::gui {

using namespace trimscope::recovery;
using trimscope::stall::StallPlan;
using trimscope::stall::StallResult;

RecoveryTab::RecoveryTab(QWidget *parent)
    : QWidget(parent), m_experiment(new QComboBox(this)), m_preset(new QComboBox(this)),
      m_job(new JobPanel(this)), m_estimate(new QLabel(this)), m_summary(new QLabel(this)),
      m_views(new QTabWidget(this)), m_bars(new BarChart(this)), m_curve(new CurveChart(this)),
      m_stall(new StallChart(this)),
      m_table(new QTableWidget(this)), m_open(new QPushButton(tr("&Open result…"), this)),
      m_run(new QPushButton(tr("&Run test…"), this)),
      m_exportChart(new QPushButton(tr("Export c&hart…"), this))
{
    m_estimate->setObjectName(QStringLiteral("recoveryEstimate"));
    for (QLabel *label : {m_estimate, m_summary}) {
        label->setWordWrap(true);
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    }
    for (const QString &name : recoveryPresetNames())
        m_preset->addItem(name, name);
    m_preset->setCurrentIndex(
        std::max(0, m_preset->findData(appSettings()->value(QStringLiteral("recovery/preset"),
                                                            QStringLiteral("quick")))));
    m_run->setObjectName(QStringLiteral("recoveryRun"));
    m_experiment->setObjectName(QStringLiteral("recoveryExperiment"));
    m_experiment->addItem(tr("Write recovery (degrade, then idle and TRIM)"),
                          jobKind(RecoveryPlan()));
    m_experiment->addItem(tr("Sequential fill curve (write cache cliff)"),
                          jobKind(FillCurvePlan()));
    m_experiment->addItem(tr("Stall test (I/O latency beside discards)"), jobKind(StallPlan()));
    m_open->setToolTip(tr("A result of \"trimscope-cli recovery\", \"trimscope-cli "
                          "fill-curve\" or \"trimscope-cli stall\" (JSON)."));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_views->setDocumentMode(true);
    m_views->addTab(m_bars, tr("&Degradation and recovery"));
    m_views->addTab(m_curve, tr("Sequential &fill"));
    m_views->addTab(m_stall, tr("&Stall"));
    m_views->addTab(m_table, tr("T&able"));

    auto *runBox = new QGroupBox(tr("Run on the selected drive"), this);
    auto *form = new QFormLayout;
    form->addRow(tr("&Test:"), m_experiment);
    form->addRow(tr("&Preset:"), m_preset);
    form->addRow(tr("Cost:"), m_estimate);
    auto *runLayout = new QVBoxLayout(runBox);
    runLayout->addLayout(form);
    auto *runRow = new QHBoxLayout;
    runRow->addWidget(m_run, 0, Qt::AlignTop);
    runRow->addWidget(m_job, 1);
    runLayout->addLayout(runRow);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_open);
    buttons->addStretch(1);
    buttons->addWidget(m_exportChart);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(runBox);
    layout->addLayout(buttons);
    layout->addWidget(m_summary);
    layout->addWidget(m_views, 1);

    m_summary->setText(tr("No result yet. Open the JSON of a write-recovery test, a "
                          "sequential fill or a stall test."));
    m_bars->setData(recoveryChartData({}));
    m_curve->setData(fillCurveChartData({}));
    m_stall->setData(stallChartData({}));
    connect(m_preset, &QComboBox::currentIndexChanged, this, [this] {
        appSettings()->setValue(QStringLiteral("recovery/preset"), m_preset->currentData());
        updateEstimate();
    });
    connect(m_open, &QPushButton::clicked, this, &RecoveryTab::openClicked);
    connect(m_run, &QPushButton::clicked, this, [this] { runTest(); });
    connect(m_experiment, &QComboBox::currentIndexChanged, this, &RecoveryTab::updateRunControls);
    connect(m_job, &JobPanel::message, this, &RecoveryTab::message);
    connect(m_job, &JobPanel::runStarted, this, [this](const QString &what) {
        updateRunControls();
        emit runStarted(what);
    });
    connect(m_job, &JobPanel::runFinished, this, [this](const Error &, const QByteArray &json) {
        if (!json.isEmpty()) {
            if (const Error error = showResult(json); error.isError())
                emit message(tr("The result could not be shown: %1").arg(error.message));
        }
        updateRunControls();
        emit runFinished();
    });
    updateRunControls();
    connect(m_exportChart, &QPushButton::clicked, this, &RecoveryTab::exportChartRequested);
    updateEstimate();
}

ChartWidget *RecoveryTab::currentChart() const
{
    if (m_views->currentWidget() == m_stall)
        return m_stall;
    return m_views->currentWidget() == m_curve ? static_cast<ChartWidget *>(m_curve)
                                               : static_cast<ChartWidget *>(m_bars);
}

void RecoveryTab::setDrive(const DriveEntry &drive, Backend *backend)
{
    if (m_job->isRunning())
        return;
    m_drive = drive;
    m_job->setDrive(drive, backend);
    updateEstimate();
    updateRunControls();
}

JobPlan RecoveryTab::runPlan() const
{
    if (m_experiment->currentData() == jobKind(FillCurvePlan()))
        return FillCurvePlan{};
    if (m_experiment->currentData() == jobKind(StallPlan()))
        return StallPlan{};
    return recoveryPreset(m_preset->currentData().toString()).value_or(RecoveryPlan{});
}

void RecoveryTab::updateRunControls()
{
    const bool running = m_job->isRunning();
    const JobPlan plan = runPlan();
    m_run->setEnabled(m_job->canRun(plan));
    m_run->setToolTip(
        m_job->canRun(plan)
            ? tr("Destroys all data on the drive; asks first.")
            : m_job->whyNot(plan) +
                  (running ? QString()
                           : QLatin1Char(' ') + tr("Or run \"trimscope-cli recovery DEVICE "
                                                   "--destroy-data --json FILE\" (or fill-curve, "
                                                   "or stall) and open the file here.")));
    m_experiment->setEnabled(!running);
    m_preset->setEnabled(!running && std::holds_alternative<RecoveryPlan>(plan));
}

bool RecoveryTab::runTest()
{
    return runTest(runPlan());
}

bool RecoveryTab::runTest(const JobPlan &plan)
{
    if (const auto *stallPlan = std::get_if<StallPlan>(&plan)) {
        const StallPlan resolved = stall::resolveStallPlan(*stallPlan, m_drive.info.sizeBytes);
        return m_job->run(plan, tr("stall test"),
                          tr("The stall test (about %1 of reads, plus the discards' own time) "
                             "writes %2 and discards %3 at the start of the drive, destroying "
                             "the data there.")
                              .arg(formatDuration(stall::plannedSeconds(resolved)),
                                   formatBytes(resolved.fillFirst
                                                   ? resolved.readRegionBytes +
                                                         resolved.discardRegionBytes
                                                   : 0),
                                   formatBytes(resolved.discardRegionBytes)));
    }
    const auto *fill = std::get_if<FillCurvePlan>(&plan);
    // The cost goes into the confirmation too: it is the last thing read before the run.
    const RunEstimate cost = fill ? estimateFillCurve(*fill, m_drive.info)
                                  : estimateRecovery(std::get<RecoveryPlan>(plan), m_drive.info);
    return m_job->run(plan, fill ? tr("sequential fill") : tr("write-recovery test"),
                      fill ? tr("The sequential fill (%1) overwrites the whole drive and destroys "
                                "all data on it.")
                                 .arg(estimateText(cost))
                           : tr("The write-recovery test (%1) overwrites the whole drive and "
                                "destroys all data on it.")
                                 .arg(estimateText(cost)));
}

void RecoveryTab::updateEstimate()
{
    if (m_drive.id.isEmpty() || m_drive.info.sizeBytes == 0) {
        m_estimate->setText(tr("Select a drive to see what the test would cost."));
        return;
    }
    const auto plan = recoveryPreset(m_preset->currentData().toString());
    const DriveInfo &drive = m_drive.info;
    const RunEstimate recovery = estimateRecovery(plan.value_or(RecoveryPlan{}), drive);
    const RunEstimate fill = estimateFillCurve(FillCurvePlan{}, drive);
    const StallPlan stallPlan = stall::resolveStallPlan({}, drive.sizeBytes);
    m_estimate->setText(tr("On %1 the write-recovery test takes %2.<br>The sequential fill "
                           "takes %3.<br>The stall test takes about %4 plus its discards, after "
                           "writing %5.<br><small>%6</small>")
                            .arg(drive.displayName().toHtmlEscaped(), estimateText(recovery),
                                 estimateText(fill),
                                 formatDuration(stall::plannedSeconds(stallPlan)),
                                 formatBytes(stallPlan.readRegionBytes +
                                             stallPlan.discardRegionBytes),
                                 estimateAssumption()));
}

Error RecoveryTab::openResult(const QString &path)
{
    const Expected<QByteArray> read = readInputFile(path, InputFileKind::Result);
    if (!read)
        return read.error();
    return showResult(*read);
}

Error RecoveryTab::showResult(const QByteArray &bytes)
{
    const Expected<AnyResult> result = readAnyResult(bytes);
    if (!result)
        return result.error();
    if (const auto *stallResult = std::get_if<StallResult>(&*result)) {
        m_stall->setData(stallChartData(*stallResult));
        fillTable(m_table, stallTable(*stallResult));
        m_summary->setText(stallSummary(*stallResult));
        m_views->setCurrentWidget(m_stall);
        return {};
    }
    if (const auto *fill = std::get_if<FillCurveResult>(&*result)) {
        m_curve->setData(fillCurveChartData(*fill));
        m_summary->setText(fillCurveSummary(*fill));
        m_views->setCurrentWidget(m_curve);
        return {};
    }
    const auto *recovery = std::get_if<RecoveryResult>(&*result);
    if (!recovery)
        return makeError(ErrorCode::InvalidArgument,
                         tr("This is a %1 result, not a write-recovery test's, a fill "
                            "curve's or a stall test's.")
                             .arg(resultWhat(*result)));
    m_bars->setData(recoveryChartData(*recovery));
    fillTable(m_table, recoveryTable(*recovery));
    m_summary->setText(recoverySummary(*recovery));
    m_views->setCurrentWidget(m_bars);
    return {};
}

void RecoveryTab::openClicked()
{
    auto settings = appSettings();
    const QString dir = settings->value(QStringLiteral("results/dir"), QDir::homePath()).toString();
    const QString path = QFileDialog::getOpenFileName(this, tr("Open write-recovery result"), dir,
                                                      tr("TrimScope results (*.json)"));
    if (path.isEmpty())
        return;
    settings->setValue(QStringLiteral("results/dir"), QFileInfo(path).absolutePath());
    if (const Error error = openResult(path); error.isError())
        emit message(tr("Not opened: %1").arg(error.message));
}

} // namespace trimscope::gui
