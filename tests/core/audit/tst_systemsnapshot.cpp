#include "audit/systemsnapshot.h"
#include "audit/tabparsers.h"
#include "audit/trimaudit.h"
#include "testmain.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QMap>
#include <QTest>
#include <algorithm>

using namespace trimscope::audit;

class TestSystemSnapshot : public QObject
{
    Q_OBJECT
private slots:
    void jsonRoundTrip_data()
    {
        QTest::addColumn<QString>("fixture");
        for (const char *name : {"crypt-nodiscard", "lvm-on-md", "misaligned", "ide-mode",
                                 "timer-disabled", "all-fine", "chroot", "live-this-machine"})
            QTest::newRow(name) << QString::fromLatin1(name);
    }
    void jsonRoundTrip()
    {
        QFETCH(QString, fixture);
        QFile file(QFINDTESTDATA(QStringLiteral("audit/data/%1.json").arg(fixture)));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const auto loaded = SystemSnapshot::fromJsonBytes(file.readAll());
        QVERIFY2(loaded.hasValue(), qPrintable(loaded.error().message));
        QVERIFY(loaded->capturedAt().isValid());
        QVERIFY(loaded->contains(QStringLiteral("/proc/self/mountinfo")));
        const auto again = SystemSnapshot::fromJsonBytes(QJsonDocument(loaded->toJson()).toJson());
        QVERIFY(again.hasValue());
        QVERIFY(*again == *loaded);
    }

    void rejectsBadJson_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::newRow("not json") << QByteArray("{nope");
        QTest::newRow("array") << QByteArray("[]");
        QTest::newRow("wrong schema") << QByteArray(R"({"schema":"x","version":1,"entries":{}})");
        QTest::newRow("future version")
            << QByteArray(R"({"schema":"trimscope.audit-snapshot","version":99,"entries":{}})");
        QTest::newRow("entry not text") << QByteArray(
            R"({"schema":"trimscope.audit-snapshot","version":1,"entries":{"/a":1}})");
    }
    void rejectsBadJson()
    {
        QFETCH(QByteArray, json);
        QVERIFY(!SystemSnapshot::fromJsonBytes(json).hasValue());
    }

    void children_data()
    {
        QTest::addColumn<QString>("dir");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("block") << "/sys/class/block" << QStringList{"dm-0", "sda", "sda2"};
        QTest::newRow("slaves") << "/sys/class/block/dm-0/slaves" << QStringList{"sda2"};
        QTest::newRow("trailing slash") << "/sys/class/block/dm-0/slaves/" << QStringList{"sda2"};
        QTest::newRow("prefix is not a child") << "/sys/class/block/sda" << QStringList{"dev"};
        QTest::newRow("none") << "/sys/class/block/sda2/slaves" << QStringList{};
    }
    void children()
    {
        QFETCH(QString, dir);
        QFETCH(QStringList, expected);
        SystemSnapshot snapshot;
        snapshot.insert("/sys/class/block/dm-0/dev", "254:0");
        snapshot.insert("/sys/class/block/dm-0/slaves/sda2", "../../sda2");
        snapshot.insert("/sys/class/block/sda", "../../devices/x/block/sda");
        snapshot.insert("/sys/class/block/sda/dev", "8:0");
        snapshot.insert("/sys/class/block/sda2/dev", "8:2");
        QCOMPARE(snapshot.children(dir), expected);
    }

    void captureLiveMachine()
    {
        const SystemSnapshot snapshot = SystemSnapshot::capture();
        QVERIFY(snapshot.capturedAt().isValid());
        // Something is mounted at "/"; its root field is "/" on a plain machine but a
        // subdirectory in a container or chroot ("42 27 254:0 /some/dir / rw ...").
        const auto mounts =
            parseMountInfo(snapshot.valueOr(QStringLiteral("/proc/self/mountinfo")));
        QVERIFY(std::any_of(mounts.cbegin(), mounts.cend(), [](const MountEntry &mount) {
            return mount.mountPoint == QLatin1String("/");
        }));
        QVERIFY(!snapshot.children(QStringLiteral("/sys/class/block")).isEmpty());
        // Whatever the machine, the audit of it must not crash and must be serializable.
        const AuditReport report = runAudit(snapshot);
        QVERIFY(!report.toJson().isEmpty());
    }

    // A loop device nothing is bound to keeps its name, number and size (the audit finds
    // devices by them) and nothing else is read for it; every other device is read whole. On a
    // machine without an idle loop device only the second half has something to check.
    void captureSkipsUnusedLoopDevices()
    {
        const QString block = QStringLiteral("/sys/class/block/");
        // Which block devices are idle loop devices; other tests bind and free loop devices
        // meanwhile, so a device that changed while the snapshot was taken is not judged.
        const auto idleLoops = [&]() {
            QMap<QString, bool> idle;
            for (const QString &name :
                 QDir(block).entryList(QDir::System | QDir::AllEntries | QDir::NoDotAndDotDot)) {
                QFile size(block + name + QStringLiteral("/size"));
                idle.insert(
                    name,
                    name.startsWith(QLatin1String("loop")) && size.open(QIODevice::ReadOnly) &&
                        size.readAll().trimmed() == "0" &&
                        !QFileInfo::exists(block + name + QStringLiteral("/loop/backing_file")));
            }
            return idle;
        };
        const QMap<QString, bool> before = idleLoops();
        const SystemSnapshot snapshot = SystemSnapshot::capture();
        const QMap<QString, bool> after = idleLoops();
        int idle = 0;
        int judged = 0;
        for (auto it = before.cbegin(); it != before.cend(); ++it) {
            if (!after.contains(it.key()) || after.value(it.key()) != it.value())
                continue;
            const QString base = block + it.key();
            // A partition (loop5p1, sda1) has no queue/ of its own, read or not.
            if (!QFileInfo::exists(base + QStringLiteral("/queue/rotational")))
                continue;
            QVERIFY2(snapshot.contains(base), qPrintable(it.key()));
            QVERIFY2(snapshot.contains(base + QStringLiteral("/dev")), qPrintable(it.key()));
            QVERIFY2(snapshot.contains(base + QStringLiteral("/size")), qPrintable(it.key()));
            QVERIFY2(snapshot.contains(base + QStringLiteral("/queue/rotational")) != it.value(),
                     qPrintable(it.key()));
            idle += it.value() ? 1 : 0;
            ++judged;
        }
        QVERIFY(judged > 0);
        qInfo("%d of %d block devices are idle loop devices, read no further", idle, judged);
    }
};

TRIMSCOPE_TEST_GUILESS_MAIN(TestSystemSnapshot)
#include "tst_systemsnapshot.moc"
