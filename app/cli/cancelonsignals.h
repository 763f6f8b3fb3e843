#pragma once

#include "common/canceltoken.h"

#include <csignal>

namespace trimscope::cli {

// While alive, SIGINT/SIGTERM cancel the token (long work then stops between two device
// commands and cleans up); a second Ctrl-C kills as usual (SA_RESETHAND).
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
