#include "fsbench/synthetictree.h"
#include "testmain.h"

#include <QDirIterator>
#include <QFileInfo>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

using namespace trimscope;
using namespace trimscope::fsbench;

class TestSyntheticTree : public QObject
{
    Q_OBJECT

private slots:
    void presets();
    void planAddsUpExactly_data();
    void planAddsUpExactly();
    void planIsDeterministic();
    void planLooksLikeSourceCode();
    void validation_data();
    void validation();
    void writesAndDeletes();
    void cancelStopsWriting();
};

void TestSyntheticTree::presets()
{
    const auto kernel = treePreset(QStringLiteral("kernel"));
    QVERIFY(kernel);
    QCOMPARE(kernel->files, 36706);
    QCOMPARE(kernel->bytes, quint64(493000000));
    for (const QString &name : treePresetNames())
        QVERIFY(!validateTreeSpec(*treePreset(name)).isError());
    QVERIFY(!treePreset(QStringLiteral("linux")));
}

void TestSyntheticTree::planAddsUpExactly_data()
{
    QTest::addColumn<int>("files");
    QTest::addColumn<quint64>("bytes");
    QTest::newRow("kernel") << 36706 << quint64(493000000);
    QTest::newRow("quick") << 9176 << quint64(123250000);
    QTest::newRow("one file") << 1 << quint64(1);
    QTest::newRow("one byte each") << 100 << quint64(100);
    QTest::newRow("odd") << 777 << quint64(1234567);
}

void TestSyntheticTree::planAddsUpExactly()
{
    QFETCH(int, files);
    QFETCH(quint64, bytes);
    TreeSpec spec;
    spec.files = files;
    spec.bytes = bytes;
    const TreePlan plan = planTree(spec);
    QCOMPARE(plan.files.size(), qsizetype(files));
    quint64 sum = 0;
    QSet<QString> paths;
    for (const TreeFile &file : plan.files) {
        QVERIFY(file.bytes >= 1);
        sum += file.bytes;
        paths.insert(file.relativePath);
    }
    QCOMPARE(sum, bytes);
    QCOMPARE(plan.totalBytes, bytes);
    QCOMPARE(paths.size(), qsizetype(files));
    // Parents come before children, and every file's directory is planned.
    QSet<QString> seen;
    for (const QString &dir : plan.directories) {
        const qsizetype slash = dir.lastIndexOf(QLatin1Char('/'));
        if (slash > 0)
            QVERIFY2(seen.contains(dir.left(slash)), qPrintable(dir));
        seen.insert(dir);
    }
    for (const TreeFile &file : plan.files)
        QVERIFY(seen.contains(file.relativePath.section(QLatin1Char('/'), 0, -2)));
}

void TestSyntheticTree::planIsDeterministic()
{
    // The quick preset's tree before issue 46 (2,000 files, 20 MB): the generator itself.
    TreeSpec spec;
    spec.preset = QStringLiteral("custom");
    spec.files = 2000;
    spec.bytes = 20000000;
    const TreePlan a = planTree(spec);
    const TreePlan b = planTree(spec);
    QCOMPARE(a.directories, b.directories);
    for (qsizetype i = 0; i < a.files.size(); ++i) {
        QCOMPARE(a.files[i].relativePath, b.files[i].relativePath);
        QCOMPARE(a.files[i].bytes, b.files[i].bytes);
    }
    QCOMPARE(fileContent(a.files[7]), fileContent(b.files[7]));
    // Pinned values: a change to the generator changes every stored result's workload.
    QCOMPARE(a.files.constFirst().relativePath, QStringLiteral("d0000/f000000.txt"));
    QCOMPARE(a.files.constFirst().bytes, quint64(3409));
    QCOMPARE(a.files.constLast().relativePath, QStringLiteral("d0000/d0001/d0015/d0124/f001999.h"));
    QCOMPARE(a.files.constLast().bytes, quint64(7022));
    QCOMPARE(a.directories.size(), qsizetype(125));

    TreeSpec other = spec;
    other.seed = 2;
    const TreePlan c = planTree(other);
    bool differs = false;
    for (qsizetype i = 0; i < a.files.size() && !differs; ++i)
        differs = a.files[i].bytes != c.files[i].bytes;
    QVERIFY(differs);
}

void TestSyntheticTree::planLooksLikeSourceCode()
{
    const TreePlan plan = planTree(*treePreset(QStringLiteral("kernel")));
    QList<quint64> sizes;
    for (const TreeFile &file : plan.files)
        sizes.append(file.bytes);
    std::sort(sizes.begin(), sizes.end());
    const quint64 median = sizes.at(sizes.size() / 2);
    // A kernel tree: median file a few KiB, a few files of hundreds of KiB, ~15 per directory.
    QVERIFY2(median > 2000 && median < 16000, qPrintable(QString::number(median)));
    QVERIFY(sizes.constLast() > 200000);
    QVERIFY(plan.directories.size() > 2000 && plan.directories.size() < 3000);
    // Incompressible content: no run of equal bytes worth compressing.
    const QByteArray content = fileContent(plan.files.constFirst());
    QCOMPARE(content.size(), qsizetype(plan.files.constFirst().bytes));
    QVERIFY(content.count(content.at(0)) < content.size() / 8 + 8);
}

void TestSyntheticTree::validation_data()
{
    QTest::addColumn<int>("files");
    QTest::addColumn<quint64>("bytes");
    QTest::addColumn<bool>("valid");
    QTest::newRow("zero files") << 0 << quint64(100) << false;
    QTest::newRow("negative files") << -5 << quint64(100) << false;
    QTest::newRow("too many files") << 2000000 << quint64(1) << false;
    QTest::newRow("fewer bytes than files") << 10 << quint64(9) << false;
    QTest::newRow("too many bytes") << 10 << (quint64(65) << 30) << false;
    QTest::newRow("one byte per file") << 10 << quint64(10) << true;
    QTest::newRow("64 GiB") << 10 << (quint64(64) << 30) << true;
}

void TestSyntheticTree::validation()
{
    QFETCH(int, files);
    QFETCH(quint64, bytes);
    QFETCH(bool, valid);
    TreeSpec spec;
    spec.files = files;
    spec.bytes = bytes;
    const Error error = validateTreeSpec(spec);
    QCOMPARE(!error.isError(), valid);
    if (!valid) {
        QCOMPARE(error.code, ErrorCode::InvalidArgument);
        QVERIFY(planTree(spec).files.isEmpty());
    }
}

void TestSyntheticTree::writesAndDeletes()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    TreeSpec spec;
    spec.files = 300;
    spec.bytes = 600000;
    const TreePlan plan = planTree(spec);
    CancelToken cancel;
    QList<double> fractions;
    QVERIFY(!writeTree(dir.path(), plan, cancel, [&](double f) { fractions.append(f); }).isError());
    QVERIFY(!fractions.isEmpty());
    QCOMPARE(fractions.constLast(), 1.0);

    quint64 onDisk = 0;
    int count = 0;
    QDirIterator it(dir.path(), QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        onDisk += quint64(QFileInfo(it.next()).size());
        ++count;
    }
    QCOMPARE(count, spec.files);
    QCOMPARE(onDisk, spec.bytes);
    QFile first(dir.filePath(plan.files.constFirst().relativePath));
    QVERIFY(first.open(QIODevice::ReadOnly));
    QCOMPARE(first.readAll(), fileContent(plan.files.constFirst()));
    first.close();

    QVERIFY(!deleteTree(dir.path(), plan, cancel).isError());
    QVERIFY(QDir(dir.path()).isEmpty(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden));
}

void TestSyntheticTree::cancelStopsWriting()
{
    QTemporaryDir dir;
    TreeSpec spec;
    spec.files = 1000;
    spec.bytes = 1000000;
    const TreePlan plan = planTree(spec);
    CancelToken cancel;
    const Error error = writeTree(dir.path(), plan, cancel, [&](double f) {
        if (f >= 0.25)
            cancel.cancel();
    });
    QCOMPARE(error.code, ErrorCode::Cancelled);
    QVERIFY(!QFileInfo::exists(dir.filePath(plan.files.constLast().relativePath)));
    QCOMPARE(deleteTree(dir.path(), plan, cancel).code, ErrorCode::Cancelled);
}

TRIMSCOPE_TEST_GUILESS_MAIN(TestSyntheticTree)
#include "tst_synthetictree.moc"
