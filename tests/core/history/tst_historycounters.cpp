// What a drive's discard counters add to its day (issue 46, item 10): the difference within one
// boot and one attachment, a new series otherwise, and never one attachment's counters subtracted
// from another's. Pure: every case the collector meets, as a table.
#include "history/historycounters.h"
#include "testmain.h"

#include <QTest>

using namespace trimscope::history;

namespace {
// Sectors and milliseconds follow the count, so one number says all three.
DiscardCounterReading counters(const QString &boot, quint64 ios, quint64 diskseq, bool canChange,
                               qint64 firstIos)
{
    DiscardCounterReading r;
    r.bootId = boot;
    r.ios = ios;
    r.sectors = ios * 2048;
    r.milliseconds = ios * 3;
    r.diskseq = diskseq;
    r.mediumCanChange = canChange;
    if (firstIos >= 0)
        r.attachmentFirst =
            DiscardCounts{quint64(firstIos), quint64(firstIos) * 2048, quint64(firstIos) * 3};
    return r;
}
} // namespace

class TestHistoryCounters : public QObject
{
    Q_OBJECT
private slots:
    void discardsSinceTheLastReading_data();
    void discardsSinceTheLastReading();
};

void TestHistoryCounters::discardsSinceTheLastReading_data()
{
    QTest::addColumn<bool>("hasBefore");
    QTest::addColumn<QString>("beforeBoot");
    QTest::addColumn<quint64>("beforeIos");
    QTest::addColumn<quint64>("beforeSeq"); // 0: not known (a row from before schema 3)
    QTest::addColumn<QString>("nowBoot");
    QTest::addColumn<quint64>("nowIos");
    QTest::addColumn<quint64>("nowSeq");
    QTest::addColumn<bool>("canChange");  // loop, nbd, removable media
    QTest::addColumn<qint64>("firstIos"); // this attachment's first sighting; -1: none earlier
    QTest::addColumn<qint64>("expected"); // -1: nothing added, a new series begins
    const QString a = QStringLiteral("boot-a");
    const QString b = QStringLiteral("boot-b");
    // clang-format off
    QTest::newRow("first reading: a baseline")          << false << a << 0ull   << 0ull << a << 100ull << 5ull << false << -1ll << -1ll;
    QTest::newRow("fixed disk, same boot")              << true  << a << 100ull << 5ull << a << 130ull << 5ull << false << -1ll << 30ll;
    QTest::newRow("fixed disk, new boot: all new")      << true  << a << 100ull << 5ull << b << 7ull   << 2ull << false << -1ll << 7ll;
    QTest::newRow("fixed disk plugged in again")        << true  << a << 100ull << 5ull << a << 9ull   << 8ull << false << -1ll << 9ll;
    QTest::newRow("fixed disk, row of schema 2")        << true  << a << 100ull << 0ull << a << 130ull << 5ull << false << -1ll << 30ll;
    QTest::newRow("fixed disk, counters went back")     << true  << a << 100ull << 5ull << a << 4ull   << 5ull << false << -1ll << 4ll;
    QTest::newRow("same attachment")                    << true  << a << 100ull << 5ull << a << 130ull << 5ull << true  << 90ll << 30ll;
    QTest::newRow("reattached, never seen before")      << true  << a << 100ull << 5ull << a << 130ull << 9ull << true  << -1ll << -1ll;
    QTest::newRow("reattached, seen since")             << true  << a << 100ull << 5ull << a << 130ull << 9ull << true  << 120ll << 10ll;
    QTest::newRow("reattached, first seen at the same") << true  << a << 100ull << 5ull << a << 130ull << 9ull << true  << 130ll << 0ll;
    QTest::newRow("new boot, seen since")               << true  << a << 100ull << 5ull << b << 40ull  << 3ull << true  << 25ll << 15ll;
    QTest::newRow("new boot, never seen before")        << true  << a << 100ull << 5ull << b << 40ull  << 3ull << true  << -1ll << -1ll;
    QTest::newRow("row of schema 2: which medium?")     << true  << a << 100ull << 0ull << a << 130ull << 9ull << true  << 120ll << -1ll;
    QTest::newRow("no diskseq at all: which medium?")   << true  << a << 100ull << 0ull << a << 130ull << 0ull << true  << -1ll << -1ll;
    QTest::newRow("a ledger above the counters")        << true  << a << 100ull << 5ull << a << 130ull << 9ull << true  << 140ll << -1ll;
    // clang-format on
}

void TestHistoryCounters::discardsSinceTheLastReading()
{
    QFETCH(bool, hasBefore);
    QFETCH(QString, beforeBoot);
    QFETCH(quint64, beforeIos);
    QFETCH(quint64, beforeSeq);
    QFETCH(QString, nowBoot);
    QFETCH(quint64, nowIos);
    QFETCH(quint64, nowSeq);
    QFETCH(bool, canChange);
    QFETCH(qint64, firstIos);
    QFETCH(qint64, expected);
    std::optional<DiscardCounterReading> before;
    if (hasBefore)
        before = counters(beforeBoot, beforeIos, beforeSeq, canChange, -1);
    const auto added =
        discardsSince(before, counters(nowBoot, nowIos, nowSeq, canChange, firstIos));
    QCOMPARE(added ? qint64(added->ios) : -1ll, expected);
    if (added) {
        QCOMPARE(added->sectors, added->ios * 2048);
        QCOMPARE(added->milliseconds, added->ios * 3);
    }
}

TRIMSCOPE_TEST_GUILESS_MAIN(TestHistoryCounters)
#include "tst_historycounters.moc"
