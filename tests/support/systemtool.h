#pragma once

#include <QByteArray>
#include <QElapsedTimer>
#include <QString>
#include <QStringList>
#include <QThread>

// What the loop-device fixtures (EmulatedDrive, PlainLoop, ...) share: the system's own tools
// run from a test, sysfs read, and the kernel waited for.
namespace trimscope::test {

// The path of a system program: the sbin directories first, where losetup and friends live and
// a test's PATH may lack them, then PATH.
QString findSystemProgram(const QString &name);

struct ToolOutput
{
    bool ok = false; // it ran to its end and exited 0
    QString out;     // trimmed
    QString err;     // trimmed; says so when it did not finish
};

// Runs the system program `name` with `input` on its stdin, for `timeoutMs` at most (then it is
// killed).
ToolOutput runSystemTool(const QString &name, const QStringList &args, int timeoutMs,
                         const QByteArray &input = {});

// `losetup -f --show OPTIONS IMAGE`: picks and binds a free loop device in one step, so parallel
// tests cannot collide, retried for the rare EBUSY when another process took the same free
// device first. The device (/dev/loopN), or empty with losetup's words in `error`.
QString attachLoopDevice(const QString &image, const QStringList &options, QString *error);

// Holds the loop device open with autoclear set: the kernel then detaches it when this process
// goes, however it goes (CTest kills a test that times out with SIGKILL, and no stop() runs).
// A plain open does not conflict with the O_EXCL opens of the code under test. The descriptor,
// or -1 with why in `error`; a warning where autoclear cannot be set.
int holdLoopDevice(const QString &device, QString *error);
// losetup -d, retried while the loop driver still drops its references (asynchronously), then
// the hold closed: with it open, losetup -d only marks the device. A warning where it cannot.
void detachLoopDevice(const QString &device, int holdFd);

// A sysfs attribute, trimmed; empty when it cannot be read.
QByteArray readSysfs(const QString &path);

// Polls `ready` every `pollMs` until it holds or `timeoutMs` passed, rather than sleeping a fixed
// time: mounting and loop set-up usually take milliseconds. Whether it held.
template <typename Predicate> bool waitUntil(int timeoutMs, Predicate ready, int pollMs = 10)
{
    QElapsedTimer timer;
    timer.start();
    while (!ready()) {
        if (timer.elapsed() > timeoutMs)
            return false;
        QThread::msleep(static_cast<unsigned long>(pollMs));
    }
    return true;
}

} // namespace trimscope::test
