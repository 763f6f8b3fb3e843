#include "common/units.h"
#include "testmain.h"

#include <QTest>
#include <cmath>

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
        QTest::newRow("1010 KiB, no exponent") << quint64(1010 * 1024) << "1010 KiB";
        QTest::newRow("1023 KiB") << quint64(1023 * 1024) << "1023 KiB";
        QTest::newRow("just under 1 MiB rounds up a unit") << quint64(1048575) << "1 MiB";
        QTest::newRow("25.6 GiB") << quint64(25.6 * 1073741824.0) << "25.6 GiB";
        QTest::newRow("zero") << quint64(0) << "0 B";
    }
    void formatBytes()
    {
        QFETCH(quint64, bytes);
        QFETCH(QString, text);
        QCOMPARE(trimscope::formatBytes(bytes), text);
    }

    // An axis's unit: the largest at most the value (never rounded up a unit, as a figure is),
    // named as formatBytes names it.
    void byteUnitAtMost_data()
    {
        QTest::addColumn<double>("bytes");
        QTest::addColumn<double>("size");
        QTest::addColumn<QString>("name");
        QTest::newRow("zero") << 0.0 << 1.0 << "B";
        QTest::newRow("1000 B") << 1000.0 << 1.0 << "B";
        QTest::newRow("1 KiB") << 1024.0 << 1024.0 << "KiB";
        QTest::newRow("just under 1 MiB stays KiB") << 1048575.0 << 1024.0 << "KiB";
        QTest::newRow("6 × 10^12") << 6e12 << std::pow(1024.0, 4) << "TiB";
        QTest::newRow("beyond PiB") << 1e21 << std::pow(1024.0, 5) << "PiB";
    }
    void byteUnitAtMost()
    {
        QFETCH(double, bytes);
        QFETCH(double, size);
        QFETCH(QString, name);
        const auto [unitSize, unitName] = trimscope::byteUnitAtMost(bytes);
        QCOMPARE(unitSize, size);
        QCOMPARE(unitName, name);
    }

    // Issue 47: "limit 500.0 ms" and "about 27.77 s" carried digits the figures do not have. A
    // measured time has three significant digits, no trailing zeros; a forecast two.
    void formatSeconds_data()
    {
        QTest::addColumn<double>("seconds");
        QTest::addColumn<QString>("measured");
        QTest::addColumn<QString>("estimate");
        QTest::newRow("a limit, exact") << 0.5 << "500 ms"
                                        << "500 ms";
        QTest::newRow("a measured span") << 27.77 << "27.8 s"
                                         << "28 s";
        QTest::newRow("a whole second") << 2.0 << "2 s"
                                        << "2 s";
        QTest::newRow("two and a half") << 2.5 << "2.5 s"
                                        << "2.5 s";
        QTest::newRow("ETA of 6.64 s") << 6.64 << "6.64 s"
                                       << "6.6 s";
        QTest::newRow("milliseconds") << 0.0456 << "45.6 ms"
                                      << "46 ms";
        QTest::newRow("small milliseconds") << 0.00653 << "6.53 ms"
                                            << "6.5 ms";
        QTest::newRow("microseconds") << 0.000123 << "123 µs"
                                      << "120 µs";
        QTest::newRow("a few microseconds") << 0.0000055 << "5.5 µs"
                                            << "5.5 µs";
        QTest::newRow("rounds up to the next unit") << 0.99996 << "1 s"
                                                    << "1 s";
        QTest::newRow("µs rounds up to ms") << 0.0009996 << "1 ms"
                                            << "1 ms";
        QTest::newRow("ETA just under 100 s") << 99.4 << "99.4 s"
                                              << "99 s";
        QTest::newRow("ETA of minutes") << 725.0 << "725 s"
                                        << "12 min 5 s";
        QTest::newRow("zero") << 0.0 << "0 s"
                              << "0 s";
        QTest::newRow("none") << -1.0 << "–"
                              << "–";
    }
    void formatSeconds()
    {
        QFETCH(double, seconds);
        QFETCH(QString, measured);
        QFETCH(QString, estimate);
        QCOMPARE(trimscope::formatSeconds(seconds), measured);
        QCOMPARE(trimscope::formatEstimate(seconds), estimate);
    }

    // Issue 15 item 10: 'g' formatting printed 1000..1023 of a unit as "1.01e+03 KiB/s".
    void formatDuration_data()
    {
        QTest::addColumn<double>("seconds");
        QTest::addColumn<QString>("text");
        QTest::newRow("short: as formatSeconds") << 42.5 << "42.5 s";
        QTest::newRow("minutes and seconds") << 725.0 << "12 min 5 s";
        QTest::newRow("whole minutes") << 600.0 << "10 min";
        QTest::newRow("hours and minutes") << 15208.42 << "4 h 13 min";
        QTest::newRow("days and hours") << 273600.0 << "3 d 4 h";
        QTest::newRow("rounds to the second") << 3599.6 << "1 h";
    }
    void formatDuration()
    {
        QFETCH(double, seconds);
        QFETCH(QString, text);
        QCOMPARE(trimscope::formatDuration(seconds), text);
    }
    void formatRate_data()
    {
        QTest::addColumn<double>("bytesPerSecond");
        QTest::addColumn<QString>("text");
        QTest::newRow("1010 KiB/s") << 1010.0 * 1024 << "1010 KiB/s";
        QTest::newRow("1000 MiB/s") << 1000.0 * 1048576 << "1000 MiB/s";
        QTest::newRow("1.18 MiB/s") << 1234567.0 << "1.18 MiB/s";
        QTest::newRow("12.3 GiB/s") << 12.3 * 1073741824 << "12.3 GiB/s";
        QTest::newRow("999.9 B/s") << 999.9 << "1000 B/s";
        QTest::newRow("none") << 0.0 << "–";
    }
    void formatRate()
    {
        QFETCH(double, bytesPerSecond);
        QFETCH(QString, text);
        QCOMPARE(trimscope::formatRate(bytesPerSecond), text);
    }

    void formatNumber_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<int>("significant");
        QTest::addColumn<QString>("text");
        QTest::newRow("thousand") << 1010.0 << 3 << "1010";
        QTest::newRow("large") << 123456.7 << 3 << "123457";
        QTest::newRow("fraction") << 0.0456 << 3 << "0.0456";
        QTest::newRow("trailing zeros") << 2.5 << 3 << "2.5";
        QTest::newRow("rounds to ten") << 9.9996 << 3 << "10";
        QTest::newRow("negative") << -3.14159 << 3 << "-3.14";
        QTest::newRow("zero") << 0.0 << 3 << "0";
        QTest::newRow("tiny") << 1.234e-9 << 3 << "0.00000000123";
    }
    void formatNumber()
    {
        QFETCH(double, value);
        QFETCH(int, significant);
        QFETCH(QString, text);
        QCOMPARE(trimscope::formatNumber(value, significant), text);
        QVERIFY(!trimscope::formatNumber(value, significant).contains(QLatin1Char('e')));
    }

    // No formatter writes an exponent, whatever the magnitude.
    void neverScientific()
    {
        for (double v = 1e-7; v < 1e16; v *= 1.37) {
            for (const QString &text :
                 {trimscope::formatRate(v), trimscope::formatNumber(v),
                  trimscope::formatBytes(quint64(v)), trimscope::formatSeconds(v / 1e9)})
                QVERIFY2(!text.contains(QLatin1Char('e')) && !text.contains(QLatin1Char('E')),
                         qPrintable(text));
        }
    }

    // The GUI's locale: German decimal commas; the default stays C for the CLI and files.
    void locale()
    {
        QCOMPARE(trimscope::formatBytes(1536), QStringLiteral("1.5 KiB"));
        // A person's locale: a no-break space (U+00A0) between a number and its unit, so that
        // wrapped text never ends a line in "64" and starts the next with "MiB" (issue 47).
        trimscope::setNumberLocale(QLocale(QLocale::German, QLocale::Germany));
        QCOMPARE(trimscope::formatBytes(1536), QString::fromUtf8("1,5\u00a0KiB"));
        QCOMPARE(trimscope::formatSeconds(2.5), QString::fromUtf8("2,5\u00a0s"));
        QCOMPARE(trimscope::formatFixed(7.46, 1), QStringLiteral("7,5"));
        QCOMPARE(trimscope::formatRate(1234567.0), QString::fromUtf8("1,18\u00a0MiB/s"));
        QCOMPARE(trimscope::formatCount(12345), QStringLiteral("12.345"));
        QCOMPARE(trimscope::formatPercent(42.4), QString::fromUtf8("42\u00a0%"));
        QCOMPARE(trimscope::formatDuration(725), QString::fromUtf8("12\u00a0min 5\u00a0s"));
        trimscope::setNumberLocale(QLocale(QLocale::English, QLocale::UnitedStates));
        QCOMPARE(trimscope::formatSeconds(0.000123), QString::fromUtf8("123\u00a0µs"));
        // C, for scripts: the plain space they split on.
        trimscope::setNumberLocale(QLocale::c());
        QCOMPARE(trimscope::formatSeconds(2.5), QStringLiteral("2.5 s"));
        QCOMPARE(trimscope::formatDuration(725), QStringLiteral("12 min 5 s"));
    }
};

TRIMSCOPE_TEST_GUILESS_MAIN(TestUnits)
#include "tst_units.moc"
