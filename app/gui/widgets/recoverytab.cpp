#include "recoverytab.h"

#include "appsettings.h"
#include "chart/barchart.h"
#include "chart/curvechart.h"
#include "chart/stallchart.h"
#include "common/units.h"
#include "fittingtabs.h"
#include "jobpanel.h"
#include "results/recoveryview.h"
#include "results/stallview.h"
#include "tablefill.h"
#include "wraptext.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QTabWidget>

namespace trimscope::gui {

using namespace trimscope::recovery;
using trimscope::stall::StallPlan;
using trimscope::stall::StallResult;

RecoveryTab::RecoveryTab(SavedRuns *runs, QWidget *parent)
    : ExperimentTab(runs,
                    {envelopeOf(RecoveryResult()).kind, envelopeOf(FillCurveResult()).kind,
                     envelopeOf(StallResult()).kind},
                    {tr("&Run test…"), tr("Open write-recovery result"),
                     tr("A result of \"trimscope-cli recovery\", \"trimscope-cli fill-curve\" "
                        "or \"trimscope-cli stall\" (JSON)."),
                     tr("write-recovery test, fill curve or stall test"),
                     tr("Or run \"trimscope-cli recovery DEVICE --destroy-data --json FILE\" (or "
                        "fill-curve, or stall) on a spare drive and open the file here.")},
                    parent),
      m_experiment(new QComboBox(this)), m_preset(new QComboBox(this)),
      m_estimate(new QLabel(this)), m_views(new QTabWidget(this)), m_bars(new BarChart(this)),
      m_curve(new CurveChart(this)), m_stall(new StallChart(this)), m_table(new QTableWidget(this))
{
    m_estimate->setObjectName(QStringLiteral("recoveryEstimate"));
    m_estimate->setWordWrap(true);
    m_estimate->setTextInteractionFlags(Qt::TextSelectableByMouse);
    for (const QString &name : recoveryPresetNames()) {
        const QString text = name == QLatin1String("standard") ? tr("standard")
                             : name == QLatin1String("quick")  ? tr("quick")
                             : name == QLatin1String("smoke")  ? tr("smoke test (seconds)")
                                                               : name;
        m_preset->addItem(text, name);
    }
    m_preset->setCurrentIndex(
        std::max(0, m_preset->findData(appSettings()->value(QStringLiteral("recovery/preset"),
                                                            QStringLiteral("quick")))));
    runButton()->setObjectName(QStringLiteral("recoveryRun"));
    m_experiment->setObjectName(QStringLiteral("recoveryExperiment"));
    m_experiment->addItem(tr("Write recovery (degrade, then idle and TRIM)"),
                          jobKind(RecoveryPlan()));
    m_experiment->addItem(tr("Sequential fill curve (write cache cliff)"),
                          jobKind(FillCurvePlan()));
    m_experiment->addItem(tr("Stall test (I/O latency beside discards)"), jobKind(StallPlan()));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_views->setDocumentMode(true);
    keepEveryTabOnTheBar(m_views); // in a narrow window its titles are cut, no tab hidden
    m_views->addTab(m_bars, tr("Degradation and recovery"));
    m_views->addTab(m_curve, tr("Sequential fill"));
    m_views->addTab(m_stall, tr("Stall"));
    m_views->addTab(m_table, tr("Table"));

    choices()->addRow(tr("E&xperiment:"), m_experiment);
    choices()->addRow(tr("&Preset:"), m_preset);
    choices()->addRow(tr("Cost:"), m_estimate);
    setViews(m_views);

    connect(m_preset, &QComboBox::currentIndexChanged, this, [this] {
        appSettings()->setValue(QStringLiteral("recovery/preset"), m_preset->currentData());
        updateEstimate();
    });
    connect(m_experiment, &QComboBox::currentIndexChanged, this, &RecoveryTab::updateRunControls);
    updateRunControls();
}

ChartWidget *RecoveryTab::currentChart() const
{
    if (m_views->currentWidget() == m_stall)
        return m_stall;
    return m_views->currentWidget() == m_curve ? static_cast<ChartWidget *>(m_curve)
                                               : static_cast<ChartWidget *>(m_bars);
}

JobPlan RecoveryTab::runPlan() const
{
    if (m_experiment->currentData() == jobKind(FillCurvePlan()))
        return FillCurvePlan{};
    if (m_experiment->currentData() == jobKind(StallPlan()))
        return StallPlan{};
    return recoveryPreset(m_preset->currentData().toString()).value_or(RecoveryPlan{});
}

void RecoveryTab::updateChoices(bool running)
{
    m_experiment->setEnabled(!running);
    m_preset->setEnabled(!running && std::holds_alternative<RecoveryPlan>(runPlan()));
    updateEstimate();
}

QString RecoveryTab::runWhat(const JobPlan &plan) const
{
    if (std::holds_alternative<StallPlan>(plan))
        return tr("stall test");
    return std::holds_alternative<FillCurvePlan>(plan) ? tr("sequential fill")
                                                       : tr("write-recovery test");
}

QString RecoveryTab::confirmHeadline(const JobPlan &plan) const
{
    if (const auto *stallPlan = std::get_if<StallPlan>(&plan)) {
        const StallPlan resolved = stall::resolveStallPlan(*stallPlan, drive().info.sizeBytes);
        return tr("The stall test (about %1 of reads, plus the discards' own time) writes %2 and "
                  "discards %3 at the start of the drive, destroying the data there.")
            .arg(formatDuration(stall::plannedSeconds(resolved)),
                 formatBytes(resolved.fillFirst
                                 ? resolved.readRegionBytes + resolved.discardRegionBytes
                                 : 0),
                 formatBytes(resolved.discardRegionBytes));
    }
    const auto *fill = std::get_if<FillCurvePlan>(&plan);
    // The cost goes into the confirmation too: it is the last thing read before the run.
    const RunEstimate cost = fill ? estimateFillCurve(*fill, drive().info)
                                  : estimateRecovery(std::get<RecoveryPlan>(plan), drive().info);
    return fill ? tr("The sequential fill (%1) overwrites the whole drive and destroys all data "
                     "on it.")
                      .arg(estimateText(cost))
                : tr("The write-recovery test (%1) overwrites the whole drive and destroys all "
                     "data on it.")
                      .arg(estimateText(cost));
}

void RecoveryTab::updateEstimate()
{
    if (drive().id.isEmpty() || drive().info.sizeBytes == 0) {
        setWrappedText(m_estimate, tr("Select a drive to see what the test would cost."));
        return;
    }
    // A cost is only worth reading for a test that can run; while one runs its cost stays (the
    // run in progress made whyNot() say "Cannot run on this drive" beside it, issue 47).
    if (const QString why = jobPanel()->whyNot(runPlan());
        !why.isEmpty() && !jobPanel()->isRunning()) {
        setWrappedText(m_estimate, tr("Cannot run on this drive (see below)."));
        return;
    }
    const auto plan = recoveryPreset(m_preset->currentData().toString());
    const DriveInfo &info = drive().info;
    const RunEstimate recovery = estimateRecovery(plan.value_or(RecoveryPlan{}), info);
    const RunEstimate fill = estimateFillCurve(FillCurvePlan{}, info);
    const StallPlan stallPlan = stall::resolveStallPlan({}, info.sizeBytes);
    setWrappedText(m_estimate,
                   tr("On %1 the write-recovery test takes %2.<br>The sequential fill "
                      "takes %3.<br>The stall test takes about %4 plus its discards, after "
                      "writing %5.<br><small>%6</small>")
                       .arg(info.displayName().toHtmlEscaped(), estimateText(recovery),
                            estimateText(fill), formatDuration(stall::plannedSeconds(stallPlan)),
                            formatBytes(stallPlan.readRegionBytes + stallPlan.discardRegionBytes),
                            estimateAssumption()));
}

Error RecoveryTab::show(const AnyResult &result)
{
    if (const auto *stallResult = std::get_if<StallResult>(&result)) {
        m_stall->setData(stallChartData(*stallResult));
        fillTable(m_table, stallTable(*stallResult));
        setWrappedText(summary(), stallSummary(*stallResult));
        m_views->setCurrentWidget(m_stall);
        return {};
    }
    if (const auto *fill = std::get_if<FillCurveResult>(&result)) {
        m_curve->setData(fillCurveChartData(*fill));
        setWrappedText(summary(), fillCurveSummary(*fill));
        m_views->setCurrentWidget(m_curve);
        return {};
    }
    const auto *recovery = std::get_if<RecoveryResult>(&result);
    if (!recovery)
        return makeError(ErrorCode::InvalidArgument,
                         tr("This is a %1 result, not a write-recovery test's, a fill "
                            "curve's or a stall test's.")
                             .arg(resultWhat(result)));
    m_bars->setData(recoveryChartData(*recovery));
    fillTable(m_table, recoveryTable(*recovery));
    setWrappedText(summary(), recoverySummary(*recovery));
    m_views->setCurrentWidget(m_bars);
    return {};
}

void RecoveryTab::clearViews()
{
    m_bars->setData(recoveryChartData({}));
    m_curve->setData(fillCurveChartData({}));
    m_stall->setData(stallChartData({}));
    fillTable(m_table, {});
}

} // namespace trimscope::gui
