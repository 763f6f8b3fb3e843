#pragma once

#include "runstore.h"
#include "widgets/latestlisting.h"

#include <QObject>

namespace trimscope::gui {

// Every saved run, listed once for the whole window: the drive tabs, Advice and Compare show
// what this listing holds instead of each listing the store's directory itself (they did, six
// times at start, five times when a drive was selected and three after each run). The directory
// is listed off the window's thread: first when the window is on screen (list()), then once after
// each change this window makes (kept(), removed()) and when a drive is selected (refresh()),
// which picks up runs the CLI wrote meanwhile. A run this window kept or deleted is in the list
// at once (the store has it in memory), so a finished run shows without waiting for the
// listing. changed() says the list is different.
class SavedRuns : public QObject
{
    Q_OBJECT
public:
    explicit SavedRuns(RunStore store, QObject *parent = nullptr);

    const RunStore &store() const { return m_store; }
    // The runs as last listed, newest first; empty until the first listing is in.
    const QList<StoredRun> &runs() const { return m_runs; }
    // The first listing is in: runs() is the store's as of the last listing or change.
    bool isListed() const { return m_listed; }
    // A listing is going on, or waits for the one going on.
    bool isListing() const { return m_listing.isBusy(); }

    // Lists the directory on a worker unless it is listed or being listed; changed() follows.
    void list();
    // The same on this thread, at once (tests that fill the window while building it).
    void listNow();
    // Lists the directory again on a worker (runs the CLI wrote); changed() when they differ.
    void refresh();
    // Runs this window kept (a run saved, a file imported): in the list now, then the directory
    // listed once more on a worker.
    void kept(const QStringList &paths);
    void kept(const QString &path) { kept(QStringList{path}); }
    // Runs deleted: out of the list now, then the directory listed once more.
    void removed(const QStringList &paths);

signals:
    // runs() changed: the first listing is in, or a run was kept, deleted or found.
    void changed();

private:
    void onListed(const QList<StoredRun> &runs);

    RunStore m_store;
    QList<StoredRun> m_runs;
    bool m_listed = false;
    LatestListing<QList<StoredRun>> m_listing{
        [this](const QList<StoredRun> &runs) { onListed(runs); }};
};

} // namespace trimscope::gui
