#pragma once

#include <QObject>
#include <csignal>
#include <functional>

class QSocketNotifier;

namespace trimscope::cli {

// While alive, SIGINT/SIGTERM call `onSignal` from the event loop (the handler only writes a
// byte to a pipe, which is async-signal-safe; the loop wakes at once): long work then stops
// between two device commands and cleans up. A second Ctrl-C kills as usual (SA_RESETHAND).
class CancelOnSignals : public QObject
{
    Q_OBJECT
public:
    explicit CancelOnSignals(std::function<void()> onSignal);
    ~CancelOnSignals() override;

private:
    std::function<void()> m_onSignal;
    int m_pipe[2] = {-1, -1};
    QSocketNotifier *m_notifier = nullptr;
    struct sigaction m_oldInt = {};
    struct sigaction m_oldTerm = {};
};

} // namespace trimscope::cli
