#include "audit/tabparsers.h"
#include "testmain.h"

#include <QTest>

using namespace trimscope::audit;

class TestTabParsers : public QObject
{
    Q_OBJECT
private slots:
    void mountInfo_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<bool>("valid");
        QTest::addColumn<QString>("mountPoint");
        QTest::addColumn<QString>("fsType");
        QTest::addColumn<QString>("source");
        QTest::newRow("plain") << "28 1 8:2 / / rw,relatime shared:1 - ext4 /dev/sda2 rw" << true
                               << "/"
                               << "ext4"
                               << "/dev/sda2";
        QTest::newRow("no optional fields")
            << "27 1 254:0 / / rw,relatime - ext4 /dev/vda rw,discard" << true << "/"
            << "ext4"
            << "/dev/vda";
        QTest::newRow("two optional fields")
            << "40 28 8:3 / /mnt rw master:1 shared:9 - xfs /dev/sda3 rw" << true << "/mnt"
            << "xfs"
            << "/dev/sda3";
        QTest::newRow("escaped blank")
            << "41 28 8:4 / /mnt/my\\040disk rw - ext4 /dev/sda4 rw" << true << "/mnt/my disk"
            << "ext4"
            << "/dev/sda4";
        QTest::newRow("no separator") << "41 28 8:4 / /mnt rw ext4 /dev/sda4 rw" << false << ""
                                      << ""
                                      << "";
        QTest::newRow("truncated") << "41 28 8:4 / /mnt rw -" << false << ""
                                   << ""
                                   << "";
    }
    void mountInfo()
    {
        QFETCH(QString, line);
        QFETCH(bool, valid);
        const auto mounts = parseMountInfo(line);
        QCOMPARE(mounts.size(), valid ? 1 : 0);
        if (!valid)
            return;
        QFETCH(QString, mountPoint);
        QFETCH(QString, fsType);
        QFETCH(QString, source);
        QCOMPARE(mounts.first().mountPoint, mountPoint);
        QCOMPARE(mounts.first().fsType, fsType);
        QCOMPARE(mounts.first().source, source);
    }

    void options_data()
    {
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<QString>("add");
        QTest::addColumn<QString>("remove");
        QTest::addColumn<QStringList>("added");
        QTest::addColumn<QStringList>("removed");
        QTest::newRow("add new") << QStringList{"luks"} << "discard"
                                 << "luks" << QStringList{"luks", "discard"}
                                 << QStringList{"defaults"};
        QTest::newRow("already there")
            << QStringList{"sw", "discard=once"} << "discard"
            << "discard" << QStringList{"sw", "discard=once"} << QStringList{"sw"};
        QTest::newRow("not a prefix match")
            << QStringList{"discardx"} << "discard"
            << "discard" << QStringList{"discardx", "discard"} << QStringList{"discardx"};
    }
    void options()
    {
        QFETCH(QStringList, options);
        QFETCH(QString, add);
        QFETCH(QString, remove);
        QFETCH(QStringList, added);
        QFETCH(QStringList, removed);
        QCOMPARE(withOption(options, add), added);
        QCOMPARE(withoutOption(options, remove), removed);
    }

    void crypttabAndColumns()
    {
        const auto entries = parseCrypttab("# comment\ncr UUID=1 none luks\nbare /dev/sdb1\n");
        QCOMPARE(entries.size(), 2);
        QCOMPARE(entries.at(0).options, QStringList{"luks"});
        QCOMPARE(replaceColumn(entries.at(1).line, 3, "discard"),
                 QStringLiteral("bare /dev/sdb1 none discard"));
    }

    void dmTable()
    {
        const auto tables = parseDmTable(
            "root: 0 100 crypt aes-xts-plain64 :64:logon:k 0 8:3 4096 1 allow_discards\n"
            "vg-lv: 0 50 linear 9:0 2048\nvg-lv: 50 50 linear 9:0 9000\n");
        QCOMPARE(tables.size(), 2);
        QCOMPARE(tables.value("vg-lv").size(), 2);
        QVERIFY(parseDmTable("No devices found").isEmpty());
    }

    void swaps()
    {
        const auto swaps =
            parseSwaps("Filename Type Size Used Priority\n/dev/dm-1 partition 8 0 -2\n");
        QCOMPARE(swaps.size(), 1);
        QCOMPARE(swaps.first().type, QStringLiteral("partition"));
    }
};

TRIMSCOPE_TEST_GUILESS_MAIN(TestTabParsers)
#include "tst_tabparsers.moc"
