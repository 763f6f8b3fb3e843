#pragma once

#include "runstore.h"

#include <QComboBox>

namespace trimscope::gui {

// A drive's saved runs of some kinds, newest first, by date and how they ended: the per-drive
// history every result tab shows above its views. "none yet" when the drive has none.
class RunHistory : public QComboBox
{
    Q_OBJECT
public:
    explicit RunHistory(QWidget *parent = nullptr);

    // Lists `runs` (one drive's, newest first) and selects `select`, else the newest. Returns
    // the selected path, empty when there is none. A diagnosis is listed by its sweep (only the
    // TRIM benchmark lists diagnoses: by the curve they hold).
    QString fill(const QList<StoredRun> &runs, const QString &select = QString());
    QString currentPath() const;
    bool hasRuns() const;
    // Says that the drive's runs are being read, selecting none.
    void showReading();
    // Shows that the view holds something else (an opened file), selecting no run.
    void showOther(const QString &text);

signals:
    void runChosen(const QString &path);
};

} // namespace trimscope::gui
