#include "recoverytab.h"

#include "appsettings.h"
#include "chart/barchart.h"
#include "chart/curvechart.h"
#include "results/fsresultview.h"
#include "results/recoveryview.h"
#include "tablefill.h"

#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QTabWidget>
#include <QVBoxLayout>

namespace trimscope::gui {

using namespace trimscope::recovery;

RecoveryTab::RecoveryTab(QWidget *parent)
    : QWidget(parent), m_preset(new QComboBox(this)), m_estimate(new QLabel(this)),
      m_summary(new QLabel(this)), m_views(new QTabWidget(this)), m_bars(new BarChart(this)),
      m_curve(new CurveChart(this)), m_table(new QTableWidget(this)),
      m_open(new QPushButton(tr("&Open result…"), this)),
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
    m_preset->setCurrentIndex(std::max(
        0, m_preset->findData(
               appSettings()->value(QStringLiteral("recovery/preset"), QStringLiteral("quick")))));
    m_run->setEnabled(false);
    m_run->setToolTip(tr("Running the write-recovery test needs the TrimScope helper (coming). "
                         "Until then run \"trimscope-cli recovery DEVICE --destroy-data --json "
                         "FILE\" (or fill-curve) and open the file here."));
    m_open->setToolTip(tr("A result of \"trimscope-cli recovery\" or \"trimscope-cli "
                          "fill-curve\" (JSON)."));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_views->setDocumentMode(true);
    m_views->addTab(m_bars, tr("&Degradation and recovery"));
    m_views->addTab(m_curve, tr("Sequential &fill"));
    m_views->addTab(m_table, tr("T&able"));

    auto *form = new QFormLayout;
    form->addRow(tr("&Preset:"), m_preset);
    form->addRow(tr("Cost:"), m_estimate);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_open);
    buttons->addWidget(m_run);
    buttons->addStretch(1);
    buttons->addWidget(m_exportChart);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addLayout(buttons);
    layout->addWidget(m_summary);
    layout->addWidget(m_views, 1);

    m_summary->setText(tr("No result yet. Open the JSON of a write-recovery test or a "
                          "sequential fill."));
    m_bars->setData(recoveryChartData({}));
    m_curve->setData(fillCurveChartData({}));
    connect(m_preset, &QComboBox::currentIndexChanged, this, [this] {
        appSettings()->setValue(QStringLiteral("recovery/preset"), m_preset->currentData());
        updateEstimate();
    });
    connect(m_open, &QPushButton::clicked, this, &RecoveryTab::openClicked);
    connect(m_exportChart, &QPushButton::clicked, this, &RecoveryTab::exportChartRequested);
    updateEstimate();
}

ChartWidget *RecoveryTab::currentChart() const
{
    return m_views->currentWidget() == m_curve ? static_cast<ChartWidget *>(m_curve)
                                               : static_cast<ChartWidget *>(m_bars);
}

void RecoveryTab::setDrive(const DriveEntry &drive)
{
    m_drive = drive;
    updateEstimate();
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
    m_estimate->setText(tr("On %1 the write-recovery test takes %2.<br>The sequential fill "
                           "takes %3.<br><small>%4</small>")
                            .arg(drive.displayName().toHtmlEscaped(), estimateText(recovery),
                                 estimateText(fill), estimateAssumption()));
}

Error RecoveryTab::openResult(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return makeError(ErrorCode::IoError,
                         tr("Cannot read %1: %2").arg(path, file.errorString()));
    const QByteArray bytes = file.readAll();
    const QString schema = resultSchemaOf(bytes);
    if (schema == QLatin1String(kFillCurveSchemaId)) {
        auto result = fillCurveResultFromJson(bytes);
        if (!result)
            return result.error();
        m_curve->setData(fillCurveChartData(*result));
        m_summary->setText(fillCurveSummary(*result));
        m_views->setCurrentWidget(m_curve);
        return {};
    }
    auto result = recoveryResultFromJson(bytes);
    if (!result)
        return result.error();
    m_bars->setData(recoveryChartData(*result));
    fillTable(m_table, recoveryTable(*result));
    m_summary->setText(recoverySummary(*result));
    m_views->setCurrentWidget(m_bars);
    return {};
}

void RecoveryTab::openClicked()
{
    auto settings = appSettings();
    const QString dir =
        settings->value(QStringLiteral("results/dir"), QDir::homePath()).toString();
    const QString path = QFileDialog::getOpenFileName(this, tr("Open write-recovery result"), dir,
                                                      tr("TrimScope results (*.json)"));
    if (path.isEmpty())
        return;
    settings->setValue(QStringLiteral("results/dir"), QFileInfo(path).absolutePath());
    if (const Error error = openResult(path); error.isError())
        emit message(tr("Not opened: %1").arg(error.message));
}

} // namespace trimscope::gui
