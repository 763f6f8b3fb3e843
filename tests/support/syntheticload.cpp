#include "syntheticload.h"

#include <QDir>
#include <QThread>
#include <csignal>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace trimscope::test {

SyntheticLoad::SyntheticLoad(int processes)
{
    for (int i = 0; i < processes; ++i) {
        const pid_t parent = ::getpid();
        const pid_t child = ::fork();
        if (child == 0) {
            // Gone with the test, however it ends (a timeout's SIGKILL runs no destructor): the
            // kernel kills the loop when its parent dies, and one whose parent died before this
            // line ends at once.
            ::prctl(PR_SET_PDEATHSIG, SIGKILL);
            if (::getppid() != parent)
                ::_exit(0);
            // Nothing but a system call and arithmetic after fork(): no locks, no Qt. The
            // inherited descriptors go first: a busy loop holding the test's device open for
            // writing is a writer the admission rightly refuses to erase under.
            ::close_range(3, ~0U, 0);
            volatile unsigned long spin = 0;
            for (;;)
                spin = spin + 1;
        }
        if (child > 0)
            m_children.append(int(child));
    }
    // A child on a loaded machine may not run for a while after fork(): until it has closed what
    // it inherited, it still holds the test's device, so wait for that (a few ms; 5 s at most).
    for (const int child : std::as_const(m_children)) {
        const QString fds = QStringLiteral("/proc/%1/fd").arg(child);
        for (int waited = 0; waited < 5000; waited += 2) {
            if (QDir(fds).entryList(QDir::AllEntries | QDir::NoDotAndDotDot).size() <= 3)
                break;
            QThread::msleep(2);
        }
    }
}

SyntheticLoad::~SyntheticLoad()
{
    for (const int child : std::as_const(m_children))
        ::kill(pid_t(child), SIGKILL);
    for (const int child : std::as_const(m_children))
        ::waitpid(pid_t(child), nullptr, 0);
}

} // namespace trimscope::test
