// Every kind of result file the CLI writes re-opens in the CLI: `show` prints the kind's own
// report from it, `show --json` writes back what core's reader read, and a file of one kind given
// where another is expected is refused with the kind named. The GUI's side is tst_guiflow's
// opensEveryResultTheCliWrites; the reader itself is tst_resultfile.
#include "clirun.h"
#include "report/resultfile.h"
#include "testmain.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace trimscope;
using namespace trimscope::test;

class TestCliShow : public QObject
{
    Q_OBJECT
private slots:
    void showsEveryKind_data();
    void showsEveryKind();
    void refusesWhatIsNotAResult_data();
    void refusesWhatIsNotAResult();
    void metricsTakesOnlySweeps();
};

void TestCliShow::showsEveryKind_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("headline"); // a line only this kind's report prints
    QTest::newRow("sweep") << "sweep.json" << "*** SIMULATED DRIVE";
    QTest::newRow("filesystem") << "fsbench-ext4-xfs.json" << "Tree:";
    QTest::newRow("mkfs timing") << "mkfs-timing.json" << "DEVICE TIME";
    QTest::newRow("write recovery") << "recovery-smoke.json" << "Write recovery on";
    QTest::newRow("fill curve") << "fill-curve.json" << "Sequential fill of";
    QTest::newRow("background probe") << "background-probe.json" << "trims in the background";
    QTest::newRow("stall") << "stall.json" << "Whole-region discards";
    QTest::newRow("health") << "health-ata.json" << "INTEL SSDSA2CW120G3";
    QTest::newRow("audit") << "audit.json" << "md0 (raid1)";
    QTest::newRow("advice") << "advice.json" << "Verdict for";
    QTest::newRow("diagnosis") << "diagnosis.json" << "Verdict for";
    QTest::newRow("timed fstrim") << "fstrim-timing.json"
                                  << "Timed fstrim of";
    QTest::newRow("watch") << "watch.json"
                           << "Discards served by";
}

void TestCliShow::showsEveryKind()
{
    QFETCH(QString, file);
    QFETCH(QString, headline);
    const CliRun report = runCli({QStringLiteral("show"), sampleResult(file)});
    QVERIFY2(report.exitCode == 0, report.err.constData());
    const QString text = QString::fromUtf8(report.out);
    QVERIFY2(text.contains(headline), qPrintable(text));
    QVERIFY2(!text.trimmed().startsWith(QLatin1Char('{')), "a report, not the raw JSON");

    // What `show --json` prints is the file as core reads it: reading that again changes nothing.
    const CliRun json =
        runCli({QStringLiteral("show"), QStringLiteral("--json"), sampleResult(file)});
    QCOMPARE(json.exitCode, 0);
    const Expected<AnyResult> original = readAnyResult(readBytes(sampleResult(file)));
    QVERIFY2(original, qPrintable(original.error().message));
    const Expected<AnyResult> shown = readAnyResult(json.out);
    QVERIFY2(shown, qPrintable(shown.error().message));
    QCOMPARE(shown->index(), original->index());
    QCOMPARE(resultToJsonBytes(*shown), resultToJsonBytes(*original));
}

void TestCliShow::refusesWhatIsNotAResult_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("reason");
    QTest::newRow("not JSON") << QByteArray("hello") << "not a TrimScope result";
    QTest::newRow("unknown schema")
        << QByteArray(R"({"schema":"io.example.other","version":1})") << "io.example.other";
    QTest::newRow("newer version")
        << QByteArray(R"({"schema":"io.github.trimscope.sweep","version":99})") << "99";
}

void TestCliShow::refusesWhatIsNotAResult()
{
    QFETCH(QByteArray, content);
    QFETCH(QString, reason);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("input.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(content);
    file.close();
    const CliRun run = runCli({QStringLiteral("show"), path});
    QCOMPARE(run.exitCode, 2);
    const QString err = QString::fromUtf8(run.err);
    QVERIFY2(err.contains(path), qPrintable(err));
    QVERIFY2(err.contains(reason), qPrintable(err));
    QVERIFY(run.out.isEmpty());
}

// A file of another kind where a sweep belongs: refused, naming what the file holds.
void TestCliShow::metricsTakesOnlySweeps()
{
    const CliRun run =
        runCli({QStringLiteral("metrics"), QStringLiteral("--snapshot"),
                QStringLiteral(TRIMSCOPE_SOURCE_DIR "/tests/core/audit/data/lvm-on-md.json"),
                QStringLiteral("--sweep"), sampleResult(QStringLiteral("advice.json"))});
    QCOMPARE(run.exitCode, 2);
    const QString err = QString::fromUtf8(run.err);
    QVERIFY2(err.contains(QLatin1String("advice.json:")), qPrintable(err));
    QVERIFY2(err.count(QLatin1String("advice")) >= 2, qPrintable(err)); // the path and the kind
}

TRIMSCOPE_TEST_GUILESS_MAIN(TestCliShow)
#include "tst_clishow.moc"
