// The audit from inside the Flatpak: the sandbox's own /etc, mounts and process 1 replaced by
// what udisks2 and systemd say of the host. A recorded computer (core/audit's timer-disabled) is
// the host; udisks2's view of it is written out as udisks2 reports it; the audit of the sandbox's
// snapshot with the host's facts must find what the audit on the host finds, apart from what
// udisks2 cannot show (fill levels, swap files), which the report then says.
// The same against the real udisksd: tests/udisks' tst_applyudisks (auditThroughUdisks).
#include "apply/planner.h"
#include "audit/trimaudit.h"
#include "device/procparsers.h"
#include "hostsnapshot.h"
#include "measuredsweep.h"
#include "testmain.h"

#include <QFile>
#include <QTest>

using namespace trimscope;
using namespace trimscope::apply;

namespace {

audit::SystemSnapshot recordedHost()
{
    QFile file(QStringLiteral(TRIMSCOPE_SOURCE_DIR "/tests/core/audit/data/timer-disabled.json"));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing audit fixture");
    auto snapshot = audit::SystemSnapshot::fromJsonBytes(file.readAll());
    if (!snapshot)
        qFatal("bad audit fixture");
    return *snapshot;
}

// What the Flatpak's capture holds: the host's sysfs, but the runtime's /etc, bwrap's mounts
// and process 1, and fill levels of the sandbox's own mounts.
audit::SystemSnapshot sandboxCapture(const audit::SystemSnapshot &host)
{
    audit::SystemSnapshot sandbox;
    sandbox.setCapturedAt(host.capturedAt());
    for (auto it = host.entries().cbegin(); it != host.entries().cend(); ++it) {
        if (it.key().startsWith(QLatin1String("/sys/")))
            sandbox.insert(it.key(), it.value());
    }
    sandbox.insert(QStringLiteral("/etc/fstab"), QStringLiteral("# the runtime's, empty"));
    sandbox.insert(
        QStringLiteral("/proc/self/mountinfo"),
        QStringLiteral("1 0 0:30 / / ro,nosuid,nodev,relatime - tmpfs tmpfs ro\n"
                       "2 1 259:2 /home/u /home/u rw,relatime - ext4 /dev/nvme0n1p2 rw"));
    sandbox.insert(QStringLiteral("/proc/1/comm"), QStringLiteral("bwrap"));
    sandbox.insert(QStringLiteral("statvfs:/home/u"), QStringLiteral("4096 100 1 1"));
    sandbox.insert(QStringLiteral("exists:/usr/lib/systemd/system/fstrim.timer"),
                   QStringLiteral("1"));
    return sandbox;
}

FstabItem fstabItem(const QString &line)
{
    const auto item = fstabItemFromLine(line);
    if (!item)
        qFatal("not an fstab line udisks2 knows: %s", qPrintable(line));
    return *item;
}

// Partition `number` of the recorded computer's nvme0n1 as udisks2 reports it: mounted where its
// fstab line says, the line in its Block.Configuration.
HostBlock partition(quint32 number, const QString &type, const QString &uuid,
                    const QString &fstabLine)
{
    HostBlock block;
    block.device = QStringLiteral("/dev/nvme0n1p%1").arg(number);
    block.major = 259;
    block.minor = number;
    block.idType = type;
    block.idUuid = uuid;
    block.partitionUuid = QStringLiteral("0001-p%1").arg(number);
    const FstabItem item = fstabItem(fstabLine);
    block.mountPoints = {item.dir};
    block.configuration.fstab = {item};
    return block;
}

// The recorded computer's disk and partitions as udisks2 reports them (its swap is a file, which
// udisks2 does not know).
QList<HostBlock> udisksView()
{
    HostBlock disk;
    disk.device = QStringLiteral("/dev/nvme0n1");
    disk.major = 259;
    return {
        disk,
        partition(1, QStringLiteral("vfat"), QStringLiteral("3C4D-5E6F"),
                  QStringLiteral("UUID=3C4D-5E6F /boot/efi vfat umask=0077 0 1")),
        partition(2, QStringLiteral("ext4"), QStringLiteral("1f2e3d4c-5b6a-4978-8695-a4b3c2d1e0f9"),
                  QStringLiteral("UUID=1f2e3d4c-5b6a-4978-8695-a4b3c2d1e0f9 / ext4 defaults 0 1")),
        partition(3, QStringLiteral("ext4"), QStringLiteral("a0b1c2d3-e4f5-4607-9819-2a3b4c5d6e7f"),
                  QStringLiteral("UUID=a0b1c2d3-e4f5-4607-9819-2a3b4c5d6e7f /home ext4 "
                                 "defaults,X-fstrim.notrim 0 2"))};
}

QStringList findingKeys(const audit::AuditReport &report)
{
    QStringList keys;
    for (const audit::Finding &finding : report.findings)
        keys.append(finding.id + QLatin1Char(' ') + finding.subject);
    keys.sort();
    return keys;
}

const QString kEnabled = QStringLiteral("LoadState=loaded\nUnitFileState=enabled");

} // namespace

class TestHostSnapshot : public QObject
{
    Q_OBJECT
private slots:
    void auditSeesTheHost_data();
    void auditSeesTheHost();
    void sandboxOwnFactsAreGone();
    void mountOptionsComeFromTheFstabLine_data();
    void mountOptionsComeFromTheFstabLine();
    void fixIsPlannedOnUdisksLines();
    void deviceUdisksHidesKeepsTheSandboxLine();
};

void TestHostSnapshot::auditSeesTheHost_data()
{
    QTest::addColumn<QString>("timerState"); // "" for systemd not answering
    QTest::addColumn<QStringList>("fstrimFindings");
    QTest::addColumn<bool>("timerKnown");
    const QString ranTwoDaysAgo =
        QStringLiteral("\nLastTriggerUSec=@%1")
            .arg(recordedHost().capturedAt().addDays(-2).toSecsSinceEpoch());
    QTest::newRow("timer disabled") << QStringLiteral("UnitFileState=disabled")
                                    << QStringList{QStringLiteral("fstrim-timer-disabled")} << true;
    QTest::newRow("timer enabled, ran")
        << QStringLiteral("UnitFileState=enabled") + ranTwoDaysAgo
        << QStringList{QStringLiteral("fstrim-timer-last-run")} << true;
    QTest::newRow("timer enabled, never ran")
        << QStringLiteral("UnitFileState=enabled\nLastTriggerUSec=")
        << QStringList{QStringLiteral("fstrim-timer-stale")} << true;
    QTest::newRow("timer masked") << QStringLiteral("UnitFileState=masked")
                                  << QStringList{QStringLiteral("fstrim-timer-disabled")} << true;
    // Not known is not off: no "nothing trims it", and the report says what it could not see.
    QTest::newRow("systemd silent") << QString() << QStringList{} << false;
}

void TestHostSnapshot::auditSeesTheHost()
{
    QFETCH(QString, timerState);
    QFETCH(QStringList, fstrimFindings);
    QFETCH(bool, timerKnown);
    const audit::SystemSnapshot host = recordedHost();
    const audit::AuditReport onHost = audit::runAudit(host);
    // The host's own audit: the recorded computer's findings.
    QCOMPARE(findingKeys(onHost), QStringList({QStringLiteral("fill-level-high /home"),
                                               QStringLiteral("fstab-notrim /home"),
                                               QStringLiteral("fstrim-timer-disabled fstrim.timer"),
                                               QStringLiteral("swap-on-ssd /swapfile")}));

    const std::optional<QString> state =
        timerState.isEmpty()
            ? std::nullopt
            : std::optional<QString>(QStringLiteral("LoadState=loaded\n") + timerState);
    const audit::SystemSnapshot seen = withHostFacts(sandboxCapture(host), udisksView(), state);
    const audit::AuditReport fromSandbox = audit::runAudit(seen);

    QStringList expected{QStringLiteral("fstab-notrim /home"),
                         QStringLiteral("seen-through-udisks sandbox")};
    for (const QString &id : fstrimFindings)
        expected.append(id + QStringLiteral(" fstrim.timer"));
    expected.sort();
    QCOMPARE(findingKeys(fromSandbox), expected);
    QCOMPARE(fromSandbox.systemdRunning, true);

    // The audited filesystems are the host's, not the sandbox's /home/u.
    QStringList subjects;
    for (const audit::AuditTarget &target : fromSandbox.targets)
        subjects.append(target.subject);
    subjects.sort();
    QCOMPARE(subjects, QStringList({QStringLiteral("/"), QStringLiteral("/boot/efi"),
                                    QStringLiteral("/home")}));

    // What it could not see, in words.
    const QList<audit::Finding> note = fromSandbox.findingsFor(QStringLiteral("sandbox"));
    QCOMPARE(note.size(), 1);
    QVERIFY2(note.first().explanation.contains(QLatin1String("fill levels")),
             qPrintable(note.first().explanation));
    QCOMPARE(note.first().explanation.contains(QLatin1String("fstrim.timer")), !timerKnown);
}

void TestHostSnapshot::sandboxOwnFactsAreGone()
{
    const audit::SystemSnapshot seen =
        withHostFacts(sandboxCapture(recordedHost()), udisksView(), kEnabled);
    QVERIFY(!seen.contains(QStringLiteral("statvfs:/home/u")));
    QCOMPARE(seen.valueOr(QStringLiteral("/proc/1/comm")), QStringLiteral("systemd"));
    QVERIFY(!seen.valueOr(QStringLiteral("/proc/self/mountinfo")).contains(QLatin1String("tmpfs")));
    QCOMPARE(seen.valueOr(QStringLiteral("/dev/disk/by-uuid/3C4D-5E6F")),
             QStringLiteral("../../nvme0n1p1"));
    // The fstab is udisks2's lines, each once.
    const QString fstab = seen.valueOr(QStringLiteral("/etc/fstab"));
    QVERIFY(!fstab.contains(QLatin1String("runtime")));
    QCOMPARE(fstab.count(QLatin1String("/boot/efi")), 1);
    QVERIFY(fstab.contains(udisksFstabLine(
        fstabItem(QStringLiteral("UUID=3C4D-5E6F /boot/efi vfat umask=0077 0 1")))));
    // Without systemd's answer nothing claims to know process 1.
    const audit::SystemSnapshot silent =
        withHostFacts(sandboxCapture(recordedHost()), udisksView(), std::nullopt);
    QVERIFY(!silent.contains(QStringLiteral("/proc/1/comm")));
    QVERIFY(silent.valueOr(audit::kHostViewKey).contains(audit::kHostViewNoSystemd));
}

void TestHostSnapshot::mountOptionsComeFromTheFstabLine_data()
{
    QTest::addColumn<QString>("options");
    QTest::addColumn<QString>("mounted");
    QTest::newRow("defaults") << QStringLiteral("defaults") << QStringLiteral("rw,relatime");
    QTest::newRow("discard") << QStringLiteral("defaults,discard")
                             << QStringLiteral("rw,discard,relatime");
    QTest::newRow("noatime") << QStringLiteral("noatime,discard")
                             << QStringLiteral("rw,noatime,discard");
    QTest::newRow("strictatime") << QStringLiteral("strictatime")
                                 << QStringLiteral("rw,strictatime");
}

void TestHostSnapshot::mountOptionsComeFromTheFstabLine()
{
    QFETCH(QString, options);
    QFETCH(QString, mounted);
    QList<HostBlock> blocks = udisksView();
    blocks[2].configuration.fstab = {fstabItem(
        QStringLiteral("UUID=1f2e3d4c-5b6a-4978-8695-a4b3c2d1e0f9 / ext4 %1 0 1").arg(options))};
    const audit::SystemSnapshot seen =
        withHostFacts(sandboxCapture(recordedHost()), blocks, kEnabled);
    const QList<MountInfoEntry> mounts =
        parseMountInfo(seen.valueOr(QStringLiteral("/proc/self/mountinfo")));
    const auto root = std::find_if(mounts.cbegin(), mounts.cend(), [](const MountInfoEntry &m) {
        return m.mountPoint == QLatin1String("/");
    });
    QVERIFY(root != mounts.cend());
    QCOMPARE(root->mountOptions.join(QLatin1Char(',')), mounted);
    QCOMPARE(root->majorMinor, QStringLiteral("259:2"));
    QCOMPARE(root->fsType, QStringLiteral("ext4"));
}

// An audit fix planned from udisks2's lines is a change udisks2 can make: its line before is one
// udisks2 holds.
void TestHostSnapshot::fixIsPlannedOnUdisksLines()
{
    QList<HostBlock> blocks = udisksView();
    const FstabItem withDiscard = fstabItem(
        QStringLiteral("UUID=1f2e3d4c-5b6a-4978-8695-a4b3c2d1e0f9 / ext4 defaults,discard 0 1"));
    blocks[2].configuration.fstab = {withDiscard};
    const audit::SystemSnapshot seen =
        withHostFacts(sandboxCapture(recordedHost()), blocks, kEnabled);
    advice::AdviceInput adviceInput;
    adviceInput.audit = audit::runAudit(seen);
    // A slow drive's verdict measured on the recorded computer's nvme0n1: apply changes online
    // discard only on a measured verdict.
    adviceInput.sweeps.append(
        test::sweepMeasuredOn(QStringLiteral("ocz-agility3"), QStringLiteral("nvme0n1")));
    const ApplyInput input = applyInputFrom(advice::adviseTrim(adviceInput), seen, false);
    const Expected<ApplyPlan> plan = planFix(QStringLiteral("audit:mount-online-discard:/"), input);
    QVERIFY2(plan, plan ? "" : qPrintable(plan.error().message));
    QCOMPARE(plan->fstab.size(), 1);
    QCOMPARE(plan->fstab.first().before, withDiscard);
    QVERIFY(plan->fstab.first().after.opts.contains(QLatin1String("nodiscard")));
    // systemd enabled the timer: nothing to add. Unknown: a note, no unit change.
    QVERIFY(plan->units.isEmpty());
    const QString planNotes = plan->notes.join(QLatin1Char('\n'));
    QVERIFY2(!planNotes.contains(QLatin1String("could not be seen")), qPrintable(planNotes));
    const audit::SystemSnapshot silent =
        withHostFacts(sandboxCapture(recordedHost()), blocks, std::nullopt);
    adviceInput.audit = audit::runAudit(silent);
    const Expected<ApplyPlan> blind =
        planFix(QStringLiteral("audit:mount-online-discard:/"),
                applyInputFrom(advice::adviseTrim(adviceInput), silent, false));
    QVERIFY(blind);
    QVERIFY(blind->units.isEmpty());
    const QString blindNotes = blind->notes.join(QLatin1Char('\n'));
    QVERIFY2(blindNotes.contains(QLatin1String("could not be seen")), qPrintable(blindNotes));
    const Expected<ApplyPlan> timer =
        planFix(QStringLiteral("enable-fstrim-timer"),
                applyInputFrom(advice::adviseTrim(adviceInput), silent, false));
    QVERIFY(!timer);
}

// A device udisks2 does not show (here the root partition) keeps the sandbox's line of it where
// that is a host path; where Flatpak mounts its own (the runtime at /usr) it is not the host's.
void TestHostSnapshot::deviceUdisksHidesKeepsTheSandboxLine()
{
    audit::SystemSnapshot sandbox = sandboxCapture(recordedHost());
    sandbox.insert(QStringLiteral("/proc/self/mountinfo"),
                   QStringLiteral("1 0 0:30 / / ro,nosuid,nodev,relatime - tmpfs tmpfs ro\n"
                                  "2 1 259:2 /var/lib/flatpak/runtime/x/files /usr ro,nosuid,"
                                  "relatime - ext4 /dev/nvme0n1p2 rw,discard\n"
                                  "3 1 259:2 /srv/shared /srv/shared rw,relatime - ext4 "
                                  "/dev/nvme0n1p2 rw,discard"));
    QList<HostBlock> blocks = udisksView();
    blocks.removeAt(2); // the root partition
    const audit::AuditReport report = audit::runAudit(withHostFacts(sandbox, blocks, kEnabled));
    QStringList subjects;
    for (const audit::AuditTarget &target : report.targets)
        subjects.append(target.subject);
    subjects.sort();
    QCOMPARE(subjects, QStringList({QStringLiteral("/boot/efi"), QStringLiteral("/home"),
                                    QStringLiteral("/srv/shared")}));
    QVERIFY(findingKeys(report).contains(QStringLiteral("mount-online-discard /srv/shared")));
}

TRIMSCOPE_TEST_GUILESS_MAIN(TestHostSnapshot)
#include "tst_hostsnapshot.moc"
