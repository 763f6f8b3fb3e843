#include "syntheticload.h"

#include <csignal>
#include <sys/wait.h>
#include <unistd.h>

namespace trimscope::test {

SyntheticLoad::SyntheticLoad(int processes)
{
    for (int i = 0; i < processes; ++i) {
        const pid_t child = ::fork();
        if (child == 0) {
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
}

SyntheticLoad::~SyntheticLoad()
{
    for (const int child : std::as_const(m_children))
        ::kill(pid_t(child), SIGKILL);
    for (const int child : std::as_const(m_children))
        ::waitpid(pid_t(child), nullptr, 0);
}

} // namespace trimscope::test
