// fio's command line is built from our own, checked values only: tables of good and bad jobs.
#include "recovery/fiojob.h"
#include "testmain.h"

#include <QTest>

using namespace trimscope;
using namespace trimscope::recovery;

class TestFioJob : public QObject
{
    Q_OBJECT

private slots:
    void exactArguments();
    void randomArguments();
    void accepts_data();
    void accepts();
    void refuses_data();
    void refuses();
    void bandwidthLog_data();
    void bandwidthLog();
};

namespace {

constexpr quint64 kMiB = quint64(1) << 20;

FioDevice device(const QString &path = QStringLiteral("/dev/sdb"))
{
    return {path, 128 * kMiB, 512};
}

WriteJob sequentialJob()
{
    return {WritePattern::Sequential, 16 * kMiB, 32 * kMiB, 1u << 20, 8, 0};
}

WriteJob randomJob()
{
    return {WritePattern::Random, 0, 128 * kMiB, 4096, 32, 60};
}

} // namespace

void TestFioJob::exactArguments()
{
    const Expected<QStringList> args = fioArguments(sequentialJob(), device());
    QVERIFY2(args, qPrintable(args.error().message));
    const QStringList expected{
        "--name=trimscope",
        "--filename=/dev/sdb",
        "--rw=write",
        "--bs=1048576",
        "--iodepth=8",
        "--ioengine=libaio",
        "--direct=1",
        "--offset=16777216",
        "--size=33554432",
        "--numjobs=1",
        "--thread=1",
        "--group_reporting=1",
        "--allow_mounted_write=0",
        "--exitall_on_error=1",
        "--percentile_list=50:95:99:99.9",
        "--output-format=json",
        "--eta=never",
    };
    QCOMPARE(*args, expected);
}

void TestFioJob::randomArguments()
{
    const Expected<QStringList> args = fioArguments(randomJob(), device());
    QVERIFY(args);
    QVERIFY(args->contains(QStringLiteral("--rw=randwrite")));
    QVERIFY(args->contains(QStringLiteral("--time_based=1")));
    QVERIFY(args->contains(QStringLiteral("--runtime=60")));
    QVERIFY(args->contains(QStringLiteral("--norandommap=1")));
    // Every argument is one --option=value: nothing positional that fio could read as a job file.
    for (const QString &arg : *args)
        QVERIFY2(arg.startsWith(QLatin1String("--")) && arg.contains(QLatin1Char('=')),
                 qPrintable(arg));
}

void TestFioJob::accepts_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<int>("pattern");
    QTest::addColumn<quint64>("offset");
    QTest::addColumn<quint64>("length");
    QTest::addColumn<quint32>("block");
    QTest::addColumn<int>("depth");
    QTest::addColumn<int>("runtime");
    const int seq = int(WritePattern::Sequential), rnd = int(WritePattern::Random);
    const quint32 mib = 1u << 20;
    QTest::newRow("whole device") << "/dev/sdb" << seq << quint64(0) << 128 * kMiB << mib << 1 << 0;
    QTest::newRow("last block") << "/dev/nvme0n1" << seq << 128 * kMiB - 4096 << quint64(4096)
                                << 4096u << 1 << 0;
    QTest::newRow("loop, 512 B") << "/dev/loop7" << rnd << quint64(0) << kMiB << 512u << 256 << 1;
    QTest::newRow("16 MiB blocks")
        << "/dev/sdb" << seq << quint64(0) << 64 * kMiB << 16u * mib << 32 << 0;
    QTest::newRow("a day") << "/dev/mmcblk0" << rnd << quint64(0) << kMiB << 4096u << 32 << 86400;
}

void TestFioJob::accepts()
{
    QFETCH(QString, path);
    QFETCH(int, pattern);
    QFETCH(quint64, offset);
    QFETCH(quint64, length);
    QFETCH(quint32, block);
    QFETCH(int, depth);
    QFETCH(int, runtime);
    const WriteJob job{WritePattern(pattern), offset, length, block, depth, runtime};
    const Error error = validateWriteJob(job, device(path));
    QVERIFY2(!error.isError(), qPrintable(error.message));
    QVERIFY(fioArguments(job, device(path)));
}

void TestFioJob::refuses_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<int>("pattern");
    QTest::addColumn<quint64>("offset");
    QTest::addColumn<quint64>("length");
    QTest::addColumn<quint32>("block");
    QTest::addColumn<int>("depth");
    QTest::addColumn<int>("runtime");
    const int seq = int(WritePattern::Sequential), rnd = int(WritePattern::Random);
    const quint32 mib = 1u << 20;
    // Paths fio would read as more than one plain file, or that are not device nodes.
    QTest::newRow("two files") << "/dev/sdb:/dev/sda" << seq << quint64(0) << kMiB << mib << 1 << 0;
    QTest::newRow("fio variable") << "/dev/$jobname" << seq << quint64(0) << kMiB << mib << 1 << 0;
    QTest::newRow("relative") << "sdb" << seq << quint64(0) << kMiB << mib << 1 << 0;
    QTest::newRow("not under /dev") << "/tmp/sdb" << seq << quint64(0) << kMiB << mib << 1 << 0;
    QTest::newRow("dot-dot") << "/dev/../etc/passwd" << seq << quint64(0) << kMiB << mib << 1 << 0;
    QTest::newRow("by-id link") << "/dev/disk/by-id/x" << seq << quint64(0) << kMiB << mib << 1
                                << 0;
    QTest::newRow("option in path")
        << "/dev/sdb --rw=read" << seq << quint64(0) << kMiB << mib << 1 << 0;
    QTest::newRow("newline") << "/dev/sdb\n" << seq << quint64(0) << kMiB << mib << 1 << 0;
    QTest::newRow("empty path") << "" << seq << quint64(0) << kMiB << mib << 1 << 0;
    // Regions and sizes.
    QTest::newRow("past the end") << "/dev/sdb" << seq << 127 * kMiB << 2 * kMiB << mib << 1 << 0;
    QTest::newRow("offset past the end")
        << "/dev/sdb" << seq << 256 * kMiB << kMiB << mib << 1 << 0;
    QTest::newRow("overflowing offset")
        << "/dev/sdb" << seq << ~quint64(0) - kMiB + 1 << 2 * kMiB << mib << 1 << 0;
    QTest::newRow("empty region") << "/dev/sdb" << seq << quint64(0) << quint64(0) << mib << 1 << 0;
    QTest::newRow("unaligned length")
        << "/dev/sdb" << seq << quint64(0) << kMiB + 512 << mib << 1 << 0;
    QTest::newRow("unaligned offset")
        << "/dev/sdb" << seq << quint64(4096) << kMiB << mib << 1 << 0;
    QTest::newRow("block not 2^n")
        << "/dev/sdb" << seq << quint64(0) << 3 * kMiB << 3u * mib << 1 << 0;
    QTest::newRow("block 256 B") << "/dev/sdb" << seq << quint64(0) << kMiB << 256u << 1 << 0;
    QTest::newRow("block 32 MiB") << "/dev/sdb" << seq << quint64(0) << 64 * kMiB << 32u * mib << 1
                                  << 0;
    QTest::newRow("depth 0") << "/dev/sdb" << seq << quint64(0) << kMiB << mib << 0 << 0;
    QTest::newRow("depth 257") << "/dev/sdb" << seq << quint64(0) << kMiB << mib << 257 << 0;
    QTest::newRow("timed sequential") << "/dev/sdb" << seq << quint64(0) << kMiB << mib << 1 << 5;
    QTest::newRow("untimed random") << "/dev/sdb" << rnd << quint64(0) << kMiB << 4096u << 32 << 0;
    QTest::newRow("random > a day")
        << "/dev/sdb" << rnd << quint64(0) << kMiB << 4096u << 32 << 86401;
}

void TestFioJob::refuses()
{
    QFETCH(QString, path);
    QFETCH(int, pattern);
    QFETCH(quint64, offset);
    QFETCH(quint64, length);
    QFETCH(quint32, block);
    QFETCH(int, depth);
    QFETCH(int, runtime);
    const WriteJob job{WritePattern(pattern), offset, length, block, depth, runtime};
    const Error error = validateWriteJob(job, device(path));
    QVERIFY(error.isError());
    QCOMPARE(error.code, ErrorCode::InvalidArgument);
    const Expected<QStringList> args = fioArguments(job, device(path));
    QVERIFY(!args);
}

// The fill curve's one job logs its speed; the log goes only where the caller made room for it.
void TestFioJob::bandwidthLog_data()
{
    QTest::addColumn<int>("windowMsec");
    QTest::addColumn<QString>("prefix");
    QTest::addColumn<bool>("accepted");
    const QString ours = QStringLiteral("/tmp/trimscope-fio-AbC123/fill");
    QTest::newRow("20 ms") << 20 << ours << true;
    QTest::newRow("a minute") << 60000 << ours << true;
    QTest::newRow("no log, no prefix") << 0 << QString() << true;
    QTest::newRow("5 ms") << 5 << ours << false;
    QTest::newRow("over a minute") << 60001 << ours << false;
    QTest::newRow("negative") << -20 << ours << false;
    QTest::newRow("no prefix") << 20 << QString() << false;
    QTest::newRow("relative prefix") << 20 << QStringLiteral("fill") << false;
    QTest::newRow("two files") << 20 << QStringLiteral("/tmp/a:/etc/b") << false;
    QTest::newRow("fio variable") << 20 << QStringLiteral("/tmp/$jobname") << false;
}

void TestFioJob::bandwidthLog()
{
    QFETCH(int, windowMsec);
    QFETCH(QString, prefix);
    QFETCH(bool, accepted);
    WriteJob job = sequentialJob();
    job.bandwidthLogMsec = windowMsec;
    const Expected<QStringList> args = fioArguments(job, device(), prefix);
    QCOMPARE(bool(args), accepted);
    if (!args) {
        QCOMPARE(args.error().code, ErrorCode::InvalidArgument);
        return;
    }
    const Expected<QStringList> plain = fioArguments(sequentialJob(), device());
    QVERIFY(plain);
    if (windowMsec == 0) {
        QCOMPARE(*args, *plain);
        return;
    }
    const QStringList logged{QStringLiteral("--write_bw_log=") + prefix,
                             QStringLiteral("--log_avg_msec=%1").arg(windowMsec)};
    QCOMPARE(*args, *plain + logged);
    QCOMPARE(fioBandwidthLogPath(prefix), prefix + QStringLiteral("_bw.1.log"));
}

TRIMSCOPE_TEST_GUILESS_MAIN(TestFioJob)
#include "tst_fiojob.moc"
