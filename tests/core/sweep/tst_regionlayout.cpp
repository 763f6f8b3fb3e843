#include "sweep/regionlayout.h"
#include "testmain.h"

#include <QTest>
#include <algorithm>

using namespace trimscope;

namespace {
QList<quint64> halving(quint64 from, quint64 to)
{
    QList<quint64> sizes;
    for (quint64 s = from; s >= to; s /= 2)
        sizes.append(s);
    return sizes;
}
} // namespace

class TestRegionLayout : public QObject
{
    Q_OBJECT
private slots:
    void invariants_data()
    {
        QTest::addColumn<quint64>("capacity");
        QTest::addColumn<quint64>("granularity");
        QTest::addColumn<QList<quint64>>("sizes");
        QTest::addColumn<QList<int>>("sampleSlots");
        const QList<quint64> big = halving(quint64(2) << 30, 512);
        QTest::newRow("trim_perf plan, 5 repeats, 256 GiB")
            << (quint64(256) << 30) << quint64(512) << big << QList<int>(big.size(), 5);
        const QList<quint64> small = halving(quint64(64) << 20, 512);
        QTest::newRow("sub-granularity sizes, 4 KiB granules")
            << (quint64(1) << 30) << quint64(4096) << small << QList<int>(small.size(), 3);
        QList<int> uneven(small.size(), 10);
        uneven[0] = 2;
        uneven[1] = 4;
        QTest::newRow("uneven slots") << (quint64(1) << 30) << quint64(4096) << small << uneven;
        QTest::newRow("exact fit")
            << quint64(8192) << quint64(4096) << QList<quint64>{4096} << QList<int>{2};
    }
    // Every region is inside the device, aligned to its footprint, and no two overlap.
    void invariants()
    {
        QFETCH(quint64, capacity);
        QFETCH(quint64, granularity);
        QFETCH(QList<quint64>, sizes);
        QFETCH(QList<int>, sampleSlots);
        const Expected<RegionLayout> layout =
            RegionLayout::create(capacity, granularity, sizes, sampleSlots);
        QVERIFY2(layout.hasValue(), qPrintable(layout.error().message));
        struct Region
        {
            quint64 start, end;
        };
        QList<Region> regions;
        for (int i = 0; i < sizes.size(); ++i) {
            QCOMPARE(layout->sampleSlots(i), sampleSlots.at(i));
            const quint64 footprint = RegionLayout::regionFootprint(sizes.at(i), granularity);
            for (int k = 0; k < sampleSlots.at(i); ++k) {
                const quint64 offset = layout->offset(i, k);
                QCOMPARE(offset % footprint, quint64(0));
                QVERIFY(offset + footprint <= capacity);
                regions.append({offset, offset + footprint});
            }
        }
        std::sort(regions.begin(), regions.end(),
                  [](const Region &a, const Region &b) { return a.start < b.start; });
        for (int i = 1; i < regions.size(); ++i)
            QVERIFY2(regions.at(i).start >= regions.at(i - 1).end, "regions overlap");
    }

    // Repeats of one size land in different parts of the device, not side by side.
    void spreadsSamplesOverTheDevice()
    {
        const QList<quint64> sizes = halving(quint64(1) << 20, 4096);
        const quint64 capacity = quint64(1) << 30;
        const auto layout =
            RegionLayout::create(capacity, 4096, sizes, QList<int>(sizes.size(), 4));
        QVERIFY(layout.hasValue());
        const int last = int(sizes.size()) - 1;
        QVERIFY(layout->offset(last, 3) - layout->offset(last, 0) > capacity / 2);
    }

    void refusesWhatDoesNotFit()
    {
        const auto layout =
            RegionLayout::create(quint64(1) << 20, 4096, QList<quint64>{quint64(1) << 20}, {2});
        QVERIFY(!layout.hasValue());
        QCOMPARE(layout.error().code, ErrorCode::InvalidArgument);
        QVERIFY(layout.error().message.contains(QLatin1String("fresh regions")));
    }

    void footprint_data()
    {
        QTest::addColumn<quint64>("size");
        QTest::addColumn<quint64>("granularity");
        QTest::addColumn<quint64>("footprint");
        QTest::newRow("sector in 4K granule") << quint64(512) << quint64(4096) << quint64(4096);
        QTest::newRow("equal") << quint64(4096) << quint64(4096) << quint64(4096);
        QTest::newRow("larger") << quint64(65536) << quint64(4096) << quint64(65536);
        QTest::newRow("no granularity") << quint64(512) << quint64(0) << quint64(512);
    }
    void footprint()
    {
        QFETCH(quint64, size);
        QFETCH(quint64, granularity);
        QTEST(RegionLayout::regionFootprint(size, granularity), "footprint");
    }
};

TRIMSCOPE_TEST_GUILESS_MAIN(TestRegionLayout)
#include "tst_regionlayout.moc"
