// readInputFile, and every CLI option that reads a file a user hands us: a FIFO used to hang
// them, /dev/zero to abort them with bad_alloc (issue 16, item 10). Each bad input is refused
// at once with a message that names the path and says why; a symlink to a regular file is fine.
#include "clirun.h"
#include "common/inputfile.h"
#include "testmain.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace trimscope;

class tst_InputFile : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void reader_data();
    void reader();
    void cliRefusesBadInputs_data();
    void cliRefusesBadInputs();

private:
    // The path for a kind of input file, made in m_dir ("regular", "fifo", ...).
    QString inputPath(const QString &what, InputFileKind kind);

    QTemporaryDir m_dir;
    QString m_sweep;    // a real sweep result (simulated drive)
    QString m_snapshot; // a real audit snapshot of this machine
};

namespace {

const QByteArray kContent = "{\"schema\": \"example\"}\n";

// A sparse file one byte larger than the kind allows: costs no disk space.
bool makeSparse(const QString &path, qint64 size)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.resize(size);
}

} // namespace

void tst_InputFile::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_sweep = m_dir.filePath(QStringLiteral("sweep.json"));
    const test::CliRun sweep = test::runCli(
        {QStringLiteral("sweep"), QStringLiteral("--simulate"), QStringLiteral("ocz-agility3"),
         QStringLiteral("--min"), QStringLiteral("512K"), QStringLiteral("--max"),
         QStringLiteral("1M"), QStringLiteral("--repeat"), QStringLiteral("1"),
         QStringLiteral("--json"), m_sweep});
    QVERIFY2(sweep.exitCode == 0, sweep.err.constData());
    m_snapshot = m_dir.filePath(QStringLiteral("snapshot.json"));
    const test::CliRun audit =
        test::runCli({QStringLiteral("audit"), QStringLiteral("--save-snapshot"), m_snapshot});
    QVERIFY2(QFile::exists(m_snapshot), audit.err.constData());
}

QString tst_InputFile::inputPath(const QString &what, InputFileKind kind)
{
    const QString path = m_dir.filePath(what + QString::number(int(kind)));
    QFile::remove(path);
    if (what == QLatin1String("regular")) {
        QFile file(path);
        if (file.open(QIODevice::WriteOnly))
            file.write(kContent);
    } else if (what == QLatin1String("empty")) {
        QFile file(path);
        (void)file.open(QIODevice::WriteOnly);
    } else if (what == QLatin1String("symlink")) {
        const QString target = inputPath(QStringLiteral("regular"), kind);
        QFile::link(target, path);
    } else if (what == QLatin1String("fifo")) {
        ::mkfifo(QFile::encodeName(path).constData(), 0600);
    } else if (what == QLatin1String("directory")) {
        QDir().mkpath(path);
    } else if (what == QLatin1String("too big")) {
        makeSparse(path, inputFileSizeCap(kind) + 1);
    } else if (what == QLatin1String("/dev/zero")) {
        return what;
    } // "missing": nothing there
    return path;
}

void tst_InputFile::reader_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("what");
    QTest::addColumn<QString>("refusal"); // empty: read fine

    for (const InputFileKind kind :
         {InputFileKind::Result, InputFileKind::AuditSnapshot, InputFileKind::SmartBlob}) {
        const QByteArray k = QByteArray::number(int(kind));
        QTest::newRow("regular " + k) << int(kind) << "regular"
                                      << "";
        QTest::newRow("symlink to a regular file " + k) << int(kind) << "symlink"
                                                        << "";
        QTest::newRow("empty " + k) << int(kind) << "empty"
                                    << "";
        QTest::newRow("FIFO " + k) << int(kind) << "fifo"
                                   << "is a FIFO (named pipe), not a "
                                      "regular file";
        QTest::newRow("/dev/zero " + k) << int(kind) << "/dev/zero"
                                        << "is a character device, not a regular file";
        QTest::newRow("directory " + k) << int(kind) << "directory"
                                        << "is a directory, not a regular file";
        QTest::newRow("too big " + k) << int(kind) << "too big"
                                      << "such a file can be";
        QTest::newRow("missing " + k) << int(kind) << "missing"
                                      << "No such file or directory";
    }
}

void tst_InputFile::reader()
{
    QFETCH(int, kind);
    QFETCH(QString, what);
    QFETCH(QString, refusal);
    const QString path = inputPath(what, InputFileKind(kind));
    QElapsedTimer timer;
    timer.start();
    const Expected<QByteArray> read = readInputFile(path, InputFileKind(kind));
    QVERIFY(timer.elapsed() < 2000);
    if (refusal.isEmpty()) {
        QVERIFY2(read, qPrintable(read.error().message));
        QCOMPARE(*read, what == QLatin1String("empty") ? QByteArray() : kContent);
        return;
    }
    QVERIFY(!read);
    QVERIFY2(read.error().message.contains(path), qPrintable(read.error().message));
    QVERIFY2(read.error().message.contains(refusal), qPrintable(read.error().message));
}

void tst_InputFile::cliRefusesBadInputs_data()
{
    QTest::addColumn<QStringList>("args"); // @FILE@ is the input under test
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("what");

    const QList<std::pair<const char *, std::pair<QStringList, InputFileKind>>> commands{
        {"advise --from", {{"advise", "--from", "@FILE@"}, InputFileKind::Result}},
        {"advise --audit-snapshot",
         {{"advise", "--from", "@SWEEP@", "--audit-snapshot", "@FILE@"},
          InputFileKind::AuditSnapshot}},
        {"audit --snapshot", {{"audit", "--snapshot", "@FILE@"}, InputFileKind::AuditSnapshot}},
        {"metrics --sweep",
         {{"metrics", "--json", "-", "--snapshot", "@SNAPSHOT@", "--sweep", "@FILE@"},
          InputFileKind::Result}},
        {"metrics --snapshot",
         {{"metrics", "--json", "-", "--snapshot", "@FILE@"}, InputFileKind::AuditSnapshot}},
        {"health --blob", {{"health", "--blob", "@FILE@"}, InputFileKind::SmartBlob}},
        {"show", {{"show", "@FILE@"}, InputFileKind::Result}},
    };
    for (const auto &[name, command] : commands) {
        for (const char *what : {"fifo", "/dev/zero", "directory", "too big", "missing"})
            QTest::newRow(QByteArray(name) + ", " + what)
                << command.first << int(command.second) << QString::fromLatin1(what);
    }
}

void tst_InputFile::cliRefusesBadInputs()
{
    QFETCH(QStringList, args);
    QFETCH(int, kind);
    QFETCH(QString, what);
    const QString path = inputPath(what, InputFileKind(kind));
    args.replaceInStrings(QStringLiteral("@FILE@"), path);
    args.replaceInStrings(QStringLiteral("@SWEEP@"), m_sweep);
    args.replaceInStrings(QStringLiteral("@SNAPSHOT@"), m_snapshot);

    QProcess cli;
    // Bounded, so that a reader that slurps /dev/zero fails fast instead of filling the machine.
    cli.setChildProcessModifier([] {
        const rlimit limit{rlim_t(2) << 30, rlim_t(2) << 30};
        ::setrlimit(RLIMIT_AS, &limit);
    });
    QElapsedTimer timer;
    timer.start();
    cli.start(test::cliPath(), args);
    const bool finished = cli.waitForFinished(10000);
    if (!finished) {
        cli.kill();
        cli.waitForFinished();
    }
    const QByteArray err = cli.readAllStandardError();
    QVERIFY2(finished, qPrintable(QStringLiteral("hung for 10 s on %1").arg(path)));
    QCOMPARE(cli.exitStatus(), QProcess::NormalExit);
    QCOMPARE(cli.exitCode(), 2);
    QVERIFY2(err.contains(QFile::encodeName(path)), err.constData());
    QCOMPARE(err.count('\n'), 1); // one line that says it all
    qInfo("%lld ms: %s", qlonglong(timer.elapsed()), err.trimmed().constData());
}

TRIMSCOPE_TEST_GUILESS_MAIN(tst_InputFile)
#include "tst_inputfile.moc"
