#include "runhistory.h"

namespace trimscope::gui {

namespace {
constexpr int kHistoryRunPathRole = Qt::UserRole + 1;
}

RunHistory::RunHistory(QWidget *parent) : QComboBox(parent)
{
    setSizeAdjustPolicy(QComboBox::AdjustToContents);
    setToolTip(tr("Every run on this drive is kept; choose one to show it."));
    connect(this, &QComboBox::activated, this, [this](int index) {
        const QString path = itemData(index, kHistoryRunPathRole).toString();
        if (!path.isEmpty())
            emit runChosen(path);
    });
}

QString RunHistory::fill(const QList<StoredRun> &runs, const QString &select)
{
    const QSignalBlocker blocker(this);
    clear();
    // Runs of one minute told apart (two "05:00" in the list could not be chosen between).
    const QStringList dates = distinctDates(runs);
    for (qsizetype i = 0; i < runs.size(); ++i) {
        const StoredRun &run = runs.at(i);
        const QString &date = dates.at(i);
        const bool complete = run.curve.value_or(run.stopReason) == StopReason::Completed;
        if (run.isDiagnosis())
            addItem(complete ? tr("%1, diagnosis").arg(date)
                             : tr("%1, diagnosis (%2)").arg(date, run.curveOutcome()));
        else
            addItem(complete ? date : tr("%1 (%2)").arg(date, run.outcome()));
        setItemData(count() - 1, run.path, kHistoryRunPathRole);
        setItemData(count() - 1, run.path, Qt::ToolTipRole);
    }
    if (runs.isEmpty()) {
        addItem(tr("none yet"));
        setEnabled(false);
        return QString();
    }
    setEnabled(true);
    const int index = select.isEmpty() ? 0 : std::max(0, findData(select, kHistoryRunPathRole));
    setCurrentIndex(index);
    return currentPath();
}

QString RunHistory::currentPath() const
{
    return currentIndex() >= 0 ? itemData(currentIndex(), kHistoryRunPathRole).toString()
                               : QString();
}

bool RunHistory::hasRuns() const
{
    return count() > 0 && itemData(0, kHistoryRunPathRole).isValid();
}

void RunHistory::showReading()
{
    const QSignalBlocker blocker(this);
    clear();
    addItem(tr("reading…"));
    setEnabled(false);
}

void RunHistory::showOther(const QString &text)
{
    const QSignalBlocker blocker(this);
    const int existing = findData(QStringLiteral("other"), Qt::UserRole + 2);
    if (existing >= 0)
        removeItem(existing);
    addItem(text);
    setItemData(count() - 1, QStringLiteral("other"), Qt::UserRole + 2);
    setCurrentIndex(count() - 1);
    setEnabled(true);
}

} // namespace trimscope::gui
