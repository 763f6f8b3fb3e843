// The stall test's arithmetic, on synthetic QD1 streams whose stalls are known exactly: fio's
// latency log read, the I/O laid against the discards, the result file written and read back.
#include "report/resultfile.h"
#include "stall/stallanalysis.h"
#include "testmain.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace trimscope;
using namespace trimscope::stall;

namespace {

constexpr qint64 kMs = 1'000'000;

// A QD1 reader: each I/O takes `baseNs`, except that one arriving inside a blocking window waits
// until the window ends. Completions are stamped to the millisecond's middle, as the parser does.
struct Qd1Model
{
    qint64 baseNs = 200'000;
    struct Window
    {
        qint64 fromNs;
        qint64 toNs;
    };
    QList<Window> windows;

    QList<IoSample> run(qint64 fromNs, qint64 toNs) const
    {
        QList<IoSample> ios;
        qint64 t = fromNs;
        while (t < toNs) {
            qint64 end = t + baseNs;
            for (const Window &w : windows)
                if (t >= w.fromNs && t < w.toNs)
                    end = w.toNs + baseNs;
            // What fio logs: the millisecond of completion; the parser puts it mid-millisecond.
            const qint64 logged = end / kMs * kMs + kMs / 2;
            ios.append({logged, end - t, false});
            t = end + 20'000; // submission overhead
        }
        return ios;
    }
};

} // namespace

class TestStallAnalysis : public QObject
{
    Q_OBJECT
private slots:
    void parsesFioLatencyLog()
    {
        const QByteArray log = "23714722, 10011761, 0, 4096, 0\n"
                               "23714723, 64648, 1, 4096, 0\n"
                               "\n"
                               "23715712, 5179, 0, 4096, 0\n";
        const Expected<QList<IoSample>> ios = parseFioLatencyLog(log);
        QVERIFY(ios);
        QCOMPARE(ios->size(), 3);
        QCOMPARE(ios->at(0).endNs, 23714722 * kMs + kMs / 2);
        QCOMPARE(ios->at(0).latencyNs, qint64(10011761));
        QVERIFY(!ios->at(0).write);
        QVERIFY(ios->at(1).write);
    }

    void refusesBadLogLines_data()
    {
        QTest::addColumn<QByteArray>("log");
        QTest::newRow("text") << QByteArray("fio: something\n");
        QTest::newRow("too few fields") << QByteArray("1, 2\n");
        QTest::newRow("negative latency") << QByteArray("1, -2, 0, 4096\n");
        QTest::newRow("trim direction") << QByteArray("1, 2, 2, 4096\n");
        QTest::newRow("huge time") << QByteArray("99999999999999999, 2, 0, 4096\n");
    }
    void refusesBadLogLines()
    {
        QFETCH(QByteArray, log);
        const Expected<QList<IoSample>> ios = parseFioLatencyLog(log);
        QVERIFY(!ios);
        QCOMPARE(ios.error().code, ErrorCode::InvalidArgument);
    }

    // Discards that block reads for a known window: the added time and the longest stall per
    // discard are the window, the baseline stays clean, and the phases split where they began.
    void measuresModelledStalls_data()
    {
        QTest::addColumn<qint64>("windowNs");
        QTest::newRow("30 ms") << 30 * kMs;
        QTest::newRow("100 ms") << 100 * kMs;
        QTest::newRow("600 ms: fails") << 600 * kMs;
        QTest::newRow("none: queued TRIM") << qint64(0);
    }
    void measuresModelledStalls()
    {
        QFETCH(qint64, windowNs);
        const qint64 t0 = 1000 * kMs;
        Qd1Model model;
        QList<TimedDiscard> discards;
        qint64 t = t0 + 2000 * kMs;
        for (const StallPhase phase : {StallPhase::Small, StallPhase::Medium}) {
            for (int i = 0; i < 3; ++i) {
                // The discard starts 0.3 ms into a read: that read finishes, the next one waits.
                const qint64 start = t + 300'000;
                discards.append({phase, quint64(i) << 20, 65536, start, start + windowNs + kMs});
                if (windowNs > 0)
                    model.windows.append({start, start + windowNs});
                t += 1000 * kMs;
            }
        }
        const qint64 end = t;
        StallResult result;
        result.plan.maxLatencySeconds = 0.5;
        analyzeStall(result, model.run(t0, end), discards, t0, end);

        QCOMPARE(result.phases.size(), 3);
        const StallPhaseFigures *base = result.phase(StallPhase::Baseline);
        QVERIFY(base);
        QCOMPARE(base->maxSeconds, 0.0002);
        QVERIFY(qAbs(base->toSeconds - 2.0003) < 1e-9);
        QCOMPARE(result.discards.size(), 6);
        const double window = double(windowNs) / 1e9;
        for (const StallDiscard &d : result.discards) {
            // The read that waited lost the window less the part of it spent behind the read in
            // flight (under 0.3 ms); completion stamps are good to half a millisecond.
            QVERIFY2(qAbs(d.addedSeconds - window) <= 0.0006,
                     qPrintable(QString::number(d.addedSeconds)));
            if (windowNs > 0)
                QVERIFY2(qAbs(d.longestStallSeconds - window) <= 0.0012,
                         qPrintable(QString::number(d.longestStallSeconds)));
            else
                QVERIFY(d.longestStallSeconds < 0.002);
        }
        const StallPhaseFigures *small = result.phase(StallPhase::Small);
        QVERIFY(small);
        QCOMPARE(small->discards, 3);
        QCOMPARE(small->discardBytes, quint64(65536));
        QVERIFY(qAbs(small->addedPerDiscardSeconds - window) <= 0.0006);
        QVERIFY(qAbs(small->maxSeconds - (window > 0 ? window : 0.0002)) <= 0.0004);
        QCOMPARE(result.passed(), windowNs < 500 * kMs);
        QVERIFY(result.measured());
        // The timeline covers the run, in buckets of 10 ms, and shows the stall.
        QCOMPARE(result.timeline.bucketSeconds, 0.01);
        QCOMPARE(result.timeline.maxLatencySeconds.size(), qsizetype((end - t0) / (10 * kMs)));
        double highest = 0;
        for (const double v : result.timeline.maxLatencySeconds)
            highest = qMax(highest, v);
        QVERIFY(qAbs(highest - qMax(window + 0.0002 - 0.0001, 0.0002)) <= 0.0004);
    }

    void nothingMeasuredBeforeTheFirstDiscard()
    {
        Qd1Model model;
        StallResult result;
        analyzeStall(result, model.run(0, 1000 * kMs), {}, 0, 1000 * kMs);
        QCOMPARE(result.phases.size(), 1);
        QVERIFY(!result.measured());
        QVERIFY(!result.passed());
        QVERIFY(result.summary().contains(QLatin1String("No stall measured")));
    }

    void resultFileRoundTrip()
    {
        Qd1Model model;
        model.windows.append({1500 * kMs, 1600 * kMs});
        StallResult result;
        result.plan.readRegionBytes = 1 << 20;
        result.plan.discardRegionBytes = 1 << 22;
        result.fioVersion = QStringLiteral("fio-3.33");
        analyzeStall(result, model.run(0, 3000 * kMs),
                     {{StallPhase::Small, 1 << 20, 65536, 1500 * kMs, 1601 * kMs}}, 0, 3000 * kMs);
        const QByteArray bytes = resultToJsonBytes(result);
        const Expected<StallResult> back = readResult<StallResult>(bytes);
        QVERIFY2(back, qPrintable(back ? QString() : back.error().message));
        QCOMPARE(resultToJsonBytes(*back), bytes);
        QCOMPARE(back->phases.size(), 2);
        QCOMPARE(back->discards.size(), 1);
        QCOMPARE(back->passed(), true);
        QVERIFY(back->summary().startsWith(QLatin1String("Passed")));
        const Expected<AnyResult> any = readAnyResult(bytes);
        QVERIFY(any);
        QCOMPARE(resultWhat(*any), QStringLiteral("stall"));
        QCOMPARE(envelopeOf(*any).kind, QStringLiteral("stall"));
    }

    void refusesBadResults_data()
    {
        QTest::addColumn<QString>("array"); // "phases", "discards" or "" for the body itself
        QTest::addColumn<QString>("key");
        QTest::addColumn<QJsonValue>("value");
        QTest::newRow("unknown phase") << "phases" << "phase" << QJsonValue("tiny");
        QTest::newRow("negative latency") << "phases" << "latency_max_s" << QJsonValue(-0.1);
        QTest::newRow("NaN-like latency") << "phases" << "latency_p99_s" << QJsonValue("x");
        QTest::newRow("phase without its end") << "phases" << "to_s" << QJsonValue();
        QTest::newRow("discard of the baseline") << "discards" << "phase" << QJsonValue("baseline");
        QTest::newRow("discard taking negative time") << "discards" << "seconds" << QJsonValue(-1);
    }
    void refusesBadResults()
    {
        QFETCH(QString, array);
        QFETCH(QString, key);
        QFETCH(QJsonValue, value);
        Qd1Model model;
        model.windows.append({1500 * kMs, 1600 * kMs});
        StallResult result;
        analyzeStall(result, model.run(0, 3000 * kMs),
                     {{StallPhase::Small, 0, 65536, 1500 * kMs, 1601 * kMs}}, 0, 3000 * kMs);
        QJsonObject json = resultToJson(result);
        QJsonArray items = json.value(array).toArray();
        QJsonObject item = items.last().toObject();
        if (value.isNull())
            item.remove(key);
        else
            item.insert(key, value);
        items.replace(items.size() - 1, item);
        json.insert(array, items);
        const Expected<StallResult> back =
            readResult<StallResult>(QJsonDocument(json).toJson(QJsonDocument::Compact));
        if (key == QLatin1String("latency_p99_s")) {
            // A mistyped number reads as its default (0), as every reader of ours does.
            QVERIFY(back);
            return;
        }
        QVERIFY(!back);
        QCOMPARE(back.error().code, ErrorCode::InvalidArgument);
    }
};

TRIMSCOPE_TEST_GUILESS_MAIN(TestStallAnalysis)
#include "tst_stallanalysis.moc"
