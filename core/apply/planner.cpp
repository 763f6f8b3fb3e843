#include "planner.h"

#include "applytext.h"
#include "audit/fstrimstatus.h"
#include "audit/systemsnapshot.h"
#include "audit/tabparsers.h"
#include "common/shellquote.h"
#include "remountcheck.h"

#include <algorithm>

namespace trimscope::apply {

namespace {

const QString kTimer = QStringLiteral("fstrim.timer");

Error refusePlan(const QString &why)
{
    return makeError(ErrorCode::InvalidArgument, why);
}

const audit::AuditTarget *targetOf(const ApplyInput &input, const QString &subject)
{
    const auto &targets = input.audit.targets;
    const auto it = std::find_if(targets.cbegin(), targets.cend(),
                                 [&](const audit::AuditTarget &t) { return t.subject == subject; });
    return it == targets.cend() ? nullptr : &*it;
}

bool mountedWithDiscard(const audit::AuditTarget &target)
{
    return std::any_of(
        target.mountOptions.cbegin(), target.mountOptions.cend(),
        [](const QString &o) { return mountOptionName(o) == QLatin1String("discard"); });
}

// The layer that keeps discards from the disk: the lowest one that passes none.
const audit::StackLayer *blockingLayer(const audit::StorageStack &stack)
{
    const audit::StackLayer *found = nullptr;
    for (const audit::StackLayer &layer : stack.layers) {
        if (!layer.discardPasses || layer.cryptAllowsDiscards == false)
            found = &layer;
    }
    return found;
}

// The fstab entry of `target` as udisks2 will find it, or why it cannot be changed.
Expected<FstabEdit> fstabEditFor(const audit::AuditTarget &target, const QStringList &options)
{
    if (target.fstabLine.isEmpty())
        return refusePlan(
            ApplyText::tr("No line in /etc/fstab mounts %1: whatever mounts it at "
                          "boot (a systemd mount unit, the initramfs) must change, and "
                          "a remount alone lasts until the next boot only.")
                .arg(target.subject));
    QString why;
    const auto item = fstabItemFromLine(target.fstabLine, &why);
    if (!item)
        return refusePlan(ApplyText::tr("udisks2 cannot change the line for %1 in /etc/fstab (%2): "
                                        "«%3». Change it by hand.")
                              .arg(target.subject, why, target.fstabLine));
    FstabEdit edit{target.subject, target.fstabLine, *item, *item, QString()};
    edit.after.opts = options.join(QLatin1Char(','));
    return edit;
}

// From a sandbox whose bus did not carry systemd's answer.
QString timerUnknownNote()
{
    return ApplyText::tr("Whether fstrim.timer is enabled could not be seen from here (systemd "
                         "did not answer): check with `systemctl status fstrim.timer`, and "
                         "enable it if it is not (`sudo systemctl enable --now fstrim.timer`).");
}

// The same, where turning online discard off leaves the periodic trim to whatever runs it: from
// a sandbox neither the timer nor the host's cron tables nor its process 1 can be seen, so the
// plan assumes neither and says what to check, both ways.
QString periodicTrimUnknownNote(const QString &subject)
{
    return ApplyText::tr("Whether anything trims %1 periodically once online discard is off "
                         "could not be seen from here (systemd did not answer, and the host's "
                         "cron tables are out of sight): check with `systemctl status "
                         "fstrim.timer` and enable it if it is not (`sudo systemctl enable --now "
                         "fstrim.timer`); on a computer without systemd, put this line in %2:\n"
                         "  %3")
        .arg(subject, audit::fstrimCronFile(), audit::fstrimCronLine());
}

// Online discard turned off leaves a filesystem untrimmed unless something trims it periodically:
// the same step enables fstrim.timer where systemd runs it, and refuses where only cron could
// (TrimScope writes no cron file) until the cron line is in place. A timer enabled where systemd
// does not run never fires, so it does not count.
Error planPeriodicTrim(ApplyPlan &plan, const ApplyInput &input, const QString &subject)
{
    const audit::FstrimStatus &status = input.fstrim;
    if (status.cronConfigured())
        return {};
    // Unseen is not absent: a sandbox's own process 1 (bwrap) says nothing of the host's.
    if (!status.timerKnown) {
        plan.notes.append(periodicTrimUnknownNote(subject));
        return {};
    }
    if (!status.systemdRunning)
        return refusePlan(ApplyText::tr("Without online discard nothing would trim %1: systemd "
                                        "is not running here, so fstrim.timer never fires, and "
                                        "no cron job runs fstrim. Put this line in %2 first, "
                                        "then apply again:\n  %3")
                              .arg(subject, audit::fstrimCronFile(), audit::fstrimCronLine()));
    if (!status.timerEnabled)
        plan.units.append({kTimer, true, status.timerMasked, false});
    return {};
}

// Online discard on or off for one filesystem: its fstab line (nodiscard where a default would
// put discard back), and a remount so that it holds now.
Expected<ApplyPlan> discardPlan(const ApplyInput &input, const QString &subject, bool discard)
{
    const audit::AuditTarget *target = targetOf(input, subject);
    if (!target || target->kind != audit::AuditTarget::Kind::Filesystem)
        return refusePlan(ApplyText::tr("%1 is not a mounted filesystem on a solid-state drive of "
                                        "this computer now.")
                              .arg(subject));
    if (const audit::StackLayer *layer = blockingLayer(target->stack))
        return refusePlan(ApplyText::tr("Discards from %1 stop at %2, whatever its mount options "
                                        "say: that layer is what to fix.")
                              .arg(subject, layer->devicePath()));
    QStringList options = audit::withDiscardOption(target->fsType, target->fstabOptions, discard);
    // fstrim.timer skips a line that says X-fstrim.notrim: without discard it must trim it.
    if (!discard)
        options = audit::withoutOption(options, QStringLiteral("X-fstrim.notrim"));
    const Expected<FstabEdit> edit = fstabEditFor(*target, options);
    if (!edit)
        return edit.error();
    ApplyPlan plan;
    if (!discard) {
        if (const Error error = planPeriodicTrim(plan, input, subject); error.isError())
            return error;
    }
    if (edit->after != edit->before)
        plan.fstab.append(*edit);
    if (mountedWithDiscard(*target) != discard) {
        if (!remountChangesDiscard(target->fsType))
            plan.notes.append(ApplyText::tr("%1 (%2) takes the changed option when it is next "
                                            "mounted (the next boot): a remount keeps the option "
                                            "it was mounted with.")
                                  .arg(subject, target->fsType));
        else if (input.canChangeNow)
            plan.remounts.append({subject, target->source, discard});
        else
            plan.notes.append(ApplyText::tr("%1 keeps its current options until it is mounted "
                                            "again (the next boot): the TrimScope helper, which "
                                            "remounts it now, is not available.")
                                  .arg(subject));
    }
    return plan;
}

// An fstab option of a line added or removed, nothing else (fstab-notrim, swap-discard).
Expected<ApplyPlan> fstabOptionPlan(const ApplyInput &input, const QString &subject,
                                    const QString &option, bool present)
{
    const audit::AuditTarget *target = targetOf(input, subject);
    if (!target)
        return refusePlan(
            ApplyText::tr("%1 is not mounted or active on a solid-state drive of this "
                          "computer now.")
                .arg(subject));
    const QStringList options = present ? audit::withOption(target->fstabOptions, option)
                                        : audit::withoutOption(target->fstabOptions, option);
    const Expected<FstabEdit> edit = fstabEditFor(*target, options);
    if (!edit)
        return edit.error();
    ApplyPlan plan;
    if (edit->after != edit->before)
        plan.fstab.append(*edit);
    if (target->kind == audit::AuditTarget::Kind::Swap)
        plan.notes.append(
            ApplyText::tr("Swap %1 takes the option when it is next activated (the next boot).")
                .arg(subject));
    return plan;
}

Expected<ApplyPlan> timerPlan(const ApplyInput &input)
{
    const audit::FstrimStatus &status = input.fstrim;
    if (!status.timerKnown)
        return makeError(ErrorCode::Unsupported, timerUnknownNote());
    if (!status.systemdRunning)
        return makeError(ErrorCode::Unsupported,
                         ApplyText::tr("systemd is not running here (it is not process 1), so "
                                       "fstrim.timer would never fire. Instead, put this line in "
                                       "/etc/cron.d/fstrim:\n  %1")
                             .arg(audit::fstrimCronLine()));
    if (status.timerEnabled)
        return refusePlan(ApplyText::tr("fstrim.timer is enabled already."));
    ApplyPlan plan;
    plan.units.append({kTimer, true, status.timerMasked, false});
    return plan;
}

// The crypttab line of the mapping `subject` (/dev/mapper/NAME) with "discard".
Expected<ApplyPlan> cryptPlan(const ApplyInput &input, const QString &subject)
{
    QString name;
    bool allowsDiscardsNow = false;
    for (const audit::AuditTarget &target : input.audit.targets) {
        for (const audit::StackLayer &layer : target.stack.layers) {
            if (layer.kind == audit::LayerKind::Crypt && layer.devicePath() == subject) {
                name = layer.label;
                allowsDiscardsNow = layer.cryptAllowsDiscards.value_or(false);
            }
        }
    }
    if (name.isEmpty())
        return refusePlan(ApplyText::tr("%1 is not a dm-crypt mapping under a filesystem of this "
                                        "computer now.")
                              .arg(subject));
    const QList<audit::CrypttabEntry> entries = audit::parseCrypttab(input.crypttab);
    const auto entry = std::find_if(entries.cbegin(), entries.cend(),
                                    [&](const audit::CrypttabEntry &e) { return e.name == name; });
    if (entry == entries.cend())
        return refusePlan(ApplyText::tr("No line in /etc/crypttab opens %1 (or it cannot be read): "
                                        "whatever opens it must allow discards.")
                              .arg(name));
    QString why;
    const auto item = crypttabItemFromLine(entry->line, &why);
    if (!item)
        return refusePlan(ApplyText::tr("udisks2 cannot change the line for %1 in /etc/crypttab "
                                        "(%2): «%3». Change it by hand.")
                              .arg(name, why, entry->line));
    // udisksd deletes the old key file and writes the new item's: it would lose the key.
    if (!item->passphrasePath.isEmpty())
        return refusePlan(ApplyText::tr("The line for %1 in /etc/crypttab names a key file (%2), "
                                        "which udisks2 would delete and write anew when it changes "
                                        "the line. Add \"discard\" to its options by hand.")
                              .arg(name, item->passphrasePath));
    ApplyPlan plan;
    CrypttabEdit edit{subject, entry->line, *item, *item, QString()};
    edit.after.options =
        audit::withOption(entry->options, QStringLiteral("discard")).join(QLatin1Char(','));
    if (edit.after != edit.before)
        plan.crypttab.append(edit);
    // cryptsetup refresh re-reads the key from a key slot: the helper does it with the
    // passphrase asked for when the step runs; without the helper the user runs it.
    if (!allowsDiscardsNow && input.canChangeNow)
        plan.cryptRefreshes.append({name, true});
    else if (!allowsDiscardsNow)
        plan.notes.append(ApplyText::tr("%1 passes discards from the next time it is opened (the "
                                        "next boot). To let it pass them now, run %2 (it asks "
                                        "for the passphrase).")
                              .arg(name, shellCommand({QStringLiteral("sudo"),
                                                       QStringLiteral("cryptsetup"),
                                                       QStringLiteral("refresh"),
                                                       QStringLiteral("--allow-discards")},
                                                      {name})));
    plan.notes.append(ApplyText::tr("If %1 is opened by the initramfs (the root filesystem's "
                                    "mapping is), run 'update-initramfs -u' afterwards: it "
                                    "keeps its own copy of /etc/crypttab.")
                          .arg(name));
    return plan;
}

const advice::Fix *adviceFix(const ApplyInput &input, const QString &id)
{
    const auto &fixes = input.advice.fixes;
    const auto it = std::find_if(fixes.cbegin(), fixes.cend(),
                                 [&](const advice::Fix &f) { return f.id == id; });
    return it == fixes.cend() ? nullptr : &*it;
}

// Findings about the measured drive's filesystems (every finding, with no drive measured); the
// computer's other findings are shown, never applied because of this drive's verdict.
const audit::Finding *offeredFinding(const ApplyInput &input, const QString &id)
{
    const auto &findings = input.advice.findings;
    const auto it = std::find_if(findings.cbegin(), findings.cend(), [&](const audit::Finding &f) {
        return findingFixId(f) == id && !f.fix.isEmpty();
    });
    return it == findings.cend() ? nullptr : &*it;
}

// A verdict from measurements that says to leave online discard off.
bool measuredAgainstDiscard(advice::Verdict verdict)
{
    return verdict == advice::Verdict::PreferPeriodicFstrim ||
           verdict == advice::Verdict::Undecided || verdict == advice::Verdict::NoTrim;
}

// The audit knows only that online discard is on, not what it costs this drive: some drives
// trim cheaply. What to measure before changing anything.
QString notMeasuredWords(const QString &subject)
{
    return ApplyText::tr("%1 is mounted with online discard, and nothing measured says what it "
                         "costs its drive: on many drives it is cheap. Measure first: "
                         "'trimscope-cli watch --json watch.json' (the drive's discards since "
                         "boot) and 'sudo trimscope-cli fstrim-timing %1 --json fstrim.json' (a "
                         "timed fstrim), then 'trimscope-cli apply --list --from watch.json "
                         "--from fstrim.json'.")
        .arg(subject);
}

Expected<ApplyPlan> auditPlan(const ApplyInput &input, const audit::Finding &finding)
{
    const QString &subject = finding.subject;
    if (finding.id == QLatin1String("mount-online-discard")) {
        const audit::AuditTarget *target = targetOf(input, subject);
        const advice::FilesystemVerdict *verdict =
            target ? input.advice.filesystemVerdict(target->fsType) : nullptr;
        if (verdict && verdict->verdict == advice::Verdict::OnlineDiscardFine)
            return refusePlan(
                ApplyText::tr("The measured drive's verdict is that online discard is "
                              "fine for %1: the audit's general advice does not apply "
                              "to %2.")
                    .arg(target->fsType, subject));
        if (!verdict && !measuredAgainstDiscard(input.advice.verdict))
            return refusePlan(notMeasuredWords(subject));
        return discardPlan(input, subject, false);
    }
    if (finding.id == QLatin1String("fstab-notrim"))
        return fstabOptionPlan(input, subject, QStringLiteral("X-fstrim.notrim"), false);
    if (finding.id == QLatin1String("swap-discard"))
        return fstabOptionPlan(input, subject, QStringLiteral("discard"), true);
    if (finding.id == QLatin1String("discards-blocked-crypt"))
        return cryptPlan(input, subject);
    if (finding.id == QLatin1String("fstrim-timer-disabled"))
        return timerPlan(input);
    return makeError(ErrorCode::Unsupported,
                     ApplyText::tr("TrimScope does not carry out this fix itself; run it "
                                   "yourself:\n%1")
                         .arg(finding.fix));
}

Expected<ApplyPlan> planOffered(const QString &fixId, const ApplyInput &input)
{
    if (const advice::Fix *fix = adviceFix(input, fixId)) {
        if (fix->scope != advice::FixScope::ThisComputer)
            return refusePlan(
                ApplyText::tr("“%1” is how to set up filesystems on the measured drive "
                              "wherever it is used, not a change to this computer: "
                              "none of this computer's filesystems is on that drive "
                              "or its model.")
                    .arg(fix->title));
        const QString subject = fixId.section(QLatin1Char(':'), 1);
        if (fixId.startsWith(QLatin1String("fstab-add-discard:")))
            return discardPlan(input, subject, true);
        if (fixId.startsWith(QLatin1String("fstab-remove-discard:")))
            return discardPlan(input, subject, false);
        if (fixId == QLatin1String("enable-fstrim-timer"))
            return timerPlan(input);
    }
    if (const audit::Finding *finding = offeredFinding(input, fixId))
        return auditPlan(input, *finding);
    if (const advice::Fix *fix = adviceFix(input, fixId))
        return makeError(ErrorCode::Unsupported,
                         ApplyText::tr("TrimScope does not carry out this fix itself; run it "
                                       "yourself:\n%1")
                             .arg(fix->text));
    return refusePlan(ApplyText::tr("“%1” is not among the fixes the advice offers for this "
                                    "computer now ('trimscope-cli advise' lists them).")
                          .arg(fixId));
}

QString titleOf(const ApplyInput &input, const QString &fixId)
{
    if (const advice::Fix *fix = adviceFix(input, fixId))
        return fix->title;
    if (const audit::Finding *finding = offeredFinding(input, fixId))
        return finding->title;
    return fixId;
}

} // namespace

ApplyInput applyInputFrom(const advice::Advice &advice, const audit::SystemSnapshot &snapshot,
                          bool canChangeNow)
{
    ApplyInput input;
    input.advice = advice;
    input.audit = audit::runAudit(snapshot);
    input.crypttab = snapshot.valueOr(QStringLiteral("/etc/crypttab"));
    input.fstrim = audit::fstrimStatus(snapshot);
    input.canChangeNow = canChangeNow;
    return input;
}

QString findingFixId(const audit::Finding &finding)
{
    return QStringLiteral("audit:%1:%2").arg(finding.id, finding.subject);
}

Expected<ApplyPlan> planFix(const QString &fixId, const ApplyInput &input)
{
    Expected<ApplyPlan> plan = planOffered(fixId, input);
    if (!plan)
        return plan;
    plan->fixId = fixId;
    plan->title = titleOf(input, fixId);
    if (plan->changesNothing())
        return refusePlan(ApplyText::tr("Nothing to change for “%1”: this computer is set up so "
                                        "already.")
                              .arg(plan->title));
    return plan;
}

QStringList applicableFixIds(const ApplyInput &input)
{
    QStringList ids;
    const auto consider = [&](const QString &id) {
        if (!ids.contains(id) && planFix(id, input))
            ids.append(id);
    };
    for (const advice::Fix &fix : input.advice.fixes)
        consider(fix.id);
    for (const audit::Finding &finding : input.advice.findings)
        consider(findingFixId(finding));
    return ids;
}

} // namespace trimscope::apply
