// What each fix changes on a recorded computer (core/audit's snapshots), and where a fix is not
// offered: a spare or simulated drive's verdict, a filesystem whose discards a lower layer drops,
// a line udisks2 cannot change, a key file udisks2 would delete.
#include "advice/advice.h"
#include "apply/planner.h"
#include "audit/systemsnapshot.h"
#include "measuredsweep.h"
#include "testmain.h"

#include <QFile>
#include <QTest>

using namespace trimscope;
using namespace trimscope::apply;

namespace {

audit::SystemSnapshot snapshotOf(const QString &fixture)
{
    QFile file(QStringLiteral(TRIMSCOPE_SOURCE_DIR "/tests/core/audit/data/%1.json").arg(fixture));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing audit fixture %s", qPrintable(fixture));
    auto snapshot = audit::SystemSnapshot::fromJsonBytes(file.readAll());
    if (!snapshot)
        qFatal("bad audit fixture %s", qPrintable(fixture));
    return *snapshot;
}

// "fast" (Corsair Performance Pro: online discard fine), "slow" (OCZ Agility 3: fstrim), each
// measured on `disk`: "nvme0n1" is in the recorded computers, "sdz" is a spare, "" simulated.
ApplyInput inputFor(const QString &fixture, const QString &drive, const QString &disk,
                    bool canChangeNow = true, const audit::SystemSnapshot *given = nullptr)
{
    const audit::SystemSnapshot snapshot = given ? *given : snapshotOf(fixture);
    advice::AdviceInput adviceInput;
    adviceInput.audit = audit::runAudit(snapshot);
    if (!drive.isEmpty())
        adviceInput.sweeps.append(test::sweepMeasuredOn(
            drive == QLatin1String("fast") ? QStringLiteral("corsair-performance-pro")
                                           : QStringLiteral("ocz-agility3"),
            disk));
    return applyInputFrom(advice::adviseTrim(adviceInput), snapshot, canChangeNow);
}

} // namespace

class TestPlanner : public QObject
{
    Q_OBJECT
private slots:
    void onlineDiscardOnTheMeasuredDrive();
    void withoutTheHelperItHoldsFromTheNextBoot();
    void xfsTakesTheOptionAtTheNextMount();
    void discardFromADefaultIsTurnedOffForGood();
    void auditFixSaysNodiscardWhereADefaultSaysDiscard();
    void noFstabLineIsNoPersistentFix();
    void cryptMappingGetsItsCrypttabLine_data();
    void cryptMappingGetsItsCrypttabLine();
    void cryptKeyFileIsLeftToTheUser();
    void lowerLayerDropsDiscardsSoItsFixIsOffered();
    void timerOnlyWhereSystemdRuns();
    void fstrimSkipsNoMore();
    void notOfferedWhere_data();
    void notOfferedWhere();
    void lineUdisksCannotChange_data();
    void lineUdisksCannotChange();
    void measuredVerdictOverridesTheAuditsAdvice();
    void discardOffPlansThePeriodicTrim_data();
    void discardOffPlansThePeriodicTrim();
    void nothingMeasuredOffersNoDiscardChange();
};

void TestPlanner::onlineDiscardOnTheMeasuredDrive()
{
    const ApplyInput input =
        inputFor(QStringLiteral("all-fine"), QStringLiteral("fast"), QStringLiteral("nvme0n1"));
    const Expected<ApplyPlan> plan = planFix(QStringLiteral("fstab-add-discard:/"), input);
    QVERIFY2(plan, qPrintable(plan.error().message));
    QCOMPARE(plan->fstab.size(), 1);
    const FstabEdit &edit = plan->fstab.first();
    QCOMPARE(
        edit.lineBefore,
        QStringLiteral("UUID=1f2e3d4c-5b6a-4978-8695-a4b3c2d1e0f9 /          ext4  defaults 0 1"));
    QCOMPARE(
        edit.lineAfter(),
        QStringLiteral("UUID=1f2e3d4c-5b6a-4978-8695-a4b3c2d1e0f9 / ext4 defaults,discard 0 1"));
    QCOMPARE(plan->remounts.size(), 1);
    QCOMPARE(plan->remounts.first().mountPoint, QStringLiteral("/"));
    QCOMPARE(plan->remounts.first().discard, true);
    QVERIFY(plan->units.isEmpty());
    QVERIFY(applicableFixIds(input).contains(QStringLiteral("fstab-add-discard:/")));
    // The confirmation names the line before (its fields one blank apart) and after, and the
    // remount.
    const QString words = describePlan(*plan).join(QLatin1Char('\n'));
    QVERIFY(words.contains(edit.lineBefore.simplified()));
    QVERIFY(words.contains(edit.lineAfter()));
    QVERIFY(words.contains(QLatin1String("remount,discard")));
}

void TestPlanner::withoutTheHelperItHoldsFromTheNextBoot()
{
    const ApplyInput input = inputFor(QStringLiteral("all-fine"), QStringLiteral("fast"),
                                      QStringLiteral("nvme0n1"), /*canChangeNow=*/false);
    const Expected<ApplyPlan> plan = planFix(QStringLiteral("fstab-add-discard:/"), input);
    QVERIFY(plan);
    QVERIFY(plan->remounts.isEmpty());
    QVERIFY(plan->notes.join(QLatin1Char(' ')).contains(QLatin1String("next boot")));
}

// XFS keeps the discard option it was mounted with through a remount: no remount is planned,
// the confirmation says when the line takes effect.
void TestPlanner::xfsTakesTheOptionAtTheNextMount()
{
    audit::SystemSnapshot snapshot = snapshotOf(QStringLiteral("all-fine"));
    QString mountinfo = snapshot.valueOr(QStringLiteral("/proc/self/mountinfo"));
    mountinfo.replace(QStringLiteral("- ext4 /dev/nvme0n1p2 rw"),
                      QStringLiteral("- xfs /dev/nvme0n1p2 rw"));
    snapshot.insert(QStringLiteral("/proc/self/mountinfo"), mountinfo);
    QString fstab = snapshot.valueOr(QStringLiteral("/etc/fstab"));
    fstab.replace(QStringLiteral("/          ext4  defaults 0 1"),
                  QStringLiteral("/          xfs  defaults 0 1"));
    snapshot.insert(QStringLiteral("/etc/fstab"), fstab);
    const ApplyInput input =
        inputFor({}, QStringLiteral("fast"), QStringLiteral("nvme0n1"), true, &snapshot);
    const Expected<ApplyPlan> plan = planFix(QStringLiteral("fstab-add-discard:/"), input);
    QVERIFY2(plan, qPrintable(plan.error().message));
    QCOMPARE(plan->fstab.first().after.opts, QStringLiteral("defaults,discard"));
    QVERIFY(plan->remounts.isEmpty());
    QVERIFY2(plan->notes.join(QLatin1Char(' ')).contains(QLatin1String("next mounted")),
             qPrintable(plan->notes.join(QLatin1Char(' '))));
}

// The case: / mounted with discard that fstab does not say (ext4's superblock default):
// dropping "discard" from the line changes nothing; "nodiscard" must go in.
void TestPlanner::discardFromADefaultIsTurnedOffForGood()
{
    audit::SystemSnapshot snapshot = snapshotOf(QStringLiteral("all-fine"));
    QString mountinfo = snapshot.valueOr(QStringLiteral("/proc/self/mountinfo"));
    mountinfo.replace(QStringLiteral("- ext4 /dev/nvme0n1p2 rw"),
                      QStringLiteral("- ext4 /dev/nvme0n1p2 rw,discard"));
    snapshot.insert(QStringLiteral("/proc/self/mountinfo"), mountinfo);
    const ApplyInput input =
        inputFor({}, QStringLiteral("slow"), QStringLiteral("nvme0n1"), true, &snapshot);
    const Expected<ApplyPlan> plan = planFix(QStringLiteral("fstab-remove-discard:/"), input);
    QVERIFY2(plan, qPrintable(plan.error().message));
    QCOMPARE(plan->fstab.first().after.opts, QStringLiteral("defaults,nodiscard"));
    QCOMPARE(plan->remounts.first().discard, false);
    // The advice's own text for it says the same line.
    const advice::Fix *fix = nullptr;
    for (const advice::Fix &f : input.advice.fixes)
        if (f.id == QLatin1String("fstab-remove-discard:/"))
            fix = &f;
    QVERIFY(fix);
    QVERIFY2(fix->text.contains(QLatin1String("defaults,nodiscard")), qPrintable(fix->text));
}

// Before: "In /etc/fstab: <the same line>\nsudo mount -o remount,nodiscard /": gone at the next
// boot.
void TestPlanner::auditFixSaysNodiscardWhereADefaultSaysDiscard()
{
    audit::SystemSnapshot snapshot = snapshotOf(QStringLiteral("all-fine"));
    QString mountinfo = snapshot.valueOr(QStringLiteral("/proc/self/mountinfo"));
    mountinfo.replace(QStringLiteral("- ext4 /dev/nvme0n1p2 rw"),
                      QStringLiteral("- ext4 /dev/nvme0n1p2 rw,discard"));
    snapshot.insert(QStringLiteral("/proc/self/mountinfo"), mountinfo);
    const audit::AuditReport report = audit::runAudit(snapshot);
    const QList<audit::Finding> found = report.findingsFor(QStringLiteral("/"));
    const auto finding = std::find_if(found.cbegin(), found.cend(), [](const audit::Finding &f) {
        return f.id == QLatin1String("mount-online-discard");
    });
    QVERIFY(finding != found.cend());
    QVERIFY2(finding->fix.contains(QLatin1String(" / ext4 defaults,nodiscard 0 1")),
             qPrintable(finding->fix));

    // Applied on a slow drive's verdict: the line, the remount, and nothing for the timer,
    // which is enabled.
    const ApplyInput input =
        inputFor({}, QStringLiteral("slow"), QStringLiteral("nvme0n1"), true, &snapshot);
    const Expected<ApplyPlan> plan = planFix(QStringLiteral("audit:mount-online-discard:/"), input);
    QVERIFY2(plan, qPrintable(plan.error().message));
    QCOMPARE(plan->fstab.first().after.opts, QStringLiteral("defaults,nodiscard"));
    QCOMPARE(plan->remounts.size(), 1);
    QVERIFY(plan->units.isEmpty());
}

// This machine's recorded / has discard and no fstab line (a container): a remount would be
// undone by the next boot, so nothing is applied even on a slow drive's verdict, and the audit's
// fix says so.
void TestPlanner::noFstabLineIsNoPersistentFix()
{
    const ApplyInput input = inputFor(QStringLiteral("live-this-machine"), QStringLiteral("slow"),
                                      QStringLiteral("vda"));
    const audit::Finding *finding = nullptr;
    for (const audit::Finding &f : input.advice.findings)
        if (f.id == QLatin1String("mount-online-discard"))
            finding = &f;
    QVERIFY(finding);
    QVERIFY2(finding->fix.contains(QLatin1String("next boot")), qPrintable(finding->fix));
    const Expected<ApplyPlan> plan = planFix(findingFixId(*finding), input);
    QVERIFY(!plan);
    QVERIFY2(plan.error().message.contains(QLatin1String("No line in /etc/fstab")),
             qPrintable(plan.error().message));
}

void TestPlanner::cryptMappingGetsItsCrypttabLine_data()
{
    QTest::addColumn<bool>("canChangeNow");
    QTest::newRow("with the helper: refreshed now") << true;
    QTest::newRow("without: a note") << false;
}

// The crypttab line, and "now": a refresh through the helper (which asks for the passphrase when
// it runs), or without the helper a note saying how to refresh it by hand.
void TestPlanner::cryptMappingGetsItsCrypttabLine()
{
    QFETCH(bool, canChangeNow);
    const ApplyInput input = inputFor(QStringLiteral("crypt-nodiscard"), QStringLiteral("fast"),
                                      QStringLiteral("sda"), canChangeNow);
    QCOMPARE(input.advice.verdict, advice::Verdict::FixStackFirst);
    const QString id = QStringLiteral("audit:discards-blocked-crypt:/dev/mapper/sda3_crypt");
    const Expected<ApplyPlan> plan = planFix(id, input);
    QVERIFY2(plan, qPrintable(plan.error().message));
    QCOMPARE(plan->crypttab.size(), 1);
    QCOMPARE(plan->crypttab.first().lineBefore,
             QStringLiteral("sda3_crypt UUID=0b9e77f4-1d0a-4c1b-8f3e-5a2c9d1e6b70 none luks"));
    QCOMPARE(
        plan->crypttab.first().lineAfter(),
        QStringLiteral("sda3_crypt UUID=0b9e77f4-1d0a-4c1b-8f3e-5a2c9d1e6b70 none luks,discard"));
    const bool byHand =
        plan->notes.join(QLatin1Char(' ')).contains(QLatin1String("cryptsetup refresh"));
    QCOMPARE(byHand, !canChangeNow);
    QCOMPARE(plan->cryptRefreshes.size(), canChangeNow ? 1 : 0);
    if (canChangeNow) {
        QCOMPARE(plan->cryptRefreshes.first().name, QStringLiteral("sda3_crypt"));
        QCOMPARE(plan->cryptRefreshes.first().allowDiscards, true);
    }
    QVERIFY(plan->fstab.isEmpty());
    QVERIFY(plan->notes.join(QLatin1Char(' ')).contains(QLatin1String("update-initramfs")));
}

void TestPlanner::cryptKeyFileIsLeftToTheUser()
{
    audit::SystemSnapshot snapshot = snapshotOf(QStringLiteral("crypt-nodiscard"));
    snapshot.insert(QStringLiteral("/etc/crypttab"),
                    QStringLiteral("sda3_crypt UUID=0b9e77f4-1d0a-4c1b-8f3e-5a2c9d1e6b70 "
                                   "/etc/keys/root.key luks"));
    const ApplyInput input =
        inputFor({}, QStringLiteral("fast"), QStringLiteral("sda"), true, &snapshot);
    const Expected<ApplyPlan> plan =
        planFix(QStringLiteral("audit:discards-blocked-crypt:/dev/mapper/sda3_crypt"), input);
    QVERIFY(!plan);
    QVERIFY2(plan.error().message.contains(QLatin1String("/etc/keys/root.key")),
             qPrintable(plan.error().message));
}

// Discards from / stop at the dm-crypt mapping: its mount option is not the fix, the mapping is.
void TestPlanner::lowerLayerDropsDiscardsSoItsFixIsOffered()
{
    const ApplyInput input =
        inputFor(QStringLiteral("crypt-nodiscard"), QStringLiteral("fast"), QStringLiteral("sda"));
    const QStringList ids = applicableFixIds(input);
    QVERIFY2(ids.contains(QStringLiteral("audit:discards-blocked-crypt:/dev/mapper/sda3_crypt")),
             qPrintable(ids.join(' ')));
    QVERIFY(!ids.contains(QStringLiteral("fstab-add-discard:/")));
    const Expected<ApplyPlan> plan = planFix(QStringLiteral("fstab-add-discard:/"), input);
    QVERIFY(!plan);
}

void TestPlanner::timerOnlyWhereSystemdRuns()
{
    ApplyInput input = inputFor(QStringLiteral("timer-disabled"), QStringLiteral("slow"),
                                QStringLiteral("nvme0n1"));
    Expected<ApplyPlan> plan = planFix(QStringLiteral("enable-fstrim-timer"), input);
    QVERIFY2(plan, qPrintable(plan.error().message));
    QCOMPARE(plan->units.size(), 1);
    QCOMPARE(plan->units.first().unit, QStringLiteral("fstrim.timer"));
    QVERIFY(plan->units.first().enable);
    QVERIFY(planFix(QStringLiteral("audit:fstrim-timer-disabled:fstrim.timer"), input));

    // No systemd as process 1 (this machine): the cron line instead, and nothing applied.
    input.fstrim.systemdRunning = false;
    plan = planFix(QStringLiteral("enable-fstrim-timer"), input);
    QVERIFY(!plan);
    QCOMPARE(plan.error().code, ErrorCode::Unsupported);
    QVERIFY2(plan.error().message.contains(QLatin1String("/sbin/fstrim --all")),
             qPrintable(plan.error().message));
}

// /home says X-fstrim.notrim and nothing else trims it: the option goes, nothing else changes.
void TestPlanner::fstrimSkipsNoMore()
{
    const ApplyInput input = inputFor(QStringLiteral("timer-disabled"), QStringLiteral("slow"),
                                      QStringLiteral("nvme0n1"));
    const Expected<ApplyPlan> plan = planFix(QStringLiteral("audit:fstab-notrim:/home"), input);
    QVERIFY2(plan, qPrintable(plan.error().message));
    QCOMPARE(plan->fstab.size(), 1);
    QCOMPARE(plan->fstab.first().before.opts, QStringLiteral("defaults,X-fstrim.notrim"));
    QCOMPARE(plan->fstab.first().after.opts, QStringLiteral("defaults"));
    QVERIFY(plan->remounts.isEmpty());
    QVERIFY(plan->units.isEmpty());
}

void TestPlanner::notOfferedWhere_data()
{
    QTest::addColumn<QString>("fixture");
    QTest::addColumn<QString>("drive");
    QTest::addColumn<QString>("disk");
    QTest::addColumn<QString>("fixId");

    // The measured drive is not in this computer: its verdict changes nothing here.
    QTest::newRow("simulated slow drive: / keeps its options") << "all-fine"
                                                               << "slow"
                                                               << ""
                                                               << "fstab-remove-discard:ext4";
    QTest::newRow("spare fast drive: no line of / changes") << "all-fine"
                                                            << "fast"
                                                            << "sdz"
                                                            << "fstab-add-discard:/";
    QTest::newRow("spare slow drive: the timer is for the drive's computer")
        << "timer-disabled"
        << "slow"
        << "sdz"
        << "enable-fstrim-timer";
    // The computer's own findings are shown, not applied because of another drive's verdict.
    QTest::newRow("spare drive: the audit's timer finding")
        << "timer-disabled"
        << "slow"
        << "sdz"
        << "audit:fstrim-timer-disabled:fstrim.timer";
    QTest::newRow("simulated drive: the crypt mapping of this computer")
        << "crypt-nodiscard"
        << "fast"
        << ""
        << "audit:discards-blocked-crypt:/dev/mapper/sda3_crypt";
    QTest::newRow("a fix nobody offered") << "all-fine"
                                          << "fast"
                                          << "nvme0n1"
                                          << "fstab-add-discard:/srv/nowhere";
    QTest::newRow("a command TrimScope shows but does not run")
        << "ide-mode"
        << "slow"
        << "sda"
        << "audit:controller-ide-mode:/dev/sda";
}

void TestPlanner::notOfferedWhere()
{
    QFETCH(QString, fixture);
    QFETCH(QString, drive);
    QFETCH(QString, disk);
    QFETCH(QString, fixId);
    const ApplyInput input = inputFor(fixture, drive, disk);
    const Expected<ApplyPlan> plan = planFix(fixId, input);
    QVERIFY2(!plan, qPrintable(fixId));
    QVERIFY(!plan.error().message.isEmpty());
    QVERIFY(!applicableFixIds(input).contains(fixId));
    if (disk.isEmpty() || disk == QLatin1String("sdz")) {
        for (const QString &id : applicableFixIds(input))
            QFAIL(qPrintable(QStringLiteral("offered for this computer: ") + id));
    }
}

void TestPlanner::lineUdisksCannotChange_data()
{
    QTest::addColumn<QString>("line");
    QTest::addColumn<QString>("why");
    QTest::newRow("four fields") << "/ ext4 defaults"
                                 << "dump and pass";
    // udisks2 would write the line back without its comment (issue 48): refused before
    // anything changes, saying what to do.
    QTest::newRow("a trailing comment") << "/ ext4 defaults 0 1 # the system"
                                        << "“# the system”, which udisks2 would drop";
}

void TestPlanner::lineUdisksCannotChange()
{
    QFETCH(QString, line);
    QFETCH(QString, why);
    audit::SystemSnapshot snapshot = snapshotOf(QStringLiteral("all-fine"));
    QString fstab = snapshot.valueOr(QStringLiteral("/etc/fstab"));
    QVERIFY(fstab.contains(QStringLiteral("/          ext4  defaults 0 1")));
    fstab.replace(QStringLiteral("/          ext4  defaults 0 1"), line);
    snapshot.insert(QStringLiteral("/etc/fstab"), fstab);
    const ApplyInput input =
        inputFor({}, QStringLiteral("fast"), QStringLiteral("nvme0n1"), true, &snapshot);
    const Expected<ApplyPlan> plan = planFix(QStringLiteral("fstab-add-discard:/"), input);
    QVERIFY(!plan);
    QVERIFY2(plan.error().message.contains(QLatin1String("udisks2 cannot change the line")),
             qPrintable(plan.error().message));
    QVERIFY2(plan.error().message.contains(why), qPrintable(plan.error().message));
}

// All-fine's /home is btrfs with discard=async, and a fast drive: the verdict for btrfs says
// nothing; for ext4 "fine". An ext4 / mounted with discard is then no fault to mend.
void TestPlanner::measuredVerdictOverridesTheAuditsAdvice()
{
    audit::SystemSnapshot snapshot = snapshotOf(QStringLiteral("all-fine"));
    QString mountinfo = snapshot.valueOr(QStringLiteral("/proc/self/mountinfo"));
    mountinfo.replace(QStringLiteral("- ext4 /dev/nvme0n1p2 rw"),
                      QStringLiteral("- ext4 /dev/nvme0n1p2 rw,discard"));
    snapshot.insert(QStringLiteral("/proc/self/mountinfo"), mountinfo);
    const ApplyInput input =
        inputFor({}, QStringLiteral("fast"), QStringLiteral("nvme0n1"), true, &snapshot);
    QCOMPARE(input.advice.verdict, advice::Verdict::OnlineDiscardFine);
    const Expected<ApplyPlan> plan = planFix(QStringLiteral("audit:mount-online-discard:/"), input);
    QVERIFY(!plan);
    QVERIFY2(plan.error().message.contains(QLatin1String("fine")),
             qPrintable(plan.error().message));
}

// Issue 46, item 9: turning online discard off must leave something that trims: the timer in the
// same step where systemd runs, else a cron job already in place, else a refusal that says why
// and gives the cron line. Both ways to ask (the verdict's fix, the audit's finding).
void TestPlanner::discardOffPlansThePeriodicTrim_data()
{
    QTest::addColumn<QString>("pid1");
    QTest::addColumn<bool>("timerEnabled");
    QTest::addColumn<bool>("cron");
    QTest::addColumn<QString>("fixId");
    QTest::addColumn<bool>("planned");
    QTest::addColumn<bool>("timerEnabledByPlan");
    // False: the snapshot says systemd's answer did not reach it (a Flatpak whose bus lacks
    // systemd): the plan must say what it could not see, not assume either way.
    QTest::addColumn<bool>("timerKnown");
    for (const QString &id : {QStringLiteral("fstab-remove-discard:/"),
                              QStringLiteral("audit:mount-online-discard:/")}) {
        const QByteArray tag = id.toUtf8() + ": ";
        QTest::newRow(tag + "systemd, timer enabled: nothing to add")
            << "systemd" << true << false << id << true << false << true;
        QTest::newRow(tag + "systemd, timer disabled: enabled in the same step")
            << "systemd" << false << false << id << true << true << true;
        QTest::newRow(tag + "no systemd, no cron: refused, the cron line given")
            << "init" << false << false << id << false << false << true;
        QTest::newRow(tag + "no systemd, timer enabled (never fires): refused")
            << "init" << true << false << id << false << false << true;
        QTest::newRow(tag + "no systemd, cron runs fstrim: planned")
            << "init" << false << true << id << true << false << true;
        QTest::newRow(tag + "timer unknown, host's process 1 unseen: planned, said in the notes")
            << "" << false << false << id << true << false << false;
        QTest::newRow(tag + "timer unknown, the sandbox's process 1 seen: planned, said")
            << "bwrap" << false << false << id << true << false << false;
    }
}

void TestPlanner::discardOffPlansThePeriodicTrim()
{
    QFETCH(QString, pid1);
    QFETCH(bool, timerEnabled);
    QFETCH(bool, cron);
    QFETCH(QString, fixId);
    QFETCH(bool, planned);
    QFETCH(bool, timerEnabledByPlan);
    QFETCH(bool, timerKnown);
    audit::SystemSnapshot snapshot = snapshotOf(QStringLiteral("timer-disabled"));
    QString mountinfo = snapshot.valueOr(QStringLiteral("/proc/self/mountinfo"));
    mountinfo.replace(QStringLiteral("- ext4 /dev/nvme0n1p2 rw"),
                      QStringLiteral("- ext4 /dev/nvme0n1p2 rw,discard"));
    snapshot.insert(QStringLiteral("/proc/self/mountinfo"), mountinfo);
    if (!pid1.isEmpty()) {
        snapshot.insert(QStringLiteral("/proc/1/comm"), pid1 + QLatin1Char('\n'));
    } else { // as the host's view from a sandbox: the sandbox's /proc left out
        audit::SystemSnapshot host;
        host.setCapturedAt(snapshot.capturedAt());
        for (auto it = snapshot.entries().cbegin(); it != snapshot.entries().cend(); ++it) {
            if (it.key() != QLatin1String("/proc/1/comm"))
                host.insert(it.key(), it.value());
        }
        snapshot = host;
    }
    if (!timerKnown)
        snapshot.insert(audit::kHostViewKey, audit::kHostViewFstabOptions + QLatin1Char(' ') +
                                                 audit::kHostViewNoSystemd);
    if (timerEnabled)
        snapshot.insert(QStringLiteral("/etc/systemd/system/timers.target.wants/fstrim.timer"),
                        QStringLiteral("/lib/systemd/system/fstrim.timer"));
    if (cron)
        snapshot.insert(QStringLiteral("/etc/cron.weekly/fstrim"),
                        QStringLiteral("#!/bin/sh\nexec /sbin/fstrim --all\n"));
    const ApplyInput input =
        inputFor({}, QStringLiteral("slow"), QStringLiteral("nvme0n1"), true, &snapshot);
    const Expected<ApplyPlan> plan = planFix(fixId, input);
    QCOMPARE(bool(plan), planned);
    QCOMPARE(applicableFixIds(input).contains(fixId), planned);
    if (!planned) {
        QVERIFY2(plan.error().message.contains(QLatin1String("/etc/cron.d/fstrim")) &&
                     plan.error().message.contains(QLatin1String("/sbin/fstrim --all")),
                 qPrintable(plan.error().message));
        // The advice offers that cron line among its fixes, to copy.
        const auto cronFix =
            std::find_if(input.advice.fixes.cbegin(), input.advice.fixes.cend(),
                         [](const advice::Fix &f) { return f.id == QLatin1String("fstrim-cron"); });
        QVERIFY(cronFix != input.advice.fixes.cend());
        return;
    }
    QCOMPARE(plan->fstab.first().after.opts, QStringLiteral("defaults,nodiscard"));
    const bool enables = std::any_of(plan->units.cbegin(), plan->units.cend(), [](const auto &u) {
        return u.unit == QLatin1String("fstrim.timer") && u.enable;
    });
    QCOMPARE(enables, timerEnabledByPlan);
    // Where the timer could not be seen, the notes say so and name both ways to check and to
    // trim: the timer, and the cron line for a computer without systemd.
    const QString notes = plan->notes.join(QLatin1Char('\n'));
    QCOMPARE(notes.contains(QLatin1String("could not be seen")), !timerKnown);
    if (!timerKnown) {
        QVERIFY2(notes.contains(QLatin1String("systemctl status fstrim.timer")) &&
                     notes.contains(QLatin1String("/sbin/fstrim --all")),
                 qPrintable(notes));
        QVERIFY(describePlan(*plan).join(QLatin1Char('\n')).contains(plan->notes.first()));
    }
}

// Issue 46, item 8: with nothing measured the audit only knows that online discard is on; its
// cost to the drive is not known, so no change is offered, and the refusal says what to measure.
void TestPlanner::nothingMeasuredOffersNoDiscardChange()
{
    audit::SystemSnapshot snapshot = snapshotOf(QStringLiteral("all-fine"));
    QString mountinfo = snapshot.valueOr(QStringLiteral("/proc/self/mountinfo"));
    mountinfo.replace(QStringLiteral("- ext4 /dev/nvme0n1p2 rw"),
                      QStringLiteral("- ext4 /dev/nvme0n1p2 rw,discard"));
    snapshot.insert(QStringLiteral("/proc/self/mountinfo"), mountinfo);
    const ApplyInput input = inputFor({}, {}, {}, true, &snapshot);
    const QString id = QStringLiteral("audit:mount-online-discard:/");
    const Expected<ApplyPlan> plan = planFix(id, input);
    QVERIFY(!plan);
    QVERIFY2(plan.error().message.contains(QLatin1String("trimscope-cli watch")) &&
                 plan.error().message.contains(QLatin1String("fstrim-timing /")),
             qPrintable(plan.error().message));
    QVERIFY(!applicableFixIds(input).contains(id));
}

TRIMSCOPE_TEST_GUILESS_MAIN(TestPlanner)
#include "tst_planner.moc"
