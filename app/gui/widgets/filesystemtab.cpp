#include "filesystemtab.h"

#include "appsettings.h"
#include "chart/barchart.h"
#include "results/fsresultview.h"
#include "tablefill.h"

#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QVBoxLayout>

namespace trimscope::gui {

FilesystemTab::FilesystemTab(QWidget *parent)
    : QWidget(parent), m_summary(new QLabel(this)), m_chart(new BarChart(this)),
      m_table(new QTableWidget(this)), m_open(new QPushButton(tr("&Open result…"), this)),
      m_run(new QPushButton(tr("&Run experiment…"), this)),
      m_exportChart(new QPushButton(tr("Export c&hart…"), this))
{
    m_summary->setObjectName(QStringLiteral("fsSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_run->setEnabled(false);
    m_run->setToolTip(tr("Running the filesystem experiments needs the TrimScope helper "
                         "(coming). Until then run \"trimscope-cli fsbench DEVICE "
                         "--destroy-data --json FILE\" and open the file here."));
    m_open->setToolTip(tr("A result of \"trimscope-cli fsbench\" or \"trimscope-cli "
                          "mkfs-timing\" (JSON)."));
    m_exportChart->setEnabled(false);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setAlternatingRowColors(true);

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_open);
    buttons->addWidget(m_run);
    buttons->addStretch(1);
    buttons->addWidget(m_exportChart);
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_chart);
    split->addWidget(m_table);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(buttons);
    layout->addWidget(m_summary);
    layout->addWidget(split, 1);

    m_summary->setText(tr("No result yet. Open the JSON of a filesystem experiment: what "
                          "deleting a file tree costs with online discard against fstrim, and "
                          "what mkfs's whole-device discard costs."));
    connect(m_open, &QPushButton::clicked, this, &FilesystemTab::openClicked);
    connect(m_exportChart, &QPushButton::clicked, this, &FilesystemTab::exportChartRequested);
}

void FilesystemTab::setDrive(const DriveEntry &drive)
{
    Q_UNUSED(drive); // results carry their own drive; runs will need it
}

Error FilesystemTab::openResult(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return makeError(ErrorCode::IoError,
                         tr("Cannot read %1: %2").arg(path, file.errorString()));
    auto view = fsResultViewFromJson(file.readAll());
    if (!view)
        return view.error();
    m_summary->setText(view->summary);
    m_chart->setData(view->chart);
    fillTable(m_table, view->table);
    m_exportChart->setEnabled(true);
    return {};
}

void FilesystemTab::openClicked()
{
    auto settings = appSettings();
    const QString dir =
        settings->value(QStringLiteral("results/dir"), QDir::homePath()).toString();
    const QString path = QFileDialog::getOpenFileName(this, tr("Open filesystem result"), dir,
                                                      tr("TrimScope results (*.json)"));
    if (path.isEmpty())
        return;
    settings->setValue(QStringLiteral("results/dir"), QFileInfo(path).absolutePath());
    if (const Error error = openResult(path); error.isError())
        emit message(tr("Not opened: %1").arg(error.message));
}

} // namespace trimscope::gui
