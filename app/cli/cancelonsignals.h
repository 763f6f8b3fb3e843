#pragma once

#include "sweep/canceltoken.h"

#include <csignal>

namespace trimscope::cli {

// While alive, SIGINT/SIGTERM cancel `token` (long work stops at its next check); a second
// Ctrl-C kills as usual (SA_RESETHAND). One at a time.
class CancelOnSignals
{
public:
    explicit CancelOnSignals(CancelToken &token);
    ~CancelOnSignals();
    CancelOnSignals(const CancelOnSignals &) = delete;
    CancelOnSignals &operator=(const CancelOnSignals &) = delete;

private:
    struct sigaction m_oldInt = {};
    struct sigaction m_oldTerm = {};
};

} // namespace trimscope::cli
