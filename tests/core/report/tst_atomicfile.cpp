// writeFileAtomically: a regular file is replaced whole (a rename, so a reader sees the old or
// the new content), a FIFO or device is written to and stays what it is, and a symbolic link
// another user planted in a world-writable sticky directory is never followed (issue 16, item 12).
#include "clirun.h"
#include "common/atomicfile.h"
#include "testmain.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QProcess>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>
#include <sys/stat.h>
#include <unistd.h>

using namespace trimscope;

class tst_AtomicFile : public QObject
{
    Q_OBJECT

private slots:
    void regularFile_data();
    void regularFile();
    void fifoStaysAFifo();
    void plantedLinks_data();
    void plantedLinks();
    void cliRefusesAPlantedLink();
    void devStdoutIsOurStdout();
    void modeComesOnlyFromOurOwnFile_data();
    void modeComesOnlyFromOurOwnFile();
    void auditSnapshotRefusesAPlantedLink();
    void auditSnapshotRefusesAPlantedFifo();
    void auditSnapshotOnAFullDiskKeepsTheOldFile();
    void targetsAreCheckedBeforeARun_data();
    void targetsAreCheckedBeforeARun();
};

namespace {

constexpr uid_t kNobody = 65534;
const QByteArray kVictim = "root's own file\n";

QByteArray contentOf(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray("<unreadable>");
}

bool isSymlink(const QString &path)
{
    struct stat st = {};
    return ::lstat(QFile::encodeName(path).constData(), &st) == 0 && S_ISLNK(st.st_mode);
}

// base/sticky (1777, like /tmp) and base/private (0755) with base/private/victim (0644), all
// root's; returns base/sticky.
QString makeDirectories(const QTemporaryDir &base)
{
    const QString sticky = base.filePath(QStringLiteral("sticky"));
    const QString priv = base.filePath(QStringLiteral("private"));
    QDir().mkpath(sticky);
    QDir().mkpath(priv + QStringLiteral("/subdir"));
    ::chmod(QFile::encodeName(sticky).constData(), 01777);
    ::chmod(QFile::encodeName(base.path()).constData(), 0755);
    QFile victim(priv + QStringLiteral("/victim"));
    if (victim.open(QIODevice::WriteOnly))
        victim.write(kVictim);
    return sticky;
}

// A symbolic link at `link` to `target`, owned by `owner`.
bool plantLink(const QString &target, const QString &link, uid_t owner)
{
    const QByteArray native = QFile::encodeName(link);
    return ::symlink(QFile::encodeName(target).constData(), native.constData()) == 0 &&
           ::lchown(native.constData(), owner, owner) == 0;
}

} // namespace

void tst_AtomicFile::regularFile_data()
{
    QTest::addColumn<QByteArray>("before"); // empty: no file yet
    QTest::addColumn<QByteArray>("after");
    QTest::newRow("new file") << QByteArray() << QByteArray("metric 1\n");
    QTest::newRow("longer content replaced") << QByteArray(4096, 'x') << QByteArray("short\n");
    QTest::newRow("empty content") << QByteArray("old\n") << QByteArray();
}

void tst_AtomicFile::regularFile()
{
    QFETCH(QByteArray, before);
    QFETCH(QByteArray, after);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("trimscope.prom"));
    if (!before.isEmpty()) {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly) && f.write(before) == before.size());
    }
    QVERIFY(!writeFileAtomically(path, after).isError());
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), after);
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 1); // no temporary left
    // Readable by others (node_exporter runs as its own user) under the usual umask 022.
    const mode_t mask = ::umask(022);
    ::umask(mask);
    if (mask == 022)
        QVERIFY(QFileInfo(path).permissions() & QFileDevice::ReadOther);
}

void tst_AtomicFile::fifoStaysAFifo()
{
    QTemporaryDir dir;
    const QString fifo = dir.filePath(QStringLiteral("fifo"));
    QVERIFY(::mkfifo(QFile::encodeName(fifo).constData(), 0600) == 0);
    QProcess reader; // the other end, as a shell's `> >(...)` or a pipe would be
    reader.start(QStringLiteral("cat"), {fifo});
    QVERIFY(reader.waitForStarted());
    const Error error = writeFileAtomically(fifo, QByteArrayLiteral("through the pipe\n"));
    QVERIFY2(!error.isError(), qPrintable(error.message));
    struct stat st
    {
    };
    QVERIFY(::stat(QFile::encodeName(fifo).constData(), &st) == 0);
    const bool stillFifo = S_ISFIFO(st.st_mode);
    if (!stillFifo) { // replaced: cat waits for a writer that never comes
        reader.kill();
    }
    QVERIFY(reader.waitForFinished(10000));
    QVERIFY(stillFifo);
    QCOMPARE(reader.readAllStandardOutput(), QByteArrayLiteral("through the pipe\n"));
}

void tst_AtomicFile::plantedLinks_data()
{
    // Where the link is, who owns it, where it leads ("@" = the private directory), what is
    // written (relative to the link's directory), and whether that is refused.
    QTest::addColumn<QString>("linkDirectory");
    QTest::addColumn<uint>("owner");
    QTest::addColumn<QString>("target");
    QTest::addColumn<QString>("written");
    QTest::addColumn<bool>("refused");
    QTest::addColumn<QString>("changed"); // the file that holds the new content, "" if none

    const uint nobody = kNobody;
    QTest::newRow("nobody's link to root's file, in /tmp-like dir")
        << "sticky" << nobody << "@/victim"
        << "link" << true << "";
    QTest::newRow("nobody's dangling link, in /tmp-like dir") << "sticky" << nobody << "@/created"
                                                              << "link" << true << "";
    QTest::newRow("nobody's link to a directory, a file below it")
        << "sticky" << nobody << "@/subdir"
        << "link/result.json" << true << "";
    QTest::newRow("nobody's link to a device") << "sticky" << nobody << "/dev/null"
                                               << "link" << true << "";
    QTest::newRow("nobody's link via dot-dot") << "sticky" << nobody << "@/victim"
                                               << "../sticky/link" << true << "";
    // What the kernel's protected_symlinks also lets through.
    QTest::newRow("our own link in /tmp-like dir") << "sticky" << 0u << "@/victim"
                                                   << "link" << false << "@/victim";
    QTest::newRow("nobody's link in a directory that is not sticky")
        << "private" << nobody << "@/victim"
        << "link" << false << "@/victim";
    QTest::newRow("our link to nobody's link: the inner one is refused")
        << "private" << 0u << "../sticky/inner"
        << "link" << true << "";
}

void tst_AtomicFile::plantedLinks()
{
    if (::geteuid() != 0)
        QSKIP("needs root (links owned by nobody; the attack is on root)");
    QFETCH(QString, linkDirectory);
    QFETCH(uint, owner);
    QFETCH(QString, target);
    QFETCH(QString, written);
    QFETCH(bool, refused);
    QFETCH(QString, changed);
    QTemporaryDir base;
    const QString sticky = makeDirectories(base);
    const QString priv = base.filePath(QStringLiteral("private"));
    const auto expand = [&](QString path) { return path.replace(QStringLiteral("@"), priv); };
    const QString directory = base.filePath(linkDirectory);
    if (QTest::currentDataTag() == QLatin1String("our link to nobody's link: the inner one is "
                                                 "refused"))
        QVERIFY(plantLink(priv + QStringLiteral("/victim"), sticky + QStringLiteral("/inner"),
                          kNobody));
    QVERIFY(plantLink(expand(target), directory + QStringLiteral("/link"), uid_t(owner)));
    const QString path = directory + QLatin1Char('/') + written;

    const QByteArray content = "written by root\n";
    const Error error = writeFileAtomically(path, content);
    QCOMPARE(error.isError(), refused);
    QCOMPARE(checkNoPlantedSymlink(path).isError(), refused);
    if (refused) {
        QCOMPARE(error.code, ErrorCode::PermissionDenied);
        QVERIFY2(error.message.contains(QStringLiteral("not followed")), qPrintable(error.message));
        QVERIFY2(error.message.contains(path), qPrintable(error.message));
        QVERIFY(isSymlink(directory + QStringLiteral("/link")));
        QCOMPARE(contentOf(priv + QStringLiteral("/victim")), kVictim);
        QVERIFY(!QFile::exists(priv + QStringLiteral("/created")));
        QVERIFY(!QFile::exists(priv + QStringLiteral("/subdir/result.json")));
    } else {
        QVERIFY2(!error.isError(), qPrintable(error.message));
        QCOMPARE(contentOf(expand(changed)), content);
    }
    // No temporary file stays behind anywhere.
    for (const QString &dir : {sticky, priv})
        for (const QString &name : QDir(dir).entryList(QDir::Files | QDir::Hidden | QDir::System))
            QVERIFY2(!name.startsWith(QLatin1Char('.')), qPrintable(name));
}

// The attack as it was found: root runs trimscope-cli --json into /tmp, where nobody has planted
// a link to a root-owned file. Refused before the run, the file untouched.
void tst_AtomicFile::cliRefusesAPlantedLink()
{
    if (::geteuid() != 0)
        QSKIP("needs root (links owned by nobody; the attack is on root)");
    QTemporaryDir base;
    const QString sticky = makeDirectories(base);
    const QString victim = base.filePath(QStringLiteral("private/victim"));
    QVERIFY(plantLink(victim, sticky + QStringLiteral("/result.json"), kNobody));
    const test::CliRun run = test::runCli(
        {QStringLiteral("sweep"), QStringLiteral("--simulate"), QStringLiteral("ocz-agility3"),
         QStringLiteral("--min"), QStringLiteral("512K"), QStringLiteral("--max"),
         QStringLiteral("1M"), QStringLiteral("--repeat"), QStringLiteral("1"),
         QStringLiteral("--json"), sticky + QStringLiteral("/result.json")});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains("is not followed"), run.err.constData());
    QCOMPARE(contentOf(victim), kVictim);
    QVERIFY(isSymlink(sticky + QStringLiteral("/result.json")));
}

// /dev/stdout is a link to /proc/self/fd/1: the JSON goes to our standard output, and what the
// CLI prints there after it follows it, whatever stdout is. The node itself stays a link.
void tst_AtomicFile::devStdoutIsOurStdout()
{
    if (!isSymlink(QStringLiteral("/dev/stdout")))
        QSKIP("/dev/stdout is not a symbolic link here");
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("out"));
    QProcess cli;
    cli.setStandardOutputFile(file);
    cli.start(test::cliPath(),
              {QStringLiteral("sweep"), QStringLiteral("--simulate"),
               QStringLiteral("ocz-agility3"), QStringLiteral("--min"), QStringLiteral("512K"),
               QStringLiteral("--max"), QStringLiteral("1M"), QStringLiteral("--repeat"),
               QStringLiteral("1"), QStringLiteral("--json"), QStringLiteral("/dev/stdout")});
    QVERIFY(cli.waitForFinished(60000));
    QCOMPARE(cli.exitCode(), 0);
    const QByteArray out = contentOf(file);
    QVERIFY2(out.startsWith("{"), out.left(200).constData());
    QVERIFY2(out.contains("SIMULATED DRIVE"), out.right(400).constData());
    QVERIFY(out.indexOf("\"complete\"") < out.indexOf("SIMULATED DRIVE"));
    QVERIFY(isSymlink(QStringLiteral("/dev/stdout")));
}

void tst_AtomicFile::modeComesOnlyFromOurOwnFile_data()
{
    QTest::addColumn<uint>("owner");
    QTest::addColumn<uint>("mode");
    QTest::addColumn<uint>("expected"); // with umask 022
    QTest::newRow("nobody's 0666 file in /tmp-like dir") << uint(kNobody) << 0666u << 0644u;
    QTest::newRow("our own 0600 file") << 0u << 0600u << 0600u;
    QTest::newRow("our own 0664 file") << 0u << 0664u << 0664u;
}

// A file another user pre-created (0666) in a sticky directory is replaced by root's result,
// which must not stay writable for them.
void tst_AtomicFile::modeComesOnlyFromOurOwnFile()
{
    if (::geteuid() != 0)
        QSKIP("needs root (a file owned by nobody)");
    QFETCH(uint, owner);
    QFETCH(uint, mode);
    QFETCH(uint, expected);
    QTemporaryDir base;
    const QString sticky = makeDirectories(base);
    const QString path = sticky + QStringLiteral("/result.json");
    QFile planted(path);
    QVERIFY(planted.open(QIODevice::WriteOnly));
    planted.close();
    const QByteArray native = QFile::encodeName(path);
    QVERIFY(::chown(native.constData(), uid_t(owner), gid_t(owner)) == 0);
    QVERIFY(::chmod(native.constData(), mode_t(mode)) == 0);
    const mode_t oldMask = ::umask(022);
    const Error error = writeFileAtomically(path, QByteArrayLiteral("{}\n"));
    ::umask(oldMask);
    QVERIFY2(!error.isError(), qPrintable(error.message));
    struct stat st = {};
    QVERIFY(::stat(native.constData(), &st) == 0);
    QCOMPARE(st.st_uid, uid_t(0));
    QCOMPARE(uint(st.st_mode & 07777), expected);
}

// `audit --save-snapshot` writes through the atomic writer too (issue 32, item 2): a link
// nobody planted in a sticky directory is not followed.
void tst_AtomicFile::auditSnapshotRefusesAPlantedLink()
{
    if (::geteuid() != 0)
        QSKIP("needs root (links owned by nobody; the attack is on root)");
    QTemporaryDir base;
    const QString sticky = makeDirectories(base);
    const QString victim = base.filePath(QStringLiteral("private/victim"));
    QVERIFY(plantLink(victim, sticky + QStringLiteral("/snapshot.json"), kNobody));
    const test::CliRun run =
        test::runCli({QStringLiteral("audit"), QStringLiteral("--save-snapshot"),
                      sticky + QStringLiteral("/snapshot.json")});
    QVERIFY2(run.exitCode != 0, run.out.left(200).constData());
    QVERIFY2(run.err.contains("is not followed"), run.err.constData());
    QCOMPARE(contentOf(victim), kVictim);
}

// A FIFO another user made in a sticky directory (issue 48, item 5): `audit --save-snapshot`
// as root refuses it before writing, and does not wait for a reader (there is none here; a
// hang is the CLI runner's timeout). Our own FIFO is still written to (fifoStaysAFifo).
void tst_AtomicFile::auditSnapshotRefusesAPlantedFifo()
{
    if (::geteuid() != 0)
        QSKIP("needs root (a FIFO owned by nobody; the attack is on root)");
    QTemporaryDir base;
    const QString fifo = makeDirectories(base) + QStringLiteral("/snapshot.json");
    const QByteArray native = QFile::encodeName(fifo);
    QVERIFY(::mkfifo(native.constData(), 0666) == 0);
    QVERIFY(::chown(native.constData(), kNobody, kNobody) == 0);
    QVERIFY(writeFileAtomically(fifo, QByteArrayLiteral("x")).isError());
    QVERIFY(checkWritableTarget(fifo).isError());
    QElapsedTimer timer;
    timer.start();
    const test::CliRun run =
        test::runCli({QStringLiteral("audit"), QStringLiteral("--save-snapshot"), fifo}, 20000);
    QVERIFY2(run.exitCode != 0, run.out.left(200).constData());
    QVERIFY2(run.err.contains("FIFO of another user (uid 65534)"), run.err.constData());
    QVERIFY2(timer.elapsed() < 20000, "waited for a reader");
    struct stat st = {};
    QVERIFY(::lstat(native.constData(), &st) == 0 && S_ISFIFO(st.st_mode));
}

// On a full filesystem the old snapshot stays whole and the command fails, rather than leaving
// truncated JSON behind and exiting 0.
void tst_AtomicFile::auditSnapshotOnAFullDiskKeepsTheOldFile()
{
    if (::geteuid() != 0)
        QSKIP("needs root (mounts a small tmpfs)");
    QTemporaryDir base;
    const QString mountPoint = base.filePath(QStringLiteral("full"));
    QVERIFY(QDir().mkpath(mountPoint));
    QCOMPARE(test::runTool(QStringLiteral("mount"),
                           {QStringLiteral("-t"), QStringLiteral("tmpfs"), QStringLiteral("-o"),
                            QStringLiteral("size=256k"), QStringLiteral("tmpfs"), mountPoint}),
             0);
    const auto unmount = qScopeGuard([&] {
        test::runTool(QStringLiteral("umount"), {QStringLiteral("-l"), mountPoint});
    });
    const QString snapshot = mountPoint + QStringLiteral("/snapshot.json");
    const QByteArray old = "{\"old\": \"snapshot\"}\n";
    QFile oldFile(snapshot);
    QVERIFY(oldFile.open(QIODevice::WriteOnly));
    QCOMPARE(oldFile.write(old), qint64(old.size()));
    oldFile.close();
    QFile filler(mountPoint + QStringLiteral("/filler"));
    QVERIFY(filler.open(QIODevice::WriteOnly | QIODevice::Unbuffered));
    const QByteArray block(4096, 'x');
    while (filler.write(block) == block.size()) {
    }
    filler.close();

    const test::CliRun run =
        test::runCli({QStringLiteral("audit"), QStringLiteral("--save-snapshot"), snapshot});
    QVERIFY2(run.exitCode != 0, "exited 0 on a full disk");
    QVERIFY2(run.err.contains("cannot write"), run.err.constData());
    QCOMPARE(contentOf(snapshot), old);
}

void tst_AtomicFile::targetsAreCheckedBeforeARun_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<bool>("fine");
    QTest::newRow("a new file") << "@/new.json" << true;
    QTest::newRow("an existing file") << "@/existing.json" << true;
    QTest::newRow("/dev/null") << "/dev/null" << true;
    QTest::newRow("/dev/stdout") << "/dev/stdout" << true;
    QTest::newRow("a directory") << "@" << false;
    QTest::newRow("/") << "/" << false;
    QTest::newRow("a file of /proc") << "/proc/version" << false;
    QTest::newRow("a new file in /proc") << "/proc/trimscope.json" << false;
    QTest::newRow("a file of /sys") << "/sys/kernel/uevent_seqnum" << false;
    QTest::newRow("a device") << "/dev/zero" << false;
    QTest::newRow("empty") << "" << false;
    QTest::newRow("in a missing directory") << "@/missing/result.json" << false;
}

// What the CLI asks before any run (item 7): the same answer the write after it would give.
void tst_AtomicFile::targetsAreCheckedBeforeARun()
{
    QFETCH(QString, path);
    QFETCH(bool, fine);
    QTemporaryDir dir;
    QFile existing(dir.filePath(QStringLiteral("existing.json")));
    QVERIFY(existing.open(QIODevice::WriteOnly));
    existing.close();
    path.replace(QLatin1Char('@'), dir.path());
    const Error error = checkWritableTarget(path);
    QVERIFY2(error.isError() != fine, qPrintable(error.message));
    if (!fine)
        QCOMPARE(error.code, ErrorCode::InvalidArgument);
    // The check leaves nothing behind.
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden),
             QStringList{QStringLiteral("existing.json")});
}

TRIMSCOPE_TEST_GUILESS_MAIN(tst_AtomicFile)
#include "tst_atomicfile.moc"
