#include "audit/systemsnapshot.h"
#include "audit/trimaudit.h"
#include "report/resultfile.h"
#include "testmain.h"

#include <QFile>
#include <QJsonArray>
#include <QTest>
#include <functional>

using namespace trimscope::audit;

namespace {

SystemSnapshot loadFixture(const QString &name)
{
    QFile file(QFINDTESTDATA(QStringLiteral("audit/data/%1.json").arg(name)));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("fixture %s missing", qPrintable(name));
    auto snapshot = SystemSnapshot::fromJsonBytes(file.readAll());
    if (!snapshot)
        qFatal("fixture %s: %s", qPrintable(name), qPrintable(snapshot.error().message));
    return *snapshot;
}

// "id severity subject", sorted: compares whole sets so an extra finding fails too.
QStringList summarize(const AuditReport &report)
{
    QStringList lines;
    for (const Finding &f : report.findings)
        lines.append(QStringLiteral("%1 %2 %3").arg(f.id, severityName(f.severity), f.subject));
    lines.sort();
    return lines;
}

QStringList stacks(const AuditReport &report)
{
    QStringList lines;
    for (const AuditTarget &target : report.targets)
        lines.append(describeStack(target));
    return lines;
}

// Every key of `json` and the objects in it, renamed by `rename` ("" for the keys themselves).
QJsonValue renamedKeys(const QJsonValue &json, const std::function<QString(QString)> &rename)
{
    if (json.isArray()) {
        QJsonArray array;
        for (const QJsonValue &value : json.toArray())
            array.append(renamedKeys(value, rename));
        return array;
    }
    if (!json.isObject())
        return json;
    QJsonObject object;
    const QJsonObject in = json.toObject();
    for (auto it = in.constBegin(); it != in.constEnd(); ++it)
        object.insert(rename(it.key()), renamedKeys(it.value(), rename));
    return object;
}

// "discard_passes" as the first reports wrote it: "discardPasses".
QString camelCase(QString key)
{
    for (qsizetype i = key.indexOf(QLatin1Char('_')); i > 0 && i + 1 < key.size();
         i = key.indexOf(QLatin1Char('_'), i))
        key.replace(i, 2, key.at(i + 1).toUpper());
    return key;
}

} // namespace

class TestTrimAudit : public QObject
{
    Q_OBJECT
private slots:
    void findings_data()
    {
        QTest::addColumn<QString>("fixture");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("crypt without discards")
            << "crypt-nodiscard"
            << QStringList{"discards-blocked-crypt problem /dev/mapper/sda3_crypt",
                           "fstrim-timer-last-run info fstrim.timer"};
        QTest::newRow("lvm on md raid")
            << "lvm-on-md"
            << QStringList{"fstrim-timer-stale warning fstrim.timer",
                           "lvm-issue-discards info /etc/lvm/lvm.conf",
                           "swap-discard advice /dev/dm-1", "swap-on-ssd info /dev/dm-1"};
        QTest::newRow("misaligned partitions")
            << "misaligned"
            << QStringList{"fstrim-timer-last-run info fstrim.timer",
                           "partition-align-1mib warning /dev/sda1",
                           "partition-align-granularity warning /dev/mmcblk0p1"};
        QTest::newRow("ide mode") << "ide-mode"
                                  << QStringList{"controller-ide-mode warning /dev/sda",
                                                 "fstrim-timer-last-run info fstrim.timer"};
        QTest::newRow("timer disabled")
            << "timer-disabled"
            << QStringList{"fill-level-high warning /home", "fstab-notrim warning /home",
                           "fstrim-timer-disabled warning fstrim.timer",
                           "swap-on-ssd info /swapfile"};
        QTest::newRow("all fine") << "all-fine"
                                  << QStringList{"fstrim-timer-last-run info fstrim.timer"};
        QTest::newRow("chroot") << "chroot"
                                << QStringList{"fstrim-timer-last-run info fstrim.timer"};
    }
    void findings()
    {
        QFETCH(QString, fixture);
        QFETCH(QStringList, expected);
        expected.sort();
        QCOMPARE(summarize(runAudit(loadFixture(fixture))), expected);
    }

    void stacks_data()
    {
        QTest::addColumn<QString>("fixture");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("crypt") << "crypt-nodiscard"
                               << QStringList{
                                      "ext4 / → dm-0 (crypt, discards blocked) → sda3 → sda",
                                      "ext4 /boot → sda2 → sda", "vfat /boot/efi → sda1 → sda"};
        QTest::newRow("lvm on md")
            << "lvm-on-md"
            << QStringList{"ext4 / → dm-0 (lvm) → md0 (raid1) → {sda1, sdb1} → {sda, sdb}",
                           "swap /dev/dm-1 → dm-1 (lvm) → md0 (raid1) → {sda1, sdb1} → {sda, sdb}"};
        // The HDD under /srv/media is not audited; btrfs (anonymous 0:35) resolves by source.
        QTest::newRow("all fine") << "all-fine"
                                  << QStringList{"ext4 / → nvme0n1p2 → nvme0n1",
                                                 "btrfs /home → nvme0n1p3 → nvme0n1",
                                                 "vfat /boot/efi → nvme0n1p1 → nvme0n1"};
        // In a chroot or container the machine's root filesystem shows with a subdirectory in
        // mountinfo's root field, and bind-mounted files of it may come first.
        QTest::newRow("chroot") << "chroot"
                                << QStringList{"ext4 / → nvme0n1p2 → nvme0n1",
                                               "btrfs /home → nvme0n1p3 → nvme0n1",
                                               "vfat /boot/efi → nvme0n1p1 → nvme0n1"};
        QTest::newRow("swap file")
            << "timer-disabled"
            << QStringList{"ext4 / → nvme0n1p2 → nvme0n1", "ext4 /home → nvme0n1p3 → nvme0n1",
                           "vfat /boot/efi → nvme0n1p1 → nvme0n1",
                           "swap /swapfile → nvme0n1p2 → nvme0n1"};
    }
    void stacks()
    {
        QFETCH(QString, fixture);
        QFETCH(QStringList, expected);
        QCOMPARE(::stacks(runAudit(loadFixture(fixture))), expected);
    }

    void everythingFineHasNoWarnings()
    {
        const AuditReport report = runAudit(loadFixture(QStringLiteral("all-fine")));
        QCOMPARE(report.count(Severity::Advice), 0);
        QCOMPARE(report.targets.size(), 3);
    }

    void layerDetails()
    {
        const AuditReport report = runAudit(loadFixture(QStringLiteral("crypt-nodiscard")));
        const StorageStack &stack = report.targets.constFirst().stack;
        const StackLayer *crypt = stack.find(QStringLiteral("dm-0"));
        QVERIFY(crypt);
        QCOMPARE(crypt->kind, LayerKind::Crypt);
        QCOMPARE(crypt->cryptAllowsDiscards, std::optional<bool>(false));
        QVERIFY(!stack.discardsReachDisk());
        const StackLayer *partition = stack.find(QStringLiteral("sda3"));
        QVERIFY(partition);
        // Partitions have no queue/ in sysfs; they inherit the disk's discard limits.
        QVERIFY(partition->discardPasses);
        QCOMPARE(partition->startSector, std::optional<quint64>(3049472));
        const StackLayer *disk = stack.find(QStringLiteral("sda"));
        QVERIFY(disk);
        QCOMPARE(disk->controllerDriver, QStringLiteral("ahci"));
        QCOMPARE(disk->rotational, std::optional<bool>(false));
    }

    // The fix must be the exact line to paste, not a description.
    void fixesAreExactLines_data()
    {
        QTest::addColumn<QString>("fixture");
        QTest::addColumn<QString>("id");
        QTest::addColumn<QString>("fixContains");
        QTest::newRow("crypttab")
            << "crypt-nodiscard"
            << "discards-blocked-crypt"
            << "sda3_crypt UUID=0b9e77f4-1d0a-4c1b-8f3e-5a2c9d1e6b70 none luks,discard";
        QTest::newRow("notrim")
            << "timer-disabled"
            << "fstab-notrim"
            << "UUID=a0b1c2d3-e4f5-4607-9819-2a3b4c5d6e7f /home ext4 defaults 0 2";
        QTest::newRow("timer") << "timer-disabled"
                               << "fstrim-timer-disabled"
                               << "sudo systemctl enable --now fstrim.timer";
        QTest::newRow("swap") << "lvm-on-md"
                              << "swap-discard"
                              << "/dev/mapper/vg0-swap none swap sw,discard 0 0";
        QTest::newRow("move") << "misaligned"
                              << "partition-align-1mib"
                              << "echo '2048,' | sudo sfdisk --move-data /dev/sda -N 1";
    }
    void fixesAreExactLines()
    {
        QFETCH(QString, fixture);
        QFETCH(QString, id);
        QFETCH(QString, fixContains);
        const AuditReport report = runAudit(loadFixture(fixture));
        const auto it = std::find_if(report.findings.cbegin(), report.findings.cend(),
                                     [&](const Finding &f) { return f.id == id; });
        QVERIFY(it != report.findings.cend());
        QVERIFY2(it->fix.contains(fixContains), qPrintable(it->fix));
    }

    // raid456's devices_handle_discard_safely is safe only if every member drive returns zeroes
    // after TRIM (drivers/md/raid5.c); the audit reads no drive's IDENTIFY, so it must say that
    // condition, name the drives to check and how, before the line: the line is never the
    // whole fix. A RAID level that passes discards: no such fix at all.
    void raidFixNamesItsCondition_data()
    {
        QTest::addColumn<QString>("fixture");
        QTest::addColumn<QStringList>("members"); // empty: no raid456 fix expected
        QTest::newRow("raid5 under lvm blocks discards")
            << "raid5-nodiscard" << QStringList{"/dev/sda", "/dev/sdb"};
        QTest::newRow("raid1 passes discards") << "lvm-on-md" << QStringList{};
    }
    void raidFixNamesItsCondition()
    {
        QFETCH(QString, fixture);
        QFETCH(QStringList, members);
        const AuditReport report = runAudit(loadFixture(fixture));
        QList<Finding> raid;
        for (const Finding &f : report.findings) {
            if (f.fix.contains(QLatin1String("devices_handle_discard_safely")))
                raid.append(f);
        }
        QCOMPARE(raid.size(), members.isEmpty() ? 0 : 1);
        if (raid.isEmpty())
            return;
        const Finding &f = raid.constFirst();
        QVERIFY2(f.explanation.contains(QLatin1String("returns zeroes after TRIM")),
                 qPrintable(f.explanation));
        // The condition comes first, as a shell comment, so pasting the fix runs nothing the
        // reader skipped; then the line itself.
        const QStringList lines = f.fix.split(QLatin1Char('\n'));
        QVERIFY2(lines.constFirst().startsWith(QLatin1String("# Only if")), qPrintable(f.fix));
        QVERIFY2(lines.constFirst().contains(QLatin1String("zeroes after TRIM")),
                 qPrintable(f.fix));
        QVERIFY2(lines.constLast().startsWith(QLatin1String("echo 'options raid456")),
                 qPrintable(f.fix));
        for (const QString &member : members) {
            QVERIFY2(f.fix.contains(QStringLiteral("trimscope-cli health %1").arg(member)),
                     qPrintable(f.fix));
        }
    }

    void sortedMostSevereFirst()
    {
        const AuditReport report = runAudit(loadFixture(QStringLiteral("lvm-on-md")));
        for (qsizetype i = 1; i < report.findings.size(); ++i)
            QVERIFY(report.findings.at(i - 1).severity >= report.findings.at(i).severity);
    }

    void reportJson()
    {
        const AuditReport report = runAudit(loadFixture(QStringLiteral("crypt-nodiscard")));
        const QJsonObject json = trimscope::resultToJson(report);
        QCOMPARE(json.value("schema").toString(), QStringLiteral("io.github.trimscope.audit"));
        QCOMPARE(json.value("schema_version").toInt(), 1);
        const QJsonObject first = json.value("findings").toArray().at(0).toObject();
        QCOMPARE(first.value("id").toString(), QStringLiteral("discards-blocked-crypt"));
        QCOMPARE(first.value("severity").toString(), QStringLiteral("problem"));
        const QJsonArray stack =
            json.value("targets").toArray().at(0).toObject().value("stack").toArray();
        QCOMPARE(stack.size(), 3);
        QCOMPARE(stack.at(0).toObject().value("kind").toString(), QStringLiteral("crypt"));
        QCOMPARE(stack.at(0).toObject().value("discard_passes").toBool(), false);
        // mountinfo has "rw" in its per-mount and its superblock field: listed once.
        for (const QJsonValue &target : json.value("targets").toArray()) {
            const QJsonArray options = target.toObject().value("mount_options").toArray();
            QVERIFY(!options.isEmpty());
            QStringList seen;
            for (const QJsonValue &option : options) {
                QVERIFY2(!seen.contains(option.toString()), qPrintable(option.toString()));
                seen.append(option.toString());
            }
        }
    }

    void reportJsonReadsBack_data()
    {
        QTest::addColumn<QString>("fixture");
        for (const char *name :
             {"crypt-nodiscard", "lvm-on-md", "raid5-nodiscard", "misaligned", "ide-mode",
              "timer-disabled"})
            QTest::newRow(name) << QString::fromLatin1(name);
    }

    // The report's keys are snake_case like every other file TrimScope writes; it reads back
    // whole, and so does a report saved before, when they were camelCase.
    void reportJsonReadsBack()
    {
        QFETCH(QString, fixture);
        const QJsonObject json = runAudit(loadFixture(fixture)).toJson();
        QStringList keys;
        renamedKeys(json, [&](const QString &key) {
            keys.append(key);
            return key;
        });
        for (const QString &key : std::as_const(keys))
            QVERIFY2(key == key.toLower(), qPrintable(key));
        QVERIFY(keys.contains(QStringLiteral("discard_passes")));

        const QJsonObject camel = renamedKeys(json, camelCase).toObject();
        QVERIFY(camel.contains(QStringLiteral("capturedAt")));
        for (const QJsonObject &saved : {json, camel}) {
            const auto read = AuditReport::fromJson(saved);
            QVERIFY2(read, qPrintable(read.error().message));
            QCOMPARE(read->toJson(), json);
        }
    }

    void liveRecordedSnapshot()
    {
        // This build machine, recorded once: a virtio disk, root mounted with discard.
        const AuditReport report = runAudit(loadFixture(QStringLiteral("live-this-machine")));
        QCOMPARE(::stacks(report), QStringList{"ext4 / → vda"});
        QCOMPARE(summarize(report), (QStringList{"disk-rotational-discard info /dev/vda",
                                                 "mount-online-discard advice /"}));
    }

    void severityNamesRoundTrip()
    {
        for (Severity s : {Severity::Info, Severity::Advice, Severity::Warning, Severity::Problem})
            QCOMPARE(severityFromName(severityName(s)), std::optional<Severity>(s));
        QVERIFY(!severityFromName(QStringLiteral("fatal")));
    }
};

TRIMSCOPE_TEST_GUILESS_MAIN(TestTrimAudit)
#include "tst_trimaudit.moc"
