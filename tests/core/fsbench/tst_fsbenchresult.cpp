// The delete workload's and mkfs timing's results as the helper, the GUI and `advise` read them.
#include "advice/advice.h"
#include "fsbench/fsbench.h"
#include "fsbench/mkfstiming.h"
#include "report/diagnosis.h"
#include "report/resultfile.h"
#include "testmain.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace trimscope;
using namespace trimscope::fsbench;

class TestFsBenchResult : public QObject
{
    Q_OBJECT

private slots:
    void names();
    void mkfsArgumentTable_data();
    void mkfsArgumentTable();
    void variants();
    void planValidation_data();
    void planValidation();
    void filesystemListsAreCheckedAlike_data();
    void filesystemListsAreCheckedAlike();
    void deleteFigures();
    void treeMustFitTheDevice();
    void jsonConventions();
    void adviceReadsTheFile();
    void incompleteRunsAreMarked();
    void mkfsTimingJson();
};

namespace {

PhaseResult phase(Phase p, double seconds, quint64 count = 0, quint64 bytes = 0)
{
    PhaseResult r;
    r.phase = p;
    r.seconds = seconds;
    r.discards.count = count;
    r.discards.bytes = bytes;
    return r;
}

FsBenchResult sampleResult()
{
    FsBenchResult result;
    result.drive.path = QStringLiteral("/dev/loop4");
    result.drive.name = QStringLiteral("loop4");
    result.drive.serial = QStringLiteral("S123");
    result.drive.sizeBytes = quint64(512) << 20;
    result.plan.filesystems = {QStringLiteral("ext4"), QStringLiteral("xfs")};
    result.plan.tree = {QStringLiteral("custom"), 2000, 20000000};
    result.toolVersion = QStringLiteral("0.1.0");

    DeleteRun online;
    online.filesystem = QStringLiteral("ext4");
    online.variant = QStringLiteral("discard");
    online.status = RunStatus::Measured;
    online.phases = {phase(Phase::Mkfs, 0.04),
                     phase(Phase::Create, 0.1),
                     phase(Phase::Delete, 0.05),
                     phase(Phase::SyncAfterDelete, 0.5, 10, 10 << 20),
                     phase(Phase::Settle, 0.25, 6, 14 << 20),
                     phase(Phase::Unmount, 0.2, 2, 1 << 20)}; // XFS sends late discards here
    DeleteRun batched = online;
    batched.variant = QStringLiteral("nodiscard");
    batched.phases = {phase(Phase::Delete, 0.05), phase(Phase::SyncAfterDelete, 0.02),
                      phase(Phase::Fstrim, 1.5, 5, 500 << 20)};
    DeleteRun skipped;
    skipped.filesystem = QStringLiteral("xfs");
    skipped.variant = QStringLiteral("discard");
    skipped.status = RunStatus::Skipped;
    skipped.message = QStringLiteral("mkfs.xfs is not installed");
    result.runs = {online, batched, skipped};
    return result;
}

} // namespace

void TestFsBenchResult::names()
{
    for (Phase p : {Phase::Mkfs, Phase::Mount, Phase::Create, Phase::SyncAfterCreate, Phase::Delete,
                    Phase::SyncAfterDelete, Phase::Settle, Phase::Fstrim, Phase::Unmount})
        QCOMPARE(phaseFromName(phaseName(p)), p);
    QCOMPARE(phaseName(Phase::SyncAfterDelete), QStringLiteral("sync-after-delete"));
    for (RunStatus s : {RunStatus::Measured, RunStatus::Skipped, RunStatus::Failed,
                        RunStatus::Cancelled, RunStatus::NotRun})
        QCOMPARE(runStatusFromName(runStatusName(s)), s);
    QVERIFY(!phaseFromName(QStringLiteral("format")));
}

void TestFsBenchResult::mkfsArgumentTable_data()
{
    QTest::addColumn<QString>("fs");
    QTest::addColumn<bool>("discard");
    QTest::addColumn<QStringList>("arguments");
    const QString dev = QStringLiteral("/dev/loop4");
    QTest::newRow("ext4 discard") << "ext4" << true
                                  << QStringList{"-F", "-q", "-E", "discard", dev};
    QTest::newRow("ext4 nodiscard")
        << "ext4" << false << QStringList{"-F", "-q", "-E", "nodiscard", dev};
    QTest::newRow("xfs default") << "xfs" << true << QStringList{"-f", "-q", dev};
    QTest::newRow("xfs -K") << "xfs" << false << QStringList{"-f", "-q", "-K", dev};
    QTest::newRow("btrfs default") << "btrfs" << true << QStringList{"-f", "-q", dev};
    QTest::newRow("btrfs -K") << "btrfs" << false << QStringList{"-f", "-q", "-K", dev};
    QTest::newRow("unknown") << "ntfs" << true << QStringList{};
}

void TestFsBenchResult::mkfsArgumentTable()
{
    QFETCH(QString, fs);
    QFETCH(bool, discard);
    QTEST(mkfsArguments(fs, discard, QStringLiteral("/dev/loop4")), "arguments");
}

void TestFsBenchResult::variants()
{
    QCOMPARE(deleteVariants(QStringLiteral("ext4")).size(), 2);
    QVERIFY(deleteVariants(QStringLiteral("ext4"))
                .constFirst()
                .mountOptions.contains(QStringLiteral("noinit_itable")));
    const auto btrfs = deleteVariants(QStringLiteral("btrfs"));
    QCOMPARE(btrfs.size(), 3);
    QCOMPARE(btrfs.at(1).mountOptions, QStringLiteral("discard=async"));
    for (const QString &fs : knownFilesystems()) {
        for (const DeleteVariant &v : deleteVariants(fs))
            QCOMPARE(v.fstrimAfter, !v.onlineDiscard);
    }
}

void TestFsBenchResult::planValidation_data()
{
    QTest::addColumn<QStringList>("filesystems");
    QTest::addColumn<QStringList>("variants");
    QTest::addColumn<QString>("root");
    QTest::addColumn<bool>("valid");
    QTest::newRow("defaults") << knownFilesystems() << QStringList{} << "/run/trimscope" << true;
    QTest::newRow("one fs") << QStringList{"xfs"} << QStringList{"discard"} << "/run/trimscope"
                            << true;
    QTest::newRow("none") << QStringList{} << QStringList{} << "/run/trimscope" << false;
    QTest::newRow("unknown fs") << QStringList{"ext4", "zfs"} << QStringList{} << "/run/trimscope"
                                << false;
    QTest::newRow("unknown variant")
        << QStringList{"ext4"} << QStringList{"sometimes"} << "/run/trimscope" << false;
    QTest::newRow("relative root") << QStringList{"ext4"} << QStringList{} << "run" << false;
}

void TestFsBenchResult::planValidation()
{
    QFETCH(QStringList, filesystems);
    QFETCH(QStringList, variants);
    QFETCH(QString, root);
    QFETCH(bool, valid);
    FsBenchPlan plan;
    plan.filesystems = filesystems;
    plan.variants = variants;
    plan.mountRoot = root;
    QCOMPARE(!validateFsBenchPlan(plan).isError(), valid);
}

// The experiment, the mkfs timing and the diagnosis take a list of filesystems by one rule
// (checkFilesystemList): known ones, each once.
void TestFsBenchResult::filesystemListsAreCheckedAlike_data()
{
    QTest::addColumn<QStringList>("filesystems");
    QTest::addColumn<bool>("valid");
    QTest::newRow("two") << QStringList{"ext4", "xfs"} << true;
    QTest::newRow("unknown") << QStringList{"ext4", "zfs"} << false;
    QTest::newRow("ext4,ext4") << QStringList{"ext4", "ext4"} << false;
    QTest::newRow("xfs,ext4,xfs") << QStringList{"xfs", "ext4", "xfs"} << false;
}

void TestFsBenchResult::filesystemListsAreCheckedAlike()
{
    QFETCH(QStringList, filesystems);
    QFETCH(bool, valid);
    const Error error = checkFilesystemList(filesystems);
    QCOMPARE(!error.isError(), valid);
    if (!valid)
        QCOMPARE(error.code, ErrorCode::InvalidArgument);
    FsBenchPlan experiment;
    experiment.filesystems = filesystems;
    QCOMPARE(!validateFsBenchPlan(experiment).isError(), valid);
    MkfsTimingPlan mkfs;
    mkfs.filesystems = filesystems;
    QCOMPARE(!validateMkfsTimingPlan(mkfs).isError(), valid);
    DiagnosePlan diagnose;
    diagnose.filesystems = filesystems;
    QCOMPARE(!validateDiagnosePlan(diagnose).isError(), valid);
}

void TestFsBenchResult::deleteFigures()
{
    const FsBenchResult result = sampleResult();
    const DeleteRun *online = result.run(QStringLiteral("ext4"), QStringLiteral("discard"));
    QVERIFY(online);
    // delete + sync + settle + unmount (with the discards that arrived then), not mkfs
    QVERIFY(qFuzzyCompare(online->deleteSeconds(), 1.0));
    QCOMPARE(online->deleteDiscards().count, quint64(18));
    QCOMPARE(online->deleteDiscards().bytes, quint64(25) << 20);

    const auto profiles = result.deleteProfiles();
    QCOMPARE(profiles.size(), 1); // xfs was skipped
    QCOMPARE(profiles.constFirst().discardCount, 18.0);
    QCOMPARE(profiles.constFirst().averageDiscardBytes, double(quint64(25) << 20) / 18);
    QCOMPARE(profiles.constFirst().deletedBytes, 20000000.0);
    QCOMPARE(profiles.constFirst().fstrimSeconds, std::optional<double>(1.5));
}

void TestFsBenchResult::treeMustFitTheDevice()
{
    const TreeSpec kernel = *treePreset(QStringLiteral("kernel"));
    QCOMPARE(checkTreeFitsDevice(kernel, quint64(512) << 20).code, ErrorCode::InvalidArgument);
    QVERIFY(!checkTreeFitsDevice(kernel, quint64(1) << 30).isError());
    const TreeSpec quick = *treePreset(QStringLiteral("quick"));
    QVERIFY(!checkTreeFitsDevice(quick, quint64(384) << 20).isError());
    QCOMPARE(checkTreeFitsDevice(quick, quint64(256) << 20).code, ErrorCode::InvalidArgument);
}

void TestFsBenchResult::jsonConventions()
{
    const QJsonObject json = QJsonDocument::fromJson(resultToJsonBytes(sampleResult())).object();
    QCOMPARE(json.value(QStringLiteral("schema")).toString(),
             QStringLiteral("io.github.trimscope.filesystems"));
    QCOMPARE(json.value(QStringLiteral("schema_version")).toInt(), 1);
    QCOMPARE(json.value(QStringLiteral("complete")).toBool(), true);
    QCOMPARE(json.value(QStringLiteral("stop_reason")).toString(), QStringLiteral("completed"));
    QCOMPARE(json.value(QStringLiteral("drive")).toObject().value(QStringLiteral("serial")),
             QStringLiteral("S123"));
    QCOMPARE(json.value(QStringLiteral("plan"))
                 .toObject()
                 .value(QStringLiteral("tree"))
                 .toObject()
                 .value(QStringLiteral("files"))
                 .toInt(),
             2000);
    const QJsonArray runs = json.value(QStringLiteral("runs")).toArray();
    QCOMPARE(runs.size(), 3);
    const QJsonObject first = runs.at(0).toObject();
    QCOMPARE(first.value(QStringLiteral("status")).toString(), QStringLiteral("measured"));
    QCOMPARE(first.value(QStringLiteral("phases")).toArray().size(), 6);
    QCOMPARE(first.value(QStringLiteral("delete_discards"))
                 .toObject()
                 .value(QStringLiteral("count"))
                 .toInt(),
             18);
    QCOMPARE(first.value(QStringLiteral("unmount_s")).toDouble(), 0.2);
    QCOMPARE(first.value(QStringLiteral("unmount_discards"))
                 .toObject()
                 .value(QStringLiteral("count"))
                 .toInt(),
             2);
    const QJsonObject skipped = runs.at(2).toObject();
    QCOMPARE(skipped.value(QStringLiteral("status")).toString(), QStringLiteral("skipped"));
    QVERIFY(skipped.value(QStringLiteral("delete_s")).isNull());
    QCOMPARE(skipped.value(QStringLiteral("message")).toString(),
             QStringLiteral("mkfs.xfs is not installed"));

    const QJsonObject fs = json.value(QStringLiteral("filesystems")).toArray().at(0).toObject();
    QVERIFY(qFuzzyCompare(fs.value(QStringLiteral("delete_with_discard_s")).toDouble(), 1.0));
    QCOMPARE(fs.value(QStringLiteral("delete_without_discard_s")).toDouble(), 0.07);
    QVERIFY(qAbs(fs.value(QStringLiteral("discard_penalty_s")).toDouble() - 0.93) < 1e-9);
    QCOMPARE(fs.value(QStringLiteral("deleted_files")).toInt(), 2000);
}

void TestFsBenchResult::adviceReadsTheFile()
{
    const QJsonObject json = sampleResult().toJson();
    for (const auto &entry : json.value(QStringLiteral("filesystems")).toArray()) {
        const auto profile = FilesystemDeleteProfile::fromJson(entry.toObject());
        QVERIFY2(profile, qPrintable(profile.error().message));
        QCOMPARE(profile->filesystem, QStringLiteral("ext4"));
        QCOMPARE(profile->discardCount, 18.0);
        QVERIFY(profile->measured);
    }
}

void TestFsBenchResult::incompleteRunsAreMarked()
{
    FsBenchResult result = sampleResult();
    result.stopReason = StopReason::Cancelled;
    result.runs[1].status = RunStatus::Cancelled;
    result.runs[2].status = RunStatus::NotRun;
    const QJsonObject json = resultToJson(result);
    QCOMPARE(json.value(QStringLiteral("complete")).toBool(true), false);
    QCOMPARE(json.value(QStringLiteral("stop_reason")).toString(), QStringLiteral("cancelled"));
    QVERIFY(!json.contains(QStringLiteral("error")));
    // The cancelled batched run gives no fstrim figure and no penalty.
    const QJsonObject fs = json.value(QStringLiteral("filesystems")).toArray().at(0).toObject();
    QVERIFY(!fs.contains(QStringLiteral("discard_penalty_s")));
    QVERIFY(fs.value(QStringLiteral("fstrim_s")).isNull());

    result.stopReason = StopReason::Failed;
    result.error = {ErrorCode::IoError, QStringLiteral("mkfs.ext4 exited with code 1")};
    QCOMPARE(resultToJson(result)
                 .value(QStringLiteral("error"))
                 .toObject()
                 .value(QStringLiteral("name"))
                 .toString(),
             QStringLiteral("IoError"));
}

void TestFsBenchResult::mkfsTimingJson()
{
    MkfsTimingResult result;
    result.drive.path = QStringLiteral("/dev/loop4");
    MkfsRun run;
    run.filesystem = QStringLiteral("ext4");
    run.variant = QStringLiteral("discard");
    run.status = RunStatus::Measured;
    run.seconds = 1.05;
    run.discards.count = 2;
    run.discards.bytes = quint64(512) << 20;
    MkfsRun skipped;
    skipped.filesystem = QStringLiteral("btrfs");
    skipped.variant = QStringLiteral("discard");
    skipped.status = RunStatus::Skipped;
    result.runs = {run, skipped};
    const QJsonObject json = resultToJson(result);
    QCOMPARE(json.value(QStringLiteral("schema")).toString(),
             QStringLiteral("io.github.trimscope.mkfs-timing"));
    QCOMPARE(json.value(QStringLiteral("complete")).toBool(), true);
    const QJsonArray runs = json.value(QStringLiteral("runs")).toArray();
    QCOMPARE(runs.at(0).toObject().value(QStringLiteral("seconds")).toDouble(), 1.05);
    QCOMPARE(runs.at(0)
                 .toObject()
                 .value(QStringLiteral("discards"))
                 .toObject()
                 .value(QStringLiteral("average_bytes"))
                 .toDouble(),
             double(quint64(256) << 20));
    QVERIFY(runs.at(1).toObject().value(QStringLiteral("seconds")).isNull());
    QCOMPARE(result.run(QStringLiteral("ext4"), QStringLiteral("discard"))->seconds, 1.05);
}

TRIMSCOPE_TEST_GUILESS_MAIN(TestFsBenchResult)
#include "tst_fsbenchresult.moc"
