#pragma once

#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>
#include <functional>
#include <optional>
#include <utility>

namespace trimscope::gui {

// Reads saved runs on a worker thread for a view that shows the latest of what was asked: one
// read at a time; a request while one runs waits and runs after it (only the newest waiting
// one), and only the newest request's answer is handed over, in the window's thread. So a run
// saved during a read is listed by the read that follows, and a late answer never replaces a
// newer one. What SavedRuns lists the window's saved runs through.
// `work` must touch no widget: it gets what it needs by value.
template <class Answer> class LatestListing
{
public:
    using Work = std::function<Answer()>;

    explicit LatestListing(std::function<void(Answer)> deliver) : m_deliver(std::move(deliver))
    {
        QObject::connect(&m_watcher, &QFutureWatcher<Answer>::finished, &m_watcher,
                         [this] { onFinished(); });
    }

    void request(Work work)
    {
        if (m_running) {
            m_waiting = std::move(work);
            ++m_generation; // the running answer is older than this request
            return;
        }
        start(std::move(work));
    }
    // Nothing asked so far is handed over: a read on the window's thread gave a newer answer.
    void drop()
    {
        m_waiting.reset();
        ++m_generation;
    }
    // Busy until the answer is handed over: the future stops running on the worker before its
    // finished() reaches this thread, and a view that looked then saw "done" with nothing listed
    // (tst_drivetablisting's Compare row listed 0 runs once).
    bool isBusy() const { return m_running || m_waiting.has_value(); }

private:
    void start(Work work)
    {
        m_started = ++m_generation;
        m_running = true;
        m_watcher.setFuture(QtConcurrent::run(std::move(work)));
    }
    void onFinished()
    {
        m_running = false;
        if (m_waiting) {
            Work next = std::move(*m_waiting);
            m_waiting.reset();
            start(std::move(next));
            return;
        }
        if (m_started == m_generation)
            m_deliver(m_watcher.result());
    }

    std::function<void(Answer)> m_deliver;
    QFutureWatcher<Answer> m_watcher;
    std::optional<Work> m_waiting;
    int m_generation = 0;
    int m_started = 0;      // the generation of the read running or last run
    bool m_running = false; // started, its finished() not handled yet
};

} // namespace trimscope::gui
