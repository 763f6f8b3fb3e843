#include "attributemodel.h"

#include "health/healthwords.h"

#include <QColor>

namespace trimscope::gui {

using health::AtaAttribute;

void AttributeModel::setAttributes(const QList<AtaAttribute> &attributes)
{
    beginResetModel();
    m_attributes = attributes;
    endResetModel();
}

AttributeModel::Status AttributeModel::statusOf(const AtaAttribute &attribute)
{
    if (attribute.goodNow == false)
        return Status::Failing;
    if (attribute.goodInThePast == false)
        return Status::FailedInPast;
    if (attribute.warn)
        return Status::Warning;
    if (!attribute.goodNow)
        return Status::Unknown;
    return Status::Ok;
}

int AttributeModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_attributes.size());
}

int AttributeModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant AttributeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Id:
        return tr("ID");
    case Name:
        return tr("Attribute");
    case Value:
        return tr("Value");
    case Worst:
        return tr("Worst");
    case Threshold:
        return tr("Threshold");
    case Raw:
        return tr("Raw (decoded)");
    case Kind:
        return tr("Type");
    default:
        return {};
    }
}

QString AttributeModel::displayName(const AtaAttribute &a)
{
    return a.drivedbName.isEmpty() ? a.name : a.drivedbName;
}

QString AttributeModel::tooltip(const AtaAttribute &a) const
{
    QString text = QStringLiteral("<b>%1 (%2)</b>").arg(displayName(a).toHtmlEscaped()).arg(a.id);
    if (!a.drivedbName.isEmpty())
        text += tr("<p>Named by smartmontools' drive database for this drive (libatasmart calls "
                   "it %1).</p>")
                    .arg(a.name.toHtmlEscaped());
    const QString meaning = explainAtaAttribute(a.id);
    text += QStringLiteral("<p>%1</p>")
                .arg(meaning.isEmpty() ? tr("A vendor-specific attribute without a documented "
                                            "meaning.")
                                       : meaning.toHtmlEscaped());
    text += QStringLiteral("<p>%1</p>")
                .arg(a.prefailure ? tr("Pre-failure: falling to the threshold predicts a "
                                       "failure.")
                                  : tr("Old-age: falling to the threshold means wear, not an "
                                       "imminent failure."));
    switch (statusOf(a)) {
    case Status::Failing:
        text += tr("<p><b>At or below its threshold now.</b></p>");
        break;
    case Status::FailedInPast:
        text += tr("<p><b>Was at or below its threshold in the past.</b></p>");
        break;
    case Status::Warning:
        text += tr("<p><b>libatasmart flags this value.</b></p>");
        break;
    default:
        break;
    }
    if (a.rawNotAvailable())
        text += tr("<p>Not available: the drive fills this raw field with ones, which stands "
                   "for no value (yet), not for a count.</p>");
    text += tr("<p>Raw bytes: %1</p>").arg(a.rawHex());
    return text;
}

QVariant AttributeModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_attributes.size())
        return {};
    const AtaAttribute &a = m_attributes.at(index.row());
    const auto optional = [](const std::optional<quint8> &v) {
        return v ? QVariant(int(*v)) : QVariant(QStringLiteral("–"));
    };
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case Id:
            return int(a.id);
        case Name:
            return displayName(a);
        case Value:
            return optional(a.value);
        case Worst:
            return optional(a.worst);
        case Threshold:
            return optional(a.threshold);
        case Raw:
            return a.shownValue();
        case Kind:
            return a.prefailure ? tr("pre-failure") : tr("old-age");
        default:
            return {};
        }
    }
    if (role == Qt::ToolTipRole)
        return tooltip(a);
    if (role == Qt::TextAlignmentRole && index.column() != Name && index.column() != Kind)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::BackgroundRole) {
        // Tinted, not saturated: readable with light and dark palettes alike.
        switch (statusOf(a)) {
        case Status::Failing:
            return QColor(220, 50, 47, 110);
        case Status::FailedInPast:
            return QColor(230, 159, 0, 110);
        case Status::Warning:
            return QColor(230, 159, 0, 70);
        case Status::Ok:
            return QColor(0, 158, 115, 35);
        case Status::Unknown:
            return {};
        }
    }
    if (role == Qt::UserRole)
        return int(statusOf(a));
    return {};
}

} // namespace trimscope::gui
