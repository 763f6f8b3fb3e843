#pragma once

#include <QStringList>

namespace trimscope::cli {

// Exit codes shared by every subcommand.
enum ExitCode : int {
    ExitOk = 0,
    ExitFailure = 1, // the measurement failed (I/O error, ...)
    ExitRefused = 2, // usage error or a refusal: nothing was touched
    ExitCancelled = 130,
};

using CommandFunction = int (*)(const QStringList &args);

struct Command
{
    const char *name;
    const char *usage;
    const char *summary;
    CommandFunction run;
    // Lays out text and draws (a report): runs in a QGuiApplication, offscreen, not a
    // QCoreApplication.
    bool draws = false;
};

// All subcommands, in the order `trimscope-cli --help` lists them.
const QList<Command> &commands();

// One declaration per cmd_<name>.cpp; args exclude the program and subcommand name.
int runAdvise(const QStringList &args);
int runApply(const QStringList &args);
int runAudit(const QStringList &args);
int runHealth(const QStringList &args);
int runHistory(const QStringList &args);
int runBackgroundProbe(const QStringList &args);
int runDiagnose(const QStringList &args);
int runFsBenchCommand(const QStringList &args); // cmd_fsbench.cpp (runFsBench is the core's)
int runFillCurve(const QStringList &args);
int runFstrimTiming(const QStringList &args);
int runList(const QStringList &args);
int runMetrics(const QStringList &args);
int runMkfsTiming(const QStringList &args);
int runProfiles(const QStringList &args);
int runRecovery(const QStringList &args);
int runReport(const QStringList &args);
int runShow(const QStringList &args);
int runStall(const QStringList &args);
int runSweep(const QStringList &args);
int runWatch(const QStringList &args);

} // namespace trimscope::cli
