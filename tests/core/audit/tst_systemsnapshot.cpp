#include "audit/systemsnapshot.h"
#include "audit/tabparsers.h"
#include "audit/trimaudit.h"

#include <QFile>
#include <QJsonDocument>
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
        QFile file(QFINDTESTDATA(QStringLiteral("data/%1.json").arg(fixture)));
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
};

QTEST_GUILESS_MAIN(TestSystemSnapshot)
#include "tst_systemsnapshot.moc"
