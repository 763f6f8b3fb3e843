// The Prometheus text exposition writer: escaping and number formats as the format
// specification (version 0.0.4) spells them; promtool checks whole outputs in tst_metricscli.
#include "metrics/prometheustext.h"
#include "testmain.h"

#include <QTest>
#include <cmath>
#include <limits>

using namespace trimscope::metrics;

class tst_PrometheusText : public QObject
{
    Q_OBJECT

private slots:
    void labelValues_data();
    void labelValues();
    void help_data();
    void help();
    void values_data();
    void values();
    void names_data();
    void names();
    void families_data();
    void families();
};

void tst_PrometheusText::labelValues_data()
{
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("escaped");
    QTest::newRow("plain") << "Samsung SSD 870 EVO 1TB"
                           << "Samsung SSD 870 EVO 1TB";
    QTest::newRow("quote") << "say \"hi\""
                           << "say \\\"hi\\\"";
    QTest::newRow("backslash") << "C:\\x"
                               << "C:\\\\x";
    QTest::newRow("newline") << "a\nb"
                             << "a\\nb";
    QTest::newRow("all three") << "\\\"\n"
                               << "\\\\\\\"\\n";
    QTest::newRow("utf-8 stays") << "/mnt/Müll"
                                 << "/mnt/Müll";
    QTest::newRow("empty") << ""
                           << "";
}

void tst_PrometheusText::labelValues()
{
    QFETCH(QString, value);
    QFETCH(QString, escaped);
    QCOMPARE(escapeLabelValue(value), escaped);
}

void tst_PrometheusText::help_data()
{
    QTest::addColumn<QString>("help");
    QTest::addColumn<QString>("escaped");
    QTest::newRow("quotes stay") << "the \"wear\""
                                 << "the \"wear\"";
    QTest::newRow("backslash") << "a\\b"
                               << "a\\\\b";
    QTest::newRow("newline") << "one\ntwo"
                             << "one\\ntwo";
}

void tst_PrometheusText::help()
{
    QFETCH(QString, help);
    QFETCH(QString, escaped);
    QCOMPARE(escapeHelp(help), escaped);
}

void tst_PrometheusText::values_data()
{
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("text");
    QTest::newRow("zero") << 0.0 << "0";
    QTest::newRow("one") << 1.0 << "1";
    QTest::newRow("negative integer") << -3.0 << "-3";
    QTest::newRow("ratio") << 0.07 << "0.07";
    QTest::newRow("shortest round trip") << 0.1 + 0.2 << "0.30000000000000004";
    QTest::newRow("bytes written, exact") << 27514634240.0 << "27514634240";
    QTest::newRow("2^53 - 1 exact") << 9007199254740991.0 << "9007199254740991";
    QTest::newRow("beyond 2^53") << 1.5e20 << "1.5e+20";
    QTest::newRow("tiny") << 1.25e-7 << "1.25e-07";
    QTest::newRow("NaN") << std::numeric_limits<double>::quiet_NaN() << "NaN";
    QTest::newRow("+Inf") << std::numeric_limits<double>::infinity() << "+Inf";
    QTest::newRow("-Inf") << -std::numeric_limits<double>::infinity() << "-Inf";
}

void tst_PrometheusText::values()
{
    QFETCH(double, value);
    QFETCH(QString, text);
    QCOMPARE(formatSampleValue(value), text);
    if (std::isfinite(value))
        QCOMPARE(text.toDouble(), value); // reads back to the same number
}

void tst_PrometheusText::names_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("metricOk");
    QTest::addColumn<bool>("labelOk");
    QTest::newRow("snake") << "trimscope_drive_info" << true << true;
    QTest::newRow("colon") << "job:rate5m" << true << false;
    QTest::newRow("leading digit") << "1drive" << false << false;
    QTest::newRow("dash") << "wear-ratio" << false << false;
    QTest::newRow("reserved label") << "__name__" << true << false;
    QTest::newRow("empty") << "" << false << false;
}

void tst_PrometheusText::names()
{
    QFETCH(QString, name);
    QFETCH(bool, metricOk);
    QFETCH(bool, labelOk);
    QCOMPARE(isValidMetricName(name), metricOk);
    QCOMPARE(isValidLabelName(name), labelOk);
}

void tst_PrometheusText::families_data()
{
    QTest::addColumn<QList<MetricFamily>>("families");
    QTest::addColumn<QString>("text");
    QTest::newRow("gauge with labels")
        << QList<MetricFamily>{{"a_ratio",
                                MetricType::Gauge,
                                "Share.",
                                {{{{"device", "sda"}}, 0.5}}}}
        << "# HELP a_ratio Share.\n# TYPE a_ratio gauge\na_ratio{device=\"sda\"} 0.5\n";
    QTest::newRow("counter, two labels in order")
        << QList<MetricFamily>{{"b_total",
                                MetricType::Counter,
                                "Count.",
                                {{{{"z", "1"}, {"a", "2"}}, 3}, {{{"z", "x\"y"}, {"a", ""}}, 4}}}}
        << "# HELP b_total Count.\n# TYPE b_total counter\nb_total{z=\"1\",a=\"2\"} 3\n"
           "b_total{z=\"x\\\"y\",a=\"\"} 4\n";
    QTest::newRow("no labels")
        << QList<MetricFamily>{{"c_seconds", MetricType::Gauge, "T.", {{{}, 12}}}}
        << "# HELP c_seconds T.\n# TYPE c_seconds gauge\nc_seconds 12\n";
    QTest::newRow("empty family left out")
        << QList<MetricFamily>{{"d", MetricType::Gauge, "Nothing.", {}},
                               {"e", MetricType::Gauge, "One.", {{{}, 1}}}}
        << "# HELP e One.\n# TYPE e gauge\ne 1\n";
    QTest::newRow("nothing at all") << QList<MetricFamily>{} << "";
}

void tst_PrometheusText::families()
{
    QFETCH(QList<MetricFamily>, families);
    QFETCH(QString, text);
    QCOMPARE(QString::fromUtf8(writePrometheusText(families)), text);
}

TRIMSCOPE_TEST_GUILESS_MAIN(tst_PrometheusText)
#include "tst_prometheustext.moc"
