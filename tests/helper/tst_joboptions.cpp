// StartJob's options maps for the phase-based kinds, without a bus: every refused shape by kind,
// accepted maps and what they set, and the round trip the client relies on.
#include "joboptions.h"

#include <QTest>

using namespace trimscope;
using namespace trimscope::helper;

namespace {

using Reader = Error (*)(const QVariantMap &);

template <class Plan> Error errorOf(const Expected<Plan> &plan)
{
    return plan ? Error{} : plan.error();
}

Error readFsBench(const QVariantMap &options)
{
    return errorOf(fsBenchPlanFromOptions(options));
}
Error readMkfsTiming(const QVariantMap &options)
{
    return errorOf(mkfsTimingPlanFromOptions(options));
}
Error readRecovery(const QVariantMap &options)
{
    return errorOf(recoveryPlanFromOptions(options));
}
Error readFillCurve(const QVariantMap &options)
{
    return errorOf(fillCurvePlanFromOptions(options));
}

Error readStall(const QVariantMap &options)
{
    return errorOf(stallPlanFromOptions(options));
}

Error readDiagnose(const QVariantMap &options)
{
    return errorOf(diagnosePlanFromOptions(options));
}

Error readFstrimTiming(const QVariantMap &options)
{
    return errorOf(fstrimTimingPlanFromOptions(options));
}

Reader readerFor(const QString &kind)
{
    if (kind == QLatin1String("fstrim-timing"))
        return readFstrimTiming;
    if (kind == QLatin1String("stall"))
        return readStall;
    if (kind == QLatin1String("diagnose"))
        return readDiagnose;
    if (kind == QLatin1String("fsbench"))
        return readFsBench;
    if (kind == QLatin1String("mkfs-timing"))
        return readMkfsTiming;
    if (kind == QLatin1String("recovery"))
        return readRecovery;
    return readFillCurve;
}

QVariantMap one(const char *key, QVariant value)
{
    return {{QString::fromLatin1(key), std::move(value)}};
}

QVariant u64(quint64 value)
{
    return QVariant::fromValue(qulonglong(value));
}

} // namespace

class tst_JobOptions : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void refusesBadOptions_data();
    void refusesBadOptions();
    void acceptsGoodOptions_data();
    void acceptsGoodOptions();
    void fsBenchOptionsSetThePlan();
    void recoveryOptionsAdjustThePreset();
    void roundTripsPlans();
};

void tst_JobOptions::refusesBadOptions_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QVariantMap>("options");
    const QString fs = QStringLiteral("fsbench");
    const QString mkfs = QStringLiteral("mkfs-timing");
    const QString rec = QStringLiteral("recovery");
    const QString fill = QStringLiteral("fill-curve");
    const QString stall = QStringLiteral("stall");
    const QStringList ext4{QStringLiteral("ext4")};
    for (const QString &kind : {fs, mkfs, rec, fill, stall}) {
        QTest::addRow("%s: unknown key", qPrintable(kind)) << kind << one("force", true);
        QTest::addRow("%s: mount_root", qPrintable(kind))
            << kind << one("mount_root", QStringLiteral("/tmp"));
    }
    for (const QString &kind : {fs, mkfs}) {
        const char *k = kind == fs ? "fsbench" : "mkfs";
        QTest::addRow("%s: filesystems empty", k) << kind << one("filesystems", QStringList{});
        QTest::addRow("%s: filesystems unknown", k)
            << kind << one("filesystems", QStringList{QStringLiteral("ntfs")});
        QTest::addRow("%s: filesystems duplicated", k)
            << kind << one("filesystems", QStringList{ext4 + ext4});
        QTest::addRow("%s: filesystems as string", k)
            << kind << one("filesystems", QStringLiteral("ext4"));
        QTest::addRow("%s: filesystems as int", k) << kind << one("filesystems", 1);
    }
    QTest::newRow("fsbench: variants unknown")
        << fs << one("variants", QStringList{QStringLiteral("online")});
    QTest::newRow("fsbench: variants as string")
        << fs << one("variants", QStringLiteral("discard"));
    QTest::newRow("fsbench: preset unknown") << fs << one("preset", QStringLiteral("huge"));
    QTest::newRow("fsbench: preset as int") << fs << one("preset", 1);
    QTest::newRow("fsbench: files 0") << fs << one("files", 0);
    QTest::newRow("fsbench: files negative") << fs << one("files", -5);
    QTest::newRow("fsbench: files 2 million") << fs << one("files", 2000000);
    QTest::newRow("fsbench: files as double") << fs << one("files", 10.0);
    QTest::newRow("fsbench: files as string") << fs << one("files", QStringLiteral("10"));
    QTest::newRow("fsbench: bytes 0") << fs << one("bytes", u64(0));
    QTest::newRow("fsbench: bytes 2^63") << fs << one("bytes", u64(quint64(1) << 63));
    QTest::newRow("fsbench: bytes below files")
        << fs << QVariantMap{{QStringLiteral("files"), 1000}, {QStringLiteral("bytes"), u64(10)}};
    QTest::newRow("fsbench: seed as bool") << fs << one("seed", true);
    QTest::newRow("mkfs: with_discard as int") << mkfs << one("with_discard", 1);
    QTest::newRow("mkfs: both variants off")
        << mkfs
        << QVariantMap{{QStringLiteral("with_discard"), false},
                       {QStringLiteral("without_discard"), false}};
    QTest::newRow("recovery: preset unknown") << rec << one("preset", QStringLiteral("long"));
    QTest::newRow("recovery: preset as list")
        << rec << one("preset", QStringList{QStringLiteral("smoke")});
    QTest::newRow("recovery: random_seconds 0") << rec << one("random_seconds", 0);
    QTest::newRow("recovery: random_seconds 3601") << rec << one("random_seconds", 3601);
    QTest::newRow("recovery: random_seconds as double") << rec << one("random_seconds", 2.0);
    QTest::newRow("recovery: idle_seconds negative") << rec << one("idle_seconds", -1);
    QTest::newRow("recovery: idle_seconds 2 days") << rec << one("idle_seconds", 172800);
    QTest::newRow("recovery: fill_passes 0") << rec << one("fill_passes", 0);
    QTest::newRow("recovery: fill_passes 5") << rec << one("fill_passes", 5);
    QTest::newRow("recovery: fill_passes 2^40") << rec << one("fill_passes", u64(quint64(1) << 40));
    QTest::newRow("fill: sample_bytes negative") << fill << one("sample_bytes", qlonglong(-1));
    QTest::newRow("fill: sample_bytes 2^60") << fill << one("sample_bytes", u64(quint64(1) << 60));
    QTest::newRow("fill: sample_bytes as string")
        << fill << one("sample_bytes", QStringLiteral("1M"));
    QTest::newRow("fill: drop 0") << fill << one("cliff_drop_fraction", 0.0);
    QTest::newRow("fill: drop 0.05") << fill << one("cliff_drop_fraction", 0.05);
    QTest::newRow("fill: drop 0.95") << fill << one("cliff_drop_fraction", 0.95);
    QTest::newRow("fill: drop 30 (percent)") << fill << one("cliff_drop_fraction", 30.0);
    QTest::newRow("fill: drop NaN") << fill << one("cliff_drop_fraction", qQNaN());
    QTest::newRow("fill: drop as int") << fill << one("cliff_drop_fraction", 0);
    QTest::newRow("fill: trim_first as string") << fill << one("trim_first", QStringLiteral("no"));
    QTest::newRow("stall: small_bytes 0") << stall << one("small_bytes", u64(0));
    QTest::newRow("stall: small_bytes 1000") << stall << one("small_bytes", u64(1000));
    QTest::newRow("stall: medium_bytes 2^60") << stall << one("medium_bytes", u64(quint64(1) << 60));
    QTest::newRow("stall: read_region_bytes unaligned")
        << stall << one("read_region_bytes", u64((1 << 20) + 512));
    QTest::newRow("stall: discard_region_bytes negative")
        << stall << one("discard_region_bytes", qlonglong(-4096));
    QTest::newRow("stall: small_discards 1001") << stall << one("small_discards", 1001);
    QTest::newRow("stall: region_discards negative") << stall << one("region_discards", -1);
    QTest::newRow("stall: small_discards as double") << stall << one("small_discards", 5.0);
    QTest::newRow("stall: baseline_seconds 0.5") << stall << one("baseline_seconds", 0.5);
    QTest::newRow("stall: baseline_seconds NaN") << stall << one("baseline_seconds", qQNaN());
    QTest::newRow("stall: gap_seconds 0") << stall << one("gap_seconds", 0.0);
    QTest::newRow("stall: gap_seconds 61") << stall << one("gap_seconds", 61.0);
    QTest::newRow("stall: max_latency_seconds 0") << stall << one("max_latency_seconds", 0.0);
    QTest::newRow("stall: max_latency_seconds infinite")
        << stall << one("max_latency_seconds", qInf());
    QTest::newRow("stall: writes as int") << stall << one("writes", 1);
    QTest::newRow("stall: fill_first as string") << stall << one("fill_first", QStringLiteral("no"));
    const QString diagnose = QStringLiteral("diagnose");
    QTest::newRow("diagnose: unknown key") << diagnose << one("force", true);
    QTest::newRow("diagnose: budget 59 s") << diagnose << one("budget_seconds", 59.0);
    QTest::newRow("diagnose: budget 2 days") << diagnose << one("budget_seconds", 172800.0);
    QTest::newRow("diagnose: budget NaN") << diagnose << one("budget_seconds", qQNaN());
    QTest::newRow("diagnose: budget as string")
        << diagnose << one("budget_seconds", QStringLiteral("600"));
    QTest::newRow("diagnose: filesystems unknown")
        << diagnose << one("filesystems", QStringList{QStringLiteral("ntfs")});
    QTest::newRow("diagnose: filesystems empty") << diagnose << one("filesystems", QStringList{});
    QTest::newRow("diagnose: mount_root") << diagnose << one("mount_root", QStringLiteral("/tmp"));
    // The filesystem is named by its device number, never by a path.
    const QString fstrim = QStringLiteral("fstrim-timing");
    const QVariantMap root = one("filesystem", QStringLiteral("8:2"));
    const auto with = [&](const char *key, QVariant value) {
        QVariantMap options = root;
        options.insert(QString::fromLatin1(key), std::move(value));
        return options;
    };
    QTest::newRow("fstrim: no filesystem") << fstrim << QVariantMap{};
    QTest::newRow("fstrim: a path") << fstrim << one("filesystem", QStringLiteral("/home"));
    QTest::newRow("fstrim: a device node")
        << fstrim << one("filesystem", QStringLiteral("/dev/sda2"));
    QTest::newRow("fstrim: number as int") << fstrim << one("filesystem", 2050);
    QTest::newRow("fstrim: 0:0") << fstrim << one("filesystem", QStringLiteral("0:0"));
    QTest::newRow("fstrim: major too large")
        << fstrim << one("filesystem", QStringLiteral("5000:1"));
    QTest::newRow("fstrim: unknown key") << fstrim << with("force", true);
    QTest::newRow("fstrim: mount_point") << fstrim << with("mount_point", QStringLiteral("/"));
    QTest::newRow("fstrim: piece not whole MiB") << fstrim << with("piece_bytes", u64(4096));
    QTest::newRow("fstrim: piece 2 TiB") << fstrim << with("piece_bytes", u64(quint64(2) << 40));
    QTest::newRow("fstrim: piece negative") << fstrim << with("piece_bytes", qlonglong(-1));
    QTest::newRow("fstrim: piece as string")
        << fstrim << with("piece_bytes", QStringLiteral("128M"));
    QTest::newRow("fstrim: minimum 2 GiB")
        << fstrim << with("minimum_bytes", u64(quint64(2) << 30));
}

void tst_JobOptions::refusesBadOptions()
{
    QFETCH(QString, kind);
    QFETCH(QVariantMap, options);
    const Error error = readerFor(kind)(options);
    QCOMPARE(error.code, ErrorCode::InvalidArgument);
    QVERIFY(!error.message.isEmpty());
}

void tst_JobOptions::acceptsGoodOptions_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QVariantMap>("options");
    for (const char *kind : {"fsbench", "mkfs-timing", "recovery", "fill-curve", "stall", "diagnose"})
        QTest::addRow("%s: none", kind) << QString::fromLatin1(kind) << QVariantMap{};
    QTest::newRow("fstrim-timing: the filesystem alone")
        << QStringLiteral("fstrim-timing") << one("filesystem", QStringLiteral("259:2"));
    QTest::newRow("fstrim-timing: btrfs, pieces and minimum")
        << QStringLiteral("fstrim-timing")
        << QVariantMap{{QStringLiteral("filesystem"), QStringLiteral("0:45")},
                       {QStringLiteral("piece_bytes"), u64(quint64(1) << 30)},
                       {QStringLiteral("minimum_bytes"), QVariant::fromValue(uint(65536))}};
    QTest::newRow("diagnose: 1 min, ext4 and btrfs")
        << QStringLiteral("diagnose")
        << QVariantMap{{QStringLiteral("budget_seconds"), 60.0},
                       {QStringLiteral("filesystems"),
                        QStringList{QStringLiteral("ext4"), QStringLiteral("btrfs")}}};
    const QString fs = QStringLiteral("fsbench");
    QTest::newRow("fsbench: tiny ext4 discard")
        << fs
        << QVariantMap{{QStringLiteral("filesystems"), QStringList{QStringLiteral("ext4")}},
                       {QStringLiteral("variants"), QStringList{QStringLiteral("discard")}},
                       {QStringLiteral("preset"), QStringLiteral("tiny")}};
    QTest::newRow("fsbench: files as byte") << fs << one("files", QVariant::fromValue(uchar(7)));
    QTest::newRow("fsbench: files as int64") << fs << one("files", qlonglong(100));
    QTest::newRow("fsbench: custom tree")
        << fs << QVariantMap{{QStringLiteral("files"), 10}, {QStringLiteral("bytes"), u64(4096)}};
    QTest::newRow("fsbench: seed 0") << fs << one("seed", u64(0));
    QTest::newRow("mkfs: xfs and btrfs, discard only")
        << QStringLiteral("mkfs-timing")
        << QVariantMap{{QStringLiteral("filesystems"),
                        QStringList{QStringLiteral("xfs"), QStringLiteral("btrfs")}},
                       {QStringLiteral("without_discard"), false}};
    QTest::newRow("recovery: smoke, 1 pass, no idle")
        << QStringLiteral("recovery")
        << QVariantMap{{QStringLiteral("preset"), QStringLiteral("smoke")},
                       {QStringLiteral("fill_passes"), QVariant::fromValue(uint(1))},
                       {QStringLiteral("idle_seconds"), 0}};
    QTest::newRow("recovery: bounds") << QStringLiteral("recovery")
                                      << QVariantMap{{QStringLiteral("random_seconds"), 3600},
                                                     {QStringLiteral("idle_seconds"), 86400},
                                                     {QStringLiteral("fill_passes"), 4}};
    QTest::newRow("fill: everything") << QStringLiteral("fill-curve")
                                      << QVariantMap{{QStringLiteral("sample_bytes"), u64(1 << 20)},
                                                     {QStringLiteral("cliff_drop_fraction"), 0.5},
                                                     {QStringLiteral("trim_first"), false}};
    QTest::newRow("stall: everything")
        << QStringLiteral("stall")
        << QVariantMap{{QStringLiteral("read_region_bytes"), u64(64 << 20)},
                       {QStringLiteral("discard_region_bytes"), u64(0)},
                       {QStringLiteral("small_bytes"), u64(16384)},
                       {QStringLiteral("medium_bytes"), u64(4 << 20)},
                       {QStringLiteral("small_discards"), QVariant::fromValue(uint(10))},
                       {QStringLiteral("medium_discards"), 0},
                       {QStringLiteral("region_discards"), qlonglong(2)},
                       {QStringLiteral("baseline_seconds"), 1.0},
                       {QStringLiteral("gap_seconds"), 0.1},
                       {QStringLiteral("writes"), true},
                       {QStringLiteral("fill_first"), false},
                       {QStringLiteral("max_latency_seconds"), 0.1}};
}

void tst_JobOptions::acceptsGoodOptions()
{
    QFETCH(QString, kind);
    QFETCH(QVariantMap, options);
    const Error error = readerFor(kind)(options);
    QVERIFY2(!error.isError(), qPrintable(error.message));
}

void tst_JobOptions::fsBenchOptionsSetThePlan()
{
    const auto plan = fsBenchPlanFromOptions(
        {{QStringLiteral("filesystems"), QStringList{QStringLiteral("ext4")}},
         {QStringLiteral("files"), 10},
         {QStringLiteral("bytes"), u64(40960)},
         {QStringLiteral("seed"), u64(9)}});
    QVERIFY(plan);
    QCOMPARE(plan->filesystems, QStringList{QStringLiteral("ext4")});
    QCOMPARE(plan->tree.preset, QStringLiteral("custom"));
    QCOMPARE(plan->tree.files, 10);
    QCOMPARE(plan->tree.bytes, quint64(40960));
    QCOMPARE(plan->tree.seed, quint64(9));
    QCOMPARE(plan->mountRoot, fsbench::FsBenchPlan().mountRoot);
}

void tst_JobOptions::recoveryOptionsAdjustThePreset()
{
    const auto plan = recoveryPlanFromOptions(
        {{QStringLiteral("preset"), QStringLiteral("smoke")}, {QStringLiteral("fill_passes"), 1}});
    QVERIFY(plan);
    QCOMPARE(plan->randomSeconds, recovery::recoveryPreset(QStringLiteral("smoke"))->randomSeconds);
    QCOMPARE(plan->idleSeconds, recovery::recoveryPreset(QStringLiteral("smoke"))->idleSeconds);
    QCOMPARE(plan->fillPasses, 1);
}

void tst_JobOptions::roundTripsPlans()
{
    fsbench::FsBenchPlan fs;
    fs.filesystems = {QStringLiteral("xfs")};
    fs.variants = {QStringLiteral("nodiscard")};
    fs.tree = *fsbench::treePreset(QStringLiteral("quick"));
    fs.tree.seed = 42;
    const auto fsBack = fsBenchPlanFromOptions(fsBenchOptionsFromPlan(fs));
    QVERIFY(fsBack);
    QCOMPARE(fsBack->toJson(), fs.toJson());
    fs.tree.preset = QStringLiteral("custom");
    fs.tree.files = 33;
    fs.tree.bytes = 12345;
    const auto customBack = fsBenchPlanFromOptions(fsBenchOptionsFromPlan(fs));
    QVERIFY(customBack);
    QCOMPARE(customBack->toJson(), fs.toJson());

    fsbench::MkfsTimingPlan mkfs;
    mkfs.filesystems = {QStringLiteral("ext4"), QStringLiteral("btrfs")};
    mkfs.withDiscard = false;
    const auto mkfsBack = mkfsTimingPlanFromOptions(mkfsTimingOptionsFromPlan(mkfs));
    QVERIFY(mkfsBack);
    QCOMPARE(mkfsBack->toJson(), mkfs.toJson());

    recovery::RecoveryPlan rec = *recovery::recoveryPreset(QStringLiteral("quick"));
    rec.fillPasses = 3;
    const auto recBack = recoveryPlanFromOptions(recoveryOptionsFromPlan(rec));
    QVERIFY(recBack);
    QCOMPARE(recBack->toJson(), rec.toJson());

    recovery::FillCurvePlan fill;
    fill.sampleBytes = 8 << 20;
    fill.cliffDropFraction = 0.4;
    fill.trimFirst = false;
    const auto fillBack = fillCurvePlanFromOptions(fillCurveOptionsFromPlan(fill));
    QVERIFY(fillBack);
    QCOMPARE(fillBack->toJson(), fill.toJson());

    stall::StallPlan stall;
    stall.readRegionBytes = 256 << 20;
    stall.smallBytes = 16384;
    stall.regionDiscards = 0;
    stall.gapSeconds = 0.25;
    stall.writes = true;
    const auto stallBack = stallPlanFromOptions(stallOptionsFromPlan(stall));
    QVERIFY(stallBack);
    QCOMPARE(stallBack->toJson(), stall.toJson());
    // Through the kind-generic door too.
    const auto any = jobPlanFromOptions(QStringLiteral("stall"), optionsFromPlan(JobPlan(stall)));
    QVERIFY(any && std::holds_alternative<stall::StallPlan>(*any));
    DiagnosePlan diagnose;
    diagnose.budgetSeconds = 90;
    diagnose.filesystems = {QStringLiteral("xfs")};
    const auto diagnoseBack = diagnosePlanFromOptions(diagnoseOptionsFromPlan(diagnose));
    QVERIFY(diagnoseBack);
    QCOMPARE(diagnoseBack->toJson(), diagnose.toJson());
    const auto viaKind = jobPlanFromOptions(QStringLiteral("diagnose"), {});
    QVERIFY(viaKind);
    QCOMPARE(jobKind(*viaKind), QStringLiteral("diagnose"));

    watch::FstrimTimingPlan fstrim;
    fstrim.filesystemMajor = 259;
    fstrim.filesystemMinor = 3;
    fstrim.pieceBytes = quint64(256) << 20;
    fstrim.minimumBytes = 4096;
    const auto fstrimBack =
        jobPlanFromOptions(QStringLiteral("fstrim-timing"), optionsFromPlan(JobPlan(fstrim)));
    QVERIFY(fstrimBack);
    QCOMPARE(std::get<watch::FstrimTimingPlan>(*fstrimBack).toJson(), fstrim.toJson());
    // It only trims free space: the helper asks its own question for it.
    QCOMPARE(jobRisk(*fstrimBack), JobRisk::TrimsFreeSpace);
    QCOMPARE(jobRisk(JobPlan(stall)), JobRisk::DestroysData);
}

QTEST_GUILESS_MAIN(tst_JobOptions)
#include "tst_joboptions.moc"
