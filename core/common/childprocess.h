#pragma once

class QProcess;

namespace trimscope {

// Programs we start must not outlive us: fio or mkfs going on after the helper was killed would
// write a device that nobody holds any more and that a new job may already have been given.
// Arranges, before `process` starts, that the child gets SIGKILL when the thread that starts it
// ends (PR_SET_PDEATHSIG), and that it exits at once if we were gone before it could ask.
// Call it on the thread that calls start(), and keep that thread until the child has finished
// (the kernel ties the signal to the thread, not to the process).
void killWithParent(QProcess &process);

} // namespace trimscope
