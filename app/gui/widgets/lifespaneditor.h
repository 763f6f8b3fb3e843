#pragma once

#include "health/lifespan.h"

#include <QWidget>

class QComboBox;
class QDoubleSpinBox;
class QSettings;

namespace trimscope::gui {

// The lifespan estimate's assumptions, each editable: cell type (which sets typical rated
// cycles), rated program/erase cycles, write amplification. Emits changed() on every edit.
class LifespanEditor : public QWidget
{
    Q_OBJECT
public:
    explicit LifespanEditor(QWidget *parent = nullptr);

    health::LifespanAssumptions assumptions() const;
    void setAssumptions(const health::LifespanAssumptions &assumptions);
    QComboBox *cellType() const { return m_cell; }
    QDoubleSpinBox *ratedCycles() const { return m_cycles; }
    QDoubleSpinBox *writeAmplification() const { return m_wa; }

    void save(QSettings &settings) const;
    void restore(const QSettings &settings);

signals:
    void changed();

private:
    QComboBox *m_cell;
    QDoubleSpinBox *m_cycles;
    QDoubleSpinBox *m_wa;
    bool m_updating = false;
};

} // namespace trimscope::gui
