#pragma once

#include "common/canceltoken.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace trimscope::fsbench {

// How one run of an external program (mkfs, mount, fstrim) went.
struct ToolRun
{
    QString program;
    QStringList arguments;
    bool started = false;
    int exitCode = -1;
    bool crashed = false;
    bool timedOut = false;
    bool cancelled = false;
    double seconds = 0; // wall time from start to exit
    QByteArray output;  // stdout and stderr merged, the last 8 KiB

    bool succeeded() const
    {
        return started && !crashed && !timedOut && !cancelled && exitCode == 0;
    }
    // "mkfs.xfs exited with code 1: <last line of its output>"
    QString failureMessage() const;
};

// The absolute path of a system tool, looked up only in /usr/sbin, /usr/bin, /sbin and /bin
// (never $PATH: the helper runs as root); empty when it is not installed.
QString findSystemTool(const QString &name);

// Runs the program with a fixed argument list (no shell) and a minimal environment (C locale,
// system PATH). With a cancel token, a cancel terminates the program; without one (umount), it
// always runs to the end or the timeout. The child dies with us (PR_SET_PDEATHSIG).
ToolRun runExternalTool(const QString &program, const QStringList &arguments,
                        const CancelToken *cancel, int timeoutMs);

} // namespace trimscope::fsbench
