#pragma once

#include "report/resultkinds.h"

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

// All subcommands, by name, as `trimscope-cli --help` lists them.
const QList<Command> &commands();

// The command of each kind of job, named as the kind (jobKindOf<Plan>().name: what the helper's
// StartJob runs), defined beside it in its cmd_<name>.cpp; one for every line of the registry
// (report/resultkinds.h), or the CLI does not link.
template <class Plan> const Command &commandOf();
#define TRIMSCOPE_DECLARE_COMMAND(Plan, Result) template <> const Command &commandOf<Plan>();
TRIMSCOPE_JOB_KINDS(TRIMSCOPE_DECLARE_COMMAND)
#undef TRIMSCOPE_DECLARE_COMMAND

// One declaration per other cmd_<name>.cpp; args exclude the program and subcommand name.
int runAdvise(const QStringList &args);
int runApply(const QStringList &args);
int runAudit(const QStringList &args);
int runHealth(const QStringList &args);
int runHistory(const QStringList &args);
int runList(const QStringList &args);
int runMetrics(const QStringList &args);
int runProfiles(const QStringList &args);
int runReport(const QStringList &args);
int runShow(const QStringList &args);
int runWatch(const QStringList &args);

} // namespace trimscope::cli
