#include "common/units.h"

#include <QTest>

using namespace trimscope;

class TestUnits : public QObject
{
    Q_OBJECT
private slots:
    void parseByteSize_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("valid");
        QTest::addColumn<quint64>("bytes");
        QTest::newRow("plain") << "512" << true << quint64(512);
        QTest::newRow("K") << "4K" << true << quint64(4096);
        QTest::newRow("k lower") << "4k" << true << quint64(4096);
        QTest::newRow("M") << "64M" << true << quint64(64) * 1024 * 1024;
        QTest::newRow("G") << "2G" << true << quint64(2) * 1024 * 1024 * 1024;
        QTest::newRow("GiB") << "2GiB" << true << quint64(2) * 1024 * 1024 * 1024;
        QTest::newRow("KB") << "4KB" << true << quint64(4096);
        QTest::newRow("T") << "1T" << true << (quint64(1) << 40);
        QTest::newRow("zero") << "0" << true << quint64(0);
        QTest::newRow("empty") << "" << false << quint64(0);
        QTest::newRow("negative") << "-4K" << false << quint64(0);
        QTest::newRow("fraction") << "1.5G" << false << quint64(0);
        QTest::newRow("unknown unit") << "4X" << false << quint64(0);
        QTest::newRow("overflow") << "99999999999P" << false << quint64(0);
        QTest::newRow("garbage") << "abc" << false << quint64(0);
    }
    void parseByteSize()
    {
        QFETCH(QString, text);
        QFETCH(bool, valid);
        QFETCH(quint64, bytes);
        const auto parsed = trimscope::parseByteSize(text);
        QCOMPARE(parsed.has_value(), valid);
        if (valid)
            QCOMPARE(*parsed, bytes);
    }

    void formatBytes_data()
    {
        QTest::addColumn<quint64>("bytes");
        QTest::addColumn<QString>("text");
        QTest::newRow("sector") << quint64(512) << "512 B";
        QTest::newRow("4k") << quint64(4096) << "4 KiB";
        QTest::newRow("1.5k") << quint64(1536) << "1.5 KiB";
        QTest::newRow("2G") << (quint64(2) << 30) << "2 GiB";
    }
    void formatBytes()
    {
        QFETCH(quint64, bytes);
        QFETCH(QString, text);
        QCOMPARE(trimscope::formatBytes(bytes), text);
    }
};

QTEST_GUILESS_MAIN(TestUnits)
#include "tst_units.moc"
