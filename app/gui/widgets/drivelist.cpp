#include "drivelist.h"

#include "common/units.h"

#include <QHeaderView>
#include <QStandardItemModel>
#include <QTreeView>
#include <QVBoxLayout>

namespace trimscope::gui {

namespace {
constexpr int kIdRole = Qt::UserRole + 1;

QString busOf(const DriveInfo &info)
{
    if (info.simulated)
        return QStringLiteral("–"); // the group already says so
    return info.transport.isEmpty() ? DriveList::tr("unknown") : info.transport.toUpper();
}
} // namespace

DriveList::DriveList(QList<Backend *> backends, QWidget *parent)
    : QWidget(parent), m_backends(std::move(backends)), m_model(new QStandardItemModel(this)),
      m_view(new QTreeView(this))
{
    m_view->setObjectName(QStringLiteral("driveTree"));
    m_view->setModel(m_model);
    m_view->setUniformRowHeights(true);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setAllColumnsShowFocus(true);
    m_view->setAccessibleName(tr("Drives"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
    for (Backend *backend : std::as_const(m_backends))
        connect(backend, &Backend::changed, this, &DriveList::rebuild);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &DriveList::onCurrentChanged);
    rebuild();
}

void DriveList::rebuild()
{
    const QString keep = m_selectedId;
    const QSignalBlocker blocker(m_view->selectionModel());
    m_model->clear();
    m_model->setHorizontalHeaderLabels(
        {tr("Drive"), tr("Size"), tr("Bus"), tr("TRIM"), tr("In use")});
    for (Backend *backend : std::as_const(m_backends)) {
        const BackendStatus status = backend->status();
        auto *group = new QStandardItem(backend->displayName());
        group->setSelectable(false);
        QFont bold = group->font();
        bold.setBold(true);
        group->setFont(bold);
        group->setToolTip(backend->description() + QLatin1Char('\n') + status.summary);
        for (const DriveEntry &drive : backend->drives()) {
            auto *name = new QStandardItem(drive.info.displayName());
            name->setData(drive.id, kIdRole);
            name->setToolTip(
                QStringLiteral("%1\n%2").arg(drive.info.displayName(), drive.info.path));
            QList<QStandardItem *> row{
                name,
                new QStandardItem(drive.noMedium ? tr("no medium")
                                                 : formatBytes(drive.info.sizeBytes)),
                new QStandardItem(busOf(drive.info)),
                new QStandardItem(drive.supportsDiscard ? tr("yes") : tr("no")),
                new QStandardItem(drive.usage)};
            row.last()->setToolTip(drive.usage);
            group->appendRow(row);
        }
        if (!status.available) {
            // In the list itself, where the drives would be: why there are none.
            auto *why = new QStandardItem(status.summary);
            why->setSelectable(false);
            QFont italic = why->font();
            italic.setItalic(true);
            why->setFont(italic);
            why->setToolTip(backend->description() + QLatin1Char('\n') + status.summary);
            group->appendRow(why);
        }
        m_model->appendRow(group);
        m_view->setFirstColumnSpanned(group->row(), QModelIndex(), true);
        if (!status.available)
            m_view->setFirstColumnSpanned(0, group->index(), true);
    }
    m_view->expandAll();
    // The name is what tells two drives apart: it is never elided. "In use" may be long
    // ("loop2p1 mounted at /media/…"): it takes the room that is left, elided at its end with
    // the whole text in its tooltip; a list narrower than the names scrolls sideways.
    QHeaderView *header = m_view->header();
    header->setStretchLastSection(true);
    header->setMinimumSectionSize(fontMetrics().horizontalAdvance(QStringLiteral("no")) + 12);
    for (int c = 0; c + 1 < m_model->columnCount(); ++c)
        header->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    header->setSectionResizeMode(m_model->columnCount() - 1, QHeaderView::Interactive);
    m_selectedId.clear();
    if (!keep.isEmpty() && !selectDrive(keep))
        emit driveSelected({});
}

bool DriveList::selectDrive(const QString &driveId)
{
    for (int g = 0; g < m_model->rowCount(); ++g) {
        QStandardItem *group = m_model->item(g);
        for (int r = 0; r < group->rowCount(); ++r) {
            if (group->child(r)->data(kIdRole).toString() == driveId) {
                m_view->setCurrentIndex(group->child(r)->index());
                onCurrentChanged();
                return true;
            }
        }
    }
    return false;
}

std::optional<DriveEntry> DriveList::selectedDrive() const
{
    Backend *backend = backendOf(m_selectedId);
    if (!backend)
        return std::nullopt;
    for (const DriveEntry &drive : backend->drives()) {
        if (drive.id == m_selectedId)
            return drive;
    }
    return std::nullopt;
}

Backend *DriveList::backendOf(const QString &driveId) const
{
    const QString backendId = driveId.section(QLatin1Char(':'), 0, 0);
    for (Backend *backend : m_backends) {
        if (backend->id() == backendId)
            return backend;
    }
    return nullptr;
}

void DriveList::onCurrentChanged()
{
    const QModelIndex current = m_view->currentIndex();
    const QString id = current.siblingAtColumn(0).data(kIdRole).toString();
    if (id.isEmpty() || id == m_selectedId)
        return;
    m_selectedId = id;
    if (const std::optional<DriveEntry> drive = selectedDrive())
        emit driveSelected(*drive);
}

} // namespace trimscope::gui
