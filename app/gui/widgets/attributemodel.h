#pragma once

#include "health/atasmart.h"

#include <QAbstractTableModel>

namespace trimscope::gui {

// What an ATA SMART attribute means and what a bad value says, for the table's tooltips.
// Empty for attributes whose meaning is vendor-specific and undocumented.
QString explainAtaAttribute(quint8 id);

// The ATA SMART attribute table: one row per attribute, coloured by its status (failing now,
// failed in the past, warning), each row's tooltip explaining the attribute.
class AttributeModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Id, Name, Value, Worst, Threshold, Raw, Kind, ColumnCount };
    enum class Status { Ok, Unknown, Warning, FailedInPast, Failing };

    using QAbstractTableModel::QAbstractTableModel;

    void setAttributes(const QList<health::AtaAttribute> &attributes);
    static Status statusOf(const health::AtaAttribute &attribute);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    // smartmontools' name for this drive when its database has one, else libatasmart's.
    static QString displayName(const health::AtaAttribute &attribute);
    QString tooltip(const health::AtaAttribute &attribute) const;
    QList<health::AtaAttribute> m_attributes;
};

} // namespace trimscope::gui
