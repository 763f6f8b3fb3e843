#include "comparetab.h"

#include "chart/trimchart.h"
#include "report/atomicfile.h"
#include "report/resultfile.h"

#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QSplitter>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace trimscope::gui {

namespace {
constexpr int kPathRole = Qt::UserRole + 1;
}

CompareTab::CompareTab(RunStore store, QWidget *parent)
    : QWidget(parent), m_store(std::move(store)), m_list(new QListWidget(this)),
      m_metric(new QComboBox(this)), m_latency(new TrimChart(ChartMetric::Latency, this)),
      m_throughput(new TrimChart(ChartMetric::Throughput, this)),
      m_import(new QPushButton(tr("&Import…"), this)),
      m_export(new QPushButton(tr("E&xport selected…"), this)),
      m_delete(new QPushButton(tr("De&lete"), this)),
      m_exportChart(new QPushButton(tr("Export c&hart…"), this))
{
    m_chart = m_latency;
    m_list->setObjectName(QStringLiteral("savedRuns"));
    m_list->setAccessibleName(tr("Saved runs"));
    m_list->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_metric->addItem(tr("TRIM time"));
    m_metric->addItem(tr("Throughput"));
    const QString title = tr("TRIM time by discard size, compared");
    m_latency->setTitle(title);
    m_throughput->setTitle(tr("TRIM throughput by discard size, compared"));

    auto *hint = new QLabel(tr("Tick the runs to overlay:"), this);
    hint->setBuddy(m_list);
    auto *left = new QWidget(this);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(hint);
    leftLayout->addWidget(m_list, 1);
    auto *grid = new QHBoxLayout;
    grid->addWidget(m_import);
    grid->addWidget(m_export);
    grid->addWidget(m_delete);
    leftLayout->addLayout(grid);

    auto *stack = new QStackedWidget(this);
    stack->addWidget(m_latency);
    stack->addWidget(m_throughput);
    auto *right = new QWidget(this);
    auto *rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    auto *top = new QHBoxLayout;
    auto *showLabel = new QLabel(tr("&Show:"), this);
    showLabel->setBuddy(m_metric);
    top->addWidget(showLabel);
    top->addWidget(m_metric);
    top->addStretch(1);
    top->addWidget(m_exportChart);
    rightLayout->addLayout(top);
    rightLayout->addWidget(stack, 1);

    // Runs above, chart below: the chart gets the full width its legend needs.
    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(left);
    splitter->addWidget(right);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({160, 600});
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(splitter);

    connect(m_list, &QListWidget::itemChanged, this, &CompareTab::redraw);
    connect(m_metric, &QComboBox::currentIndexChanged, this, [this, stack](int index) {
        stack->setCurrentIndex(index);
        m_chart = index == 1 ? m_throughput : m_latency;
    });
    connect(m_import, &QPushButton::clicked, this, &CompareTab::importRuns);
    connect(m_export, &QPushButton::clicked, this, &CompareTab::exportRuns);
    connect(m_delete, &QPushButton::clicked, this, &CompareTab::deleteRuns);
    connect(m_exportChart, &QPushButton::clicked, this, &CompareTab::exportChartRequested);
    reload();
}

void CompareTab::reload()
{
    const QStringList checked = checkedPaths();
    const QSignalBlocker blocker(m_list);
    m_list->clear();
    for (const StoredRun &run : m_store.list()) {
        auto *item = new QListWidgetItem(run.label(), m_list);
        item->setData(kPathRole, run.path);
        item->setToolTip(run.path);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(checked.contains(run.path) ? Qt::Checked : Qt::Unchecked);
    }
    redraw();
}

void CompareTab::setChecked(const QString &path, bool checked)
{
    for (int i = 0; i < m_list->count(); ++i) {
        QListWidgetItem *item = m_list->item(i);
        if (item->data(kPathRole).toString() == path)
            item->setCheckState(checked ? Qt::Checked : Qt::Unchecked);
    }
}

QStringList CompareTab::checkedPaths() const
{
    QStringList paths;
    for (int i = 0; i < m_list->count(); ++i) {
        if (m_list->item(i)->checkState() == Qt::Checked)
            paths.append(m_list->item(i)->data(kPathRole).toString());
    }
    return paths;
}

void CompareTab::redraw()
{
    // A new selection is a new chart; only a live run grows one in place.
    m_latency->clear();
    m_throughput->clear();
    for (const QString &path : checkedPaths()) {
        const Expected<SweepResult> result = RunStore::load(path);
        if (!result) {
            emit message(tr("Cannot open %1: %2").arg(path, result.error().message));
            continue;
        }
        const QString label = runLabel(*result, true);
        m_latency->addRun(label, result->points);
        m_throughput->addRun(label, result->points);
    }
    m_exportChart->setEnabled(m_latency->seriesCount() > 0);
}

Expected<QString> CompareTab::importFile(const QString &path)
{
    Expected<QString> stored = m_store.import(path);
    if (stored) {
        reload();
        setChecked(*stored, true);
    }
    return stored;
}

void CompareTab::importRuns()
{
    const QStringList files = QFileDialog::getOpenFileNames(
        this, tr("Import runs"), QDir::homePath(), tr("TrimScope runs (*.json)"));
    for (const QString &file : files) {
        const Expected<QString> stored = importFile(file);
        if (!stored)
            QMessageBox::warning(this, tr("Import failed"),
                                 tr("%1 is not a TrimScope run: %2")
                                     .arg(QFileInfo(file).fileName(), stored.error().message));
    }
}

void CompareTab::exportRuns()
{
    const QList<QListWidgetItem *> selected = m_list->selectedItems();
    if (selected.isEmpty()) {
        emit message(tr("Select the runs to export in the list first."));
        return;
    }
    const QString dir =
        QFileDialog::getExistingDirectory(this, tr("Export runs to"), QDir::homePath());
    if (dir.isEmpty())
        return;
    for (const QListWidgetItem *item : selected) {
        const QString from = item->data(kPathRole).toString();
        const QString to = QDir(dir).filePath(QFileInfo(from).fileName());
        if (!QFile::copy(from, to))
            QMessageBox::warning(this, tr("Export failed"), tr("Cannot write %1.").arg(to));
    }
}

void CompareTab::deleteRuns()
{
    const QList<QListWidgetItem *> selected = m_list->selectedItems();
    if (selected.isEmpty())
        return;
    if (QMessageBox::question(this, tr("Delete runs"),
                              tr("Delete %n saved run(s)?", nullptr, int(selected.size()))) !=
        QMessageBox::Yes)
        return;
    for (const QListWidgetItem *item : selected)
        m_store.remove(item->data(kPathRole).toString());
    reload();
}

} // namespace trimscope::gui
