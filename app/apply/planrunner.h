#pragma once

#include "apply/applyplan.h"
#include "apply/undojournal.h"
#include "common/error.h"

#include <QByteArray>
#include <QDBusConnection>
#include <QStringList>
#include <functional>
#include <optional>

namespace trimscope::apply {

// Asks the user for a passphrase of /dev/mapper/NAME when the step that needs it runs; nothing
// when the user cancels. The CLI reads it from the terminal without echo, the GUI from a dialog.
using AskPassphrase = std::function<std::optional<QByteArray>(const QString &mappingName)>;

// How a caller follows and stops a plan as it runs (the GUI runs it on a worker thread; both are
// called on the thread that carries the plan out). Either may be empty.
struct StepControl
{
    // Before each step: its number (from 1), how many there are, and what it changes, in words.
    std::function<void(int number, int count, const QString &what)> starting;
    // Asked before each step: true stops the plan there. The steps already carried out stay
    // changed (and recorded); none is put back, so no further password is asked for.
    std::function<bool()> stopRequested;
};

// How carrying out a plan ended.
struct ApplyOutcome
{
    Error error; // none: every step was carried out
    // What changed and stays changed (the record of it is in the journal): the whole plan on
    // success, nothing after a failure that was put back, the steps that could not be put back
    // otherwise.
    ApplyPlan changed;
    QStringList done;     // in words, one line per step carried out
    QStringList putBack;  // after a failure: the steps undone again
    QStringList leftOver; // after a failure: the steps that could not be undone (still changed)
    // Steps left out because the user cancelled the passphrase prompt, in words, and as a plan;
    // the rest ran.
    QStringList skipped;
    ApplyPlan notDone;
    // Stopped by StepControl::stopRequested before a step (error says which): `done` and
    // `changed` hold what had changed by then, `notDone` the steps that did not run.
    bool stopped = false;

    bool applied() const { return !error.isError(); }
    bool nothingChanged() const { return changed.changesNothing(); }
};

// Carries out `plan` through the system's own interfaces: lines through udisks2, units through
// systemd, remounts through trimscope-helper; each asks polkit itself.
// First every line is looked up where udisks2 keeps it (a line that changed since the preview,
// or that udisks2 does not know, ends it before anything changes); then the steps run (remounts
// and units first, the lines last, whose undoing moves them), and when one fails (a denial, a
// remount the kernel refuses, a wrong passphrase) the steps before it are undone in reverse, so
// that nothing is left half-changed. A refresh of an encrypted device asks `askPassphrase` when
// it runs; a cancelled prompt skips that step only. The passphrase stays in memory until the
// plan is carried out (an undo after a failure needs it again), then it is wiped.
ApplyOutcome carryOut(const ApplyPlan &plan, const QDBusConnection &bus,
                      const AskPassphrase &askPassphrase, const StepControl &control = {});

// carryOut, and what stays changed recorded in the journal at `journalPath` (atomically), so
// that undoLast can put it back.
ApplyOutcome applyAndRecord(const ApplyPlan &plan, const QDBusConnection &bus,
                            const QString &journalPath, const AskPassphrase &askPassphrase,
                            const StepControl &control = {});

// The newest change of the journal, or an Error (nothing to undo, a journal that does not read).
Expected<AppliedChange> lastChange(const QString &journalPath);

// Puts back the newest change of the journal (carryOut of its undoPlan) and drops it from the
// journal once it is put back; what could not be put back, was skipped, or was not reached
// before a stop stays recorded.
ApplyOutcome undoLast(const QDBusConnection &bus, const QString &journalPath,
                      const AskPassphrase &askPassphrase, const StepControl &control = {});

} // namespace trimscope::apply
