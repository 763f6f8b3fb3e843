// EmptyTrimCheck's verdict from paired TRIMs: a drive that answers empty space at once is found,
// and one that does not differ is not, also when a busy computer added waits to some of its TRIMs.
#include "sweep/emptytrimcheck.h"
#include "testmain.h"

#include <QTest>

using namespace trimscope;

class TestEmptyTrimCheck : public QObject
{
    Q_OBJECT
private slots:
    void outcomeOfPairs_data()
    {
        QTest::addColumn<QList<double>>("written");
        QTest::addColumn<QList<double>>("empty");
        QTest::addColumn<QString>("outcome");
        QTest::newRow("same, quiet") << QList<double>{4e-4, 4.1e-4, 3.9e-4, 4e-4, 4.2e-4}
                                     << QList<double>{4.1e-4, 4e-4, 4e-4, 3.9e-4, 4e-4} << "same";
        // tst_clisweep "fast trims" (0.3 ms a TRIM either way) beside four busy loops, load 15:
        // waits of 8-32 ms on three written TRIMs and one empty one; the pairs' median ratio is 4.
        QTest::newRow("same, loaded")
            << QList<double>{0.031971719, 0.0004774, 0.028079696, 0.011985864, 0.000447664}
            << QList<double>{0.007996855, 0.000485857, 0.000549518, 0.000517046, 0.000476309}
            << "same";
        QTest::newRow("empty faster, quiet")
            << QList<double>{2e-3, 2.1e-3, 2e-3, 2.2e-3, 2e-3}
            << QList<double>{4e-5, 5e-5, 4e-5, 4e-5, 6e-5} << "empty-faster";
        // The same drive when a wait fell on two empty TRIMs: still faster.
        QTest::newRow("empty faster, loaded")
            << QList<double>{2e-3, 0.0141, 2e-3, 2.2e-3, 0.0102}
            << QList<double>{0.008, 5e-5, 4e-5, 0.012, 6e-5} << "empty-faster";
        // Faster only in one lucky pair: not faster.
        QTest::newRow("one fast empty")
            << QList<double>{2e-3, 2e-3, 2e-3, 2e-3, 2e-3}
            << QList<double>{4e-5, 2e-3, 2.1e-3, 1.9e-3, 2e-3} << "same";
    }
    void outcomeOfPairs()
    {
        QFETCH(QList<double>, written);
        QFETCH(QList<double>, empty);
        QFETCH(QString, outcome);
        EmptyTrimCheck check;
        EmptyTrimCheck::Size size;
        size.bytes = 4096;
        size.writtenSeconds = written;
        size.emptySeconds = empty;
        for (qsizetype i = 0; i < empty.size(); ++i)
            size.offsets.append(quint64(i) * 4096);
        check.sizes = {size};
        QVERIFY(size.paired());
        QCOMPARE(emptyTrimOutcomeName(check.outcome()), outcome);
        // A file written and read back decides the same.
        QCOMPARE(emptyTrimOutcomeName(EmptyTrimCheck::fromJson(check.toJson()).outcome()), outcome);
    }
};

TRIMSCOPE_TEST_GUILESS_MAIN(TestEmptyTrimCheck)
#include "tst_emptytrimcheck.moc"
