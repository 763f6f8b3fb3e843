#pragma once

#include "report/diagnosis.h"

#include <QWidget>

class QComboBox;

namespace trimscope::gui {

// How long a diagnosis may take, chosen beside its button as the CLI's --budget: a few choices
// from 5 minutes to an hour, 10 minutes unless the person chose another before (remembered).
class DiagnoseBudget : public QWidget
{
    Q_OBJECT
public:
    explicit DiagnoseBudget(QWidget *parent = nullptr);

    int minutes() const;
    void setMinutes(int minutes); // the nearest choice; remembered like a choice of the person's
    // A diagnosis planned to this budget.
    DiagnosePlan plan() const;
    QComboBox *combo() const { return m_combo; }

private:
    QComboBox *m_combo;
};

} // namespace trimscope::gui
