#include "planrunner.h"

#include "common/secret.h"
#include "helpernow.h"
#include "stepstop.h"
#include "systemdunits.h"
#include "udisksconfig.h"

#include <QCoreApplication>
#include <functional>

namespace trimscope::apply {

namespace {

struct PlanRunnerText
{
    Q_DECLARE_TR_FUNCTIONS(PlanRunner)
};

// One change: how to make it, how to take it back, and where it goes in the record. `run` of a
// step that asks the user something answers Cancelled, in words, when the user cancels: that
// step is skipped, the others run.
struct Step
{
    QString what;
    std::function<Error()> run;
    std::function<Error()> revert;
    std::function<void(ApplyPlan &)> record;
};

// The refresh of an encrypted device: the passphrase is asked for when it runs and kept for its
// undo after a later step's failure, until the steps are done with (then Secret wipes it).
Step cryptRefreshStep(const CryptRefresh &refresh, const QDBusConnection &bus,
                      const AskPassphrase &askPassphrase)
{
    const CryptRefresh back{refresh.name, !refresh.allowDiscards};
    auto passphrase = std::make_shared<std::shared_ptr<const Secret>>();
    return {refresh.allowDiscards
                ? PlanRunnerText::tr("/dev/mapper/%1 passes discards now").arg(refresh.name)
                : PlanRunnerText::tr("/dev/mapper/%1 passes no discards now").arg(refresh.name),
            [=] {
                std::optional<QByteArray> given =
                    askPassphrase ? askPassphrase(refresh.name) : std::nullopt;
                if (!given)
                    return makeError(ErrorCode::Cancelled,
                                     PlanRunnerText::tr("/dev/mapper/%1 was not refreshed now: no "
                                                        "passphrase was given.")
                                         .arg(refresh.name));
                *passphrase = std::make_shared<const Secret>(std::move(*given));
                return refreshCryptNow(bus, refresh, (*passphrase)->bytes());
            },
            // Only a step that ran is reverted, and it had the passphrase.
            [=] { return refreshCryptNow(bus, back, (*passphrase)->bytes()); },
            [=](ApplyPlan &record) { record.cryptRefreshes.append(refresh); }};
}

// The udisks2 block that holds each edit's line as it stands now; the first line that cannot
// be found ends the lookup.
template <class Edit>
Expected<QStringList> blocksHolding(const QDBusConnection &bus, const QList<Edit> &edits)
{
    QStringList blocks;
    for (const Edit &edit : edits) {
        const Expected<QString> block = blockHolding(bus, edit.before, edit.subject);
        if (!block)
            return block.error();
        blocks.append(*block);
    }
    return blocks;
}

// A line of /etc/fstab or /etc/crypttab (`what` holds its new text as %1), changed in `block`;
// taken back in the block that holds the new line by then, which udisks2 may have renamed.
template <class Edit>
Step lineStep(const QDBusConnection &bus, const Edit &edit, const QString &block,
              const QString &what, QList<Edit> ApplyPlan::*recorded)
{
    return {
        what.arg(edit.lineAfter()),
        [=] { return updateConfigurationItem(bus, block, edit.before, edit.after, edit.subject); },
        [=] {
            const Expected<QString> now = blockHolding(bus, edit.after, edit.subject);
            return now ? updateConfigurationItem(bus, *now, edit.after, edit.before, edit.subject)
                       : now.error();
        },
        [=](ApplyPlan &record) { (record.*recorded).append(edit); }};
}

struct Steps
{
    QList<Step> steps;
    Error lookup; // a line that cannot be found where udisks2 keeps it
};

// The steps in the order whose failures can be put back exactly: a remount and a unit return
// to their old state as they were, while a line udisks2 puts back lands at the end of the file.
// So the remounts and units go first, the lines last; a line that cannot be found where udisks2
// keeps it ends everything before any step.
Steps stepsOf(const ApplyPlan &plan, const QDBusConnection &bus, const AskPassphrase &askPassphrase)
{
    Steps result;
    const Expected<QStringList> fstabBlocks = blocksHolding(bus, plan.fstab);
    if (!fstabBlocks) {
        result.lookup = fstabBlocks.error();
        return result;
    }
    const Expected<QStringList> crypttabBlocks = blocksHolding(bus, plan.crypttab);
    if (!crypttabBlocks) {
        result.lookup = crypttabBlocks.error();
        return result;
    }
    for (const Remount &remount : plan.remounts) {
        const Remount back{remount.mountPoint, remount.device, !remount.discard};
        result.steps.append(
            {remount.discard
                 ? PlanRunnerText::tr("%1 remounted with discard").arg(remount.mountPoint)
                 : PlanRunnerText::tr("%1 remounted without discard").arg(remount.mountPoint),
             [=] { return remountNow(bus, remount); }, [=] { return remountNow(bus, back); },
             [=](ApplyPlan &record) { record.remounts.append(remount); }});
    }
    for (const CryptRefresh &refresh : plan.cryptRefreshes)
        result.steps.append(cryptRefreshStep(refresh, bus, askPassphrase));
    for (const UnitChange &unit : plan.units) {
        const UnitChange back{unit.unit, !unit.enable, unit.mask, unit.unmask};
        result.steps.append(
            {unit.enable ? PlanRunnerText::tr("%1 enabled and started").arg(unit.unit)
                         : PlanRunnerText::tr("%1 stopped and disabled").arg(unit.unit),
             [=] { return changeUnit(bus, unit); }, [=] { return changeUnit(bus, back); },
             [=](ApplyPlan &record) { record.units.append(unit); }});
    }
    for (qsizetype i = 0; i < plan.crypttab.size(); ++i)
        result.steps.append(lineStep(bus, plan.crypttab.at(i), crypttabBlocks->at(i),
                                     PlanRunnerText::tr("/etc/crypttab: %1"),
                                     &ApplyPlan::crypttab));
    for (qsizetype i = 0; i < plan.fstab.size(); ++i)
        result.steps.append(lineStep(bus, plan.fstab.at(i), fstabBlocks->at(i),
                                     PlanRunnerText::tr("/etc/fstab: %1"), &ApplyPlan::fstab));
    return result;
}

Error recordChange(const QString &journalPath, const ApplyPlan &changed)
{
    Expected<ApplyJournal> journal = loadJournal(journalPath);
    if (!journal)
        return journal.error();
    journal->changes.append({QDateTime::currentDateTimeUtc(), changed});
    return saveJournal(journalPath, *journal);
}

} // namespace

ApplyOutcome carryOut(const ApplyPlan &plan, const QDBusConnection &bus,
                      const AskPassphrase &askPassphrase, const StepControl &control)
{
    ApplyOutcome outcome;
    outcome.changed.fixId = plan.fixId;
    outcome.changed.title = plan.title;
    outcome.notDone.fixId = plan.fixId;
    outcome.notDone.title = plan.title;
    const Steps steps = stepsOf(plan, bus, askPassphrase);
    if (steps.lookup.isError()) {
        outcome.error = steps.lookup;
        return outcome;
    }
    QList<const Step *> done;
    const int count = int(steps.steps.size());
    for (int i = 0; i < count; ++i) {
        const Step &step = steps.steps.at(i);
        if (control.stopRequested && control.stopRequested()) {
            outcome.stopped = true;
            outcome.error = makeError(ErrorCode::Cancelled,
                                      PlanRunnerText::tr("Stopped before step %1 of %2 (%3).")
                                          .arg(i + 1)
                                          .arg(count)
                                          .arg(step.what));
            for (int rest = i; rest < count; ++rest)
                steps.steps.at(rest).record(outcome.notDone);
            break;
        }
        if (control.starting)
            control.starting(i + 1, count, step.what);
        const StepStop stop(control.stopRequested);
        const Error error = step.run();
        if (stop.gaveUp()) {
            // Stopped while the step waited for the password: it changed nothing.
            outcome.stopped = true;
            outcome.error = makeError(ErrorCode::Cancelled,
                                      PlanRunnerText::tr("Stopped at step %1 of %2 (%3): %4; "
                                                         "this step changed nothing.")
                                          .arg(i + 1)
                                          .arg(count)
                                          .arg(step.what, error.message));
            for (int rest = i; rest < count; ++rest)
                steps.steps.at(rest).record(outcome.notDone);
            break;
        }
        if (error.code == ErrorCode::Cancelled) {
            outcome.skipped.append(error.message);
            step.record(outcome.notDone);
            continue;
        } else if (error.isError()) {
            outcome.error = error;
            break;
        }
        done.append(&step);
        outcome.done.append(step.what);
    }
    // Stopped: what was done stays done (and is recorded), as the user was told it would.
    if (!outcome.error.isError() || outcome.stopped) {
        for (const Step *step : std::as_const(done))
            step->record(outcome.changed);
        return outcome;
    }
    // Back to where it started: what was done is undone, newest first.
    for (auto it = done.crbegin(); it != done.crend(); ++it) {
        if (const Error error = (*it)->revert(); error.isError()) {
            outcome.leftOver.append(PlanRunnerText::tr("%1 (could not be put back: %2)")
                                        .arg((*it)->what, error.message));
            (*it)->record(outcome.changed);
        } else {
            outcome.putBack.append((*it)->what);
        }
    }
    return outcome;
}

ApplyOutcome applyAndRecord(const ApplyPlan &plan, const QDBusConnection &bus,
                            const QString &journalPath, const AskPassphrase &askPassphrase,
                            const StepControl &control)
{
    ApplyOutcome outcome = carryOut(plan, bus, askPassphrase, control);
    if (outcome.nothingChanged())
        return outcome;
    if (const Error error = recordChange(journalPath, outcome.changed); error.isError())
        outcome.leftOver.append(
            PlanRunnerText::tr("The record for undoing it could not be saved: %1")
                .arg(error.message));
    return outcome;
}

Expected<AppliedChange> lastChange(const QString &journalPath)
{
    const Expected<ApplyJournal> journal = loadJournal(journalPath);
    if (!journal)
        return journal.error();
    if (journal->changes.isEmpty())
        return makeError(
            ErrorCode::InvalidArgument,
            PlanRunnerText::tr("Nothing to undo: no fix applied with TrimScope is recorded "
                               "in %1.")
                .arg(journalPath));
    return journal->changes.constLast();
}

ApplyOutcome undoLast(const QDBusConnection &bus, const QString &journalPath,
                      const AskPassphrase &askPassphrase, const StepControl &control)
{
    ApplyOutcome outcome;
    Expected<ApplyJournal> journal = loadJournal(journalPath);
    if (!journal) {
        outcome.error = journal.error();
        return outcome;
    }
    const Expected<AppliedChange> last = lastChange(journalPath);
    if (!last) {
        outcome.error = last.error();
        return outcome;
    }
    outcome = carryOut(undoPlan(*last), bus, askPassphrase, control);
    if (!outcome.applied() && !outcome.stopped)
        return outcome; // put back as far as it could be: the record stays, and says it all
    if (outcome.notDone.changesNothing()) {
        journal->changes.removeLast();
    } else {
        // What was skipped, or not reached before a stop, is still changed: it stays recorded,
        // to be undone later.
        AppliedChange &kept = journal->changes.last();
        const QString title = kept.plan.title;
        kept.plan = undoPlan({kept.when, outcome.notDone});
        kept.plan.title = title;
    }
    if (const Error error = saveJournal(journalPath, *journal); error.isError())
        outcome.leftOver.append(
            PlanRunnerText::tr("The record of applied fixes could not be saved: %1")
                .arg(error.message));
    return outcome;
}

} // namespace trimscope::apply
