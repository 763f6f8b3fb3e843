#include "cancelonsignals.h"

namespace trimscope::cli {

namespace {

CancelToken *g_cancelToken = nullptr;

void cancelOnSignal(int)
{
    if (g_cancelToken)
        g_cancelToken->cancel();
}

} // namespace

CancelOnSignals::CancelOnSignals(CancelToken &token)
{
    g_cancelToken = &token;
    struct sigaction action = {};
    action.sa_handler = &cancelOnSignal;
    action.sa_flags = SA_RESETHAND;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, &m_oldInt);
    sigaction(SIGTERM, &action, &m_oldTerm);
}

CancelOnSignals::~CancelOnSignals()
{
    sigaction(SIGINT, &m_oldInt, nullptr);
    sigaction(SIGTERM, &m_oldTerm, nullptr);
    g_cancelToken = nullptr;
}

} // namespace trimscope::cli
