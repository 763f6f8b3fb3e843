// Issue 46: the README's scripted path and `diagnose` give one verdict beside a background probe
// that could not tell (two busy loops beside it). Recorded inputs only: the sweeps and trees of
// the emulated drives measured beside busy loops (data/emulated/DRIVE-loaded/), each path's
// trees (the scripted path's quick tree, diagnose's sixteenth and quarter of the kernel tree),
// and the background-trimming drive's probe recorded beside two busy loops, which saw its
// slow-down in one pair of two (tests/core/probe/recorded/background-2-busy-loops.json).
//
// Before: a probe that could not tell was left out, and the verdict followed the estimates
// alone, so the background-trimming drive (TRIMs as quick as the fast drive's) was "fine" or
// "undecided" by where the load had put an estimate near its limit, path by path. Now "fine"
// beside an undecided probe is "undecided" (it rests on TRIM times a background trimmer's are
// not), and "fstrim" stands.
#include "advice/advice.h"
#include "report/adviceinput.h"
#include "report/resultfile.h"
#include "testmain.h"

#include <QFile>
#include <QTest>

using namespace trimscope;
using namespace trimscope::advice;

Q_DECLARE_METATYPE(trimscope::advice::Verdict)

namespace {

const QString kData = QStringLiteral(TRIMSCOPE_SOURCE_DIR "/tests/core/advice/data/emulated/");
const QString kBusyProbe =
    QStringLiteral(TRIMSCOPE_SOURCE_DIR "/tests/core/probe/recorded/background-2-busy-loops.json");

// The results in `files` added as `advise --from` adds them; only `filesystems` measured.
bool readInput(const QStringList &files, const QStringList &filesystems, AdviceInput &input)
{
    for (const QString &path : files) {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            return false;
        const Expected<AnyResult> result = readAnyResult(file.readAll());
        if (!result || addAdviceInput(*result, input).isError())
            return false;
    }
    input.treeDeletes.removeIf([&](const auto &d) { return !filesystems.contains(d.filesystem); });
    input.filesystems.removeIf([&](const auto &p) { return !filesystems.contains(p.filesystem); });
    return true;
}

// What one rule makes of a filesystem's verdict when the probe could not tell.
Verdict besideUndecidedProbe(Verdict withoutProbe)
{
    return withoutProbe == Verdict::OnlineDiscardFine ? Verdict::Undecided : withoutProbe;
}

} // namespace

class TestBusyProbeAdvice : public QObject
{
    Q_OBJECT

private slots:
    void onePathsVerdict_data();
    void onePathsVerdict();
    void bothPathsAgree_data();
    void bothPathsAgree();
};

void TestBusyProbeAdvice::onePathsVerdict_data()
{
    QTest::addColumn<QString>("drive");
    QTest::addColumn<QStringList>("trees");
    QTest::addColumn<QStringList>("filesystems");
    const QStringList scripted{QStringLiteral("quick")};
    const QStringList diagnose{QStringLiteral("s16"), QStringLiteral("s4")};
    const QStringList both{QStringLiteral("ext4"), QStringLiteral("xfs")};
    // The background rows measure XFS alone: ext4 is priced from its recorded figures.
    const QStringList xfs{QStringLiteral("xfs")};
    for (const char *drive : {"fast-loaded", "written-only-loaded", "slow-small-loaded"}) {
        for (const QStringList &fs : {both, xfs}) {
            QTest::addRow("%s, %s, scripted", drive, qPrintable(fs.join(QLatin1Char('+'))))
                << QString::fromLatin1(drive) << scripted << fs;
            QTest::addRow("%s, %s, diagnose", drive, qPrintable(fs.join(QLatin1Char('+'))))
                << QString::fromLatin1(drive) << diagnose << fs;
        }
    }
}

// Each path: the busy probe turns "fine" into "undecided" (said so per filesystem, with the run
// that decides), leaves "fstrim" and "undecided" as they were, and counts in the confidence.
void TestBusyProbeAdvice::onePathsVerdict()
{
    QFETCH(QString, drive);
    QFETCH(QStringList, trees);
    QFETCH(QStringList, filesystems);
    QStringList files{kData + drive + QStringLiteral("/sweep.json")};
    for (const QString &tree : trees)
        files.append(kData + drive + QLatin1Char('/') + tree + QStringLiteral(".json"));
    AdviceInput without;
    QVERIFY(readInput(files, filesystems, without));
    AdviceInput busy;
    QVERIFY(readInput(files + QStringList{kBusyProbe}, filesystems, busy));
    QVERIFY(busy.backgroundProbe && !busy.backgroundProbe->conclusive());

    const Advice before = adviseTrim(without);
    const Advice after = adviseTrim(busy);
    QCOMPARE(after.verdict, besideUndecidedProbe(before.verdict));
    QVERIFY(after.verdict != Verdict::OnlineDiscardFine);
    QCOMPARE(after.filesystems.size(), before.filesystems.size());
    for (const FilesystemVerdict &fs : before.filesystems) {
        const FilesystemVerdict *v = after.filesystemVerdict(fs.filesystem);
        QVERIFY(v);
        qInfo("%s: %s without the probe (%.2f s), %s beside it", qPrintable(fs.filesystem),
              qPrintable(verdictName(fs.verdict)), fs.extraSeconds,
              qPrintable(verdictName(v->verdict)));
        QCOMPARE(v->verdict, besideUndecidedProbe(fs.verdict));
        QCOMPARE(v->backgroundUnknown, fs.verdict == Verdict::OnlineDiscardFine);
        if (v->backgroundUnknown) {
            QVERIFY2(v->sentence.contains(QLatin1String("background is not known")),
                     qPrintable(v->sentence));
            QVERIFY2(after.whatWouldChange.join(QLatin1Char('\n'))
                         .contains(QLatin1String("background probe on an idle computer")),
                     qPrintable(after.whatWouldChange.join(QLatin1Char('\n'))));
        }
    }
    QVERIFY(after.confidenceReasons.contains(
        QStringLiteral("background TRIM: not known (the computer was busy)")));
    if (after.verdict == Verdict::Undecided && before.verdict == Verdict::OnlineDiscardFine)
        QVERIFY2(after.sentence.contains(QLatin1String("could not tell")),
                 qPrintable(after.sentence));
    // The flag travels with the file and is read back.
    for (const FilesystemVerdict &fs : after.filesystems) {
        const Expected<FilesystemVerdict> read = FilesystemVerdict::fromJson(fs.toJson());
        QVERIFY(read);
        QCOMPARE(read->backgroundUnknown, fs.backgroundUnknown);
    }
}

void TestBusyProbeAdvice::bothPathsAgree_data()
{
    QTest::addColumn<QString>("drive");
    QTest::addColumn<QStringList>("filesystems");
    QTest::addColumn<Verdict>("verdict");
    const QStringList both{QStringLiteral("ext4"), QStringLiteral("xfs")};
    const QStringList xfs{QStringLiteral("xfs")};
    // The fast and written-only drives: fine by their TRIM times, undecided until a probe tells.
    // The slow-small drive: ext4's discards cost it several seconds, fstrim whatever the probe.
    QTest::newRow("fast-loaded, ext4+xfs") << "fast-loaded" << both << Verdict::Undecided;
    QTest::newRow("fast-loaded, xfs") << "fast-loaded" << xfs << Verdict::Undecided;
    QTest::newRow("written-only-loaded, ext4+xfs")
        << "written-only-loaded" << both << Verdict::Undecided;
    QTest::newRow("slow-small-loaded, ext4+xfs")
        << "slow-small-loaded" << both << Verdict::PreferPeriodicFstrim;
    QTest::newRow("slow-small-loaded, xfs")
        << "slow-small-loaded" << xfs << Verdict::PreferPeriodicFstrim;
}

// The scripted path's inputs (sweep, probe, the quick tree) and diagnose's (sweep, probe, two
// smaller trees) give the same verdict beside the probe that could not tell.
void TestBusyProbeAdvice::bothPathsAgree()
{
    QFETCH(QString, drive);
    QFETCH(QStringList, filesystems);
    QFETCH(Verdict, verdict);
    const QString sweep = kData + drive + QStringLiteral("/sweep.json");
    AdviceInput scripted;
    QVERIFY(readInput({sweep, kBusyProbe, kData + drive + QStringLiteral("/quick.json")},
                      filesystems, scripted));
    AdviceInput diagnose;
    QVERIFY(readInput({sweep, kBusyProbe, kData + drive + QStringLiteral("/s16.json"),
                       kData + drive + QStringLiteral("/s4.json")},
                      filesystems, diagnose));
    const Advice a = adviseTrim(scripted);
    const Advice b = adviseTrim(diagnose);
    QVERIFY2(a.verdict == verdict, qPrintable(a.sentence));
    QVERIFY2(b.verdict == verdict, qPrintable(b.sentence));
    // Filesystem by filesystem too: on the slow-small drive XFS was "undecided" from the quick
    // tree and "fine" from diagnose's two (0.25 s); beside the busy probe both are undecided.
    QCOMPARE(a.filesystems.size(), b.filesystems.size());
    for (const FilesystemVerdict &fs : a.filesystems) {
        const FilesystemVerdict *other = b.filesystemVerdict(fs.filesystem);
        QVERIFY(other);
        QVERIFY2(other->verdict == fs.verdict,
                 qPrintable(fs.sentence + QLatin1Char('\n') + other->sentence));
    }
}

TRIMSCOPE_TEST_GUILESS_MAIN(TestBusyProbeAdvice)
#include "tst_busyprobeadvice.moc"
