// What the diagnosis expects its filesystem experiment to take (ExperimentCost), against what it
// took in diagnoses recorded on the emulated drives (tests/core/jobs/data, see its README), and
// what the diagnosis says when the budget makes it run smaller trees or none (issue 46 item 1,
// issue 47 item 11).
#include "common/units.h"
#include "jobs/experimentcost.h"
#include "report/resultfile.h"
#include "testmain.h"

#include <QFile>
#include <QRegularExpression>
#include <QTest>

using namespace trimscope;

namespace {

Expected<DiagnosisResult> recorded(const QString &name)
{
    QFile file(QStringLiteral(TRIMSCOPE_SOURCE_DIR "/tests/core/jobs/data/%1.json").arg(name));
    if (!file.open(QIODevice::ReadOnly))
        return makeError(ErrorCode::NoSuchDevice, file.fileName() + QStringLiteral(" not found"));
    return readResult<DiagnosisResult>(file.readAll());
}

// What the diagnosis had measured when its filesystem phase began.
DiagnosisResult beforeFilesystems(DiagnosisResult result)
{
    result.filesystems.clear();
    return result;
}

} // namespace

class TestExperimentCost : public QObject
{
    Q_OBJECT

private slots:
    void estimateWithinOneAndAHalf_data();
    void estimateWithinOneAndAHalf();
    void saysWhatItShortened_data();
    void saysWhatItShortened();
    void saysWhatItSkipped();
    void largerTreeShortenedOrSkipped();
};

void TestExperimentCost::estimateWithinOneAndAHalf_data()
{
    QTest::addColumn<QString>("fixture");
    // Slow small TRIMs (20 ms, 50 ms below 1 MiB): ext4's 468 discards of about 55 MiB for a
    // quarter and a whole kernel tree are 9.4 s of the phase's 69 s; estimated without them,
    // and at the sweep's own write speed, 12.9 s.
    QTest::newRow("slow small TRIMs, 6 min, load 20") << QStringLiteral("slow-small-6min-load-20");
    // The same drive with this estimate: XFS's record (439 discards for the kernel tree) prices
    // 20 s of discards Debian 12's mkfs.xfs does not send (48); the smaller tree's own deletes
    // replace the record for the larger one.
    QTest::newRow("slow small TRIMs, 6 min, load 19") << QStringLiteral("slow-small-6min-load-19");
    // One minute: the trees shortened from 9,176 to 4,588 files by this estimate (21.19 s with
    // 19.40 s left).
    QTest::newRow("slow small TRIMs, 60 s, load 20") << QStringLiteral("slow-small-60s-load-20");
    QTest::newRow("fast, 6 min, load 20") << QStringLiteral("fast-6min-load-20");
    // Background TRIM: the discards return at once and leave 8 ms of work per MiB behind.
    QTest::newRow("background, 60 s") << QStringLiteral("background-60s");
    QTest::newRow("background, 60 s, two busy loops")
        << QStringLiteral("background-60s-two-busy-loops");
    QTest::newRow("background, 6 min, two busy loops")
        << QStringLiteral("background-6min-two-busy-loops");
}

// The runs the recorded diagnosis made, estimated from what it had measured before them, against
// the phase's recorded time.
void TestExperimentCost::estimateWithinOneAndAHalf()
{
    QFETCH(QString, fixture);
    const Expected<DiagnosisResult> result = recorded(fixture);
    QVERIFY2(result, qPrintable(result.error().message));
    QVERIFY(!result->filesystems.isEmpty());
    const ExperimentCost cost = experimentCostOf(beforeFilesystems(*result));
    double estimate = 0;
    double discards = 0;
    QStringList runs;
    for (const fsbench::FsBenchResult &run : result->filesystems) {
        for (const QString &fs : run.plan.filesystems) {
            const bool withoutDiscard = run.run(fs, QStringLiteral("nodiscard")) != nullptr;
            estimate += cost.runSeconds(fs, run.plan.tree, true) +
                        (withoutDiscard ? cost.runSeconds(fs, run.plan.tree, false) : 0);
            discards += cost.discardSeconds(fs, run.plan.tree);
            runs.append(
                QStringLiteral("%1 %2 files%3")
                    .arg(fs)
                    .arg(run.plan.tree.files)
                    .arg(withoutDiscard ? QStringLiteral(" (and without discard)") : QString()));
        }
    }
    const double took = result->phase(DiagnosisPhase::Filesystems).seconds;
    const QString line =
        QStringLiteral("%1: estimated %2 s (the deletes' discards %3 s, trees at %4 MB/s) for "
                       "%5 s taken")
            .arg(runs.join(QStringLiteral(", ")))
            .arg(estimate, 0, 'f', 2)
            .arg(discards, 0, 'f', 2)
            .arg(cost.writeBytesPerSecond / 1e6, 0, 'f', 0)
            .arg(took, 0, 'f', 2);
    qInfo("%s", qPrintable(line));
    // Beside two busy loops one run of the smallest tree took 6.1 s, its mkfs alone 3.5 s (0.05-
    // 1.2 s in every other run recorded); nothing measured before it said so. The diagnosis
    // rescales its later runs by what its first took (runEstimate): there it skipped the larger
    // tree, estimated at 33 s with 8 s left.
    if (fixture == QLatin1String("background-60s-two-busy-loops"))
        QEXPECT_FAIL("", "a busy computer slowed mkfs 3-70x; the first run calibrates the rest",
                     Continue);
    QVERIFY2(estimate <= 1.5 * took && took <= 1.5 * estimate, qPrintable(line));
}

void TestExperimentCost::saysWhatItShortened_data()
{
    QTest::addColumn<QString>("fixture");
    QTest::newRow("slow small TRIMs") << QStringLiteral("slow-small-6min-load-20");
    QTest::newRow("background") << QStringLiteral("background-6min-two-busy-loops");
}

// Planned for the kernel tree with too little left for it: a quarter, and the phase says so with
// what was left and what the planned trees would have taken.
void TestExperimentCost::saysWhatItShortened()
{
    QFETCH(QString, fixture);
    const Expected<DiagnosisResult> result = recorded(fixture);
    QVERIFY2(result, qPrintable(result.error().message));
    const ExperimentCost cost = experimentCostOf(beforeFilesystems(*result));
    const QStringList filesystems = result->plan.filesystems;
    const QList<fsbench::TreeSpec> planned = {kernelLikeTree(kKernelTreeFiles / 4),
                                              kernelLikeTree(kKernelTreeFiles)};
    const QList<fsbench::TreeSpec> quarter = {kernelLikeTree(kKernelTreeFiles / 16),
                                              kernelLikeTree(kKernelTreeFiles / 4)};
    const double left = 1.01 * cost.experimentSeconds(quarter, filesystems);
    QVERIFY(cost.experimentSeconds(planned, filesystems) > left);
    const ExperimentChoice choice = chooseTrees(planned, filesystems, quint64(1) << 30, cost, left);
    QCOMPARE(choice.trees.size(), 2);
    QCOMPARE(choice.trees.at(1).files, kKernelTreeFiles / 4);
    QVERIFY(choice.skipped.isEmpty());
    QCOMPARE(choice.changes.size(), 1);
    const QString &said = choice.changes.constFirst();
    qInfo("%s", qPrintable(said));
    QVERIFY2(said.startsWith(QStringLiteral("trees shortened from %1 to %2 files: %3 of the "
                                            "budget was left, and the planned trees would have "
                                            "taken about ")
                                 .arg(kKernelTreeFiles)
                                 .arg(kKernelTreeFiles / 4)
                                 .arg(formatSeconds(left))),
             qPrintable(said));
    QVERIFY2(said.contains(formatSeconds(cost.experimentSeconds(planned, filesystems))),
             qPrintable(said));
    QVERIFY2(said.endsWith(QStringLiteral(", with their deletes' discards")), qPrintable(said));
    // With all the time it needs, nothing is changed and nothing said.
    const ExperimentChoice plenty = chooseTrees(planned, filesystems, quint64(1) << 30, cost,
                                                cost.experimentSeconds(planned, filesystems));
    QCOMPARE(plenty.trees.at(1).files, kKernelTreeFiles);
    QVERIFY(plenty.changes.isEmpty());
}

void TestExperimentCost::saysWhatItSkipped()
{
    const Expected<DiagnosisResult> result = recorded(QStringLiteral("slow-small-6min-load-20"));
    QVERIFY2(result, qPrintable(result.error().message));
    const ExperimentCost cost = experimentCostOf(beforeFilesystems(*result));
    const QList<fsbench::TreeSpec> planned = {kernelLikeTree(kKernelTreeFiles / 4),
                                              kernelLikeTree(kKernelTreeFiles)};
    const ExperimentChoice choice =
        chooseTrees(planned, result->plan.filesystems, quint64(1) << 30, cost, 1.0);
    QVERIFY(choice.trees.isEmpty());
    qInfo("%s", qPrintable(choice.skipped));
    QVERIFY2(choice.skipped.startsWith(
                 QStringLiteral("skipped: %1 of the budget was left, too little for even the "
                                "smallest trees (about ")
                     .arg(formatSeconds(1.0))),
             qPrintable(choice.skipped));
}

// After the smaller tree ran: the larger as planned, twice the smaller, or none, and said so.
void TestExperimentCost::largerTreeShortenedOrSkipped()
{
    const QList<fsbench::TreeSpec> trees = {kernelLikeTree(kKernelTreeFiles / 4),
                                            kernelLikeTree(kKernelTreeFiles)};
    const auto seconds = [](const fsbench::TreeSpec &tree) { return tree.files / 1000.0; };
    QString change;
    QCOMPARE(largerTreeWithin(trees, 40, seconds, &change).files, kKernelTreeFiles);
    QVERIFY(change.isEmpty());
    const int half = kKernelTreeFiles / 4 * 2;
    QCOMPARE(largerTreeWithin(trees, 20, seconds, &change).files, half);
    QCOMPARE(change, QStringLiteral("the larger tree shortened from %1 to %2 files: it would have "
                                    "taken about %3, %4 was left")
                         .arg(kKernelTreeFiles)
                         .arg(half)
                         .arg(formatSeconds(kKernelTreeFiles / 1000.0), formatSeconds(20)));
    change.clear();
    QCOMPARE(largerTreeWithin(trees, 5, seconds, &change).files, 0);
    QCOMPARE(change, QStringLiteral("the larger tree (%1 files) skipped: it would have taken "
                                    "about %2, %3 was left")
                         .arg(kKernelTreeFiles)
                         .arg(formatSeconds(kKernelTreeFiles / 1000.0), formatSeconds(5)));
}

TRIMSCOPE_TEST_GUILESS_MAIN(TestExperimentCost)
#include "tst_experimentcost.moc"
