// The verdict for the drive in use (issue 31): computed by one function from numbers, words built
// afterwards; the watch and the timed fstrim read into the advice; the figures named as the
// drive's own; a spare drive's sweep stays the full answer.
#include "advice/advice.h"
#include "advice/inuse.h"
#include "common/units.h"
#include "report/adviceinput.h"
#include "report/resultfile.h"
#include "testmain.h"

#include <QTest>
#include <QTimeZone>

using namespace trimscope;
using namespace trimscope::advice;

Q_DECLARE_METATYPE(trimscope::advice::Verdict)

namespace {

constexpr quint64 kMiB = quint64(1) << 20;
constexpr double kDay = 86400;

DriveInfo systemDrive()
{
    DriveInfo drive;
    drive.name = QStringLiteral("nvme0n1");
    drive.path = QStringLiteral("/dev/nvme0n1");
    drive.model = QStringLiteral("Example NVMe SSD 1TB");
    drive.serial = QStringLiteral("S1");
    drive.sizeBytes = quint64(1000) * 1000 * 1000 * 1000;
    drive.discardMaxBytes = quint64(2) << 30;
    return drive;
}

// A watch of the system drive: its root filesystem on nvme0n1p2 served `discards` of
// `averageMiB` each, `secondsEach` of device time each, over `period`.
watch::DiscardWatch watchOf(const QString &fsType, bool onlineDiscard, quint64 discards,
                            double averageMiB, double secondsEach, double period)
{
    watch::DiscardWatch w;
    w.drive = systemDrive();
    w.started = QDateTime(QDate(2026, 11, 1), QTime(8, 0), QTimeZone::utc());
    w.periodSeconds = period;
    w.sinceBoot = true;
    watch::DiscardUse disk;
    disk.name = QStringLiteral("nvme0n1");
    watch::DiscardUse root;
    root.name = QStringLiteral("nvme0n1p2");
    root.mountPoints = {QStringLiteral("/")};
    root.filesystems = {
        {QStringLiteral("/"), fsType, onlineDiscard, QStringLiteral("259:2"), std::nullopt}};
    root.discards.count = discards;
    root.discards.bytes = quint64(double(discards) * averageMiB * double(kMiB));
    root.discards.deviceSeconds = double(discards) * secondsEach;
    disk.discards = root.discards;
    w.uses = {disk, root};
    return w;
}

watch::FstrimTimingResult fstrimOf(const QString &mount, double seconds, quint64 trimmed,
                                   const QDateTime &started)
{
    watch::FstrimTimingResult r;
    r.drive = systemDrive();
    r.started = started;
    r.filesystem.mountPoint = mount;
    r.filesystem.fsType = QStringLiteral("ext4");
    r.filesystem.deviceName = QStringLiteral("nvme0n1p2");
    watch::FstrimPiece piece;
    piece.seconds = seconds;
    piece.trimmedBytes = trimmed;
    piece.discards.count = trimmed > 0 ? 10 : 0;
    piece.discards.bytes = trimmed;
    piece.discards.deviceSeconds = seconds;
    r.pieces = {piece};
    r.plannedPieces = 1;
    return r;
}

const Figure *figureOf(const Advice &advice, const QString &id)
{
    return advice.figure(id);
}

} // namespace

class TestInUseAdvice : public QObject
{
    Q_OBJECT
private slots:
    void verdictFromNumbers_data();
    void verdictFromNumbers();
    void numbersFromTheWatch();
    void fstrimInsideTheWatchIsNotOnlineDiscard();
    void adviceNamesTheMeasuredFigures_data();
    void adviceNamesTheMeasuredFigures();
    void aSweepStaysTheFullAnswer();
    void readsWatchAndFstrimFiles();
    void refusesAnotherDrivesWatch();
    void aShortWindowIsNoDailyRate_data();
    void aShortWindowIsNoDailyRate();
    void saysWhereTheCountingBegan_data();
    void saysWhereTheCountingBegan();
};

void TestInUseAdvice::verdictFromNumbers_data()
{
    QTest::addColumn<bool>("onlineDiscard");
    QTest::addColumn<quint64>("discards");
    QTest::addColumn<double>("deleteSeconds"); // < 0: none
    QTest::addColumn<double>("fstrimSeconds"); // < 0: none
    QTest::addColumn<Verdict>("verdict");
    // Limit 1 s, a range of 2x either way: fine below 0.5 s, fstrim above 2 s.
    QTest::newRow("discard on, cheap")
        << true << quint64(500) << 0.2 << -1.0 << Verdict::OnlineDiscardFine;
    QTest::newRow("discard on, costly")
        << true << quint64(500) << 3.0 << -1.0 << Verdict::PreferPeriodicFstrim;
    QTest::newRow("discard on, across the limit")
        << true << quint64(500) << 0.8 << -1.0 << Verdict::Undecided;
    QTest::newRow("discard on, nothing served")
        << true << quint64(0) << -1.0 << -1.0 << Verdict::Unknown;
    QTest::newRow("discard on, no recorded delete")
        << true << quint64(500) << -1.0 << 2.0 << Verdict::Unknown;
    QTest::newRow("discard off, fstrim timed")
        << false << quint64(0) << -1.0 << 2.0 << Verdict::PreferPeriodicFstrim;
    QTest::newRow("discard off, nothing timed")
        << false << quint64(40) << -1.0 << -1.0 << Verdict::Unknown;
}

void TestInUseAdvice::verdictFromNumbers()
{
    QFETCH(bool, onlineDiscard);
    QFETCH(quint64, discards);
    QFETCH(double, deleteSeconds);
    QFETCH(double, fstrimSeconds);
    QFETCH(Verdict, verdict);
    InUseNumbers n;
    n.onlineDiscard = onlineDiscard;
    n.discards = discards;
    // The range a factor of 2 either way.
    if (deleteSeconds >= 0) {
        n.deleteSeconds = deleteSeconds;
        n.deleteLowSeconds = deleteSeconds / 2;
        n.deleteHighSeconds = deleteSeconds * 2;
    }
    if (fstrimSeconds >= 0)
        n.fstrimSeconds = fstrimSeconds;
    n.limitSeconds = 1;
    QCOMPARE(inUseVerdict(n), verdict);
}

void TestInUseAdvice::numbersFromTheWatch()
{
    AdviceInput input;
    // 2,000 discards of 1 MiB, 2 ms each, over two days.
    input.watch = watchOf(QStringLiteral("ext4"), true, 2000, 1.0, 0.002, 2 * kDay);
    const InUseFigures figures = inUseFiguresOf(input);
    QCOMPARE(figures.filesystems.size(), 1); // the whole disk carries no filesystem
    const InUseNumbers n = inUseNumbers(figures.filesystems.constFirst(), AdviceThresholds());
    QCOMPARE(n.discards, quint64(2000));
    QCOMPARE(n.secondsPerDay.value_or(-1), 2.0); // 4 s over two days
    QCOMPARE(n.secondsPerDiscard, 0.002);
    // ext4's recorded kernel-tree delete: 360 discards of 48 MiB. From 1 MiB discards alone a
    // 48 MiB one costs between the same 2 ms (command-bound) and 48 times that (size-bound),
    // and the record's margin (2x) widens it: 0.36 s to 69.12 s, across the 1 s limit.
    QVERIFY(n.deleteSeconds);
    QVERIFY(!n.fitted);
    QCOMPARE(n.lowSeconds(), 360 * 0.002 / 2);
    QCOMPARE(n.highSeconds(), 360 * 0.002 * 48 * 2);
    QCOMPARE(n.limitSeconds, 1.0);
    QCOMPARE(inUseVerdict(n), Verdict::Undecided);

    // A timed fstrim's 64 MiB discards at 65 ms each beside them: the drive costs 1 ms a command
    // and 1 ms a MiB, so each of the 360 costs 49 ms: 17.64 s, over the limit whatever the margin.
    watch::FstrimTimingResult fstrim =
        fstrimOf(QStringLiteral("/"), 0.7, 640 * kMiB, input.watch->started.addDays(-1));
    fstrim.pieces[0].discards.deviceSeconds = 0.65;
    input.fstrimTimings = {fstrim};
    const InUseNumbers fitted =
        inUseNumbers(inUseFiguresOf(input).filesystems.constFirst(), AdviceThresholds());
    QVERIFY(fitted.fitted);
    QCOMPARE(qRound(*fitted.deleteSeconds * 1000), qRound(360 * 0.049 * 1000));
    QCOMPARE(inUseVerdict(fitted), Verdict::PreferPeriodicFstrim);
}

void TestInUseAdvice::fstrimInsideTheWatchIsNotOnlineDiscard()
{
    AdviceInput input;
    input.watch = watchOf(QStringLiteral("ext4"), false, 120, 64.0, 0.05, kDay);
    // A timed fstrim during the watched day sent 10 of those discards; one from before did not.
    input.fstrimTimings = {
        fstrimOf(QStringLiteral("/"), 0.5, 640 * kMiB, input.watch->started.addSecs(3600))};
    InUseFigures figures = inUseFiguresOf(input);
    QCOMPARE(figures.filesystems.constFirst().discards.count, quint64(110));
    input.fstrimTimings = {
        fstrimOf(QStringLiteral("/"), 0.5, 640 * kMiB, input.watch->started.addSecs(-3600))};
    figures = inUseFiguresOf(input);
    QCOMPARE(figures.filesystems.constFirst().discards.count, quint64(120));
}

void TestInUseAdvice::adviceNamesTheMeasuredFigures_data()
{
    QTest::addColumn<bool>("onlineDiscard");
    QTest::addColumn<double>("secondsEach");
    QTest::addColumn<bool>("withFstrim");
    QTest::addColumn<Verdict>("verdict");
    QTest::addColumn<QString>("words"); // in the sentence
    QTest::newRow("fast drive, discard on")
        << true << 0.00001 << false << Verdict::OnlineDiscardFine << "Keep online discard on";
    QTest::newRow("slow drive, discard on")
        << true << 0.01 << true << Verdict::PreferPeriodicFstrim << "Turn online discard off";
    QTest::newRow("discard off, fstrim timed")
        << false << 0.01 << true << Verdict::PreferPeriodicFstrim << "Keep periodic fstrim";
    QTest::newRow("discard off, nothing timed")
        << false << 0.01 << false << Verdict::Unknown << "Not enough measured";
}

void TestInUseAdvice::adviceNamesTheMeasuredFigures()
{
    QFETCH(bool, onlineDiscard);
    QFETCH(double, secondsEach);
    QFETCH(bool, withFstrim);
    QFETCH(Verdict, verdict);
    QFETCH(QString, words);
    AdviceInput input;
    input.watch = watchOf(QStringLiteral("ext4"), onlineDiscard, 5000, 0.5, secondsEach, kDay);
    if (withFstrim)
        input.fstrimTimings = {fstrimOf(QStringLiteral("/"), 4.2, quint64(300) << 30,
                                        input.watch->started.addDays(-2))};
    const Advice advice = adviseTrim(input);
    QCOMPARE(advice.verdict, verdict);
    QVERIFY2(advice.sentence.contains(words), qPrintable(advice.sentence));
    QVERIFY2(advice.sentence.contains(QStringLiteral("not a spare drive's")),
             qPrintable(advice.sentence));
    QCOMPARE(advice.drive, systemDrive().displayName());
    const Figure *perDay = figureOf(advice, QStringLiteral("in-use-per-day:/"));
    QVERIFY(perDay);
    QCOMPARE(perDay->value, 5000 * secondsEach);
    QVERIFY(perDay->how.contains(QStringLiteral("measured on this drive in use")));
    if (onlineDiscard) {
        QVERIFY(figureOf(advice, QStringLiteral("in-use-delete:/")));
        // The sentence names the figure it rests on.
        QVERIFY2(advice.sentence.contains(formatSeconds(perDay->value)),
                 qPrintable(advice.sentence));
    }
    if (withFstrim) {
        const Figure *fstrim = figureOf(advice, QStringLiteral("in-use-fstrim:/"));
        QVERIFY(fstrim);
        QCOMPARE(fstrim->value, 4.2);
        if (!onlineDiscard)
            QVERIFY2(advice.sentence.contains(formatSeconds(4.2)), qPrintable(advice.sentence));
    }
    QVERIFY(!advice.confidence.isEmpty());
    QVERIFY(!advice.whatWouldChange.isEmpty());
    // The file keeps it.
    const Expected<Advice> read = Advice::fromJson(advice.toJson());
    QVERIFY(read);
    QCOMPARE(read->verdict, verdict);
    QCOMPARE(read->sentence, advice.sentence);
}

void TestInUseAdvice::aSweepStaysTheFullAnswer()
{
    // A spare drive of the same model, swept: its curve decides; the drive in use adds figures.
    AdviceInput input;
    SweepResult sweep;
    sweep.drive = systemDrive();
    sweep.drive.serial = QStringLiteral("S2");
    for (quint64 bytes = 4096; bytes <= (quint64(256) << 20); bytes *= 4) {
        SizePoint point;
        point.bytes = bytes;
        point.samples = {0.0001, 0.0001, 0.0001};
        point.stats = computeStatistics(point.samples);
        sweep.points.append(point);
    }
    input.sweeps = {sweep};
    const Advice sweptOnly = adviseTrim(input);
    QVERIFY(addAdviceInput(AnyResult(watchOf(QStringLiteral("ext4"), true, 5000, 0.5, 0.5, kDay)),
                           input)
                .isError() == false);
    const Advice both = adviseTrim(input);
    QCOMPARE(both.verdict, sweptOnly.verdict);
    QCOMPARE(both.sentence, sweptOnly.sentence);
    QVERIFY(!both.sentence.contains(QStringLiteral("not a spare drive's")));
    QVERIFY(figureOf(both, QStringLiteral("in-use-per-day:/")));
}

void TestInUseAdvice::readsWatchAndFstrimFiles()
{
    const watch::DiscardWatch w = watchOf(QStringLiteral("xfs"), true, 300, 2.0, 0.004, kDay);
    const Expected<AnyResult> readWatch = readAnyResult(resultToJsonBytes(w));
    QVERIFY(readWatch);
    const auto *back = std::get_if<watch::DiscardWatch>(&*readWatch);
    QVERIFY(back);
    QCOMPARE(back->uses.at(1).filesystems.constFirst().fsType, QStringLiteral("xfs"));
    QCOMPARE(back->uses.at(1).discards.count, quint64(300));
    AdviceInput input;
    QVERIFY(!addAdviceInput(*readWatch, input).isError());
    const watch::FstrimTimingResult f =
        fstrimOf(QStringLiteral("/"), 1.5, 100 * kMiB, w.started.addSecs(-10));
    const Expected<AnyResult> readFstrim = readAnyResult(resultToJsonBytes(f));
    QVERIFY(readFstrim);
    QVERIFY(!addAdviceInput(*readFstrim, input).isError());
    QCOMPARE(input.fstrimTimings.size(), 1);
    QCOMPARE(input.fstrimTimings.constFirst().trimSeconds(), 1.5);
    // A timed fstrim that trimmed no piece adds nothing to go on.
    watch::FstrimTimingResult empty = f;
    empty.pieces.clear();
    QVERIFY(addAdviceInput(AnyResult(empty), input).isError());
}

void TestInUseAdvice::refusesAnotherDrivesWatch()
{
    AdviceInput input;
    QVERIFY(
        !addAdviceInput(AnyResult(watchOf(QStringLiteral("ext4"), true, 10, 1, 0.001, kDay)), input)
             .isError());
    watch::FstrimTimingResult other =
        fstrimOf(QStringLiteral("/data"), 1, kMiB, QDateTime::currentDateTimeUtc());
    other.drive.model = QStringLiteral("Another SSD");
    other.drive.serial = QStringLiteral("X9");
    const Error refused = addAdviceInput(AnyResult(other), input);
    QCOMPARE(refused.code, ErrorCode::InvalidArgument);
    QVERIFY(refused.message.contains(QStringLiteral("one drive at a time")));
}

// Issue 46: a 20 s watch around one delete (181 discards, 1.95 s of drive time) became "8410.20 s
// a day". A window under an hour gives what it measured, never a daily figure; an hour or more,
// or the counters since boot, do.
void TestInUseAdvice::aShortWindowIsNoDailyRate_data()
{
    QTest::addColumn<double>("period");
    QTest::addColumn<bool>("sinceBoot");
    QTest::addColumn<bool>("daily");
    QTest::newRow("20 s around one delete") << 20.0 << false << false;
    QTest::newRow("10 minutes") << 600.0 << false << false;
    QTest::newRow("just under an hour") << 3599.0 << false << false;
    QTest::newRow("an hour") << 3600.0 << false << true;
    QTest::newRow("a day") << kDay << false << true;
    QTest::newRow("since boot, 9 minutes ago") << 540.0 << true << true;
    QTest::newRow("since boot, two days ago") << 2 * kDay << true << true;
    QTest::newRow("nothing watched") << 0.0 << false << false;
}

void TestInUseAdvice::aShortWindowIsNoDailyRate()
{
    QFETCH(double, period);
    QFETCH(bool, sinceBoot);
    QFETCH(bool, daily);
    QCOMPARE(isDailyRate(period, sinceBoot), daily);
    if (period <= 0)
        return;
    AdviceInput input;
    // 181 discards of 0.5 MiB taking 1.95 s of the drive, the hold-out's burst.
    input.watch = watchOf(QStringLiteral("ext4"), true, 181, 0.5, 1.95 / 181, period);
    input.watch->sinceBoot = sinceBoot;
    const InUseNumbers n =
        inUseNumbers(inUseFiguresOf(input).filesystems.constFirst(), AdviceThresholds());
    QCOMPARE(n.secondsPerDay.has_value(), daily);
    QCOMPARE(qRound(n.driveSeconds * 100), 195);
    const Advice advice = adviseTrim(input);
    QCOMPARE(bool(figureOf(advice, QStringLiteral("in-use-per-day:/"))), daily);
    const Figure *window = figureOf(advice, QStringLiteral("in-use-drive-time:/"));
    QCOMPARE(bool(window), !daily);
    QCOMPARE(advice.sentence.contains(QStringLiteral(" a day")), daily);
    if (daily) {
        QVERIFY2(advice.sentence.contains(formatSeconds(1.95 / period * kDay)),
                 qPrintable(advice.sentence));
        return;
    }
    // What was measured, as measured: the count, the drive time and its share of the window.
    QCOMPARE(qRound(window->value * 100), 195);
    for (const QString &said : {QStringLiteral("181 discard"), formatSeconds(1.95),
                                formatPercent(1.95 / period * 100, 1), formatDuration(period)})
        QVERIFY2(advice.sentence.contains(said),
                 qPrintable(said + QStringLiteral(" | ") + advice.sentence));
    // And what a longer watch would add.
    QVERIFY2(
        advice.whatWouldChange.join(QLatin1Char(' ')).contains(QStringLiteral("an hour or more")),
        qPrintable(advice.whatWouldChange.join(QLatin1Char('|'))));
}

TRIMSCOPE_TEST_GUILESS_MAIN(TestInUseAdvice)
// Issue 46, item 10: counters of a disk plugged in after boot count from when it appeared, those of
// a loop number used before from its attachment's first sighting; the measured figure says which.
void TestInUseAdvice::saysWhereTheCountingBegan_data()
{
    QTest::addColumn<bool>("sinceBoot");
    QTest::addColumn<QString>("countedSince"); // DiscardWatch::countedSince
    QTest::addColumn<QString>("says");
    QTest::newRow("since boot") << true << QString() << "since boot, 2 h";
    QTest::newRow("since it appeared") << true << "Counted since 08:00, when sdb appeared."
                                       << "since it appeared, 2 h";
    QTest::newRow("since its attachment was first seen")
        << false << "Counted since 08:00, when this attachment of loop3 was first seen."
        << "since its present medium was first seen, 2 h";
    QTest::newRow("a watched period") << false << QString() << "over 2 h";
}

void TestInUseAdvice::saysWhereTheCountingBegan()
{
    QFETCH(bool, sinceBoot);
    QFETCH(QString, countedSince);
    QFETCH(QString, says);
    AdviceInput input;
    input.watch = watchOf(QStringLiteral("ext4"), true, 181, 0.5, 1.95 / 181, 7200);
    input.watch->sinceBoot = sinceBoot;
    input.watch->countedSince = countedSince;
    const Figure *perDay = figureOf(adviseTrim(input), QStringLiteral("in-use-per-day:/"));
    QVERIFY(perDay);
    QVERIFY2(perDay->how.contains(says), qPrintable(perDay->how));
}

#include "tst_inuseadvice.moc"
