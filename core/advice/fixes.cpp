#include "fixes.h"

#include "advicetext.h"
#include "audit/btrfsdiscard.h"
#include "audit/fstrimstatus.h"
#include "audit/tabparsers.h"
#include "common/shellquote.h"
#include "evidence.h"
#include "raiddiscard.h"

#include <algorithm>

namespace trimscope::advice {

namespace {

// A filesystem mounted with online discard, or without.
enum class Discard { Without, With };

bool hasOption(const audit::AuditTarget &t, const QString &option)
{
    return t.mountOptions.contains(option) || t.fstabOptions.contains(option);
}

QString fstabFixId(Discard discard, const QString &subject)
{
    return QStringLiteral("%1:%2").arg(discard == Discard::With
                                           ? QStringLiteral("fstab-add-discard")
                                           : QStringLiteral("fstab-remove-discard"),
                                       subject);
}

// What the verdict says for one filesystem type: discard wanted, not wanted, or not known.
std::optional<Discard> wantedDiscard(const Evidence &e, Verdict verdict, const QString &fs)
{
    if (verdict == Verdict::NoTrim)
        return Discard::Without;
    for (const FsPrediction &p : e.predictions) {
        if (p.verdict.filesystem == fs)
            return p.verdict.verdict == Verdict::OnlineDiscardFine ? Discard::With
                                                                   : Discard::Without;
    }
    if (verdict == Verdict::OnlineDiscardFine)
        return Discard::With;
    if (verdict == Verdict::PreferPeriodicFstrim || verdict == Verdict::Undecided)
        return Discard::Without;
    return std::nullopt;
}

// The exact fstab line for one of this computer's filesystems. Without one, a remount is all
// that can be said, and it says that it lasts until the next boot only.
Fix fstabFix(const audit::AuditTarget &t, Discard discard, bool matchedByModel)
{
    const bool with = discard == Discard::With;
    const QString option = with ? QStringLiteral("discard") : QStringLiteral("nodiscard");
    const QString remount = shellCommand(
        {QStringLiteral("mount"), QStringLiteral("-o"), QStringLiteral("remount,") + option},
        {t.subject});
    Fix fix;
    fix.id = fstabFixId(discard, t.subject);
    fix.file = QStringLiteral("/etc/fstab");
    fix.title = with ? AdviceText::tr("Mount %1 with discard").arg(t.subject)
                     : AdviceText::tr("Mount %1 without discard").arg(t.subject);
    if (t.fstabLine.isEmpty()) {
        fix.file.clear();
        fix.text = remount;
        fix.explanation = AdviceText::tr("This lasts until the next boot only: no line in "
                                         "/etc/fstab mounts %1, so whatever mounts it at boot "
                                         "must say %2 too.")
                              .arg(t.subject, option);
    } else {
        fix.text = fstabLineWithOptions(t.fstabLine,
                                        audit::withDiscardOption(t.fsType, t.fstabOptions, with));
        fix.explanation = AdviceText::tr("Replace the line for %1 in /etc/fstab; it takes "
                                         "effect at the next mount (or at once: %2).")
                              .arg(t.subject, remount);
    }
    if (matchedByModel)
        fix.explanation += QLatin1Char(' ') + AdviceText::tr("%1 is on a drive of the same model "
                                                             "as the measured one.")
                                                  .arg(t.subject);
    return fix;
}

Fix btrfsNodiscardFix(const Evidence &e, const audit::AuditTarget &t, bool matchedByModel)
{
    Fix fix = fstabFix(t, Discard::Without, matchedByModel);
    const QString limit = QStringLiteral("/sys/fs/btrfs/$(findmnt -no UUID %1)/discard/iops_limit")
                              .arg(shellQuoted(t.subject));
    fix.explanation =
        (e.onlineStall()
             ? AdviceText::tr("btrfs discards %1 asynchronously, off the delete path, but each "
                              "discard still holds this drive's other I/O up (the stall test): "
                              "async only spreads the stalls over the day.")
             : AdviceText::tr("btrfs discards %1 asynchronously, off the delete path, but this "
                              "drive trims in the background and slows the writes after each "
                              "discard: async only spreads that over the day."))
            .arg(t.subject) +
        QLatin1Char(' ') +
        AdviceText::tr("Mount it with nodiscard and let the weekly fstrim (fstrim.timer) trim at "
                       "a time you choose. To keep async discard instead, lower how many "
                       "discards a second it may send: %1 (btrfs's iops_limit; 1000 by default "
                       "since Linux 6.2).")
            .arg(limit) +
        QLatin1Char(' ') + fix.explanation;
    return fix;
}

// Exact fstab lines for the filesystems on the measured drive (or the same model). None for a
// filesystem whose discards a lower layer drops anyway: the fix is that layer's (the audit's).
void addFstabFixes(QList<Fix> &fixes, const Evidence &e, Verdict verdict)
{
    for (const audit::AuditTarget &t : e.audit.targets) {
        if (t.kind != audit::AuditTarget::Kind::Filesystem || !t.stack.discardsReachDisk())
            continue;
        if (t.fsType == QLatin1String("btrfs") &&
            audit::btrfsDiscardMode(t.mountOptions) == audit::BtrfsDiscardMode::Async) {
            // Never "discard" (synchronous, on the delete path) in place of async.
            if (verdict != Verdict::NoTrim && btrfsAsyncOnDriveThatStalls(e, t))
                fixes.append(btrfsNodiscardFix(e, t, e.audit.matchedByModel));
            else if (verdict == Verdict::NoTrim)
                fixes.append(fstabFix(t, Discard::Without, e.audit.matchedByModel));
            continue;
        }
        const std::optional<Discard> want = wantedDiscard(e, verdict, t.fsType);
        if (!want || hasOption(t, QStringLiteral("discard")) == (*want == Discard::With))
            continue;
        fixes.append(fstabFix(t, *want, e.audit.matchedByModel));
    }
}

// The /etc/fstab line for filesystems put on the measured drive, with or without discard.
Fix fstabFixForDrive(const QString &fs, const QString &drive, Discard discard)
{
    const bool with = discard == Discard::With;
    Fix fix;
    fix.id = fstabFixId(discard, fs);
    fix.scope = FixScope::MeasuredDrive;
    fix.file = QStringLiteral("/etc/fstab");
    fix.title =
        with ? AdviceText::tr("Mount %1 filesystems on %2 with discard").arg(fsDisplay(fs), drive)
             : AdviceText::tr("Mount %1 filesystems on %2 without discard")
                   .arg(fsDisplay(fs), drive);
    // The placeholders are words the user replaces, in the user's language (German cards read
    // "<UUID>  <Einhängepunkt>"); the fields around them are fstab's own.
    fix.text = QStringLiteral("UUID=%1  %2  %3  %4  0  2")
                   .arg(AdviceText::tr("<uuid>", "fstab placeholder"),
                        AdviceText::tr("<mount point>", "fstab placeholder"), fs,
                        with ? QStringLiteral("defaults,discard") : QStringLiteral("defaults"));
    fix.explanation = with ? AdviceText::tr("The 4th field of the line of each %1 filesystem "
                                            "you put on this drive, in the /etc/fstab of the "
                                            "computer it is in.")
                                 .arg(fsDisplay(fs))
                           : AdviceText::tr("The 4th field of the line of each %1 filesystem "
                                            "you put on this drive, in the /etc/fstab of the "
                                            "computer it is in: no discard option.")
                                 .arg(fsDisplay(fs));
    return fix;
}

// How to mount filesystems on the measured drive wherever it is used: placeholders, never a line
// of this computer's. One fix per filesystem, in the order of its verdicts (the headline's).
void addDriveGuidance(QList<Fix> &fixes, const Evidence &e, Verdict verdict)
{
    const QString drive = e.driveName();
    QList<std::pair<QString, Discard>> wanted;
    for (const FsPrediction &p : e.predictions)
        wanted.append({p.estimate.filesystem, p.verdict.verdict == Verdict::OnlineDiscardFine
                                                  ? Discard::With
                                                  : Discard::Without});
    if (e.predictions.isEmpty()) {
        if (verdict == Verdict::OnlineDiscardFine)
            wanted.append({QStringLiteral("ext4"), Discard::With});
        else if (verdict == Verdict::PreferPeriodicFstrim || verdict == Verdict::Undecided ||
                 verdict == Verdict::NoTrim)
            wanted.append({QStringLiteral("ext4"), Discard::Without});
    }
    if (verdict == Verdict::NoTrim)
        wanted = {{QStringLiteral("ext4"), Discard::Without}};
    for (const auto &[fs, discard] : std::as_const(wanted))
        fixes.append(fstabFixForDrive(fs, drive, discard));
}

// Where systemd does not run this computer, fstrim.timer never fires: cron runs fstrim instead.
bool withoutSystemd(const Evidence &e)
{
    return e.input.audit && !e.input.audit->systemdRunning;
}

Fix timerFix(const Evidence &e, FixScope scope)
{
    Fix fix;
    fix.id = QStringLiteral("enable-fstrim-timer");
    fix.scope = scope;
    fix.title = AdviceText::tr("Run fstrim weekly");
    if (withoutSystemd(e)) {
        const QString pid1 =
            e.input.audit->pid1.isEmpty() ? AdviceText::tr("not systemd") : e.input.audit->pid1;
        fix.id = QStringLiteral("fstrim-cron");
        fix.file = audit::fstrimCronFile();
        fix.text = audit::fstrimCronLine();
        fix.explanation = AdviceText::tr("systemd does not run this computer (PID 1 is %1), so "
                                         "fstrim.timer would never fire: cron runs this line "
                                         "every Sunday at 03:30 and trims every mounted "
                                         "filesystem that supports it.")
                              .arg(pid1);
        if (scope == FixScope::MeasuredDrive)
            fix.explanation += QLatin1Char(' ') +
                               AdviceText::tr("In a computer that systemd runs: systemctl enable "
                                              "--now fstrim.timer.");
        return fix;
    }
    fix.text = QStringLiteral("systemctl enable --now fstrim.timer");
    fix.explanation = AdviceText::tr("util-linux's timer trims every mounted filesystem that "
                                     "supports it once a week. Without systemd, a weekly cron "
                                     "job running 'fstrim --all' does the same.");
    return fix;
}

// Undecided counts: until a run decides, fstrim is the safe choice.
bool anyWantsFstrim(const Evidence &e, Verdict verdict)
{
    const auto wantsFstrim = [](Verdict v) {
        return v == Verdict::PreferPeriodicFstrim || v == Verdict::Undecided;
    };
    if (wantsFstrim(verdict))
        return true;
    return std::any_of(e.predictions.cbegin(), e.predictions.cend(),
                       [&](const FsPrediction &p) { return wantsFstrim(p.verdict.verdict); });
}

void addTimerFix(QList<Fix> &fixes, const Evidence &e, Verdict verdict)
{
    if (!anyWantsFstrim(e, verdict))
        return;
    // Without systemd an enabled fstrim.timer never fires: only cron's line trims there.
    const bool noPeriodicTrim =
        e.audit.hasFinding(QStringLiteral("fstrim-timer-disabled")) ||
        (withoutSystemd(e) && !e.audit.hasFinding(QStringLiteral("fstrim-cron")));
    if (!e.audit.driveInAudit)
        fixes.append(timerFix(e, FixScope::MeasuredDrive));
    else if (noPeriodicTrim)
        fixes.append(timerFix(e, FixScope::ThisComputer)); // else the timer (or cron) is in place
}

void addBlockerFixes(QList<Fix> &fixes, const Evidence &e)
{
    for (const audit::Finding &f : e.audit.blockers) {
        const bool raid = isRaidDiscardBlocker(e, f);
        if (f.fix.isEmpty() || (raid && raidDiscardUnsafe(e)))
            continue; // the unsafe one: its finding says why (raiddiscard.h)
        Fix fix;
        fix.id = QStringLiteral("audit:%1:%2").arg(f.id, f.subject);
        fix.title = f.title;
        fix.text = f.fix;
        if (f.id == QLatin1String("discards-blocked-crypt"))
            fix.file = QStringLiteral("/etc/crypttab");
        fix.explanation = f.explanation;
        if (raid)
            fix.explanation += QLatin1Char(' ') + raidDiscardFixNote(e);
        fixes.append(fix);
    }
}

// Exact lines for this computer: its filesystems on the drive were found, or no drive was
// measured and the advice is about the audited computer alone.
bool fixesThisComputer(const Evidence &e)
{
    return e.audit.driveInAudit || (!e.drive && e.input.audit);
}

} // namespace

// btrfs's asynchronous discard (Linux 6.2+'s default on SSDs) keeps discards off the delete
// path, so what a delete would cost with online discard does not apply to it: it is right as it
// is, unless the drive itself holds other I/O up behind its discards (a stall test) or trims in
// the background. Then no pacing helps: nodiscard, and the weekly fstrim at a time you choose.
bool btrfsAsyncOnDriveThatStalls(const Evidence &e, const audit::AuditTarget &t)
{
    return t.fsType == QLatin1String("btrfs") &&
           audit::btrfsDiscardMode(t.mountOptions) == audit::BtrfsDiscardMode::Async &&
           (e.onlineStall() || e.backgroundTrimming());
}

Fix btrfsNodiscardFixFor(const Evidence &evidence, const audit::AuditTarget &target)
{
    return btrfsNodiscardFix(evidence, target, evidence.audit.matchedByModel);
}

QString weeklyFstrimFixText(const Evidence &evidence)
{
    const Fix fix = timerFix(evidence, FixScope::ThisComputer);
    return fix.file.isEmpty() ? fix.text : AdviceText::tr("In %1: %2").arg(fix.file, fix.text);
}

QList<Fix> fixesFor(const Evidence &evidence, Verdict verdict)
{
    QList<Fix> fixes;
    switch (verdict) {
    case Verdict::NoTrim:
        if (fixesThisComputer(evidence))
            addFstabFixes(fixes, evidence, verdict);
        else if (evidence.drive)
            addDriveGuidance(fixes, evidence, verdict);
        break;
    case Verdict::FixStackFirst:
        addBlockerFixes(fixes, evidence);
        break;
    case Verdict::OnlineDiscardFine:
    case Verdict::PreferPeriodicFstrim:
    case Verdict::Undecided:
        if (fixesThisComputer(evidence))
            addFstabFixes(fixes, evidence, verdict);
        else
            addDriveGuidance(fixes, evidence, verdict);
        addTimerFix(fixes, evidence, verdict);
        break;
    case Verdict::Unknown:
        break;
    }
    return fixes;
}

} // namespace trimscope::advice
