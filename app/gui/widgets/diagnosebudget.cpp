#include "diagnosebudget.h"

#include "appsettings.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <cmath>
#include <cstdlib>

namespace trimscope::gui {

namespace {
const QString kSetting = QStringLiteral("diagnose/budgetMinutes");
constexpr int kDefaultMinutes = 10; // DiagnosePlan's own default, the CLI's without --budget
constexpr int kChoices[] = {5, 10, 15, 20, 30, 60};
} // namespace

DiagnoseBudget::DiagnoseBudget(QWidget *parent) : QWidget(parent), m_combo(new QComboBox(this))
{
    m_combo->setObjectName(QStringLiteral("diagnoseBudget"));
    for (const int minutes : kChoices)
        m_combo->addItem(tr("%Ln min", nullptr, minutes), minutes);
    m_combo->setAccessibleName(tr("Time budget of a diagnosis"));
    m_combo->setToolTip(tr("How long the diagnosis may take. It plans its phases to end near this "
                           "time (trimscope-cli diagnose --budget MINUTES); a short budget "
                           "measures fewer sizes and smaller file trees."));
    auto *label = new QLabel(tr("Budget:"), this);
    label->setBuddy(m_combo);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(label);
    layout->addWidget(m_combo);
    const int remembered = appSettings()->value(kSetting, kDefaultMinutes).toInt();
    const QSignalBlocker quiet(m_combo);
    setMinutes(remembered);
    connect(m_combo, &QComboBox::currentIndexChanged, this,
            [this] { appSettings()->setValue(kSetting, minutes()); });
}

int DiagnoseBudget::minutes() const
{
    return m_combo->currentData().toInt();
}

void DiagnoseBudget::setMinutes(int minutes)
{
    int best = 0;
    for (int i = 1; i < m_combo->count(); ++i) {
        if (std::abs(m_combo->itemData(i).toInt() - minutes) <
            std::abs(m_combo->itemData(best).toInt() - minutes))
            best = i;
    }
    m_combo->setCurrentIndex(best);
}

DiagnosePlan DiagnoseBudget::plan() const
{
    DiagnosePlan plan;
    plan.budgetSeconds = minutes() * 60.0;
    return plan;
}

} // namespace trimscope::gui
