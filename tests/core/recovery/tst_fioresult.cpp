// The fio JSON parser on outputs recorded with the real fio (tests/data/fio/record.sh).
#include "recovery/fioresult.h"
#include "recovery/recoveryresult.h"
#include "testmain.h"

#include <QFile>
#include <QTest>

using namespace trimscope;
using namespace trimscope::recovery;

class TestFioResult : public QObject
{
    Q_OBJECT

private slots:
    void recorded_data();
    void recorded();
    void failedJob();
    void refusesBrokenOutput_data();
    void refusesBrokenOutput();
    void writesSiUnits();
    void recordedBandwidthLog();
    void bandwidthLogs_data();
    void bandwidthLogs();
};

namespace {

QByteArray fixture(const QString &name)
{
    QFile file(QStringLiteral(TRIMSCOPE_SOURCE_DIR "/tests/data/fio/") + name);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", qPrintable(name));
    return file.readAll();
}

} // namespace

void TestFioResult::recorded_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<quint64>("ioBytes");
    QTest::addColumn<double>("iops");
    QTest::addColumn<double>("bytesPerSecond");
    QTest::addColumn<double>("runtimeSeconds");
    QTest::addColumn<double>("p99Seconds");
    // The figures as fio printed them (python3 -m json.tool on the fixture).
    QTest::newRow("random 4K QD32") << "randwrite-4k-qd32.json" << quint64(807415808)
                                    << 196926.073926 << 806609198.0 << 1.001 << 0.0;
    QTest::newRow("sequential 1M QD8") << "seqwrite-1m-qd8.json" << quint64(33554432) << 2133.333333
                                       << 2236962133.0 << 0.015 << 0.0;
    // "fio: terminating on signal 15" comes first on stdout; the figures still count.
    QTest::newRow("stopped by SIGTERM") << "stopped-sigterm.json" << quint64(549433344)
                                        << 208939.252336 << 855815177.0 << 0.642 << 2277376e-9;
}

void TestFioResult::recorded()
{
    QFETCH(QString, file);
    QFETCH(quint64, ioBytes);
    QFETCH(double, iops);
    QFETCH(double, bytesPerSecond);
    QFETCH(double, runtimeSeconds);
    QFETCH(double, p99Seconds);
    const Expected<FioRunResult> result = parseFioJson(fixture(file));
    QVERIFY2(result, qPrintable(result.error().message));
    QCOMPARE(result->fioVersion, QStringLiteral("fio-3.33"));
    QCOMPARE(result->jobName, QStringLiteral("trimscope"));
    QCOMPARE(result->jobError, 0);
    const FioWriteFigures &w = result->write;
    QCOMPARE(w.ioBytes, ioBytes);
    QCOMPARE(w.iops, iops);
    QCOMPARE(w.bytesPerSecond, bytesPerSecond);
    QCOMPARE(w.runtimeSeconds, runtimeSeconds);
    QVERIFY(w.totalIos > 0);
    QVERIFY(w.latencyMeanSeconds > 0 && w.latencyMeanSeconds < 1);
    QVERIFY(w.latencyP50Seconds > 0);
    QVERIFY(w.latencyP50Seconds <= w.latencyP95Seconds);
    QVERIFY(w.latencyP95Seconds <= w.latencyP99Seconds);
    QVERIFY(w.latencyP99Seconds <= w.latencyP999Seconds);
    // fio's percentiles are histogram bucket bounds, so p99.9 may lie a little above the max.
    QVERIFY(w.latencyP999Seconds <= 1.1 * w.latencyMaxSeconds);
    if (p99Seconds > 0)
        QCOMPARE(w.latencyP99Seconds, p99Seconds);
    // Bytes and IOPS agree with each other, as fio's own numbers do.
    QVERIFY(qAbs(double(w.totalIos) / w.runtimeSeconds - w.iops) / w.iops < 0.01);
}

void TestFioResult::failedJob()
{
    // Writing a read-only loop device: fio's warning line, then a job with error 1 (EPERM).
    const Expected<FioRunResult> result =
        parseFioJson(fixture(QStringLiteral("failed-readonly.json")));
    QVERIFY(!result);
    QCOMPARE(result.error().code, ErrorCode::IoError);
    QVERIFY2(result.error().message.contains(QLatin1String("Operation not permitted")),
             qPrintable(result.error().message));
}

void TestFioResult::refusesBrokenOutput_data()
{
    QTest::addColumn<QByteArray>("output");
    const QByteArray good = fixture(QStringLiteral("randwrite-4k-qd32.json"));
    QTest::newRow("empty") << QByteArray();
    QTest::newRow("text only") << QByteArray("fio: failed parsing bs=abc\n");
    QTest::newRow("cut short") << good.left(good.size() / 2);
    QTest::newRow("an array") << QByteArray("[1, 2]");
    QTest::newRow("no jobs") << QByteArray(R"({"fio version": "fio-3.33", "jobs": []})");
    QTest::newRow("no write side") << QByteArray(R"({"jobs": [{"jobname": "x", "error": 0}]})");
    QTest::newRow("bytes in no time")
        << QByteArray(R"({"jobs": [{"error": 0, "write": {"io_bytes": 4096, "runtime": 0}}]})");
}

void TestFioResult::refusesBrokenOutput()
{
    QFETCH(QByteArray, output);
    const Expected<FioRunResult> result = parseFioJson(output);
    QVERIFY(!result);
    QCOMPARE(result.error().code, ErrorCode::InvalidArgument);
    QVERIFY(!result.error().message.isEmpty());
}

void TestFioResult::writesSiUnits()
{
    const Expected<FioRunResult> result =
        parseFioJson(fixture(QStringLiteral("randwrite-4k-qd32.json")));
    QVERIFY(result);
    const QJsonObject json = result->write.toJson();
    for (const char *key :
         {"io_bytes", "total_ios", "runtime_s", "iops", "throughput_bytes_per_s", "latency_mean_s",
          "latency_max_s", "latency_p50_s", "latency_p95_s", "latency_p99_s", "latency_p99_9_s"})
        QVERIFY2(json.contains(QLatin1String(key)), key);
    QCOMPARE(json.value(QStringLiteral("runtime_s")).toDouble(), 1.001);
}

// The fill curve's one job on a 512 MiB loop device (record.sh): its log, with its JSON.
void TestFioResult::recordedBandwidthLog()
{
    const Expected<FioRunResult> run =
        parseFioJson(fixture(QStringLiteral("fill-512m-1m-qd8.json")));
    QVERIFY(run);
    const Expected<QList<BandwidthWindow>> windows =
        parseFioBandwidthLog(fixture(QStringLiteral("fill-512m-1m-qd8_bw.log")));
    QVERIFY2(windows, qPrintable(windows.error().message));
    QCOMPARE(windows->size(), 39);
    QCOMPARE(windows->first().endSeconds, 0.141);
    QCOMPARE(windows->first().bytesPerSecond, 733503.0 * 1024);
    double logged = 0, end = 0;
    for (const BandwidthWindow &w : *windows) {
        QVERIFY(w.endSeconds > end);
        logged += w.bytesPerSecond * (w.endSeconds - end);
        end = w.endSeconds;
    }
    // The log ends before the job does (0.902 s of 0.932 s) and misses its last writes.
    QVERIFY(end < run->write.runtimeSeconds);
    QVERIFY(logged < double(run->write.ioBytes) && logged > 0.95 * double(run->write.ioBytes));
    // The samples built from it hold every byte fio wrote, each once, in order.
    const quint64 sample = 16 << 20;
    const QList<FillSample> samples = fillSamplesFromBandwidth(*windows, 0.020, run->write.ioBytes,
                                                               run->write.runtimeSeconds, sample);
    quint64 offset = 0;
    for (const FillSample &s : samples) {
        QCOMPARE(s.offset, offset);
        QVERIFY(s.bytes >= sample / 2);
        QVERIFY(s.seconds > 0);
        offset += s.bytes;
    }
    QCOMPARE(offset, run->write.ioBytes);
    QVERIFY(samples.size() >= 16 && samples.size() <= 32);
}

void TestFioResult::bandwidthLogs_data()
{
    QTest::addColumn<QByteArray>("log");
    QTest::addColumn<int>("windows"); // -1: refused
    QTest::newRow("fio's own lines")
        << QByteArray("134, 733611, 1, 0, 0\n160, 512000, 1, 0, 0\n") << 2;
    QTest::newRow("without offsets") << QByteArray("20, 1000, 1, 4096\n") << 1;
    QTest::newRow("blank lines") << QByteArray("\n20, 1000, 1, 4096\n\n") << 1;
    QTest::newRow("reads skipped") << QByteArray("20, 1000, 0, 4096\n40, 1000, 1, 4096\n") << 1;
    QTest::newRow("empty: a job shorter than a window") << QByteArray() << 0;
    QTest::newRow("time goes back") << QByteArray("40, 1000, 1, 0\n20, 1000, 1, 0\n") << -1;
    QTest::newRow("text") << QByteArray("fio: something\n") << -1;
    QTest::newRow("three fields") << QByteArray("20, 1000, 1\n") << -1;
    QTest::newRow("negative speed") << QByteArray("20, -1000, 1, 0\n") << -1;
    QTest::newRow("no such direction") << QByteArray("20, 1000, 7, 0\n") << -1;
}

void TestFioResult::bandwidthLogs()
{
    QFETCH(QByteArray, log);
    QFETCH(int, windows);
    const Expected<QList<BandwidthWindow>> parsed = parseFioBandwidthLog(log);
    QCOMPARE(bool(parsed), windows >= 0);
    if (parsed)
        QCOMPARE(parsed->size(), windows);
    else
        QCOMPARE(parsed.error().code, ErrorCode::InvalidArgument);
}

TRIMSCOPE_TEST_GUILESS_MAIN(TestFioResult)
#include "tst_fioresult.moc"
