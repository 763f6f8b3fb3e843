// trimscope-cli apply: carry out the advice's fixes for this computer in one confirmed step
// (fstab and crypttab lines through udisks2, fstrim.timer through systemd, "now" through the
// helper), recorded so that `apply --undo` puts them back.
#include "advice/advice.h"
#include "apply/planner.h"
#include "apply/undojournal.h"
#include "argumentparsing.h"
#include "audit/systemsnapshot.h"
#include "clioutput.h"
#include "commands.h"
#include "helpernow.h"
#include "hostsnapshot.h"
#include "inputfiles.h"
#include "planrunner.h"
#include "stdinprompt.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDBusConnection>
#include <cstdio>

namespace trimscope::cli {

namespace {

using namespace trimscope::apply;

class CliApplyText
{
    Q_DECLARE_TR_FUNCTIONS(CliApply)
};

void printPlan(const ApplyPlan &plan)
{
    printOut(CliApplyText::tr("%1 [%2]").arg(plan.title, plan.fixId) + QLatin1Char('\n'));
    for (const QString &line : describePlan(plan))
        printOut(QStringLiteral("  ") +
                 QString(line).replace(QLatin1Char('\n'), QStringLiteral("\n  ")) +
                 QLatin1Char('\n'));
}

// One question for everything shown; --yes answers it. The answer is read from stdin, terminal
// or not; end of input is "no". A passphrase a step asks for later is read from the next line.
bool confirmed(bool yes)
{
    if (yes)
        return true;
    std::fputs(qPrintable(CliApplyText::tr("Apply these changes? [y/N] ")), stdout);
    std::fflush(stdout);
    const QString answer =
        QString::fromLocal8Bit(readStdinLine().value_or(QByteArray())).trimmed().toLower();
    return answer == QLatin1String("y") || answer == QLatin1String("yes") ||
           answer == CliApplyText::tr("y") || answer == CliApplyText::tr("yes");
}

int report(const ApplyOutcome &outcome, const QString &doneWord)
{
    for (const QString &line : outcome.done)
        printOut(QStringLiteral("  %1: %2\n").arg(doneWord, line));
    for (const QString &line : outcome.skipped)
        printOut(CliApplyText::tr("  skipped: %1").arg(line) + QLatin1Char('\n'));
    if (outcome.applied())
        return ExitOk;
    printError(outcome.error);
    for (const QString &line : outcome.putBack)
        printOut(CliApplyText::tr("  put back: %1").arg(line) + QLatin1Char('\n'));
    for (const QString &line : outcome.leftOver)
        printOut(CliApplyText::tr("  still changed: %1").arg(line) + QLatin1Char('\n'));
    if (outcome.nothingChanged() && outcome.leftOver.isEmpty()) {
        printOut(CliApplyText::tr("Nothing was changed.") + QLatin1Char('\n'));
        return exitCodeFor(outcome.error);
    }
    return ExitFailure;
}

int runUndo(bool dryRun, bool yes, const QString &journal)
{
    const Expected<AppliedChange> last = lastChange(journal);
    if (!last) {
        printError(last.error());
        return ExitRefused;
    }
    const ApplyPlan undo = undoPlan(*last);
    printOut(CliApplyText::tr("Applied %1:").arg(last->when.toLocalTime().toString(Qt::ISODate)) +
             QLatin1Char('\n'));
    printPlan(undo);
    if (dryRun)
        return ExitOk;
    if (!confirmed(yes)) {
        printOut(CliApplyText::tr("Nothing was changed.") + QLatin1Char('\n'));
        return ExitRefused;
    }
    const ApplyOutcome outcome = undoLast(QDBusConnection::systemBus(), journal, askPassphrase);
    const int code = report(outcome, CliApplyText::tr("put back"));
    if (code == ExitOk && !outcome.skipped.isEmpty())
        printOut(CliApplyText::tr("Not undone completely: what was skipped stays recorded "
                                  "(trimscope-cli apply --undo again).") +
                 QLatin1Char('\n'));
    else if (code == ExitOk)
        printOut(CliApplyText::tr("Undone: %1").arg(last->plan.title) + QLatin1Char('\n'));
    return code;
}

// The applied plans of this run are taken back when a later one fails: one confirmed step.
void takeBack(const QList<ApplyPlan> &applied, const QString &journal)
{
    for (qsizetype i = applied.size() - 1; i >= 0; --i) {
        const ApplyOutcome back = undoLast(QDBusConnection::systemBus(), journal, askPassphrase);
        const QString title = applied.at(i).title;
        printOut((back.applied() ? CliApplyText::tr("  taken back: %1").arg(title)
                                 : CliApplyText::tr("  could not be taken back: %1 (%2)")
                                       .arg(title, back.error.message)) +
                 QLatin1Char('\n'));
    }
}

} // namespace

int runApply(const QStringList &args)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("FIX-ID"),
                                 CliApplyText::tr("A fix the advice offers for this computer."));
    const QCommandLineOption from(
        QStringLiteral("from"),
        CliApplyText::tr("A result of the measured drive the advice reads "
                         "(as for advise); repeat for more."),
        QStringLiteral("FILE"));
    const QCommandLineOption dryRun(QStringLiteral("dry-run"),
                                    CliApplyText::tr("Show what would change, change nothing."));
    const QCommandLineOption yes(QStringLiteral("yes"),
                                 CliApplyText::tr("Do not ask before changing anything."));
    const QCommandLineOption undo(QStringLiteral("undo"),
                                  CliApplyText::tr("Put back the last fix applied."));
    const QCommandLineOption list(QStringLiteral("list"),
                                  CliApplyText::tr("List the fixes that can be applied here."));
    parser.addOptions({from, dryRun, yes, undo, list});
    if (!parseArguments(parser, QStringLiteral("apply"), args))
        return ExitRefused;
    const QString journal = defaultJournalPath();
    const QStringList ids = parser.positionalArguments();
    if (parser.isSet(undo)) {
        if (!ids.isEmpty() || parser.isSet(list)) {
            printError(CliApplyText::tr("--undo takes no fix"));
            return ExitRefused;
        }
        return runUndo(parser.isSet(dryRun), parser.isSet(yes), journal);
    }
    if (ids.isEmpty() && !parser.isSet(list)) {
        printError(
            CliApplyText::tr("name the fixes to apply (apply --list shows them), or --undo"));
        return ExitRefused;
    }

    // This computer as it is now: its audit, crypttab and periodic TRIM; the advice for it.
    advice::AdviceInput adviceInput;
    for (const QString &path : parser.values(from)) {
        if (const Error error = loadAdviceInput(path, adviceInput); error.isError()) {
            printError(error);
            return ExitRefused;
        }
    }
    const audit::SystemSnapshot snapshot = captureHostSnapshot(QDBusConnection::systemBus());
    adviceInput.audit = audit::runAudit(snapshot);
    const ApplyInput input = applyInputFrom(advice::adviseTrim(adviceInput), snapshot,
                                            helperCanChangeNow(QDBusConnection::systemBus()));

    if (parser.isSet(list)) {
        for (const QString &id : applicableFixIds(input))
            printOut(QStringLiteral("%1\t%2\n").arg(id, planFix(id, input)->title));
        return ExitOk;
    }
    QList<ApplyPlan> plans;
    for (const QString &id : ids) {
        const Expected<ApplyPlan> plan = planFix(id, input);
        if (!plan) {
            printError(QStringLiteral("%1: %2").arg(id, plan.error().message));
            return exitCodeFor(plan.error());
        }
        plans.append(*plan);
    }
    for (const ApplyPlan &plan : std::as_const(plans))
        printPlan(plan);
    if (parser.isSet(dryRun))
        return ExitOk;
    if (!confirmed(parser.isSet(yes))) {
        printOut(CliApplyText::tr("Nothing was changed.") + QLatin1Char('\n'));
        return ExitRefused;
    }
    QList<ApplyPlan> applied;
    for (const ApplyPlan &plan : std::as_const(plans)) {
        const ApplyOutcome outcome =
            applyAndRecord(plan, QDBusConnection::systemBus(), journal, askPassphrase);
        const int code = report(outcome, CliApplyText::tr("changed"));
        if (code != ExitOk) {
            takeBack(applied, journal);
            return code;
        }
        printOut(
            CliApplyText::tr("Applied: %1 (undo: trimscope-cli apply --undo)").arg(plan.title) +
            QLatin1Char('\n'));
        applied.append(plan);
    }
    return ExitOk;
}

} // namespace trimscope::cli
