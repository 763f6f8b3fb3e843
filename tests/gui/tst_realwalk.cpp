// Issue 47's walk with the real back ends: the main window (realwalkgui, offscreen) as nobody
// against the real trimscope-helper, udisksd and polkitd on a private system bus, with two
// emulated drives (tests/support's FUSE drive): a spare one, benchmarked through the helper (its
// curve on the Benchmark tab and in Compare, the card's verdict the Advice tab's) and diagnosed
// (cancelled after a few seconds), and one holding ext4 mounted with online discard, watched and
// timed (timed fstrim; "This drive in use" gives the Advice tab's verdict), whose fix is applied
// and undone: the remount through the helper, the fstab line through udisksd (a scratch /etc in
// udisksd's mount namespace, where the GUI runs too). polkit asks the administrator's password
// for both (AUTH_ADMIN for nobody); this test's authentication agent answers each prompt only
// after kAgentDelayMs, as a person typing does. The event loop's longest stall during apply,
// undo, the import of the kept results and the diagnosis is held to 100 ms on top of what an
// idle event loop of the same process saw (a loaded 2-core machine holds any thread back now and
// then): before issue 47's jobs, apply alone stood still for the whole 52 s of its prompts.
#include "../support/qtry.h"
#include "audit/fstrimstatus.h"
#include "clirun.h"
#include "emulateddrive.h"
#include "measuredsweep.h"
#include "mountedfs.h"
#include "polkitagent.h"
#include "privatesystembus.h"
#include "privileged.h"
#include "report/resultfile.h"
#include "testmain.h"
#include "udisksdaemon.h"

#include <QDBusArgument>
#include <QDBusConnection>
#include <QDBusMessage>
#include <QDBusPendingCall>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <memory>
#include <unistd.h>

using namespace trimscope;
using namespace trimscope::test;

namespace {

constexpr int kAgentDelayMs = 1500;
constexpr qint64 kLongestStallMs = 100;

// The options of `mountPoint`'s line in a base64-encoded fstab the GUI printed.
QString fstabOptions(const QString &base64, const QString &mountPoint)
{
    const QString fstab = QString::fromUtf8(QByteArray::fromBase64(base64.toLatin1()));
    for (const QString &line : fstab.split(QLatin1Char('\n'))) {
        const QStringList fields = line.simplified().split(QLatin1Char(' '));
        if (fields.size() >= 4 && fields.at(1) == mountPoint)
            return fields.at(3);
    }
    return QStringLiteral("<no line>");
}

} // namespace

class TestRealWalk : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanupTestCase();
    void walkWithTheRealBackEnds();

private:
    QString workPath(const QString &name) const { return m_work->filePath(name); }

    std::unique_ptr<QTemporaryDir> m_work;
    EmulatedDrive m_spare;
    EmulatedDrive m_mounted;
    QString m_mountPoint;
    bool m_isMounted = false;
    PrivateSystemBus m_bus;
    UdisksDaemon m_udisks;
    // polkit's authentication agent for the window: it answers each prompt 1.5 s late.
    PolkitTestAgent m_agent{kAgentDelayMs};
};

void TestRealWalk::initTestCase()
{
    if (const QString reason = PrivateSystemBus::unavailableReason(); !reason.isEmpty())
        TRIMSCOPE_SKIP_OR_FAIL(reason);
    if (const QString reason = UdisksDaemon::unavailableReason(); !reason.isEmpty())
        TRIMSCOPE_SKIP_OR_FAIL(reason);
    TRIMSCOPE_REQUIRE_EMULATED_DRIVE();
    for (const QString &tool : {QStringLiteral("nsenter"), QStringLiteral("setpriv")}) {
        if (QStandardPaths::findExecutable(tool).isEmpty())
            TRIMSCOPE_SKIP_OR_FAIL(tool + QStringLiteral(" is not installed (package util-linux)"));
    }
    m_work = std::make_unique<QTemporaryDir>(QStringLiteral("/tmp/trimscope-walk-XXXXXX"));
    QVERIFY(m_work->isValid());
    QFile::setPermissions(m_work->path(), QFileDevice::Permissions(0x7755));
    // nobody's home for the walk: settings, kept runs, the record of applied fixes.
    for (const QString &dir : {QStringLiteral("nobody"), QStringLiteral("nobody/runs")}) {
        QVERIFY(QDir().mkpath(workPath(dir)));
        QVERIFY(::chown(QFile::encodeName(workPath(dir)).constData(), 65534, 65534) == 0);
    }

    // The spare drive, and the one in use: ext4 mounted with online discard, something deleted
    // on it for online discard to send.
    // The one in use trims slowly (20 ms a command, 5 ms a MiB): online discard costs it, and
    // the advice turns it off.
    QVERIFY2(m_spare.start(quint64(64) << 20, EmulatedDrive::Model{300, 100, 0, 0}),
             qPrintable(m_spare.errorString()));
    QVERIFY2(m_mounted.start(quint64(64) << 20, EmulatedDrive::Model{20000, 5000, 0, 0}),
             qPrintable(m_mounted.errorString()));
    const QString device = m_mounted.devicePath();
    QCOMPARE(runTool(QStringLiteral("mkfs.ext4"),
                     {QStringLiteral("-q"), QStringLiteral("-F"), QStringLiteral("-E"),
                      QStringLiteral("nodiscard"), device}),
             0);
    m_mountPoint = workPath(QStringLiteral("inuse"));
    QVERIFY(QDir().mkpath(m_mountPoint));
    QCOMPARE(runTool(QStringLiteral("mount"),
                     {QStringLiteral("-o"), QStringLiteral("discard"), device, m_mountPoint}),
             0);
    m_isMounted = true;
    {
        QFile file(m_mountPoint + QStringLiteral("/deleted"));
        QVERIFY(file.open(QIODevice::WriteOnly));
        QVERIFY(file.write(QByteArray(8 << 20, 'x')) == 8 << 20);
    }
    // This filesystem only (syncfs), not every other one a build beside the test keeps dirty.
    QVERIFY(trimscope::test::syncFilesystem(m_mountPoint));
    QVERIFY(QFile::remove(m_mountPoint + QStringLiteral("/deleted")));
    QVERIFY(trimscope::test::syncFilesystem(m_mountPoint));

    // The benchmark the drive in use had before it was put to use: a slow drive's sweep, said to
    // be measured on it (the GUI imports it: a minute's watch is too little for a verdict).
    {
        QFile earlier(workPath(QStringLiteral("nobody/earlier-benchmark.json")));
        QVERIFY(earlier.open(QIODevice::WriteOnly));
        earlier.write(
            resultToJsonBytes(test::sweepMeasuredOn(QStringLiteral("ocz-agility3"), device)));
    }

    // udisksd's /etc: the filesystem's fstab line, and a weekly fstrim from cron (process 1 is
    // not systemd here: turning online discard off is planned only where something else trims).
    const QByteArray fstab = QStringLiteral("# /etc/fstab of tst_realwalk (scratch)\n"
                                            "UUID=%1 %2 ext4 defaults,discard 0 2\n")
                                 .arg(blkidValue(device), m_mountPoint)
                                 .toUtf8();
    QVERIFY2(m_udisks.setScratchEtc(workPath(QStringLiteral("etc")),
                                    {{QStringLiteral("fstab"), fstab},
                                     {QStringLiteral("cron.d/fstrim"),
                                      (audit::fstrimCronLine() + QLatin1Char('\n')).toUtf8()}}),
             qPrintable(m_udisks.errorString()));

    QVERIFY2(m_bus.start(
                 {QStringLiteral(TRIMSCOPE_BINARY_DIR "/helper/trimscope-helper"),
                  QStringLiteral(TRIMSCOPE_SOURCE_DIR "/helper/io.github.trimscope.Helper1.conf"),
                  QStringLiteral(TRIMSCOPE_SOURCE_DIR "/helper/io.github.trimscope.policy")}),
             qPrintable(m_bus.errorString()));
    QVERIFY2(m_udisks.start(m_bus.address(), m_bus.rootConnection()),
             qPrintable(m_udisks.errorString()));
    for (const QString &loop : {m_spare.devicePath(), device})
        QVERIFY2(m_udisks.waitForBlock(loop),
                 qPrintable(QStringLiteral("udisks2 does not list %1").arg(loop)));

    // nobody may measure; changing this computer asks the administrator's password (root's),
    // which only the agent gives.
    const QString rules = QStringLiteral(R"(
polkit.addAdminRule(function(action, subject) { return ["unix-user:0"]; });
polkit.addRule(function(action, subject) {
    if (subject.user != "nobody")
        return polkit.Result.NOT_HANDLED;
    if (action.id == "io.github.trimscope.apply-now" ||
        action.id == "org.freedesktop.udisks2.modify-system-configuration")
        return polkit.Result.AUTH_ADMIN;
    if (action.id.indexOf("io.github.trimscope.") == 0)
        return polkit.Result.YES;
});
)");
    QVERIFY2(m_bus.setRules(rules, QStringLiteral("io.github.trimscope.list"), true),
             qPrintable(m_bus.errorString()));
    QVERIFY(m_agent.serveOn(m_bus.rootConnection()));
}

void TestRealWalk::cleanupTestCase()
{
    if (m_work && !m_bus.helperLog().isEmpty())
        qInfo("trimscope-helper's stderr:\n%s", m_bus.helperLog().constData());
    m_agent.stop();
    m_udisks.stop();
    m_bus.stop();
    if (m_isMounted)
        runTool(QStringLiteral("umount"), {m_mountPoint});
    m_mounted.stop();
    m_spare.stop();
    m_work.reset();
}

void TestRealWalk::walkWithTheRealBackEnds()
{
    QProcess gui;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    const QString home = workPath(QStringLiteral("nobody"));
    for (const auto &[name, value] : std::initializer_list<std::pair<QString, QString>>{
             {QStringLiteral("DBUS_SYSTEM_BUS_ADDRESS"), m_bus.address()},
             {QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen")},
             {QStringLiteral("HOME"), home},
             {QStringLiteral("XDG_RUNTIME_DIR"), home},
             {QStringLiteral("XDG_CONFIG_HOME"), home + QStringLiteral("/config")},
             {QStringLiteral("XDG_DATA_HOME"), home + QStringLiteral("/data")},
             {QStringLiteral("LANG"), QStringLiteral("C.UTF-8")},
             {QStringLiteral("LANGUAGE"), QStringLiteral("C")},
             {QStringLiteral("TRIMSCOPE_WALK_SPARE"), m_spare.devicePath()},
             {QStringLiteral("TRIMSCOPE_WALK_MOUNTED"), m_mounted.devicePath()},
             {QStringLiteral("TRIMSCOPE_WALK_MOUNTPOINT"), m_mountPoint},
             {QStringLiteral("TRIMSCOPE_WALK_RUNS"), home + QStringLiteral("/runs")},
             {QStringLiteral("TRIMSCOPE_WALK_EARLIER"),
              home + QStringLiteral("/earlier-benchmark.json")}})
        environment.insert(name, value);
    environment.remove(QStringLiteral("DBUS_SESSION_BUS_ADDRESS"));
    gui.setProcessEnvironment(environment);
    gui.setWorkingDirectory(QStringLiteral("/"));
    // In udisksd's mount namespace (its scratch /etc; --root as well: entering a namespace moves
    // the caller to its root), as nobody.
    const QString udisksProc = QStringLiteral("/proc/%1").arg(m_udisks.pid());
    gui.setProgram(QStringLiteral("nsenter"));
    gui.setArguments({QStringLiteral("--mount=%1/ns/mnt").arg(udisksProc),
                      QStringLiteral("--root=%1/root").arg(udisksProc), QStringLiteral("--"),
                      QStringLiteral("setpriv"), QStringLiteral("--reuid=65534"),
                      QStringLiteral("--regid=65534"), QStringLiteral("--clear-groups"),
                      QStringLiteral(TRIMSCOPE_BINARY_DIR "/tests/gui/realwalkgui")});
    gui.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    QByteArray output;
    connect(&gui, &QProcess::readyReadStandardOutput, this,
            [&] { output += gui.readAllStandardOutput(); });
    gui.start();
    QVERIFY(gui.waitForStarted());
    QTRY_VERIFY_WITH_TIMEOUT(output.contains("WALK pid "), 20000);
    const QRegularExpressionMatch pid =
        QRegularExpression(QStringLiteral("WALK pid (\\d+)")).match(QString::fromUtf8(output));
    QVERIFY(pid.hasMatch());
    const QDBusMessage registered = m_agent.registerFor(pid.captured(1).toLongLong());
    QVERIFY2(registered.type() == QDBusMessage::ReplyMessage,
             qPrintable(registered.errorMessage()));
    gui.write("go\n");
    // The agent answers on this thread: the event loop runs while the walk goes on.
    QElapsedTimer took;
    took.start();
    QTRY_VERIFY_WITH_TIMEOUT(gui.state() == QProcess::NotRunning, 180000);
    output += gui.readAllStandardOutput();
    qInfo("the walk took %lld ms", took.elapsed());
    const QString said = QString::fromUtf8(output);
    qInfo("%s", qPrintable(said));
    if (m_agent.refusal.contains(QLatin1String("No session for cookie")))
        QSKIP(qPrintable(QStringLiteral("this polkit refuses a test agent's answer without a "
                                        "login session (%1)")
                             .arg(m_agent.refusal)));
    QVERIFY2(gui.exitStatus() == QProcess::NormalExit && gui.exitCode() == 0,
             "the walk failed: see its output above");

    // Every prompt answered late, the remount's and the fstab line's, for apply and for undo;
    // the first remount's withdrawn when the user stopped (polkit told the agent).
    qInfo("prompts: %s; withdrawn: %d", qPrintable(m_agent.actions.join(QStringLiteral(", "))),
          m_agent.cancelled);
    QVERIFY2(m_agent.refusal.isEmpty(), qPrintable(m_agent.refusal));
    // (polkit may tell the agent more than once for the one prompt.)
    QStringList withdrawn = m_agent.withdrawn;
    withdrawn.removeDuplicates();
    QCOMPARE(withdrawn.size(), 1);
    QCOMPARE(m_agent.actions.count(QStringLiteral("io.github.trimscope.apply-now")), 3);
    QCOMPARE(m_agent.actions.count(
                 QStringLiteral("org.freedesktop.udisks2.modify-system-configuration")),
             2);

    // What apply and undo changed: the line for the next boot, and the mount now (put back).
    const auto printed = [&](const QString &key) {
        return QRegularExpression(QStringLiteral("WALK %1 (\\S*)").arg(key))
            .match(said)
            .captured(1);
    };
    const QString applied = fstabOptions(printed(QStringLiteral("fstab-applied")), m_mountPoint);
    const QString undone = fstabOptions(printed(QStringLiteral("fstab-undone")), m_mountPoint);
    QVERIFY2(!applied.split(QLatin1Char(',')).contains(QLatin1String("discard")),
             qPrintable(applied));
    QVERIFY2(undone.split(QLatin1Char(',')).contains(QLatin1String("discard")), qPrintable(undone));
    QVERIFY(mountedWithDiscard(m_mountPoint));

    // No frozen frame: the longest stall of each phase against an idle event loop's.
    qint64 idle = 0;
    const QRegularExpression idleLine(QStringLiteral("WALK idle (\\d+) "));
    for (auto it = idleLine.globalMatch(said); it.hasNext();)
        idle = std::max(idle, it.next().captured(1).toLongLong());
    for (const QString &phase : {QStringLiteral("diagnose"), QStringLiteral("import"),
                                 QStringLiteral("apply"), QStringLiteral("undo")}) {
        const QRegularExpressionMatch stall =
            QRegularExpression(QStringLiteral("WALK stall %1 (\\d+) (\\d+)").arg(phase))
                .match(said);
        QVERIFY2(stall.hasMatch(), qPrintable(phase));
        const qint64 longest = stall.captured(1).toLongLong();
        QVERIFY2(longest < kLongestStallMs + idle,
                 qPrintable(QStringLiteral("%1: the window stood still for %2 ms (%3 ms idle)")
                                .arg(phase)
                                .arg(longest)
                                .arg(idle)));
    }
}

TRIMSCOPE_TEST_GUILESS_MAIN(TestRealWalk)
#include "tst_realwalk.moc"
