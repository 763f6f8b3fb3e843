#include "drivelist.h"

#include "backends/driveentry.h"
#include "common/units.h"

#include <QEvent>
#include <QHeaderView>
#include <QSet>
#include <QStandardItemModel>
#include <QStyle>
#include <QStyledItemDelegate>
#include <QTreeView>
#include <QVBoxLayout>
#include <algorithm>

namespace trimscope::gui {

namespace {
constexpr int kIdRole = Qt::UserRole + 1;
constexpr int kInfoRole = Qt::UserRole + 2; // rows that say something about the backend
// A drive row's name cell: the name, its size and use in words ("" when unused), and whether a
// destructive benchmark is refused on it; labelNames() makes the cell's text from them.
constexpr int kNameRole = Qt::UserRole + 3;
constexpr int kSizeRole = Qt::UserRole + 4;
constexpr int kUseRole = Qt::UserRole + 5;
constexpr int kRefusedRole = Qt::UserRole + 6;

// What a backend can do, one capability a line ("Can: TRIM benchmark (asks for a password
// first)"), and what it cannot, one line per reason with what would help: what shares a reason
// and a remedy is said together, so the helper's absence is said once, not once for every job
// it would have run.
QStringList capabilityLines(const BackendStatus &status)
{
    QStringList lines;
    QList<std::pair<QString, QString>> reasons; // why, remedy; in the backend's order
    for (const BackendCapability &capability : status.capabilities) {
        if (capability.available)
            lines.append(capability.note.isEmpty()
                             ? DriveList::tr("Can: %1").arg(capability.what)
                             : DriveList::tr("Can: %1 (%2)").arg(capability.what, capability.note));
        else if (!reasons.contains(std::pair(capability.why, capability.remedy)))
            reasons.append({capability.why, capability.remedy});
    }
    for (const auto &[why, remedy] : std::as_const(reasons)) {
        QStringList what;
        for (const BackendCapability &capability : status.capabilities) {
            if (!capability.available && capability.why == why && capability.remedy == remedy)
                what.append(capability.what);
        }
        lines.append(DriveList::tr("Cannot: %1 — %2. Remedy: %3.")
                         .arg(what.join(QStringLiteral("; ")), why, remedy));
    }
    return lines;
}

// The group's one line: "unavailable: …", "Can: A; B", "Cannot: C; D (point here for why)",
// those that apply, side by side.
QString infoLine(const BackendStatus &status)
{
    QStringList can, cannot;
    for (const BackendCapability &capability : status.capabilities)
        (capability.available ? can : cannot).append(capability.what);
    QStringList parts;
    if (!status.available)
        parts.append(status.summary);
    if (!can.isEmpty())
        parts.append(DriveList::tr("Can: %1").arg(can.join(QStringLiteral("; "))));
    if (!cannot.isEmpty())
        parts.append(DriveList::tr("Cannot: %1 (point here for why and what helps)")
                         .arg(cannot.join(QStringLiteral("; "))));
    return parts.join(QStringLiteral(" · "));
}

QStandardItem *infoItem(const QString &text, const QString &toolTip)
{
    auto *item = new QStandardItem(text);
    item->setSelectable(false);
    QFont italic = item->font();
    italic.setItalic(true);
    item->setFont(italic);
    item->setToolTip(toolTip);
    item->setData(QStringLiteral("info"), kInfoRole);
    return item;
}

// The width info rows end at: the view's inside, less a vertical scroll bar whether one shows
// or not, so that a name's wrapping cannot make a scroll bar appear that changes the width again.
int wrapWidth(const QTreeView *view)
{
    return view->width() - 2 * view->frameWidth() -
           view->style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, view);
}

// The name column's width as the header will stretch it: the view's inside less the other
// columns shown (computed, not read from the header, which stretches the column only after the
// rows were measured).
int nameColumnWidth(const QTreeView *view)
{
    int others = 0;
    for (int c = 1; c < view->model()->columnCount(); ++c) {
        if (!view->isColumnHidden(c))
            others += view->header()->sectionSize(c);
    }
    return wrapWidth(view) - others;
}

// A row that says something about a backend spans the view's width and is one line, elided at
// the list's edge (its tooltip says it all). A drive's name wraps in its column: the name is what
// tells two drives apart, so it is never elided nor pushed past the list's edge, however narrow
// the window.
class InfoRowDelegate final : public QStyledItemDelegate
{
public:
    explicit InfoRowDelegate(QTreeView *view) : QStyledItemDelegate(view), m_view(view) {}

    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override
    {
        const int width = wrapWidthOf(index);
        if (width <= 0)
            return QStyledItemDelegate::sizeHint(option, index);
        if (index.data(kInfoRole).isValid()) {
            QSize line = QStyledItemDelegate::sizeHint(option, index);
            line.setWidth(std::min(line.width(), width));
            return line;
        }
        QStyleOptionViewItem wrapped = option;
        initStyleOption(&wrapped, index);
        wrapped.features |= QStyleOptionViewItem::WrapText;
        // A valid rect of that width: the style wraps the text to it.
        wrapped.rect = QRect(0, 0, width, 1 << 16);
        QSize size =
            m_view->style()->sizeFromContents(QStyle::CT_ItemViewItem, &wrapped, QSize(), m_view);
        size.setWidth(std::min(size.width(), wrapped.rect.width()));
        // A gap between two drives: wrapped names of two lines and more read as one block
        // without it (German 1024×768: "… (simuliert) 149 GiB" ran into the next drive's name).
        size.rheight() += wrapped.fontMetrics.lineSpacing() / 3;
        return size;
    }

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override
    {
        QStyleOptionViewItem wrapped = option;
        if (const int width = wrapWidthOf(index); width > 0) {
            // The spanned row reaches as far as all columns do, which may be beyond the
            // viewport's edge: elide the info line there; wrap a name where sizeHint() did.
            if (index.data(kInfoRole).isValid())
                wrapped.rect.setWidth(width);
            else
                wrapped.features |= QStyleOptionViewItem::WrapText;
        }
        QStyledItemDelegate::paint(painter, wrapped, index);
    }

private:
    // Where the row's text ends: the spanned width of an info row (elided there), the name
    // column of a drive row (wrapped there), less the indentation in front of it; 0: neither.
    int wrapWidthOf(const QModelIndex &index) const
    {
        const bool info = index.data(kInfoRole).isValid();
        const bool driveName = index.column() == 0 && index.data(kIdRole).isValid();
        if (!info && !driveName)
            return 0;
        int depth = m_view->rootIsDecorated() ? 1 : 0;
        for (QModelIndex parent = index.parent(); parent.isValid(); parent = parent.parent())
            ++depth;
        const int width = info ? wrapWidth(m_view) : nameColumnWidth(m_view);
        return std::max(60, width - depth * m_view->indentation());
    }

    QTreeView *m_view;
};

QString busOf(const DriveInfo &info)
{
    if (info.simulated)
        return QStringLiteral("–"); // the group already says so
    return info.transport.isEmpty() ? DriveList::tr("unknown") : info.transport.toUpper();
}
} // namespace

DriveList::DriveList(QList<Backend *> backends, QWidget *parent, Listing listing)
    : QWidget(parent), m_backends(std::move(backends)), m_model(new QStandardItemModel(this)),
      m_view(new QTreeView(this))
{
    m_view->setObjectName(QStringLiteral("driveTree"));
    m_view->setModel(m_model);
    // Names wrap in their column (InfoRowDelegate): rows differ in height.
    m_view->setUniformRowHeights(false);
    m_view->setItemDelegate(new InfoRowDelegate(m_view));
    m_view->installEventFilter(this);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setAllColumnsShowFocus(true);
    m_view->setAccessibleName(tr("Drives"));
    // Narrow as it may get, a name has a few words a line and TRIM its column.
    m_view->setMinimumWidth(
        fontMetrics().horizontalAdvance(QStringLiteral("Performance Pro-like")) +
        2 * m_view->indentation() + fontMetrics().horizontalAdvance(QStringLiteral("TRIM")) + 32);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
    // Not listed yet: listDrives() lists what the backends have by then.
    for (Backend *backend : std::as_const(m_backends))
        connect(backend, &Backend::changed, this, [this] {
            if (m_listed)
                rebuild();
        });
    connect(m_view->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &DriveList::onCurrentChanged);
    // The names wrap to their column: a wider or narrower column lays them out anew.
    connect(m_view->header(), &QHeaderView::sectionResized, this, [this](int section) {
        // Queued: the header resizes its sections while the view lays itself out.
        if (section == 0)
            QMetaObject::invokeMethod(
                this, [this] { m_view->doItemsLayout(); }, Qt::QueuedConnection);
    });
    if (listing == Listing::Now) {
        listDrives();
        return;
    }
    setUpColumns();
    m_model->appendRow(infoItem(tr("Looking for drives…"), QString()));
    m_view->setFirstColumnSpanned(0, QModelIndex(), true);
}

void DriveList::listDrives()
{
    if (m_listed)
        return;
    m_listed = true;
    rebuild();
}

void DriveList::rebuild()
{
    const QString keep = m_selectedId;
    const QSignalBlocker blocker(m_view->selectionModel());
    setUpColumns();
    QSet<QString> listed; // the device paths of real drives listed so far
    for (Backend *backend : std::as_const(m_backends)) {
        const BackendStatus status = backend->status();
        const QStringList lines =
            QStringList{backend->description(), status.summary} + capabilityLines(status);
        const QString toolTip = lines.join(QLatin1Char('\n'));
        auto *group = new QStandardItem(backend->displayName());
        group->setSelectable(false);
        QFont bold = group->font();
        bold.setBold(true);
        group->setFont(bold);
        group->setToolTip(toolTip);
        int listedAbove = 0;
        for (const DriveEntry &drive : backend->drives()) {
            // A device two backends offer (the helper and udisks2 both list every loop device)
            // is one drive: listed once, under the first backend that serves it, which the
            // window orders by what each can do.
            if (!drive.info.simulated && listed.contains(drive.info.path)) {
                ++listedAbove;
                continue;
            }
            if (!drive.info.simulated && status.available)
                listed.insert(drive.info.path);
            const QString size =
                drive.noMedium ? tr("no medium") : formatBytes(drive.info.sizeBytes);
            auto *name = new QStandardItem(drive.info.displayName());
            name->setData(drive.id, kIdRole);
            name->setData(drive.info.displayName(), kNameRole);
            name->setData(size, kSizeRole);
            name->setData(drive.usage == usageOf(BlockDevice()) ? QString() : drive.usage,
                          kUseRole);
            const bool refused = !drive.info.simulated && !drive.safety.allowed();
            name->setData(refused, kRefusedRole);
            QString nameTip =
                QStringLiteral("%1\n%2").arg(drive.info.displayName(), drive.info.path);
            if (refused) {
                name->setIcon(style()->standardIcon(QStyle::SP_MessageBoxWarning));
                nameTip += QLatin1Char('\n') + tr("No TRIM benchmark on this drive:") +
                           QLatin1Char('\n') + drive.safety.summary();
            }
            name->setToolTip(nameTip);
            QList<QStandardItem *> row{
                name, new QStandardItem(size), new QStandardItem(busOf(drive.info)),
                new QStandardItem(drive.supportsDiscard ? tr("yes") : tr("no")),
                new QStandardItem(drive.usage)};
            row.last()->setToolTip(drive.usage);
            group->appendRow(row);
        }
        // Below the drives, one line, read after the names: whether the backend runs, what it
        // can and what it cannot do here. The why and the remedy of each "cannot" are in the
        // line's tooltip: wrapped in full they took 6-8 lines a group, and the rows' heights
        // followed whatever width the list had at start.
        QString line = infoLine(status);
        if (listedAbove > 0)
            line = QStringList{tr("%Ln drive(s) it also offers listed above", nullptr, listedAbove),
                               line}
                       .join(QStringLiteral(" · "));
        if (!line.isEmpty())
            group->appendRow(infoItem(line, toolTip));
        m_model->appendRow(group);
        m_view->setFirstColumnSpanned(group->row(), QModelIndex(), true);
        for (int row = 0; row < group->rowCount(); ++row) {
            if (group->child(row)->data(kInfoRole).isValid())
                m_view->setFirstColumnSpanned(row, group->index(), true);
        }
    }
    m_view->expandAll();
    fitColumns();
    m_selectedId.clear();
    if (!keep.isEmpty() && !selectDrive(keep))
        emit driveSelected({});
}

void DriveList::setUpColumns()
{
    m_model->clear();
    m_model->setHorizontalHeaderLabels(
        {tr("Drive"), tr("Size"), tr("Bus"), tr("TRIM"), tr("In use")});
    // The name is what tells two drives apart: it takes the room the short columns leave and
    // wraps there, never elided, never past the list's edge. "In use" may be long
    // ("loop2p1 mounted at /media/…"): it gets a few words' room, elided at its end with the
    // whole text in its tooltip.
    QHeaderView *header = m_view->header();
    header->setStretchLastSection(false);
    header->setMinimumSectionSize(fontMetrics().horizontalAdvance(QStringLiteral("no")) + 12);
    header->setSectionResizeMode(0, QHeaderView::Stretch);
    for (int c = 1; c + 1 < m_model->columnCount(); ++c)
        header->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    const int inUse = m_model->columnCount() - 1;
    header->setSectionResizeMode(inUse, QHeaderView::Interactive);
    header->resizeSection(inUse,
                          fontMetrics().horizontalAdvance(QStringLiteral("mounted at /media")));
}

bool DriveList::eventFilter(QObject *watched, QEvent *event)
{
    // A new width shows the columns that fit, elides the info rows and wraps the names anew.
    if (watched == m_view && event->type() == QEvent::Resize &&
        wrapWidth(m_view) != m_laidOutWidth) {
        m_laidOutWidth = wrapWidth(m_view);
        fitColumns();
        m_view->doItemsLayout();
    }
    return QWidget::eventFilter(watched, event);
}

void DriveList::fitColumns()
{
    // Where the list is narrow, the columns a name can do without give way, least needed first
    // (their values stay in the Overview tab): the name keeps room for a few words a line.
    const int nameRoom = fontMetrics().horizontalAdvance(QStringLiteral("Performance Pro-like"));
    const int depth = 2 * m_view->indentation();
    const int columns = m_model->columnCount();
    QHeaderView *header = m_view->header();
    // What a column takes shown: its header or its widest value (a hidden one has no size).
    const auto widthOf = [&](int c) {
        int widest = header->sectionSizeHint(c);
        for (int g = 0; g < m_model->rowCount(); ++g) {
            const QStandardItem *group = m_model->item(g);
            for (int r = 0; r < group->rowCount(); ++r) {
                if (const QStandardItem *item = group->child(r, c))
                    widest = std::max(widest, fontMetrics().horizontalAdvance(item->text()) + 16);
            }
        }
        return widest;
    };
    int others = 0;
    for (int c = 1; c < columns; ++c)
        others += c == columns - 1 ? header->sectionSize(c) : widthOf(c);
    const int inUse = columns - 1, bus = 2, size = 1;
    for (const int c : {inUse, bus, size}) {
        const bool hide = wrapWidth(m_view) - others - depth < nameRoom;
        m_view->setColumnHidden(c, hide);
        if (hide)
            others -= c == inUse ? header->sectionSize(c) : widthOf(c);
    }
    labelNames();
}

void DriveList::labelNames()
{
    // What a hidden column would have said goes below the name, with the refusal's marker: a
    // person tells two drives apart by size and mount point, and sees before choosing one that
    // the benchmark will not run there.
    const bool sizeHidden = m_view->isColumnHidden(1);
    const bool useHidden = m_view->isColumnHidden(m_model->columnCount() - 1);
    for (int g = 0; g < m_model->rowCount(); ++g) {
        QStandardItem *group = m_model->item(g);
        for (int r = 0; r < group->rowCount(); ++r) {
            QStandardItem *name = group->child(r);
            if (!name->data(kIdRole).isValid() || !name->data(kNameRole).isValid())
                continue;
            QStringList facts;
            if (sizeHidden)
                facts.append(name->data(kSizeRole).toString());
            if (useHidden && !name->data(kUseRole).toString().isEmpty())
                facts.append(name->data(kUseRole).toString());
            if (name->data(kRefusedRole).toBool())
                facts.append(tr("no TRIM benchmark here"));
            const QString text = facts.isEmpty()
                                     ? name->data(kNameRole).toString()
                                     : name->data(kNameRole).toString() + QLatin1Char('\n') +
                                           facts.join(QStringLiteral(" · "));
            if (name->text() != text)
                name->setText(text);
        }
    }
}

bool DriveList::selectDrive(const QString &driveId)
{
    listDrives(); // a drive chosen before the window listed them
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
