#include "comparetab.h"

#include "appsettings.h"
#include "backends/errorwords.h"
#include "chart/chartstyle.h"
#include "chart/trimchart.h"
#include "common/units.h"
#include "common/atomicfile.h"
#include "savedruns.h"

#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPainter>
#include <QPushButton>
#include <QSplitter>
#include <QStackedWidget>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

namespace trimscope::gui {

namespace {
constexpr int kComparedRunPathRole = Qt::UserRole + 1;
// Beyond this many runs the spread bands hide each other; the lines stay.
constexpr int kMaxBands = 3;

QIcon swatchIcon(const SeriesStyle &style)
{
    QPixmap pixmap(28, 12);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    QPen pen(style.color);
    pen.setWidthF(2.5);
    pen.setStyle(style.line);
    pen.setCapStyle(Qt::FlatCap);
    painter.setPen(pen);
    painter.drawLine(QPointF(1, 6), QPointF(27, 6));
    return QIcon(pixmap);
}

QString sizesOf(const SweepResult &result)
{
    quint64 lo = 0, hi = 0;
    for (const SizePoint &point : result.points) {
        if (point.stats.count == 0)
            continue;
        lo = lo == 0 ? point.bytes : std::min(lo, point.bytes);
        hi = std::max(hi, point.bytes);
    }
    if (hi == 0)
        return CompareTab::tr("nothing measured");
    return lo == hi ? formatBytes(lo)
                    : CompareTab::tr("%1 to %2").arg(formatBytes(lo), formatBytes(hi));
}
} // namespace

CompareTab::CompareTab(SavedRuns *runs, QWidget *parent)
    : QWidget(parent), m_runs(runs ? runs : new SavedRuns(RunStore(), this)),
      m_list(new QTreeWidget(this)), m_metric(new QComboBox(this)),
      m_stack(new QStackedWidget(this)), m_latency(new TrimChart(ChartMetric::Latency, this)),
      m_throughput(new TrimChart(ChartMetric::Throughput, this)),
      m_importButton(new QPushButton(tr("&Import…"), this)),
      m_export(new QPushButton(tr("Cop&y files to…"), this)),
      m_delete(new QPushButton(tr("De&lete"), this)),
      m_exportChart(new QPushButton(tr("Export chart…"), this))
{
    m_chart = m_latency;
    m_list->setObjectName(QStringLiteral("savedRuns"));
    m_list->setAccessibleName(tr("Saved runs"));
    m_list->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_list->setRootIsDecorated(false);
    m_list->setUniformRowHeights(true);
    m_list->setAlternatingRowColors(true);
    m_list->setHeaderLabels(
        {tr("Run (tick to overlay)"), tr("Started"), tr("Outcome"), tr("Sizes")});
    m_list->header()->setStretchLastSection(false);
    m_list->header()->setSectionResizeMode(RunColumn, QHeaderView::Stretch);
    for (int c = DateColumn; c < ColumnCount; ++c)
        m_list->header()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    m_list->setIconSize(QSize(28, 12));
    m_metric->addItem(tr("TRIM time"));
    m_metric->addItem(tr("Throughput"));
    m_latency->setTitle(tr("TRIM time by discard size, compared"));
    m_throughput->setTitle(tr("TRIM throughput by discard size, compared"));
    // The run table above is the legend on screen; an export draws it under the chart.
    for (TrimChart *chart : {m_latency, m_throughput})
        chart->setLegendShown(false);
    m_export->setToolTip(tr("Copies the selected runs' JSON files to a folder."));

    auto *hint = new QLabel(tr("Saved &runs (the table is the chart's legend):"), this);
    hint->setBuddy(m_list);
    auto *left = new QWidget(this);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(hint);
    leftLayout->addWidget(m_list, 1);
    auto *grid = new QHBoxLayout;
    grid->addWidget(m_importButton);
    grid->addWidget(m_export);
    grid->addWidget(m_delete);
    grid->addStretch(1);
    leftLayout->addLayout(grid);

    m_stack->addWidget(m_latency);
    m_stack->addWidget(m_throughput);
    auto *right = new QWidget(this);
    auto *rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    auto *top = new QHBoxLayout;
    auto *showLabel = new QLabel(tr("&Chart shows:"), this);
    showLabel->setBuddy(m_metric);
    top->addWidget(showLabel);
    top->addWidget(m_metric);
    top->addStretch(1);
    top->addWidget(m_exportChart);
    rightLayout->addLayout(top);
    rightLayout->addWidget(m_stack, 1);

    m_splitter = new QSplitter(Qt::Vertical, this);
    m_splitter->addWidget(left);
    m_splitter->addWidget(right);
    m_splitter->setStretchFactor(1, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_splitter);
    connect(m_splitter, &QSplitter::splitterMoved, this, [this] { m_splitterMoved = true; });

    connect(m_list, &QTreeWidget::itemChanged, this, [this](QTreeWidgetItem *, int column) {
        if (column == RunColumn)
            redraw();
    });
    connect(m_metric, &QComboBox::currentIndexChanged, this, [this](int index) {
        m_chart = index == 1 ? m_throughput : m_latency;
        draw(m_chart);
        m_stack->setCurrentIndex(index);
    });
    connect(m_importButton, &QPushButton::clicked, this, &CompareTab::importClicked);
    connect(m_export, &QPushButton::clicked, this, &CompareTab::exportRuns);
    connect(m_delete, &QPushButton::clicked, this, &CompareTab::deleteRuns);
    connect(m_exportChart, &QPushButton::clicked, this, &CompareTab::exportChartRequested);
    connect(&m_import, &QFutureWatcher<QList<ImportOutcome>>::finished, this,
            &CompareTab::onImported);
    connect(m_runs, &SavedRuns::changed, this, &CompareTab::fill);
    if (m_runs->isListed())
        fill();
}

void CompareTab::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    // Shown at start (the tab of the last session): its frame first, the runs after it.
    m_runs->list();
}

void CompareTab::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    // Until the user moves it, the run table (the legend: a few rows, then it scrolls) takes a
    // third of the height and the chart the rest. Fixed pixel sizes left the chart 190 of the
    // 455 pixels at 800×538, with the table's one row above 120 empty ones.
    if (!m_splitterMoved) {
        const int height = m_splitter->height();
        m_splitter->setSizes({height / 3, height - height / 3});
    }
}

CompareTab::~CompareTab()
{
    m_import.waitForFinished();
}

QString CompareTab::legendLabel(const StoredRun &run, const QString &date)
{
    QString label = tr("%1, %2").arg(run.driveName(), date);
    if (run.isDiagnosis())
        label = tr("%1, diagnosis").arg(label);
    if (run.readable && run.curve.value_or(run.stopReason) != StopReason::Completed)
        label = tr("%1 (%2)").arg(label, run.curveOutcome());
    return label;
}

bool CompareTab::isListing() const
{
    return m_runs->isListing();
}

const RunStore &CompareTab::store() const
{
    return m_runs->store();
}

QList<CompareTab::Row> CompareTab::rowsOf(const QList<StoredRun> &all)
{
    QList<StoredRun> runs;
    for (const StoredRun &run : all) {
        // Every measured curve: benchmark runs and the sweeps of diagnoses.
        if (!run.readable || run.curve)
            runs.append(run);
    }
    const QStringList dates = distinctDates(runs);
    QList<Row> rows;
    rows.reserve(runs.size());
    for (qsizetype i = 0; i < runs.size(); ++i) {
        const StoredRun &run = runs.at(i);
        Row row{run,
                run.isDiagnosis() ? tr("%1 (diagnosis)").arg(run.driveName()) : run.driveName(),
                dates.at(i),
                run.curveOutcome(),
                {},
                QStringLiteral("%1\n%2").arg(legendLabel(run, dates.at(i)), run.path)};
        if (const Expected<SweepResult> result = RunStore::load(run.path))
            row.sizes = sizesOf(*result);
        rows.append(row);
    }
    return rows;
}

void CompareTab::fill()
{
    // Every file was parsed when it was listed (or kept): wording the rows reads none again.
    const QList<Row> rows = rowsOf(m_runs->runs());
    QStringList checked = checkedPaths();
    for (const Row &row : rows) {
        if (m_toTick.removeAll(row.run.path) > 0)
            checked.append(row.run.path);
    }
    m_rows = rows;
    QList<QTreeWidgetItem *> items;
    items.reserve(rows.size());
    for (const Row &row : rows) {
        auto *item = new QTreeWidgetItem;
        item->setText(RunColumn, row.name);
        item->setText(DateColumn, row.date);
        item->setText(OutcomeColumn, row.outcome);
        item->setText(SizesColumn, row.sizes);
        item->setData(RunColumn, kComparedRunPathRole, row.run.path);
        item->setToolTip(RunColumn, row.tooltip);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(RunColumn,
                            checked.contains(row.run.path) ? Qt::Checked : Qt::Unchecked);
        if (!row.run.readable)
            item->setFlags(item->flags() & ~Qt::ItemIsUserCheckable);
        items.append(item);
    }
    {
        const QSignalBlocker blocker(m_list);
        m_list->clear();
        m_list->addTopLevelItems(items); // one insert: hundreds of rows lay out once
    }
    redraw();
}

void CompareTab::setChecked(const QString &path, bool checked)
{
    m_toTick.removeAll(path);
    bool listed = false;
    for (int i = 0; i < m_list->topLevelItemCount(); ++i) {
        QTreeWidgetItem *item = m_list->topLevelItem(i);
        if (item->data(RunColumn, kComparedRunPathRole).toString() == path) {
            item->setCheckState(RunColumn, checked ? Qt::Checked : Qt::Unchecked);
            listed = true;
        }
    }
    if (checked && !listed)
        m_toTick.append(path); // when the runs are listed
}

QStringList CompareTab::checkedPaths() const
{
    QStringList paths;
    for (int i = 0; i < m_list->topLevelItemCount(); ++i) {
        if (m_list->topLevelItem(i)->checkState(RunColumn) == Qt::Checked)
            paths.append(m_list->topLevelItem(i)->data(RunColumn, kComparedRunPathRole).toString());
    }
    return paths;
}

void CompareTab::assignStyles()
{
    const QStringList paths = checkedPaths();
    m_styles.removeIf([&](const auto &entry) { return !paths.contains(entry.key()); });
    for (const QString &path : paths) {
        if (m_styles.contains(path))
            continue;
        int free = 0;
        while (std::find(m_styles.cbegin(), m_styles.cend(), free) != m_styles.cend())
            ++free;
        m_styles.insert(path, free);
    }
}

void CompareTab::redraw()
{
    assignStyles();
    // Only the chart on screen is drawn now; the other follows when it is shown.
    m_stale = {m_latency, m_throughput};
    draw(m_chart);
    m_exportChart->setEnabled(!checkedPaths().isEmpty());
    updateSwatches();
}

void CompareTab::draw(TrimChart *chart)
{
    if (!m_stale.removeOne(chart))
        return;
    // Every file was parsed when it was listed: this only draws.
    const QStringList paths = checkedPaths();
    chart->clear();
    chart->setBandsVisible(paths.size() <= kMaxBands);
    for (const Row &row : std::as_const(m_rows)) {
        const StoredRun &run = row.run;
        if (!paths.contains(run.path))
            continue;
        const Expected<SweepResult> result = RunStore::load(run.path);
        if (!result) {
            emit message(fileErrorInWords(run.path, result.error()));
            continue;
        }
        chart->addRun(legendLabel(run, row.date), result->points, m_styles.value(run.path, -1));
    }
}

void CompareTab::updateSwatches()
{
    const QSignalBlocker blocker(m_list);
    for (int i = 0; i < m_list->topLevelItemCount(); ++i) {
        QTreeWidgetItem *item = m_list->topLevelItem(i);
        const QString path = item->data(RunColumn, kComparedRunPathRole).toString();
        const bool shown = item->checkState(RunColumn) == Qt::Checked && m_styles.contains(path);
        item->setIcon(RunColumn, shown ? swatchIcon(seriesStyle(m_styles.value(path))) : QIcon());
    }
}

Expected<ImportedRun> CompareTab::importFile(const QString &path)
{
    Expected<ImportedRun> stored = m_runs->store().import(path);
    if (stored) {
        m_toTick.append(stored->path);
        m_runs->kept(stored->path);
    }
    return stored;
}

void CompareTab::importFiles(const QStringList &paths)
{
    if (isImporting() || paths.isEmpty())
        return;
    emit message(tr("Importing %Ln run file(s)…", nullptr, int(paths.size())));
    m_importButton->setEnabled(false);
    // Parsing and copying happen off the UI thread; the cache keeps what was parsed.
    m_import.setFuture(QtConcurrent::run([store = m_runs->store(), paths] {
        QList<ImportOutcome> outcomes;
        for (const QString &path : paths) {
            const Expected<AnyResult> read = RunStore::loadAny(path);
            if (!read) {
                outcomes.append({path, std::nullopt, fileErrorInWords(path, read.error())});
                continue;
            }
            if (!curveOf(*read)) {
                outcomes.append(
                    {path, std::nullopt,
                     wrongKindInWords(path, resultWhat(*read), tr("TRIM benchmark run"))});
                continue;
            }
            const Expected<ImportedRun> stored = store.import(*read);
            if (stored)
                outcomes.append({path, *stored, QString()});
            else
                outcomes.append({path, std::nullopt, errorInWords(stored.error())});
        }
        return outcomes;
    }));
}

void CompareTab::onImported()
{
    m_importButton->setEnabled(true);
    const QList<ImportOutcome> outcomes = m_import.result();
    int added = 0, already = 0;
    QStringList errors;
    QStringList stored;
    for (const ImportOutcome &outcome : outcomes) {
        if (!outcome.stored) {
            errors.append(outcome.error);
            continue;
        }
        (outcome.stored->alreadyStored ? already : added) += 1;
        stored.append(outcome.stored->path);
    }
    m_toTick.append(stored);
    m_runs->kept(stored);
    QString text = tr("Imported %Ln run(s).", nullptr, added);
    if (already > 0)
        text += QLatin1Char(' ') + tr("%Ln run(s) were stored already and are ticked, not copied "
                                      "again.",
                                      nullptr, already);
    emit message(text);
    emit importFinished(added, already, errors);
    if (!errors.isEmpty() && isVisible())
        QMessageBox::warning(this, tr("Some files were not imported"),
                             errors.join(QStringLiteral("\n\n")));
}

void CompareTab::importClicked()
{
    const QStringList files = QFileDialog::getOpenFileNames(this, tr("Import runs"), userFilesDir(),
                                                            tr("TrimScope runs (*.json)"));
    importFiles(files);
}

void CompareTab::exportRuns()
{
    const QList<QTreeWidgetItem *> selected = m_list->selectedItems();
    if (selected.isEmpty()) {
        emit message(tr("Select the runs to copy in the table first."));
        return;
    }
    const QString dir =
        QFileDialog::getExistingDirectory(this, tr("Copy run files to"), userFilesDir());
    if (dir.isEmpty())
        return;
    for (const QTreeWidgetItem *item : selected) {
        const QString from = item->data(RunColumn, kComparedRunPathRole).toString();
        const QString to = QDir(dir).filePath(QFileInfo(from).fileName());
        if (QFile::exists(to) &&
            QMessageBox::question(this, tr("Replace file?"),
                                  tr("%1 exists already. Replace it?").arg(to)) != QMessageBox::Yes)
            continue;
        // Through the one atomic writer: the old file stays whole until the copy is.
        QFile source(from);
        const QByteArray bytes = source.open(QIODevice::ReadOnly) ? source.readAll() : QByteArray();
        const Error error = source.error() == QFileDevice::NoError
                                ? writeFileAtomically(to, bytes)
                                : Error{ErrorCode::IoError, source.errorString()};
        if (error.isError())
            QMessageBox::warning(this, tr("Copy failed"),
                                 tr("Cannot write %1.").arg(to) + QLatin1Char('\n') +
                                     error.message);
    }
}

void CompareTab::deleteRuns()
{
    const QList<QTreeWidgetItem *> selected = m_list->selectedItems();
    if (selected.isEmpty())
        return;
    // Named, so the person sees which runs go (the question gave only their number).
    QStringList names;
    for (const QTreeWidgetItem *item : selected)
        names.append(tr("%1, %2").arg(item->text(RunColumn), item->text(DateColumn)));
    QMessageBox question(QMessageBox::Question, tr("Delete runs"),
                         tr("Delete %Ln saved run(s)?", nullptr, int(selected.size())),
                         QMessageBox::Yes | QMessageBox::No, this);
    question.setObjectName(QStringLiteral("deleteRunsQuestion"));
    question.setInformativeText(names.join(QLatin1Char('\n')));
    question.setDefaultButton(QMessageBox::No); // Enter deletes nothing
    if (question.exec() != QMessageBox::Yes)
        return;
    QStringList deleted;
    for (const QTreeWidgetItem *item : selected) {
        const QString path = item->data(RunColumn, kComparedRunPathRole).toString();
        if (m_runs->store().remove(path))
            deleted.append(path);
    }
    m_runs->removed(deleted);
    emit runsDeleted();
}

} // namespace trimscope::gui
