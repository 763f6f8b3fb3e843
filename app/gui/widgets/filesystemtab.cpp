#include "filesystemtab.h"

#include "advice/advicetext.h"
#include "appsettings.h"
#include "chart/barchart.h"
#include "common/units.h"
#include "fsbench/synthetictree.h"
#include "results/fsresultview.h"
#include "tablefill.h"
#include "wraptext.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <algorithm>

namespace trimscope::gui {

namespace {
// The figures under the chart ask for a header and two rows, not QTableView's 192 pixels: the
// page's scroll area sizes the page by its layout's preferred heights (heightForWidth), and that
// hint made the page 90-104 px taller than the tab at 1366×768 and 1024×768, the chart's phase
// names on the page's bottom edge, its legend and this table below it (issue 47's screenshots).
// The splitter still gives the table a quarter of the room there is.
class FiguresTable : public QTableWidget
{
public:
    using QTableWidget::QTableWidget;
    QSize sizeHint() const override
    {
        const int rows = horizontalHeader()->sizeHint().height() +
                         2 * verticalHeader()->defaultSectionSize() + 2 * frameWidth();
        return {QTableWidget::sizeHint().width(), std::max(rows, minimumSizeHint().height())};
    }
};
} // namespace

FilesystemTab::FilesystemTab(SavedRuns *runs, QWidget *parent)
    : ExperimentTab(
          runs,
          {envelopeOf(fsbench::FsBenchResult()).kind, envelopeOf(fsbench::MkfsTimingResult()).kind},
          {tr("&Run experiment…"), tr("Open filesystem result"),
           tr("A result of \"trimscope-cli fsbench\" or \"trimscope-cli mkfs-timing\" "
              "(JSON)."),
           tr("filesystem experiment"),
           tr("Or run \"trimscope-cli fsbench DEVICE --destroy-data --json FILE\" on a "
              "spare drive and open the file here.")},
          parent),
      m_experiment(new QComboBox(this)), m_preset(new QComboBox(this)), m_chart(new BarChart(this)),
      m_table(new FiguresTable(this)), m_simulatedNote(new QLabel(this))
{
    runButton()->setObjectName(QStringLiteral("fsRun"));
    summary()->setObjectName(QStringLiteral("fsSummary"));
    m_experiment->setObjectName(QStringLiteral("fsExperiment"));
    m_preset->setObjectName(QStringLiteral("fsPreset"));
    m_experiment->addItem(tr("Deleting a file tree (online discard against fstrim)"),
                          jobKind(fsbench::FsBenchPlan()));
    m_experiment->addItem(tr("mkfs with and without its whole-device discard"),
                          jobKind(fsbench::MkfsTimingPlan()));
    // The presets' sizes as the presets hold them, through the one formatter (the result's
    // summary says "500 files, 3.81 MiB" of the same tree).
    const auto sizedPreset = [this](const QString &name, const QString &words) {
        const fsbench::TreeSpec tree = *fsbench::treePreset(name);
        m_preset->addItem(words.arg(formatCount(tree.files), formatBytes(tree.bytes)), name);
    };
    sizedPreset(QStringLiteral("tiny"), tr("tiny (%1 files, %2)"));
    sizedPreset(QStringLiteral("quick"), tr("quick (%1 files, %2)"));
    m_preset->addItem(tr("kernel (a kernel source tree's shape)"), QStringLiteral("kernel"));
    m_preset->setCurrentIndex(
        std::max(0, m_preset->findData(appSettings()->value(QStringLiteral("filesystems/preset"),
                                                            QStringLiteral("quick")))));
    auto *fsRow = new QHBoxLayout;
    for (const QString &name : fsbench::knownFilesystems()) {
        // Named as every other text names it ("XFS"); the plan takes the kernel's name.
        auto *box = new QCheckBox(advice::fsDisplay(name), this);
        box->setObjectName(QStringLiteral("fs-") + name);
        box->setProperty("filesystem", name);
        box->setChecked(true);
        m_filesystems.append(box);
        fsRow->addWidget(box);
        connect(box, &QCheckBox::toggled, this, &FilesystemTab::updateRunControls);
    }
    fsRow->addStretch(1);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setAlternatingRowColors(true);

    choices()->addRow(tr("E&xperiment:"), m_experiment);
    choices()->addRow(tr("Filesystems:"), fsRow);
    choices()->addRow(tr("F&ile tree:"), m_preset);
    m_simulatedNote->setObjectName(QStringLiteral("fsSimulatedNote"));
    m_simulatedNote->setWordWrap(true);
    setWrappedText(
        m_simulatedNote,
        tr("<b>Simulated drive:</b> no filesystem is made. The discards ext4 and XFS are "
           "recorded to send when deleting such a tree, and fstrim's over the free space, are "
           "replayed against this drive's latency model (btrfs has no record and is skipped)."));
    m_simulatedNote->hide();
    choices()->addRow(m_simulatedNote);
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_chart);
    split->addWidget(m_table);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    setViews(split);

    connect(m_experiment, &QComboBox::currentIndexChanged, this, &FilesystemTab::updateRunControls);
    connect(m_preset, &QComboBox::currentIndexChanged, this, [this] {
        appSettings()->setValue(QStringLiteral("filesystems/preset"), m_preset->currentData());
    });
    updateRunControls();
}

ChartWidget *FilesystemTab::currentChart() const
{
    return m_chart;
}

QCheckBox *FilesystemTab::filesystemBox(const QString &name) const
{
    for (QCheckBox *box : m_filesystems)
        if (box->property("filesystem").toString() == name)
            return box;
    return nullptr;
}

JobPlan FilesystemTab::runPlan() const
{
    QStringList filesystems;
    for (const QCheckBox *box : m_filesystems)
        if (box->isChecked())
            filesystems.append(box->property("filesystem").toString());
    if (m_experiment->currentData() == jobKind(fsbench::MkfsTimingPlan())) {
        fsbench::MkfsTimingPlan plan;
        plan.filesystems = filesystems;
        return plan;
    }
    fsbench::FsBenchPlan plan;
    plan.filesystems = filesystems;
    plan.tree = fsbench::treePreset(m_preset->currentData().toString()).value_or(plan.tree);
    return plan;
}

QString FilesystemTab::choicesInvalid() const
{
    for (const QCheckBox *box : m_filesystems)
        if (box->isChecked())
            return QString();
    return tr("Choose at least one filesystem.");
}

void FilesystemTab::updateChoices(bool running)
{
    m_experiment->setEnabled(!running);
    m_preset->setEnabled(!running && std::holds_alternative<fsbench::FsBenchPlan>(runPlan()));
    for (QCheckBox *box : m_filesystems)
        box->setEnabled(!running);
    m_simulatedNote->setVisible(drive().info.simulated);
}

QString FilesystemTab::runWhat(const JobPlan &plan) const
{
    return std::holds_alternative<fsbench::MkfsTimingPlan>(plan) ? tr("mkfs timing")
                                                                 : tr("filesystem experiment");
}

QString FilesystemTab::confirmHeadline(const JobPlan &plan) const
{
    return std::holds_alternative<fsbench::MkfsTimingPlan>(plan)
               ? tr("Timing mkfs destroys all data on this drive.")
               : tr("The filesystem experiment destroys all data on this drive.");
}

Error FilesystemTab::show(const AnyResult &result)
{
    std::optional<FsResultView> view;
    if (const auto *fs = std::get_if<fsbench::FsBenchResult>(&result))
        view = fsResultView(*fs);
    else if (const auto *mkfs = std::get_if<fsbench::MkfsTimingResult>(&result))
        view = fsResultView(*mkfs);
    else
        return makeError(
            ErrorCode::InvalidArgument,
            tr("This is a %1 result, not a filesystem experiment's.").arg(resultWhat(result)));
    setWrappedText(summary(), view->summary);
    m_chart->setData(view->chart);
    fillTable(m_table, view->table);
    return {};
}

void FilesystemTab::clearViews()
{
    m_chart->setData({});
    fillTable(m_table, {});
}

} // namespace trimscope::gui
