// Names others choose, on a real ext4 on a loop device (root: loop devices, mount).
// Issue 48, item 1: mounted with discard at a hostile mount point, `audit` and `advise --audit`
// print a Fix whose command /bin/sh reads back as exactly the intended argv. The fix is never
// run: `sudo` is a shell function that prints its arguments and exits, in a scratch directory
// that must stay empty (an unquoted `$(touch PWNED)` would show there).
// Issue 48, item 8: `fstrim-timing DIR` refuses a directory that is not a mount point unless
// --containing asks for its filesystem, and says which filesystem (mount point, device) it trims.
#include "clirun.h"
#include "plainloop.h"
#include "privileged.h"
#include "testmain.h"

#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace trimscope;
using trimscope::test::PlainLoop;

namespace {

constexpr quint64 kMiB = 1024 * 1024;

// ext4 on `loop`, mounted with `options` at `mountPoint` (made here).
bool mountExt4(const PlainLoop &loop, const QString &mountPoint, const QString &options)
{
    return QDir().mkpath(mountPoint) &&
           test::runTool(QStringLiteral("mkfs.ext4"),
                         {QStringLiteral("-q"), QStringLiteral("-E"), QStringLiteral("nodiscard"),
                          loop.devicePath()}) == 0 &&
           test::runTool(QStringLiteral("mount"), {QStringLiteral("-o"), options,
                                                   loop.devicePath(), mountPoint}) == 0;
}

struct Unmount
{
    QString mountPoint;
    ~Unmount()
    {
        if (!mountPoint.isEmpty())
            test::runTool(QStringLiteral("umount"), {mountPoint});
    }
};

// What /bin/sh passes to `sudo` for the command that starts `text` (the rest of the output
// after "Fix: "), run in `scratch`: the first command only, as `sudo` exits.
QList<QByteArray> argvOfPastedCommand(const QByteArray &text, const QString &scratch)
{
    QProcess sh;
    sh.setWorkingDirectory(scratch);
    sh.start(QStringLiteral("/bin/sh"),
             {QStringLiteral("-c"),
              QStringLiteral("sudo() { for a; do printf '%s\\0' \"$a\"; done; exit 0; }\n") +
                  QString::fromUtf8(text)});
    if (!sh.waitForFinished(10000))
        return {QByteArrayLiteral("<sh did not finish>")};
    QList<QByteArray> argv = sh.readAllStandardOutput().split('\0');
    argv.removeLast();
    return argv;
}

} // namespace

class TestMountNamesCli : public QObject
{
    Q_OBJECT
private slots:
    void fixLinesPasteAsOneArgument_data()
    {
        QTest::addColumn<QString>("name");
        QTest::newRow("semicolon, IFS, comment") << "x;touch${IFS}PWNED;#";
        QTest::newRow("spaces, $() and backticks") << "My Stick $(touch PWNED2) `touch PWNED3`";
        QTest::newRow("quotes") << "it's \"quoted\"";
        QTest::newRow("newline") << "two\nlines;touch PWNED4";
    }
    void fixLinesPasteAsOneArgument()
    {
        QFETCH(QString, name);
        if (const QString reason = PlainLoop::unavailableReason(); !reason.isEmpty())
            TRIMSCOPE_SKIP_OR_FAIL(reason);
        PlainLoop loop;
        // On a disk (the build tree's): the audit lists filesystems whose stack reaches one.
        QVERIFY2(loop.start(64 * kMiB, 0, QStringLiteral(TRIMSCOPE_BINARY_DIR)),
                 qPrintable(loop.errorString()));
        QTemporaryDir base(QStringLiteral("/tmp/trimscope-names-XXXXXX"));
        QTemporaryDir scratch;
        const QString mountPoint =
            QFileInfo(base.path()).canonicalFilePath() + QStringLiteral("/mnt/") + name;
        QVERIFY(mountExt4(loop, mountPoint, QStringLiteral("discard")));
        const Unmount unmount{mountPoint};
        const QList<QByteArray> wanted = {"mount", "-o", "remount,nodiscard",
                                          mountPoint.toUtf8()};
        const QByteArray fixStart = "Fix: sudo mount -o remount,nodiscard ";
        for (const QStringList &args :
             {QStringList{QStringLiteral("audit")},
              QStringList{QStringLiteral("advise"), QStringLiteral("--audit")}}) {
            const test::CliRun run = test::runCli(args);
            QVERIFY2(run.exitCode == 0, run.err.constData());
            // The finding about this mount: its Fix is the first after its title.
            const qsizetype title = run.out.indexOf(QFile::encodeName(mountPoint) +
                                                    " is mounted with online discard");
            QVERIFY2(title >= 0, run.out.constData());
            const qsizetype fix = run.out.indexOf(fixStart, title);
            QVERIFY2(fix >= 0, run.out.constData());
            const QList<QByteArray> argv =
                argvOfPastedCommand(run.out.mid(fix + 5), scratch.path());
            QVERIFY2(argv == wanted, run.out.mid(fix, 300).constData());
        }
        QCOMPARE(QDir(scratch.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot),
                 QStringList());
    }

    void fstrimTimingTrimsOnlyAMountPointItWasGiven()
    {
        if (const QString reason = PlainLoop::unavailableReason(); !reason.isEmpty())
            TRIMSCOPE_SKIP_OR_FAIL(reason);
        PlainLoop loop;
        QVERIFY2(loop.start(64 * kMiB), qPrintable(loop.errorString()));
        QTemporaryDir base(QStringLiteral("/tmp/trimscope-fstrim-XXXXXX"));
        const QString mountPoint = QFileInfo(base.path()).canonicalFilePath();
        QVERIFY(mountExt4(loop, mountPoint, QStringLiteral("defaults")));
        const Unmount unmount{mountPoint};
        const QString subdirectory = mountPoint + QStringLiteral("/sub");
        QVERIFY(QDir().mkpath(subdirectory));

        const test::CliRun refused =
            test::runCli({QStringLiteral("fstrim-timing"), subdirectory});
        QCOMPARE(refused.exitCode, 2);
        QVERIFY2(refused.err.contains("is not a mount point") &&
                     refused.err.contains(QFile::encodeName(mountPoint)) &&
                     refused.err.contains(loop.devicePath().toUtf8()) &&
                     refused.err.contains("--containing"),
                 refused.err.constData());

        for (const QStringList &args :
             {QStringList{QStringLiteral("fstrim-timing"), mountPoint},
              QStringList{QStringLiteral("fstrim-timing"), subdirectory,
                          QStringLiteral("--containing")}}) {
            const test::CliRun run = test::runCli(args);
            QVERIFY2(run.exitCode == 0, run.err.constData());
            const QByteArray names = QFile::encodeName(mountPoint) + " (ext4 on " +
                                     loop.devicePath().toUtf8() + ')';
            QVERIFY2(run.err.contains("trims the free space of the filesystem mounted at " +
                                      names),
                     run.err.constData());
            QVERIFY2(run.out.contains("Timed fstrim of " + QFile::encodeName(mountPoint) +
                                      " (ext4 on " + loop.devicePath().toUtf8()),
                     run.out.constData());
        }
    }
};

TRIMSCOPE_TEST_GUILESS_MAIN(TestMountNamesCli)
#include "tst_mountnamescli.moc"
