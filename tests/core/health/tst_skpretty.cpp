// libatasmart's pretty values, both ways they are written: skdump's words (the CLI, the files)
// and the reader's (the window). Both take the same steps from one table: a duration steps up to
// minutes, hours, days, months of 30 days and years of 365 at the same values in both.
#include "common/units.h"
#include "health/skpretty.h"
#include "testmain.h"

#include <QTest>

using namespace trimscope;
using namespace trimscope::health;

class tst_SkPretty : public QObject
{
    Q_OBJECT

private slots:
    void bothWordings_data();
    void bothWordings();
};

void tst_SkPretty::bothWordings_data()
{
    QTest::addColumn<quint64>("value");
    QTest::addColumn<int>("unit"); // a PrettyUnit
    QTest::addColumn<QString>("skdump");
    QTest::addColumn<QString>("reader");
    constexpr quint64 day = 24 * 3600 * 1000ull;
    const int ms = int(PrettyUnit::Milliseconds);
    QTest::newRow("under a second") << quint64(999) << ms << "999 ms" << formatSeconds(0.999);
    QTest::newRow("a second") << quint64(1000) << ms << "1.0 s" << formatSeconds(1.0);
    QTest::newRow("just under a minute")
        << quint64(59999) << ms << "60.0 s" << formatSeconds(59.999);
    QTest::newRow("a minute") << quint64(60000) << ms << "1.0 min"
                              << "1.0 min";
    QTest::newRow("an hour") << quint64(3600000) << ms << "1.0 h"
                             << "1.0 h";
    QTest::newRow("a day and a half") << day * 3 / 2 << ms << "1.5 days"
                                      << "1.5 days";
    QTest::newRow("29 days") << day * 29 << ms << "29.0 days"
                             << "29.0 days";
    QTest::newRow("30 days") << day * 30 << ms << "1.0 months"
                             << "1.0 months";
    QTest::newRow("364 days") << day * 364 << ms << "12.1 months"
                              << "12.1 months";
    QTest::newRow("365 days") << day * 365 << ms << "1.0 years"
                              << "1.0 years";
    QTest::newRow("36 °C") << quint64(309150) << int(PrettyUnit::Millikelvin) << "36.0 C"
                           << "36.0 °C";
    QTest::newRow("megabytes") << quint64(27514) << int(PrettyUnit::Megabytes) << "27.514 GB"
                               << formatBytes(quint64(27514) * 1000000);
    QTest::newRow("unknown") << quint64(5) << int(PrettyUnit::Unknown) << "n/a"
                             << "not reported";
}

void tst_SkPretty::bothWordings()
{
    QFETCH(quint64, value);
    QFETCH(int, unit);
    QFETCH(QString, skdump);
    QFETCH(QString, reader);
    QCOMPARE(formatSkPretty(value, PrettyUnit(unit)), skdump);
    QCOMPARE(prettyValueText(value, PrettyUnit(unit)), reader);
}

TRIMSCOPE_TEST_GUILESS_MAIN(tst_SkPretty)
#include "tst_skpretty.moc"
