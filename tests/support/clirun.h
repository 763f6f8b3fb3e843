#pragma once

#include <QByteArray>
#include <QList>
#include <QProcess>
#include <QStringList>

namespace trimscope::test {

struct CliRun
{
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
    double seconds = 0;
};

// One line a CLI wrote, and when it arrived (seconds since the CLI started).
struct TimedLine
{
    double atSeconds = 0;
    bool stderrLine = false;
    QByteArray text;
};

// Path of the built trimscope-cli.
QString cliPath();
// Runs trimscope-cli to the end (bounded by timeoutMs) and collects its output.
CliRun runCli(const QStringList &args, int timeoutMs = 120000);
// The same, with every line of output timed as it arrives (both channels are pipes): for a
// command's progress on an output that is not a terminal.
CliRun runCliTimed(const QStringList &args, QList<TimedLine> &lines, int timeoutMs = 120000);
// Runs any program (mkfs, mount, ...) and returns its exit code; output goes to the test log
// when it fails.
int runTool(const QString &program, const QStringList &args, int timeoutMs = 60000);
// A recorded result in tests/data/results/, for the CLI's --from.
QString sampleResult(const QString &name);
// A file's bytes; empty when it cannot be read.
QByteArray readBytes(const QString &path);

} // namespace trimscope::test
