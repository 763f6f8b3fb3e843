#include "device/ataidentify.h"
#include "testmain.h"

#include <QTest>

using namespace trimscope;

namespace {
void setWord(QByteArray &id, int word, quint16 value)
{
    id[2 * word] = char(value & 0xff);
    id[2 * word + 1] = char(value >> 8);
}
} // namespace

class tst_AtaIdentify : public QObject
{
    Q_OBJECT

private slots:
    void trimBits_data();
    void trimBits();
    void rotation_data();
    void rotation();
    void capacity();
};

void tst_AtaIdentify::trimBits_data()
{
    QTest::addColumn<quint16>("w69");
    QTest::addColumn<quint16>("w76");
    QTest::addColumn<quint16>("w77");
    QTest::addColumn<quint16>("w169");
    QTest::addColumn<QList<bool>>("expected"); // trim, drat, rzat, ncq, ncq send/recv
    QTest::newRow("nothing") << quint16(0) << quint16(0) << quint16(0) << quint16(0)
                             << QList<bool>{false, false, false, false, false};
    QTest::newRow("Intel 320") << quint16(0x4020) << quint16(0x0506) << quint16(0) << quint16(1)
                               << QList<bool>{true, true, true, true, false};
    QTest::newRow("DRAT only") << quint16(0x4000) << quint16(0) << quint16(0) << quint16(1)
                               << QList<bool>{true, true, false, false, false};
    QTest::newRow("DRAT without TRIM is void")
        << quint16(0x4020) << quint16(0) << quint16(0) << quint16(0)
        << QList<bool>{false, false, false, false, false};
    QTest::newRow("queued TRIM capable") << quint16(0x4020) << quint16(0x0100) << quint16(0x0040)
                                         << quint16(1) << QList<bool>{true, true, true, true, true};
    QTest::newRow("send/recv without NCQ")
        << quint16(0) << quint16(0) << quint16(0x0040) << quint16(1)
        << QList<bool>{true, false, false, false, false};
    QTest::newRow("all ones is unimplemented")
        << quint16(0xffff) << quint16(0xffff) << quint16(0xffff) << quint16(0xffff)
        << QList<bool>{false, false, false, false, false};
}

void tst_AtaIdentify::trimBits()
{
    QFETCH(quint16, w69);
    QFETCH(quint16, w76);
    QFETCH(quint16, w77);
    QFETCH(quint16, w169);
    QFETCH(QList<bool>, expected);
    QByteArray id(512, '\0');
    setWord(id, 69, w69);
    setWord(id, 76, w76);
    setWord(id, 77, w77);
    setWord(id, 169, w169);
    const auto p = parseAtaIdentify(id);
    QVERIFY(p);
    QCOMPARE((QList<bool>{p->trimSupported, p->deterministicReadAfterTrim, p->readZeroesAfterTrim,
                          p->ncqSupported, p->ncqSendReceiveSupported}),
             expected);
}

void tst_AtaIdentify::rotation_data()
{
    QTest::addColumn<quint16>("w217");
    QTest::addColumn<int>("nonRotating"); // 1, 0, -1 unknown
    QTest::newRow("not reported") << quint16(0) << -1;
    QTest::newRow("SSD") << quint16(1) << 1;
    QTest::newRow("reserved 2") << quint16(2) << -1;
    QTest::newRow("reserved 0x400") << quint16(0x400) << -1;
    QTest::newRow("first rpm") << quint16(0x401) << 0;
    QTest::newRow("7200 rpm") << quint16(7200) << 0;
    QTest::newRow("reserved ffff") << quint16(0xffff) << -1;
}

void tst_AtaIdentify::rotation()
{
    QFETCH(quint16, w217);
    QFETCH(int, nonRotating);
    QByteArray id(512, '\0');
    setWord(id, 217, w217);
    const auto r = parseAtaIdentify(id)->nonRotating();
    QCOMPARE(r ? int(*r) : -1, nonRotating);
}

void tst_AtaIdentify::capacity()
{
    QByteArray id(512, '\0');
    setWord(id, 60, 0xffff);
    setWord(id, 61, 0x0fff); // 28-bit maximum
    setWord(id, 83, 1u << 10);
    setWord(id, 100, 0x6db0);
    setWord(id, 101, 0x0e8e); // 244,190,646 sectors (4 TB / 4Kn below)
    setWord(id, 106, 0x4000 | (1u << 12));
    setWord(id, 117, 2048); // 4096-byte logical sectors
    const auto p = parseAtaIdentify(id);
    QCOMPARE(p->logicalSectorBytes, 4096u);
    QCOMPARE(p->capacityBytes, 0x0e8e6db0ull * 4096);
    QVERIFY(!parseAtaIdentify(id.left(511)));
}

TRIMSCOPE_TEST_GUILESS_MAIN(tst_AtaIdentify)
#include "tst_ataidentify.moc"
