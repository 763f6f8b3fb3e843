#include "device/procparsers.h"
#include "testmain.h"

#include <QTest>

using namespace trimscope;

class TestProcParsers : public QObject
{
    Q_OBJECT
private slots:
    void mountInfo_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<int>("count");
        QTest::addColumn<QString>("majorMinor");
        QTest::addColumn<QString>("mountPoint");
        QTest::addColumn<QString>("fsType");
        QTest::addColumn<QString>("source");
        QTest::newRow("root ext4")
            << QByteArray("27 1 254:0 / / rw,relatime - ext4 /dev/vda rw") << 1 << "254:0"
            << "/"
            << "ext4"
            << "/dev/vda";
        QTest::newRow("optional fields")
            << QByteArray("36 35 98:0 /mnt1 /mnt2 rw,noatime master:1 shared:7 - ext3 /dev/root "
                          "rw,errors=continue")
            << 1 << "98:0"
            << "/mnt2"
            << "ext3"
            << "/dev/root";
        QTest::newRow("escaped space")
            << QByteArray("40 27 7:3 / /media/my\\040disk rw - xfs /dev/loop3 rw") << 1 << "7:3"
            << "/media/my disk"
            << "xfs"
            << "/dev/loop3";
        QTest::newRow("truncated") << QByteArray("40 27 7:3 / /x rw") << 0 << ""
                                   << ""
                                   << ""
                                   << "";
        QTest::newRow("bad majmin") << QByteArray("40 27 7 / /x rw - xfs /dev/x rw") << 0 << ""
                                    << ""
                                    << ""
                                    << "";
        QTest::newRow("empty") << QByteArray() << 0 << ""
                               << ""
                               << ""
                               << "";
    }
    void mountInfo()
    {
        QFETCH(QByteArray, line);
        QFETCH(int, count);
        const QList<MountInfoEntry> parsed = parseMountInfo(QString::fromUtf8(line + "\n"));
        QCOMPARE(parsed.size(), count);
        if (count == 0)
            return;
        QTEST(parsed.first().majorMinor, "majorMinor");
        QTEST(parsed.first().mountPoint, "mountPoint");
        QTEST(parsed.first().fsType, "fsType");
        QTEST(parsed.first().source, "source");
    }

    void options_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<QStringList>("options");
        // "rw" in both fields is one option, not two; order: per-mount first.
        QTest::newRow("rw twice") << QByteArray("27 1 254:0 / / rw,relatime - ext4 /dev/vda rw")
                                  << QStringList{"rw", "relatime"};
        QTest::newRow("superblock adds")
            << QByteArray("27 1 8:2 / /home rw,noatime - ext4 "
                          "/dev/sda2 rw,discard,errors=remount-ro")
            << QStringList{"rw", "noatime", "discard", "errors=remount-ro"};
        // A read-only bind of a writable file system: both say something, both stay.
        QTest::newRow("ro bind of rw")
            << QByteArray("30 27 8:2 /srv /mnt ro - ext4 /dev/sda2 rw") << QStringList{"ro", "rw"};
    }
    void options()
    {
        QFETCH(QByteArray, line);
        const QList<MountInfoEntry> parsed = parseMountInfo(QString::fromUtf8(line + "\n"));
        QCOMPARE(parsed.size(), 1);
        QTEST(parsed.first().options(), "options");
    }

    void swaps_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QStringList>("paths");
        const QByteArray header = "Filename\t\t\t\tType\t\tSize\t\tUsed\t\tPriority\n";
        QTest::newRow("none") << header << QStringList{};
        QTest::newRow("partition and file")
            << header + "/dev/sda2                               partition\t8388604\t0\t-2\n"
                        "/swap\\040file                           file\t\t1048572\t0\t-3\n"
            << QStringList{"/dev/sda2", "/swap file"};
    }
    void swaps()
    {
        QFETCH(QByteArray, text);
        QFETCH(QStringList, paths);
        QStringList parsed;
        for (const SwapEntry &line : parseSwaps(QString::fromUtf8(text)))
            parsed.append(line.path);
        QCOMPARE(parsed, paths);
    }
};

TRIMSCOPE_TEST_GUILESS_MAIN(TestProcParsers)
#include "tst_procparsers.moc"
