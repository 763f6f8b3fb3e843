// checkedInteger: untrusted JSON doubles to integers without undefined behaviour (issue 16,
// item 11). Built with -fsanitize=float-cast-overflow the old casts report every "refused" row.
#include "common/checkednumber.h"
#include "common/jsonfields.h"
#include "testmain.h"

#include <QJsonDocument>
#include <QTest>
#include <cmath>
#include <limits>

using namespace trimscope;

namespace {
struct Counts
{
    quint32 blocks = 7;
    int pass = 7;
    quint64 bytes = 7;
};
const auto kCountFields = std::make_tuple(JsonField<Counts, quint32>{"blocks", &Counts::blocks},
                                          JsonField<Counts, int>{"pass", &Counts::pass},
                                          JsonField<Counts, quint64>{"bytes", &Counts::bytes});
} // namespace

class tst_CheckedNumber : public QObject
{
    Q_OBJECT

private slots:
    void toUnsigned64_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<bool>("accepted");
        QTest::addColumn<quint64>("expected");
        const double nan = std::numeric_limits<double>::quiet_NaN();
        const double inf = std::numeric_limits<double>::infinity();
        QTest::newRow("zero") << 0.0 << true << quint64(0);
        QTest::newRow("a byte count") << 4096.0 << true << quint64(4096);
        QTest::newRow("2^53, exact") << std::ldexp(1.0, 53) << true << (quint64(1) << 53);
        QTest::newRow("largest below 2^64") << std::nextafter(std::ldexp(1.0, 64), 0.0) << true
                                            << quint64(std::nextafter(std::ldexp(1.0, 64), 0.0));
        QTest::newRow("fraction, truncated") << 1.9 << true << quint64(1);
        QTest::newRow("negative zero") << -0.0 << true << quint64(0);
        QTest::newRow("negative") << -1.0 << false << quint64(0);
        QTest::newRow("small negative fraction") << -0.5 << false << quint64(0);
        QTest::newRow("2^64") << std::ldexp(1.0, 64) << false << quint64(0);
        QTest::newRow("1e300") << 1e300 << false << quint64(0);
        QTest::newRow("NaN") << nan << false << quint64(0);
        QTest::newRow("+inf") << inf << false << quint64(0);
        QTest::newRow("-inf") << -inf << false << quint64(0);
    }
    void toUnsigned64()
    {
        QFETCH(double, value);
        QFETCH(bool, accepted);
        const std::optional<quint64> converted = checkedInteger<quint64>(value);
        QCOMPARE(converted.has_value(), accepted);
        if (accepted)
            QTEST(*converted, "expected");
    }

    // What a struct reader makes of hostile numbers: 0, never a wrapped or undefined value.
    void structFieldsNeverWrap_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<quint32>("blocks");
        QTest::addColumn<int>("pass");
        QTest::addColumn<quint64>("bytes");
        QTest::newRow("plain") << QByteArray(R"({"blocks": 8, "pass": 2, "bytes": 4096})") << 8u
                               << 2 << quint64(4096);
        QTest::newRow("2^32 + 1 into 32 bits")
            << QByteArray(R"({"blocks": 4294967297})") << 0u << 7 << quint64(7);
        QTest::newRow("1e300 into int")
            << QByteArray(R"({"pass": 1e300})") << 7u << 0 << quint64(7);
        QTest::newRow("negative bytes")
            << QByteArray(R"({"bytes": -4096})") << 7u << 7 << quint64(0);
        QTest::newRow("1e300 bytes") << QByteArray(R"({"bytes": 1e300})") << 7u << 7 << quint64(0);
    }
    void structFieldsNeverWrap()
    {
        QFETCH(QByteArray, json);
        Counts counts;
        fieldsFromJson(QJsonDocument::fromJson(json).object(), counts, kCountFields);
        QTEST(counts.blocks, "blocks");
        QTEST(counts.pass, "pass");
        QTEST(counts.bytes, "bytes");
    }

    void narrowerTypes()
    {
        QCOMPARE(checkedInteger<quint32>(4294967295.0), std::optional<quint32>(4294967295u));
        QCOMPARE(checkedInteger<quint32>(4294967296.0), std::nullopt);
        QCOMPARE(checkedInteger<int>(-2147483648.0), std::optional<int>(-2147483647 - 1));
        QCOMPARE(checkedInteger<int>(-2147483649.0), std::nullopt);
        QCOMPARE(checkedInteger<int>(2147483648.0), std::nullopt);
        QCOMPARE(checkedInteger<int>(-3.7), std::optional<int>(-3));
        QCOMPARE(checkedInteger<qint64>(-1.0), std::optional<qint64>(-1));
    }
};

TRIMSCOPE_TEST_GUILESS_MAIN(tst_CheckedNumber)
#include "tst_checkednumber.moc"
