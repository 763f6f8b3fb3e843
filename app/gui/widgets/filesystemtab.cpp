#include "filesystemtab.h"

#include "appsettings.h"
#include "chart/barchart.h"
#include "common/inputfile.h"
#include "jobpanel.h"
#include "report/resultfile.h"
#include "results/fsresultview.h"
#include "tablefill.h"

#include <QCheckBox>
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
#include <QSplitter>
#include <QVBoxLayout>

namespace trimscope::gui {

FilesystemTab::FilesystemTab(QWidget *parent)
    : QWidget(parent), m_experiment(new QComboBox(this)), m_preset(new QComboBox(this)),
      m_job(new JobPanel(this)), m_summary(new QLabel(this)), m_chart(new BarChart(this)),
      m_table(new QTableWidget(this)), m_open(new QPushButton(tr("&Open result…"), this)),
      m_run(new QPushButton(tr("&Run experiment…"), this)),
      m_exportChart(new QPushButton(tr("Export c&hart…"), this))
{
    m_summary->setObjectName(QStringLiteral("fsSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_run->setObjectName(QStringLiteral("fsRun"));
    m_experiment->setObjectName(QStringLiteral("fsExperiment"));
    m_preset->setObjectName(QStringLiteral("fsPreset"));
    m_experiment->addItem(tr("Deleting a file tree (online discard against fstrim)"),
                          jobKind(fsbench::FsBenchPlan()));
    m_experiment->addItem(tr("mkfs with and without its whole-device discard"),
                          jobKind(fsbench::MkfsTimingPlan()));
    m_preset->addItem(tr("tiny (500 files, 4 MB)"), QStringLiteral("tiny"));
    m_preset->addItem(tr("quick (2000 files, 20 MB)"), QStringLiteral("quick"));
    m_preset->addItem(tr("kernel (a kernel source tree's shape)"), QStringLiteral("kernel"));
    m_preset->setCurrentIndex(
        std::max(0, m_preset->findData(appSettings()->value(QStringLiteral("filesystems/preset"),
                                                            QStringLiteral("quick")))));
    auto *fsRow = new QHBoxLayout;
    for (const QString &name : fsbench::knownFilesystems()) {
        auto *box = new QCheckBox(name, this);
        box->setObjectName(QStringLiteral("fs-") + name);
        box->setChecked(true);
        m_filesystems.append(box);
        fsRow->addWidget(box);
        connect(box, &QCheckBox::toggled, this, &FilesystemTab::updateRunControls);
    }
    fsRow->addStretch(1);
    m_open->setToolTip(tr("A result of \"trimscope-cli fsbench\" or \"trimscope-cli "
                          "mkfs-timing\" (JSON)."));
    m_exportChart->setEnabled(false);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setAlternatingRowColors(true);

    auto *runBox = new QGroupBox(tr("Run on the selected drive"), this);
    auto *form = new QFormLayout;
    form->addRow(tr("E&xperiment:"), m_experiment);
    form->addRow(tr("Filesystems:"), fsRow);
    form->addRow(tr("File &tree:"), m_preset);
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
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_chart);
    split->addWidget(m_table);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(runBox);
    layout->addLayout(buttons);
    layout->addWidget(m_summary);
    layout->addWidget(split, 1);

    m_summary->setText(tr("No result yet. Open the JSON of a filesystem experiment: what "
                          "deleting a file tree costs with online discard against fstrim, and "
                          "what mkfs's whole-device discard costs."));
    connect(m_open, &QPushButton::clicked, this, &FilesystemTab::openClicked);
    connect(m_run, &QPushButton::clicked, this, [this] { runExperiment(); });
    connect(m_experiment, &QComboBox::currentIndexChanged, this, &FilesystemTab::updateRunControls);
    connect(m_preset, &QComboBox::currentIndexChanged, this, [this] {
        appSettings()->setValue(QStringLiteral("filesystems/preset"), m_preset->currentData());
    });
    connect(m_job, &JobPanel::message, this, &FilesystemTab::message);
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
    connect(m_exportChart, &QPushButton::clicked, this, &FilesystemTab::exportChartRequested);
}

void FilesystemTab::setDrive(const DriveEntry &drive, Backend *backend)
{
    m_job->setDrive(drive, backend); // results carry their own drive
    updateRunControls();
}

QCheckBox *FilesystemTab::filesystemBox(const QString &name) const
{
    for (QCheckBox *box : m_filesystems)
        if (box->text() == name)
            return box;
    return nullptr;
}

JobPlan FilesystemTab::runPlan() const
{
    QStringList filesystems;
    for (const QCheckBox *box : m_filesystems)
        if (box->isChecked())
            filesystems.append(box->text());
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

void FilesystemTab::updateRunControls()
{
    bool anyFilesystem = false;
    for (const QCheckBox *box : m_filesystems)
        anyFilesystem |= box->isChecked();
    const bool running = m_job->isRunning();
    const JobPlan plan = runPlan();
    m_run->setEnabled(m_job->canRun(plan) && anyFilesystem);
    m_run->setToolTip(
        m_job->canRun(plan)
            ? (anyFilesystem ? tr("Destroys all data on the drive; asks first.")
                             : tr("Choose at least one filesystem."))
            : m_job->whyNot(plan) +
                  (running ? QString()
                           : QLatin1Char(' ') + tr("Or run \"trimscope-cli fsbench DEVICE "
                                                   "--destroy-data --json FILE\" and open the "
                                                   "file here.")));
    m_experiment->setEnabled(!running);
    m_preset->setEnabled(!running && std::holds_alternative<fsbench::FsBenchPlan>(plan));
    for (QCheckBox *box : m_filesystems)
        box->setEnabled(!running);
}

bool FilesystemTab::runExperiment()
{
    return runExperiment(runPlan());
}

bool FilesystemTab::runExperiment(const JobPlan &plan)
{
    const bool mkfs = std::holds_alternative<fsbench::MkfsTimingPlan>(plan);
    return m_job->run(plan, mkfs ? tr("mkfs timing") : tr("filesystem experiment"),
                      mkfs ? tr("Timing mkfs destroys all data on this drive.")
                           : tr("The filesystem experiment destroys all data on this drive."));
}

Error FilesystemTab::openResult(const QString &path)
{
    const Expected<QByteArray> read = readInputFile(path, InputFileKind::Result);
    if (!read)
        return read.error();
    return showResult(*read);
}

Error FilesystemTab::showResult(const QByteArray &json)
{
    const Expected<AnyResult> result = readAnyResult(json);
    if (!result)
        return result.error();
    std::optional<FsResultView> view;
    if (const auto *fs = std::get_if<fsbench::FsBenchResult>(&*result))
        view = fsResultView(*fs);
    else if (const auto *mkfs = std::get_if<fsbench::MkfsTimingResult>(&*result))
        view = fsResultView(*mkfs);
    else
        return makeError(
            ErrorCode::InvalidArgument,
            tr("This is a %1 result, not a filesystem experiment's.").arg(resultWhat(*result)));
    m_summary->setText(view->summary);
    m_chart->setData(view->chart);
    fillTable(m_table, view->table);
    m_exportChart->setEnabled(true);
    return {};
}

void FilesystemTab::openClicked()
{
    auto settings = appSettings();
    const QString dir = settings->value(QStringLiteral("results/dir"), QDir::homePath()).toString();
    const QString path = QFileDialog::getOpenFileName(this, tr("Open filesystem result"), dir,
                                                      tr("TrimScope results (*.json)"));
    if (path.isEmpty())
        return;
    settings->setValue(QStringLiteral("results/dir"), QFileInfo(path).absolutePath());
    if (const Error error = openResult(path); error.isError())
        emit message(tr("Not opened: %1").arg(error.message));
}

} // namespace trimscope::gui
