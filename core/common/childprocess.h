#pragma once

class QProcess;

namespace trimscope {

// Programs we start must not outlive us: fio or mkfs going on after the helper was killed would
// write a device that nobody holds any more and that a new job may already have been given.
// Arranges, before `process` starts, that the child gets SIGKILL when the thread that starts it
// ends (PR_SET_PDEATHSIG), and that it exits at once if we were gone before it could ask.
// Call it on the thread that calls start(), and keep that thread until the child has finished
// (the kernel ties the signal to the thread, not to the process).
// `standardInput`, when not -1, becomes the child's standard input (a pipe the caller filled and
// closed: a secret reaches the child without a copy in QProcess's buffers).
void killWithParent(QProcess &process, int standardInput = -1);

// Stops a running child: SIGTERM, SIGKILL after `graceMs`, then waits for it however long that
// takes. A child inside a device command (mkfs's whole-device discard, fio's write) cannot die
// before the drive answers, and the device is not free before it has: returning earlier would
// hand a device still being written to the next job, and destroying a running QProcess only
// waits the same way with a warning, or leaves the child behind.
void stopChild(QProcess &process, int graceMs);

} // namespace trimscope
