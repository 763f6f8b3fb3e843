#include "childprocess.h"

#include <QProcess>
#include <csignal>
#include <sys/prctl.h>
#include <unistd.h>

namespace trimscope {

void killWithParent(QProcess &process, int standardInput)
{
    // Runs in the child between fork and exec: async-signal-safe calls only.
    process.setChildProcessModifier([parent = ::getpid(), standardInput] {
        if (standardInput >= 0 && ::dup2(standardInput, STDIN_FILENO) < 0)
            ::_exit(127);
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
        // We may have died before prctl: then no signal will ever come, and the child has a
        // new parent.
        if (::getppid() != parent)
            ::_exit(127);
    });
}

void stopChild(QProcess &process, int graceMs)
{
    if (process.state() == QProcess::NotRunning)
        return;
    process.terminate();
    if (process.waitForFinished(graceMs))
        return;
    process.kill();
    process.waitForFinished(-1);
}

} // namespace trimscope
