#include "cancelonsignals.h"

#include <QSocketNotifier>
#include <fcntl.h>
#include <unistd.h>

namespace trimscope::cli {

namespace {

int g_signalPipe = -1;

void writeToPipe(int)
{
    const char byte = 1;
    [[maybe_unused]] const ssize_t written = ::write(g_signalPipe, &byte, 1);
}

} // namespace

CancelOnSignals::CancelOnSignals(std::function<void()> onSignal) : m_onSignal(std::move(onSignal))
{
    if (::pipe2(m_pipe, O_CLOEXEC | O_NONBLOCK) != 0)
        return;
    g_signalPipe = m_pipe[1];
    m_notifier = new QSocketNotifier(m_pipe[0], QSocketNotifier::Read, this);
    connect(m_notifier, &QSocketNotifier::activated, this, [this] {
        char buffer[16];
        while (::read(m_pipe[0], buffer, sizeof buffer) > 0) {
        }
        m_onSignal();
    });
    struct sigaction action = {};
    action.sa_handler = &writeToPipe;
    action.sa_flags = int(SA_RESETHAND); // 0x80000000u: the kernel reads the bits
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, &m_oldInt);
    sigaction(SIGTERM, &action, &m_oldTerm);
}

CancelOnSignals::~CancelOnSignals()
{
    if (m_pipe[0] < 0)
        return;
    sigaction(SIGINT, &m_oldInt, nullptr);
    sigaction(SIGTERM, &m_oldTerm, nullptr);
    g_signalPipe = -1;
    ::close(m_pipe[0]);
    ::close(m_pipe[1]);
}

} // namespace trimscope::cli
