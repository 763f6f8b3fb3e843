#include "recoverytab.h"

#include "appsettings.h"
#include "chart/barchart.h"
#include "chart/curvechart.h"
#include "jobpanel.h"
#include "results/recoveryview.h"
#include "tablefill.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QTabWidget>

namespace trimscope::gui {

using namespace trimscope::recovery;

RecoveryTab::RecoveryTab(RunStore store, QWidget *parent)
    : ExperimentTab(std::move(store),
                    {envelopeOf(RecoveryResult()).kind, envelopeOf(FillCurveResult()).kind},
                    {tr("&Run test…"), tr("Open write-recovery result"),
                     tr("A result of \"trimscope-cli recovery\" or \"trimscope-cli fill-curve\" "
                        "(JSON)."),
                     tr("write-recovery test or fill curve"),
                     tr("Or run \"trimscope-cli recovery DEVICE --destroy-data --json FILE\" (or "
                        "fill-curve) on a spare drive and open the file here.")},
                    parent),
      m_experiment(new QComboBox(this)), m_preset(new QComboBox(this)),
      m_estimate(new QLabel(this)), m_views(new QTabWidget(this)), m_bars(new BarChart(this)),
      m_curve(new CurveChart(this)), m_table(new QTableWidget(this))
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
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_views->setDocumentMode(true);
    m_views->addTab(m_bars, tr("Degradation and recovery"));
    m_views->addTab(m_curve, tr("Sequential fill"));
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
    return m_views->currentWidget() == m_curve ? static_cast<ChartWidget *>(m_curve)
                                               : static_cast<ChartWidget *>(m_bars);
}

JobPlan RecoveryTab::runPlan() const
{
    if (m_experiment->currentData() == jobKind(FillCurvePlan()))
        return FillCurvePlan{};
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
    return std::holds_alternative<FillCurvePlan>(plan) ? tr("sequential fill")
                                                       : tr("write-recovery test");
}

QString RecoveryTab::confirmHeadline(const JobPlan &plan) const
{
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
        m_estimate->setText(tr("Select a drive to see what the test would cost."));
        return;
    }
    // A cost is only worth reading for a test that can run.
    if (const QString why = jobPanel()->whyNot(runPlan()); !why.isEmpty()) {
        m_estimate->setText(tr("Cannot run on this drive (see below)."));
        return;
    }
    const auto plan = recoveryPreset(m_preset->currentData().toString());
    const DriveInfo &info = drive().info;
    const RunEstimate recovery = estimateRecovery(plan.value_or(RecoveryPlan{}), info);
    const RunEstimate fill = estimateFillCurve(FillCurvePlan{}, info);
    m_estimate->setText(tr("On %1 the write-recovery test takes %2.<br>The sequential fill "
                           "takes %3.<br><small>%4</small>")
                            .arg(info.displayName().toHtmlEscaped(), estimateText(recovery),
                                 estimateText(fill), estimateAssumption()));
}

Error RecoveryTab::show(const AnyResult &result)
{
    if (const auto *fill = std::get_if<FillCurveResult>(&result)) {
        m_curve->setData(fillCurveChartData(*fill));
        summary()->setText(fillCurveSummary(*fill));
        m_views->setCurrentWidget(m_curve);
        return {};
    }
    const auto *recovery = std::get_if<RecoveryResult>(&result);
    if (!recovery)
        return makeError(ErrorCode::InvalidArgument,
                         tr("This is a %1 result, not a write-recovery test's or a fill "
                            "curve's.")
                             .arg(resultWhat(result)));
    m_bars->setData(recoveryChartData(*recovery));
    fillTable(m_table, recoveryTable(*recovery));
    summary()->setText(recoverySummary(*recovery));
    m_views->setCurrentWidget(m_bars);
    return {};
}

void RecoveryTab::clearViews()
{
    m_bars->setData(recoveryChartData({}));
    m_curve->setData(fillCurveChartData({}));
    fillTable(m_table, {});
}

} // namespace trimscope::gui
