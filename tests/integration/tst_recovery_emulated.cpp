// The write-recovery test and the fill curve end to end: trimscope-cli runs the real fio on an
// emulated drive in "lowfree" mode (writes slow once less than half of it is trimmed; a discard
// gives the space back), so degradation, recovery after TRIM and the cliff at half capacity are
// all real measurements of a modelled drive.
#include "clirun.h"
#include "emulateddrive.h"
#include "privileged.h"

#include "recovery/fioprocess.h"
#include "recovery/recoveryrunner.h"

#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

using namespace trimscope;
using namespace trimscope::recovery;
using trimscope::test::EmulatedDrive;
using trimscope::test::runCli;

class TestRecoveryEmulated : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void recoveryEndToEnd();
    void fillCurveFindsTheCliff();
    void refusesWithoutDestroyData();
    void cancelStopsFio();
};

namespace {

constexpr quint64 kMiB = quint64(1) << 20;
constexpr quint64 kDriveBytes = 128 * kMiB;

// A random 4 KiB write costs about 70 us on a loop device over FUSE here; with less than half the
// drive trimmed it costs 78 us more (20 ms per MiB), and sequential writes run at 50 MiB/s.
EmulatedDrive::Model lowFreeModel()
{
    EmulatedDrive::Model m;
    m.cmdUs = 100;
    m.lowFree = true;
    m.freeBelow = kDriveBytes / 2;
    m.lowFreeUsPerMib = 20000;
    return m;
}

QJsonObject readJson(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

} // namespace

#define REQUIRE_FIO()                                                                              \
    do {                                                                                           \
        if (findFioProgram().isEmpty())                                                            \
            TRIMSCOPE_SKIP_OR_FAIL(QStringLiteral("fio is not installed (package fio)"));         \
    } while (false)

void TestRecoveryEmulated::initTestCase()
{
    // Backing files on tmpfs: flushes cost nothing there, so only the modelled latency remains.
    if (QFileInfo(QStringLiteral("/dev/shm")).isWritable())
        qputenv("TMPDIR", "/dev/shm");
}

void TestRecoveryEmulated::recoveryEndToEnd()
{
    TRIMSCOPE_REQUIRE_EMULATED_DRIVE();
    REQUIRE_FIO();
    EmulatedDrive drive; // detaches and unmounts in its destructor, on failure too
    QVERIFY2(drive.start(kDriveBytes, lowFreeModel()), qPrintable(drive.errorString()));
    QTemporaryDir dir;
    const QString json = dir.filePath(QStringLiteral("recovery.json"));

    const auto run = runCli({QStringLiteral("recovery"), drive.devicePath(),
                             QStringLiteral("--destroy-data"), QStringLiteral("--preset"),
                             QStringLiteral("smoke"), QStringLiteral("--idle-seconds"),
                             QStringLiteral("1"), QStringLiteral("--json"), json});
    qInfo("%s", run.out.constData());
    QVERIFY2(run.exitCode == 0, run.err.constData());
    // The estimate comes before the result.
    QVERIFY(run.out.indexOf("This writes 256 MiB sequentially") >= 0);
    QVERIFY(run.out.indexOf("This writes") < run.out.indexOf("Phase"));

    const QJsonObject result = readJson(json);
    QCOMPARE(result.value(QStringLiteral("complete")).toBool(), true);
    QCOMPARE(result.value(QStringLiteral("drive")).toObject().value(QStringLiteral("path")).toString(),
             drive.devicePath());
    const QJsonArray phases = result.value(QStringLiteral("phases")).toArray();
    QCOMPARE(phases.size(), 4);
    QMap<QString, double> percent;
    for (const QJsonValue &phase : phases) {
        const QJsonObject p = phase.toObject();
        QVERIFY(p.value(QStringLiteral("iops")).toDouble() > 0);
        QVERIFY(p.value(QStringLiteral("latency_p99_s")).toDouble() > 0);
        percent.insert(p.value(QStringLiteral("phase")).toString(),
                       p.value(QStringLiteral("percent_of_fob")).toDouble());
    }
    QCOMPARE(percent.value(QStringLiteral("fob")), 100.0);
    // Full drive: slow; no idle garbage collection in the model: still slow; TRIM: fast again.
    QVERIFY2(percent.value(QStringLiteral("after-fill")) < 75, qPrintable(QString::number(percent.value(QStringLiteral("after-fill")))));
    QVERIFY(percent.value(QStringLiteral("after-idle")) < 75);
    QVERIFY2(percent.value(QStringLiteral("after-trim")) > 80, qPrintable(QString::number(percent.value(QStringLiteral("after-trim")))));
    QCOMPARE(result.value(QStringLiteral("fills")).toArray().size(), 2);

    const auto stats = drive.stats();
    QCOMPARE(stats.value(QStringLiteral("discard_calls")) >= 2, true); // precondition + TRIM
    QVERIFY(stats.value(QStringLiteral("write_bytes")) >= 2 * kDriveBytes);
    QVERIFY(stats.value(QStringLiteral("slowed_writes")) > 0);
    QCOMPARE(quint64(result.value(QStringLiteral("bytes_written")).toDouble()) >= 2 * kDriveBytes,
             true);
}

void TestRecoveryEmulated::fillCurveFindsTheCliff()
{
    TRIMSCOPE_REQUIRE_EMULATED_DRIVE();
    REQUIRE_FIO();
    EmulatedDrive drive;
    QVERIFY2(drive.start(kDriveBytes, lowFreeModel()), qPrintable(drive.errorString()));
    QTemporaryDir dir;
    const QString json = dir.filePath(QStringLiteral("fill.json"));
    // 8 MiB samples: fast ones take about 10 ms, well above fio's 1 ms runtime resolution.
    const auto run = runCli({QStringLiteral("fill-curve"), drive.devicePath(),
                             QStringLiteral("--destroy-data"), QStringLiteral("--sample"),
                             QStringLiteral("8M"), QStringLiteral("--json"), json});
    qInfo("%s", run.out.constData());
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const QJsonObject result = readJson(json);
    QCOMPARE(result.value(QStringLiteral("complete")).toBool(), true);
    QCOMPARE(result.value(QStringLiteral("points")).toArray().size(), 16);
    const QJsonObject cliff = result.value(QStringLiteral("cliff")).toObject();
    QVERIFY(cliff.value(QStringLiteral("found")).toBool());
    // The model slows writes once half the drive is written; one sample either way is noise.
    const double at = cliff.value(QStringLiteral("fraction_of_capacity")).toDouble();
    QVERIFY2(at >= 0.4375 && at <= 0.5625, qPrintable(QString::number(at)));
    QVERIFY(cliff.value(QStringLiteral("drop")).toDouble() > 0.5);
    QCOMPARE(drive.stats().value(QStringLiteral("discard_calls")) >= 1, true);
}

void TestRecoveryEmulated::refusesWithoutDestroyData()
{
    TRIMSCOPE_REQUIRE_EMULATED_DRIVE();
    EmulatedDrive drive;
    QVERIFY2(drive.start(kDriveBytes, lowFreeModel()), qPrintable(drive.errorString()));
    for (const QString &command : {QStringLiteral("recovery"), QStringLiteral("fill-curve")}) {
        const auto run = runCli({command, drive.devicePath()});
        QCOMPARE(run.exitCode, 2);
        QVERIFY(run.err.contains("--destroy-data"));
        QCOMPARE(run.err.count('\n'), 1);
    }
    // No fio option passes through: unknown options are refused before anything runs.
    const auto run = runCli({QStringLiteral("recovery"), drive.devicePath(),
                             QStringLiteral("--destroy-data"), QStringLiteral("--rw=read")});
    QCOMPARE(run.exitCode, 2);
    QCOMPARE(drive.stats().value(QStringLiteral("write_calls")), quint64(0));
    QCOMPARE(drive.stats().value(QStringLiteral("discard_calls")), quint64(0));
}

void TestRecoveryEmulated::cancelStopsFio()
{
    TRIMSCOPE_REQUIRE_EMULATED_DRIVE();
    REQUIRE_FIO();
    EmulatedDrive drive;
    QVERIFY2(drive.start(kDriveBytes, lowFreeModel()), qPrintable(drive.errorString()));
    auto target = prepareRecoveryDevice(drive.devicePath(), true);
    QVERIFY2(target, qPrintable(target.error().message));
    // fio opens the node itself while we hold it O_EXCL, and the re-check before it passes.
    QVERIFY(!(*target)->recheckDevice().isError());

    RecoveryPlan plan = *recoveryPreset(QStringLiteral("smoke"));
    plan.randomSeconds = 60;
    CancelToken cancel;
    RecoveryPhase reached = RecoveryPhase::Precondition;
    QThread *canceller = QThread::create([&] {
        QThread::msleep(1500);
        cancel.cancel();
    });
    canceller->start();
    QElapsedTimer timer;
    timer.start();
    const RecoveryResult result = runRecoveryTest(**target, plan, cancel,
                                                  [&](const RecoveryProgress &p) { reached = p.phase; });
    canceller->wait();
    delete canceller;
    QCOMPARE(result.stopReason, StopReason::Cancelled);
    QCOMPARE(reached, RecoveryPhase::FreshOutOfBox);
    QVERIFY2(timer.elapsed() < 8000, qPrintable(QString::number(timer.elapsed())));
    QVERIFY(result.measurements.isEmpty());
    // fio is gone: nothing holds the device but our own O_EXCL descriptor.
    target->reset();
    QVERIFY(drive.control(QStringLiteral("reset-stats")));
    QThread::msleep(200);
    QCOMPARE(drive.stats().value(QStringLiteral("write_calls")), quint64(0));
}

QTEST_GUILESS_MAIN(TestRecoveryEmulated)
#include "tst_recovery_emulated.moc"
