// StartJob's options maps for the phase-based kinds, without a bus: every refused shape by kind,
// accepted maps and what they set, and every kind's plan through the wire's codec and through its
// result file, which are one codec.
#include "joboptions.h"
#include "jobs/jobkind.h"
#include "report/resultfile.h"
#include "sampleplans.h"
#include "testmain.h"

#include <QTest>

using namespace trimscope;
using namespace trimscope::helper;
using namespace trimscope::test;

namespace {

Error readerError(const QString &kind, const QVariantMap &options)
{
    const Expected<JobPlan> plan = jobPlanFromOptions(kind, options);
    return plan ? Error{} : plan.error();
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
    void stallKeysAreTheFilesKeys();
    void olderSweepSeedsAreReadExactly_data();
    void olderSweepSeedsAreReadExactly();
    void everyKindRoundTrips_data();
    void everyKindRoundTrips();
    void everyBoundIsAnOptionOfItsKind_data();
    void everyBoundIsAnOptionOfItsKind();
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
    QTest::newRow("fsbench: preset unknown") << fs << one("tree.preset", QStringLiteral("huge"));
    QTest::newRow("fsbench: preset as int") << fs << one("tree.preset", 1);
    QTest::newRow("fsbench: tree.files 0") << fs << one("tree.files", 0);
    QTest::newRow("fsbench: files negative") << fs << one("tree.files", -5);
    QTest::newRow("fsbench: files 2 million") << fs << one("tree.files", 2000000);
    QTest::newRow("fsbench: files as a fraction") << fs << one("tree.files", 10.5);
    QTest::newRow("fsbench: files as string") << fs << one("tree.files", QStringLiteral("10"));
    QTest::newRow("fsbench: bytes 0") << fs << one("tree.bytes", u64(0));
    QTest::newRow("fsbench: bytes 2^63") << fs << one("tree.bytes", u64(quint64(1) << 63));
    QTest::newRow("fsbench: bytes below files")
        << fs
        << QVariantMap{{QStringLiteral("tree.preset"), QStringLiteral("custom")},
                       {QStringLiteral("tree.files"), 1000},
                       {QStringLiteral("tree.bytes"), u64(10)}};
    QTest::newRow("fsbench: seed as bool") << fs << one("tree.seed", true);
    QTest::newRow("fsbench: seed not a number") << fs << one("tree.seed", QStringLiteral("x"));
    QTest::newRow("fsbench: files of a preset changed")
        << fs
        << QVariantMap{{QStringLiteral("tree.preset"), QStringLiteral("tiny")},
                       {QStringLiteral("tree.files"), 7}};
    QTest::newRow("fsbench: the tree as one key") << fs << one("tree", QStringLiteral("tiny"));
    QTest::newRow("mkfs: with_discard as int") << mkfs << one("with_discard", 1);
    QTest::newRow("mkfs: both variants off")
        << mkfs
        << QVariantMap{{QStringLiteral("with_discard"), false},
                       {QStringLiteral("without_discard"), false}};
    QTest::newRow("recovery: preset (not in its file)")
        << rec << one("preset", QStringLiteral("smoke"));
    QTest::newRow("recovery: random_seconds (the file says random_s)")
        << rec << one("random_seconds", 10);
    QTest::newRow("recovery: random_block_bytes unaligned")
        << rec << one("random_block_bytes", 1000);
    QTest::newRow("recovery: fill_queue_depth 0") << rec << one("fill_queue_depth", 0);
    QTest::newRow("recovery: random_seconds 0") << rec << one("random_s", 0);
    QTest::newRow("recovery: random_seconds 3601") << rec << one("random_s", 3601);
    QTest::newRow("recovery: random_s a fraction") << rec << one("random_s", 2.5);
    QTest::newRow("recovery: idle_seconds negative") << rec << one("idle_s", -1);
    QTest::newRow("recovery: idle_seconds 2 days") << rec << one("idle_s", 172800);
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
    QTest::newRow("stall: medium_bytes 2^60")
        << stall << one("medium_bytes", u64(quint64(1) << 60));
    QTest::newRow("stall: read_region_bytes unaligned")
        << stall << one("read_region_bytes", u64((1 << 20) + 512));
    QTest::newRow("stall: discard_region_bytes negative")
        << stall << one("discard_region_bytes", qlonglong(-4096));
    QTest::newRow("stall: small_discards 1001") << stall << one("small_discards", 1001);
    QTest::newRow("stall: region_discards negative") << stall << one("region_discards", -1);
    QTest::newRow("stall: small_discards a fraction") << stall << one("small_discards", 5.5);
    QTest::newRow("stall: baseline_seconds (the file says baseline_s)")
        << stall << one("baseline_seconds", 5.0);
    QTest::newRow("stall: baseline_s 0.5") << stall << one("baseline_s", 0.5);
    QTest::newRow("stall: baseline_s NaN") << stall << one("baseline_s", qQNaN());
    QTest::newRow("stall: gap_s 0") << stall << one("gap_s", 0.0);
    QTest::newRow("stall: gap_s 61") << stall << one("gap_s", 61.0);
    QTest::newRow("stall: max_latency_s 0") << stall << one("max_latency_s", 0.0);
    QTest::newRow("stall: max_latency_s infinite") << stall << one("max_latency_s", qInf());
    QTest::newRow("stall: writes as int") << stall << one("writes", 1);
    QTest::newRow("stall: fill_first as string")
        << stall << one("fill_first", QStringLiteral("no"));
    const QString diagnose = QStringLiteral("diagnose");
    QTest::newRow("diagnose: unknown key") << diagnose << one("force", true);
    QTest::newRow("diagnose: budget 59 s") << diagnose << one("budget_s", 59.0);
    QTest::newRow("diagnose: budget 2 days") << diagnose << one("budget_s", 172800.0);
    QTest::newRow("diagnose: budget NaN") << diagnose << one("budget_s", qQNaN());
    QTest::newRow("diagnose: budget as string")
        << diagnose << one("budget_s", QStringLiteral("600"));
    QTest::newRow("diagnose: filesystems unknown")
        << diagnose << one("filesystems", QStringList{QStringLiteral("ntfs")});
    QTest::newRow("diagnose: filesystems duplicated")
        << diagnose << one("filesystems", QStringList{ext4 + ext4});
    QTest::newRow("diagnose: mount_root") << diagnose << one("mount_root", QStringLiteral("/tmp"));
    // The filesystem is named by its device number, never by a path.
    const QString fstrim = QStringLiteral("fstrim-timing");
    const QVariantMap root{{QStringLiteral("filesystem_major"), 8},
                           {QStringLiteral("filesystem_minor"), 2}};
    const auto with = [&](const char *key, QVariant value) {
        QVariantMap options = root;
        options.insert(QString::fromLatin1(key), std::move(value));
        return options;
    };
    QTest::newRow("fstrim: no filesystem") << fstrim << QVariantMap{};
    QTest::newRow("fstrim: a path") << fstrim << one("filesystem", QStringLiteral("/home"));
    QTest::newRow("fstrim: MAJOR:MINOR (the file keeps two numbers)")
        << fstrim << one("filesystem", QStringLiteral("8:2"));
    QTest::newRow("fstrim: major as string")
        << fstrim << with("filesystem_major", QStringLiteral("8"));
    QTest::newRow("fstrim: 0:0") << fstrim
                                 << QVariantMap{{QStringLiteral("filesystem_major"), 0},
                                                {QStringLiteral("filesystem_minor"), 0}};
    QTest::newRow("fstrim: major too large") << fstrim << with("filesystem_major", 5000);
    QTest::newRow("fstrim: minor too large") << fstrim << with("filesystem_minor", 1 << 20);
    QTest::newRow("fstrim: major negative") << fstrim << with("filesystem_major", -8);
    QTest::newRow("fstrim: unknown key") << fstrim << with("force", true);
    QTest::newRow("fstrim: mount_point") << fstrim << with("mount_point", QStringLiteral("/"));
    QTest::newRow("fstrim: piece not whole MiB") << fstrim << with("piece_bytes", u64(4096));
    QTest::newRow("fstrim: piece 2 TiB") << fstrim << with("piece_bytes", u64(quint64(2) << 40));
    QTest::newRow("fstrim: piece negative") << fstrim << with("piece_bytes", qlonglong(-1));
    QTest::newRow("fstrim: piece as string")
        << fstrim << with("piece_bytes", QStringLiteral("128M"));
    QTest::newRow("fstrim: minimum 2 GiB")
        << fstrim << with("minimum_bytes", u64(quint64(2) << 30));
    const QString probe = QStringLiteral("background-probe");
    QTest::newRow("probe: unknown key") << probe << one("force", true);
    QTest::newRow("probe: max_seconds (the file says max_s)") << probe << one("max_seconds", 5.0);
    QTest::newRow("probe: max_s 121") << probe << one("max_s", 121.0);
    QTest::newRow("probe: max_s negative") << probe << one("max_s", -1.0);
    QTest::newRow("probe: discard_bytes unaligned") << probe << one("discard_bytes", u64(1000));
    QTest::newRow("probe: fill_first as int") << probe << one("fill_first", 1);
    // The sweep's plan (StartSweep's options; what was tst_sweepoptions).
    const QString sweep = QStringLiteral("sweep");
    QTest::newRow("sweep: unknown key") << sweep << one("force", true);
    QTest::newRow("sweep: region_bytes_used (the drive's, not the request's)")
        << sweep << one("region_bytes_used", u64(4096));
    QTest::newRow("sweep: notes") << sweep << one("notes", QStringList{QStringLiteral("x")});
    QTest::newRow("sweep: not a power of two") << sweep << one("max_bytes", u64(3000));
    QTest::newRow("sweep: 2^63") << sweep << one("max_bytes", u64(quint64(1) << 63));
    QTest::newRow("sweep: 128 GiB") << sweep << one("max_bytes", u64(quint64(128) << 30));
    QTest::newRow("sweep: size negative") << sweep << one("max_bytes", qlonglong(-4096));
    QTest::newRow("sweep: size a fraction") << sweep << one("max_bytes", 4096.5);
    QTest::newRow("sweep: size as string") << sweep << one("max_bytes", QStringLiteral("4096"));
    QTest::newRow("sweep: size as bool") << sweep << one("max_bytes", true);
    QTest::newRow("sweep: min above max") << sweep
                                          << QVariantMap{{QStringLiteral("min_bytes"), u64(65536)},
                                                         {QStringLiteral("max_bytes"), u64(4096)}};
    QTest::newRow("sweep: repeats 0") << sweep << one("repeats", 0);
    QTest::newRow("sweep: repeats 1001") << sweep << one("repeats", 1001);
    QTest::newRow("sweep: repeats 10^9") << sweep << one("repeats", 1000000000);
    QTest::newRow("sweep: repeats 2^40") << sweep << one("repeats", u64(quint64(1) << 40));
    QTest::newRow("sweep: repeats negative") << sweep << one("repeats", -1);
    QTest::newRow("sweep: repeats as string") << sweep << one("repeats", QStringLiteral("5"));
    QTest::newRow("sweep: repeats with adaptive")
        << sweep << QVariantMap{{QStringLiteral("repeats"), 3}, {QStringLiteral("adaptive"), true}};
    QTest::newRow("sweep: adaptive as int") << sweep << one("adaptive", 1);
    QTest::newRow("sweep: adaptive samples without adaptive")
        << sweep << one("adaptive_min_samples", 8);
    QTest::newRow("sweep: adaptive min samples 5")
        << sweep
        << QVariantMap{{QStringLiteral("adaptive"), true},
                       {QStringLiteral("adaptive_min_samples"), 5}};
    QTest::newRow("sweep: adaptive max samples 1001")
        << sweep
        << QVariantMap{{QStringLiteral("adaptive"), true},
                       {QStringLiteral("adaptive_max_samples"), 1001}};
    QTest::newRow("sweep: adaptive target 1")
        << sweep
        << QVariantMap{{QStringLiteral("adaptive"), true},
                       {QStringLiteral("adaptive_target_relative_half_width"), 1.0}};
    QTest::newRow("sweep: prewrite as string") << sweep << one("prewrite", QStringLiteral("true"));
    QTest::newRow("sweep: order unknown") << sweep << one("order", QStringLiteral("random"));
    QTest::newRow("sweep: order as int") << sweep << one("order", 1);
    QTest::newRow("sweep: seed negative") << sweep << one("seed", -1);
    QTest::newRow("sweep: seed as double") << sweep << one("seed", 1.0);
    QTest::newRow("sweep: seed as bool") << sweep << one("seed", true);
    QTest::newRow("sweep: seed not a number") << sweep << one("seed", QStringLiteral("x"));
    QTest::newRow("sweep: seed 2^64")
        << sweep << one("seed", QStringLiteral("18446744073709551616"));
    QTest::newRow("sweep: budget negative") << sweep << one("time_budget_s", -1.0);
    QTest::newRow("sweep: budget NaN") << sweep << one("time_budget_s", qQNaN());
    QTest::newRow("sweep: budget two days") << sweep << one("time_budget_s", 172800.0);
    QTest::newRow("sweep: time_budget_seconds (the file says time_budget_s)")
        << sweep << one("time_budget_seconds", 10.0);
    QTest::newRow("unknown kind") << QStringLiteral("format") << QVariantMap{};
}

void tst_JobOptions::refusesBadOptions()
{
    QFETCH(QString, kind);
    QFETCH(QVariantMap, options);
    const Error error = readerError(kind, options);
    QCOMPARE(error.code, ErrorCode::InvalidArgument);
    QVERIFY(!error.message.isEmpty());
}

void tst_JobOptions::acceptsGoodOptions_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QVariantMap>("options");
    for (const char *kind : {"sweep", "fsbench", "mkfs-timing", "recovery", "fill-curve",
                             "background-probe", "stall", "diagnose"})
        QTest::addRow("%s: none", kind) << QString::fromLatin1(kind) << QVariantMap{};
    QTest::newRow("fstrim-timing: the filesystem alone")
        << QStringLiteral("fstrim-timing")
        << QVariantMap{{QStringLiteral("filesystem_major"), QVariant::fromValue(uint(259))},
                       {QStringLiteral("filesystem_minor"), QVariant::fromValue(uint(2))}};
    QTest::newRow("fstrim-timing: btrfs, pieces and minimum")
        << QStringLiteral("fstrim-timing")
        << QVariantMap{{QStringLiteral("filesystem_minor"), 45},
                       {QStringLiteral("piece_bytes"), u64(quint64(1) << 30)},
                       {QStringLiteral("minimum_bytes"), QVariant::fromValue(uint(65536))}};
    QTest::newRow("diagnose: 1 min, ext4 and btrfs")
        << QStringLiteral("diagnose")
        << QVariantMap{{QStringLiteral("budget_s"), 60.0},
                       {QStringLiteral("filesystems"),
                        QStringList{QStringLiteral("ext4"), QStringLiteral("btrfs")}}};
    QTest::newRow("diagnose: budget as an integer")
        << QStringLiteral("diagnose") << one("budget_s", 600);
    const QString fs = QStringLiteral("fsbench");
    QTest::newRow("fsbench: tiny ext4 discard")
        << fs
        << QVariantMap{{QStringLiteral("filesystems"), QStringList{QStringLiteral("ext4")}},
                       {QStringLiteral("variants"), QStringList{QStringLiteral("discard")}},
                       {QStringLiteral("tree.preset"), QStringLiteral("tiny")}};
    QTest::newRow("fsbench: files as byte")
        << fs
        << QVariantMap{{QStringLiteral("tree.preset"), QStringLiteral("custom")},
                       {QStringLiteral("tree.files"), QVariant::fromValue(uchar(7))}};
    QTest::newRow("fsbench: files as int64")
        << fs
        << QVariantMap{{QStringLiteral("tree.preset"), QStringLiteral("custom")},
                       {QStringLiteral("tree.files"), qlonglong(100)}};
    QTest::newRow("fsbench: files as a whole double")
        << fs
        << QVariantMap{{QStringLiteral("tree.preset"), QStringLiteral("custom")},
                       {QStringLiteral("tree.files"), 100.0}};
    QTest::newRow("fsbench: custom tree")
        << fs
        << QVariantMap{{QStringLiteral("tree.preset"), QStringLiteral("custom")},
                       {QStringLiteral("tree.files"), 10},
                       {QStringLiteral("tree.bytes"), u64(4096)}};
    QTest::newRow("fsbench: seed 0") << fs << one("tree.seed", QStringLiteral("0"));
    QTest::newRow("fsbench: seed 2^64 - 1")
        << fs << one("tree.seed", QStringLiteral("18446744073709551615"));
    QTest::newRow("mkfs: xfs and btrfs, discard only")
        << QStringLiteral("mkfs-timing")
        << QVariantMap{{QStringLiteral("filesystems"),
                        QStringList{QStringLiteral("xfs"), QStringLiteral("btrfs")}},
                       {QStringLiteral("without_discard"), false}};
    QTest::newRow("recovery: 1 pass, no idle")
        << QStringLiteral("recovery")
        << QVariantMap{{QStringLiteral("fill_passes"), QVariant::fromValue(uint(1))},
                       {QStringLiteral("idle_s"), 0}};
    QTest::newRow("recovery: bounds") << QStringLiteral("recovery")
                                      << QVariantMap{{QStringLiteral("random_s"), 3600},
                                                     {QStringLiteral("idle_s"), 86400},
                                                     {QStringLiteral("fill_passes"), 4}};
    QTest::newRow("fill: everything") << QStringLiteral("fill-curve")
                                      << QVariantMap{{QStringLiteral("sample_bytes"), u64(1 << 20)},
                                                     {QStringLiteral("cliff_drop_fraction"), 0.5},
                                                     {QStringLiteral("trim_first"), false},
                                                     {QStringLiteral("block_bytes"), u64(1 << 20)},
                                                     {QStringLiteral("queue_depth"), 4}};
    QTest::newRow("probe: everything")
        << QStringLiteral("background-probe")
        << QVariantMap{{QStringLiteral("discard_bytes"), u64(1 << 20)},
                       {QStringLiteral("max_s"), 2.5},
                       {QStringLiteral("fill_first"), true}};
    const QString sweep = QStringLiteral("sweep");
    QTest::newRow("sweep: uint64 sizes")
        << sweep
        << QVariantMap{{QStringLiteral("min_bytes"), u64(4096)},
                       {QStringLiteral("max_bytes"), u64(1 << 20)}};
    QTest::newRow("sweep: int32 sizes and repeats, as gdbus types them")
        << sweep
        << QVariantMap{{QStringLiteral("max_bytes"), 65536}, {QStringLiteral("repeats"), 2}};
    QTest::newRow("sweep: 64 GiB, 1000 repeats as uint32")
        << sweep
        << QVariantMap{{QStringLiteral("max_bytes"), u64(quint64(64) << 30)},
                       {QStringLiteral("repeats"), QVariant::fromValue(uint(1000))}};
    QTest::newRow("sweep: sizes 0 (the defaults)")
        << sweep
        << QVariantMap{{QStringLiteral("min_bytes"), 0}, {QStringLiteral("max_bytes"), u64(0)}};
    QTest::newRow("sweep: adaptive, repeats at its default (as a client sends the whole plan)")
        << sweep << QVariantMap{{QStringLiteral("adaptive"), true}, {QStringLiteral("repeats"), 5}};
    QTest::newRow("sweep: adaptive, tuned")
        << sweep
        << QVariantMap{{QStringLiteral("adaptive"), true},
                       {QStringLiteral("adaptive_target_relative_half_width"), 0.1},
                       {QStringLiteral("adaptive_min_samples"), 6},
                       {QStringLiteral("adaptive_max_samples"), u64(1000)}};
    QTest::newRow("sweep: descending, no pre-write, budget")
        << sweep
        << QVariantMap{{QStringLiteral("order"), QStringLiteral("descending")},
                       {QStringLiteral("prewrite"), false},
                       {QStringLiteral("time_budget_s"), 86400}};
    QTest::newRow("sweep: seed as text") << sweep << one("seed", QStringLiteral("42"));
    QTest::newRow("sweep: seed 0 (the helper picks one)")
        << sweep << one("seed", QStringLiteral("0"));
    QTest::newRow("stall: everything")
        << QStringLiteral("stall")
        << QVariantMap{{QStringLiteral("read_region_bytes"), u64(64 << 20)},
                       {QStringLiteral("discard_region_bytes"), u64(0)},
                       {QStringLiteral("small_bytes"), u64(16384)},
                       {QStringLiteral("medium_bytes"), u64(4 << 20)},
                       {QStringLiteral("small_discards"), QVariant::fromValue(uint(10))},
                       {QStringLiteral("medium_discards"), 0},
                       {QStringLiteral("region_discards"), qlonglong(2)},
                       {QStringLiteral("baseline_s"), 1.0},
                       {QStringLiteral("gap_s"), 0.1},
                       {QStringLiteral("writes"), true},
                       {QStringLiteral("fill_first"), false},
                       {QStringLiteral("max_latency_s"), 0.1}};
}

void tst_JobOptions::acceptsGoodOptions()
{
    QFETCH(QString, kind);
    QFETCH(QVariantMap, options);
    const Error error = readerError(kind, options);
    QVERIFY2(!error.isError(), qPrintable(error.message));
}

void tst_JobOptions::fsBenchOptionsSetThePlan()
{
    const auto plan =
        jobPlanFromOptions(QStringLiteral("fsbench"),
                           {{QStringLiteral("filesystems"), QStringList{QStringLiteral("ext4")}},
                            {QStringLiteral("tree.preset"), QStringLiteral("custom")},
                            {QStringLiteral("tree.files"), 10},
                            {QStringLiteral("tree.bytes"), u64(40960)},
                            {QStringLiteral("tree.seed"), QStringLiteral("9")}});
    QVERIFY(plan);
    const auto &fs = std::get<fsbench::FsBenchPlan>(*plan);
    QCOMPARE(fs.filesystems, QStringList{QStringLiteral("ext4")});
    QCOMPARE(fs.tree.preset, QStringLiteral("custom"));
    QCOMPARE(fs.tree.files, 10);
    QCOMPARE(fs.tree.bytes, quint64(40960));
    QCOMPARE(fs.tree.seed, quint64(9));
    QCOMPARE(fs.mountRoot, fsbench::FsBenchPlan().mountRoot);
    // A named preset sets the tree's shape; the seed stays the caller's.
    const auto tiny = jobPlanFromOptions(QStringLiteral("fsbench"),
                                         {{QStringLiteral("tree.preset"), QStringLiteral("tiny")},
                                          {QStringLiteral("tree.seed"), QStringLiteral("5")}});
    QVERIFY(tiny);
    QCOMPARE(std::get<fsbench::FsBenchPlan>(*tiny).tree.files,
             fsbench::treePreset(QStringLiteral("tiny"))->files);
    QCOMPARE(std::get<fsbench::FsBenchPlan>(*tiny).tree.seed, quint64(5));
}

void tst_JobOptions::stallKeysAreTheFilesKeys()
{
    // The wire's keys are those a saved stall result holds: the file's reader reads them.
    stall::StallPlan plan;
    plan.baselineSeconds = 7;
    plan.gapSeconds = 0.25;
    plan.maxLatencySeconds = 0.2;
    const QVariantMap options = optionsFromPlan(JobPlan(plan));
    const Expected<QJsonObject> json = jsonFromOptions(options);
    QVERIFY(json);
    QCOMPARE(json->value(QStringLiteral("baseline_s")).toDouble(), 7.0);
    QCOMPARE(json->value(QStringLiteral("gap_s")).toDouble(), 0.25);
    QCOMPARE(json->value(QStringLiteral("max_latency_s")).toDouble(), 0.2);
    QCOMPARE(stall::StallPlan::fromJson(*json).toJson(), plan.toJson());
}

void tst_JobOptions::olderSweepSeedsAreReadExactly_data()
{
    QTest::addColumn<QVariant>("seed");
    QTest::addColumn<quint64>("expected");
    // StartSweep's callers sent the seed as t before the options were the file's plan, whose
    // seed is text; a JSON number on the way would round the large ones.
    QTest::newRow("uint64 2^64 - 1") << QVariant::fromValue(~qulonglong(0)) << ~quint64(0);
    QTest::newRow("uint64 2^53 + 1") << u64((quint64(1) << 53) + 1) << (quint64(1) << 53) + 1;
    QTest::newRow("uint64 2^63 + 1") << u64((quint64(1) << 63) + 1) << (quint64(1) << 63) + 1;
    QTest::newRow("int64 2^62 + 1")
        << QVariant(qlonglong((quint64(1) << 62) + 1)) << (quint64(1) << 62) + 1;
    QTest::newRow("int32 42, as gdbus types it") << QVariant(42) << quint64(42);
    QTest::newRow("uint32") << QVariant::fromValue(uint(7)) << quint64(7);
    QTest::newRow("text, as clients send it now")
        << QVariant(QStringLiteral("18446744073709551615")) << ~quint64(0);
}

void tst_JobOptions::olderSweepSeedsAreReadExactly()
{
    QFETCH(QVariant, seed);
    QFETCH(quint64, expected);
    const Expected<JobPlan> plan =
        jobPlanFromOptions(QStringLiteral("sweep"), {{QStringLiteral("seed"), seed},
                                                     {QStringLiteral("max_bytes"), u64(1 << 20)}});
    QVERIFY2(plan, qPrintable(plan ? QString() : plan.error().message));
    QCOMPARE(std::get<SweepPlan>(*plan).seed, expected);
    QCOMPARE(std::get<SweepPlan>(*plan).maxBytes, quint64(1 << 20));
    // And on into the result file, as text.
    ResolvedPlan resolved;
    resolved.plan = std::get<SweepPlan>(*plan);
    QCOMPARE(planFromJson(planToJson(resolved)).plan.seed, expected);
}

void tst_JobOptions::everyKindRoundTrips_data()
{
    addSamplePlanRows();
}

// Every kind's plan through the wire (optionsFromPlan, then the helper's reader) and through
// its result file (written and read as a saved result is): both give the plan back, because
// both are the plan's one codec. The file's side is the kind's descriptor's (jobkind.h).
void tst_JobOptions::everyKindRoundTrips()
{
    QFETCH(QString, kind);
    QFETCH(QString, sample);
    const JobPlan plan = samplePlan(sample);
    QCOMPARE(jobKind(plan), kind);
    const Expected<JobPlan> wire = jobPlanFromOptions(kind, optionsFromPlan(plan));
    QVERIFY2(wire, qPrintable(wire ? QString() : wire.error().message));
    QCOMPARE(jobKind(*wire), kind);
    QCOMPARE(planJson(*wire), planJson(plan));

    std::visit([](const auto &kindPlan) { checkThroughFile(kindPlan); }, plan);
}

void tst_JobOptions::everyBoundIsAnOptionOfItsKind_data()
{
    QTest::addColumn<QString>("kind");
    for (const QString &kind : jobKinds())
        QTest::newRow(qPrintable(kind)) << kind;
}

// The helper's bounds name members of the plan; the option each bounds is the key the plan's
// field list writes for that member, looked up there (a bound on a member the list does not
// write does not compile). Each is an option of its kind, bounded once.
void tst_JobOptions::everyBoundIsAnOptionOfItsKind()
{
    QFETCH(QString, kind);
    const OptionKeys keys = optionKeys(kind);
    QVERIFY(!keys.keys.isEmpty());
    for (qsizetype i = 0; i < keys.bounded.size(); ++i) {
        const QString &key = keys.bounded.at(i);
        QVERIFY2(keys.keys.contains(key),
                 qPrintable(QStringLiteral("bound %1 of %2 is on no option its codec writes")
                                .arg(i + 1)
                                .arg(kind)));
        QCOMPARE(keys.bounded.count(key), 1);
    }
    if (kind == QLatin1String("fsbench")) // a member of a nested object: its dotted key
        QVERIFY(keys.bounded.contains(QStringLiteral("tree.files")));
    // And the bounds hold on the wire: the plan's defaults pass them.
    const Expected<JobPlan> defaults = jobPlanFromOptions(kind, {});
    if (!defaults) // fstrim-timing: only a caller can name the filesystem
        QVERIFY2(!defaults.error().message.contains(QLatin1String("bounds")),
                 qPrintable(defaults.error().message));
}

TRIMSCOPE_TEST_GUILESS_MAIN(tst_JobOptions)
#include "tst_joboptions.moc"
