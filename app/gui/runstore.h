#pragma once

#include "common/expected.h"
#include "sweep/sweepresult.h"

#include <QDateTime>

namespace trimscope::gui {

// A saved run as the Compare list shows it, without loading every sample.
struct StoredRun
{
    QString path;
    QString driveName;
    QDateTime started;
    QString label() const; // "OCZ Agility 3-like SSD (simulated), 2024-05-01 14:03"
    QString date() const;
};

// Every finished run, as the CLI's JSON, in the XDG data dir (…/trimscope/runs).
class RunStore
{
public:
    // Empty: QStandardPaths::AppDataLocation + "/runs".
    explicit RunStore(QString directory = QString());

    QString directory() const { return m_directory; }
    Expected<QString> save(const SweepResult &result) const;
    QList<StoredRun> list() const; // newest first
    static Expected<SweepResult> load(const QString &path);
    // Copies a JSON file (the GUI's or the CLI's) into the store after checking it loads.
    Expected<QString> import(const QString &path) const;
    bool remove(const QString &path) const;

private:
    QString m_directory;
};

// "Drive, date"; twoLines puts the date under the name (chart legends, which elide).
QString runLabel(const SweepResult &result, bool twoLines = false);

} // namespace trimscope::gui
