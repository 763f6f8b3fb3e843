#pragma once

#include "device/driveinfo.h"
#include "sweep/sweepplan.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QSpinBox;
class QSettings;

namespace trimscope::gui {

// Min/max size, repeats or adaptive, order and pre-write: a SweepPlan as form fields, with what
// the plan writes on the selected drive (pre-writing wears an SSD, so it is said before a run).
class PlanEditor : public QWidget
{
    Q_OBJECT
public:
    explicit PlanEditor(QWidget *parent = nullptr);

    // The drive the automatic sizes are worked out for: the lists then say what "automatic"
    // becomes on it ("automatic: 64 MiB on this drive").
    void setDrive(const DriveInfo &drive);
    // The sizes the plan resolves to on the drive, largest first; empty without a drive.
    QList<quint64> resolvedSizes() const;

    SweepPlan plan() const;
    void setPlan(const SweepPlan &plan);
    void save(QSettings &settings) const;
    void restore(const QSettings &settings);

private:
    static void fillSizes(QComboBox *box, bool withDefault, const QString &defaultText);
    static quint64 sizeOf(const QComboBox *box);
    static void selectSize(QComboBox *box, quint64 bytes);
    void describeAutomatic();

    DriveInfo m_drive;
    QComboBox *m_min;
    QComboBox *m_max;
    QSpinBox *m_repeats;
    QCheckBox *m_adaptive;
    QComboBox *m_order;
    QCheckBox *m_prewrite;
    QLabel *m_writes; // what the plan writes on the drive, or that it writes nothing
};

} // namespace trimscope::gui
