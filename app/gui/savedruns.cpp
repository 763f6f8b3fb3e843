#include "savedruns.h"

#include <algorithm>

namespace trimscope::gui {

namespace {
// Whether two listings hold the same runs (a file rewritten in place reads as another run).
bool sameRuns(const QList<StoredRun> &a, const QList<StoredRun> &b)
{
    return std::equal(a.cbegin(), a.cend(), b.cbegin(), b.cend(),
                      [](const StoredRun &x, const StoredRun &y) {
                          return x.path == y.path && x.readable == y.readable && x.kind == y.kind &&
                                 x.started == y.started;
                      });
}
} // namespace

SavedRuns::SavedRuns(RunStore store, QObject *parent) : QObject(parent), m_store(std::move(store))
{
}

void SavedRuns::list()
{
    if (!m_listed && !m_listing.isBusy())
        refresh();
}

void SavedRuns::listNow()
{
    m_listing.drop();
    onListed(m_store.list());
}

void SavedRuns::refresh()
{
    m_listing.request([store = m_store] { return store.list(); });
}

void SavedRuns::kept(const QStringList &paths)
{
    if (paths.isEmpty())
        return;
    if (m_listed) {
        for (const QString &path : paths) {
            m_runs.removeIf([&](const StoredRun &run) { return run.path == path; });
            m_runs.append(RunStore::describe(path)); // from memory: the store keeps what it saved
        }
        RunStore::sortNewestFirst(m_runs);
        emit changed();
    }
    refresh();
}

void SavedRuns::removed(const QStringList &paths)
{
    if (paths.isEmpty())
        return;
    if (m_listed) {
        m_runs.removeIf([&](const StoredRun &run) { return paths.contains(run.path); });
        emit changed();
    }
    refresh();
}

void SavedRuns::onListed(const QList<StoredRun> &runs)
{
    if (m_listed && sameRuns(runs, m_runs))
        return;
    m_runs = runs;
    m_listed = true;
    emit changed();
}

} // namespace trimscope::gui
