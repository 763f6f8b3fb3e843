// fstrim.timer enabled, started and put back through systemd's D-Bus API, against a real systemd
// as process 1: this system's own root booted in systemd-nspawn to basic.target, as an overlay
// that forgets every change (--volatile=overlay), its system bus socket bound out to a directory
// of this test. The apply code runs as nobody on
// the host (applyprobe), so the container's polkitd decides, with rules this test writes: a
// denial changes nothing; allowed, the timer is enabled and active, recorded, and undone.
// (Where systemd is not process 1 the plan names the cron line instead: tst_planner.)
#include "../support/qtry.h"
#include "apply/applyplan.h"
#include "privileged.h"
#include "testmain.h"

#include <QDBusConnection>
#include <QDBusConnectionInterface>
#include <QDBusMessage>
#include <QDBusReply>
#include <QDBusVariant>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <csignal>
#include <unistd.h>

using namespace trimscope;
using namespace trimscope::test;

namespace {

const QString kUnit = QStringLiteral("fstrim.timer");
const QString kSystemd = QStringLiteral("org.freedesktop.systemd1");
const QString kPath = QStringLiteral("/org/freedesktop/systemd1");
const QString kManager = QStringLiteral("org.freedesktop.systemd1.Manager");
constexpr int kBootTimeoutMs = 120000;

QString rulesAnswering(const QString &result)
{
    return QStringLiteral(R"(polkit.addRule(function(action, subject) {
    if (action.id.indexOf("org.freedesktop.systemd1.") == 0 && subject.user == "nobody")
        return polkit.Result.%1;
});
)")
        .arg(result);
}

// This machine's own fstrim.timer links (enabled, masked): the test must leave them alone.
QString hostTimerState()
{
    QStringList state;
    for (const char *link : {"/etc/systemd/system/timers.target.wants/fstrim.timer",
                             "/etc/systemd/system/fstrim.timer"}) {
        const QFileInfo info(QString::fromLatin1(link));
        state.append(info.isSymLink() ? info.symLinkTarget()
                     : info.exists()  ? QStringLiteral("file")
                                      : QStringLiteral("-"));
    }
    return state.join(QLatin1Char(' '));
}

bool writeAll(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate) &&
           file.write(bytes) == bytes.size();
}

} // namespace

class tst_ApplySystemd : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void init();

    void deniedChangesNothing();
    void conditionsThatDoNotHoldChangeNothing();
    void timerEnabledStartedAndUndone();
    void maskedTimerIsUnmaskedAndMaskedAgain();

private:
    QString address() const
    {
        return QStringLiteral("unix:path=%1/system_bus_socket").arg(m_work->filePath("run-dbus"));
    }
    QDBusConnection root();
    QString unitFileState();
    QString activeState();
    bool call(const QString &method, const QVariantList &arguments);
    bool setRules(const QString &result);
    // applyprobe as nobody against the container's bus: its last line.
    QString probe(const QStringList &arguments);
    // The container's /etc, as systemd inside it sees it.
    QString containerPath(const QString &path) const
    {
        return QStringLiteral("/proc/%1/root%2").arg(m_containerPid).arg(path);
    }

    std::unique_ptr<QTemporaryDir> m_work;
    QProcess m_nspawn;
    qint64 m_containerPid = 0;
    QString m_journal;
    QString m_plan;
    QString m_dropIn;    // lifts fstrim.timer's ConditionVirtualization=!container in the container
    QString m_hostState; // this machine's fstrim.timer links before the test
};

void tst_ApplySystemd::initTestCase()
{
    if (geteuid() != 0)
        TRIMSCOPE_SKIP_OR_FAIL(QStringLiteral("needs root (systemd-nspawn)"));
    if (QStandardPaths::findExecutable(QStringLiteral("systemd-nspawn")).isEmpty())
        TRIMSCOPE_SKIP_OR_FAIL(
            QStringLiteral("systemd-nspawn is not installed (package systemd-container)"));
    m_hostState = hostTimerState();
    m_work = std::make_unique<QTemporaryDir>(QStringLiteral("/tmp/trimscope-systemd-XXXXXX"));
    QVERIFY(m_work->isValid());
    QFile::setPermissions(m_work->path(), QFileDevice::Permissions(0x7755));
    for (const char *dir : {"run-dbus", "rules.d", "nobody"})
        QVERIFY(QDir().mkpath(m_work->filePath(QLatin1String(dir))));
    QVERIFY(::chown(QFile::encodeName(m_work->filePath(QStringLiteral("nobody"))).constData(),
                    65534, 65534) == 0);
    m_journal = m_work->filePath(QStringLiteral("nobody/applied.json"));
    m_plan = m_work->filePath(QStringLiteral("plan.json"));

    // This system's own root, booted to basic.target (no services but the bus; polkitd comes
    // by D-Bus activation) in a forgetful overlay (--volatile=overlay: whatever the test enables
    // lands in a tmpfs and is gone with the container; this machine's /etc is never written).
    // The bind of / that nspawn needs as its directory lives in a mount namespace of its own,
    // gone when nspawn ends, however it ends. No host systemd to register with or to give a
    // scope: --register=no --keep-unit. The bus socket and polkit's rules are the test's.
    QElapsedTimer clock;
    clock.start();
    const QString rootDir = m_work->filePath(QStringLiteral("root"));
    QVERIFY(QDir().mkpath(rootDir));
    const QStringList nspawn{
        QStringLiteral("systemd-nspawn"),
        QStringLiteral("--quiet"),
        QStringLiteral("--boot"),
        QStringLiteral("--directory=") + rootDir,
        QStringLiteral("--volatile=overlay"),
        QStringLiteral("--register=no"),
        QStringLiteral("--keep-unit"),
        QStringLiteral("--private-network"),
        QStringLiteral("--bind=%1:/run/dbus").arg(m_work->filePath("run-dbus")),
        QStringLiteral("--bind=%1:/etc/polkit-1/rules.d").arg(m_work->filePath("rules.d")),
        QStringLiteral("--"),
        QStringLiteral("systemd.unit=basic.target")};
    m_nspawn.setProcessChannelMode(QProcess::MergedChannels);
    m_nspawn.setStandardOutputFile(m_work->filePath(QStringLiteral("console.log")));
    m_nspawn.start(QStringLiteral("unshare"),
                   QStringList{QStringLiteral("-m"), QStringLiteral("--propagation"),
                               QStringLiteral("private"), QStringLiteral("sh"),
                               QStringLiteral("-c"),
                               QStringLiteral("mount --bind / \"$0\" && exec \"$@\""), rootDir} +
                       nspawn);
    QVERIFY(m_nspawn.waitForStarted());
    const bool up = QTest::qWaitFor(
        [&] {
            if (m_nspawn.state() != QProcess::Running)
                return false;
            QDBusConnection bus = root();
            // polkitd is started by D-Bus activation when systemd first asks it.
            return bus.isConnected() && bus.interface()->isServiceRegistered(kSystemd).value();
        },
        kBootTimeoutMs);
    if (!up) {
        QFile console(m_work->filePath(QStringLiteral("console.log")));
        console.open(QIODevice::ReadOnly);
        const QString said = QString::fromUtf8(console.readAll()).trimmed();
        if (m_nspawn.state() != QProcess::Running)
            TRIMSCOPE_SKIP_OR_FAIL(QStringLiteral("systemd-nspawn cannot boot a container here: %1")
                                       .arg(said.section(QLatin1Char('\n'), -3)));
        QFAIL(qPrintable(QStringLiteral("the container did not come up:\n") + said.right(2000)));
    }
    const QDBusReply<uint> pid = root().interface()->servicePid(kSystemd);
    m_containerPid = pid.isValid() ? pid.value() : 0;
    // The bus reports pids as the container sees them (1): the host's is nspawn's child.
    QFile children(QStringLiteral("/proc/%1/task/%1/children").arg(m_nspawn.processId()));
    if (children.open(QIODevice::ReadOnly))
        m_containerPid =
            QString::fromLatin1(children.readAll()).trimmed().section(' ', 0, 0).toLongLong();
    QVERIFY(m_containerPid > 1);
    if (!QFileInfo::exists(containerPath(QStringLiteral("/lib/systemd/system/fstrim.timer"))))
        TRIMSCOPE_SKIP_OR_FAIL(QStringLiteral("util-linux's fstrim.timer is not installed"));
    // Nothing below may reach this machine's /etc: the container's / must be the overlay.
    QFile mounts(QStringLiteral("/proc/%1/mountinfo").arg(m_containerPid));
    QVERIFY(mounts.open(QIODevice::ReadOnly));
    bool overlay = false;
    for (const QByteArray &line : mounts.readAll().split('\n')) {
        const QList<QByteArray> fields = line.split(' ');
        if (fields.size() > 8 && fields.at(4) == "/")
            overlay = line.contains(" - overlay ");
    }
    QVERIFY2(overlay, "the container's root is not the volatile overlay");
    qInfo("systemd booted as process 1 in %.1f s (host pid %lld)", double(clock.elapsed()) / 1000,
          m_containerPid);
    // util-linux's timer does not run in a container (the host trims): this one is the test's
    // stand-in for a machine, so the condition is lifted, in its forgetful root only.
    m_dropIn =
        containerPath(QStringLiteral("/etc/systemd/system/fstrim.timer.d/trimscope-test.conf"));
    QVERIFY(QDir().mkpath(QFileInfo(m_dropIn).absolutePath()));
    QVERIFY(writeAll(m_dropIn, "[Unit]\nConditionVirtualization=\n"));
    QVERIFY(call(QStringLiteral("Reload"), {}));
}

void tst_ApplySystemd::cleanupTestCase()
{
    if (m_nspawn.state() == QProcess::Running) {
        // nspawn asks the container's systemd to power off.
        m_nspawn.terminate();
        if (!m_nspawn.waitForFinished(30000)) {
            m_nspawn.kill();
            m_nspawn.waitForFinished(5000);
        }
    }
    QDBusConnection::disconnectFromBus(QStringLiteral("container"));
    m_work.reset();
    // This machine's systemd state is as it was.
    if (!m_hostState.isEmpty())
        QCOMPARE(hostTimerState(), m_hostState);
}

// Every test starts with the timer disabled and stopped, nothing recorded, nobody not allowed.
void tst_ApplySystemd::init()
{
    QVERIFY(call(QStringLiteral("StopUnit"), {kUnit, QStringLiteral("replace")}));
    QVERIFY(call(QStringLiteral("UnmaskUnitFiles"), {QStringList{kUnit}, false}));
    QVERIFY(call(QStringLiteral("DisableUnitFiles"), {QStringList{kUnit}, false}));
    QVERIFY(call(QStringLiteral("Reload"), {}));
    QTRY_COMPARE_WITH_TIMEOUT(activeState(), QStringLiteral("inactive"), 10000);
    QCOMPARE(unitFileState(), QStringLiteral("disabled"));
    QFile::remove(m_journal);
    QVERIFY(setRules(QStringLiteral("NOT_HANDLED")));
}

QDBusConnection tst_ApplySystemd::root()
{
    QDBusConnection bus(QStringLiteral("container"));
    if (!bus.isConnected()) {
        QDBusConnection::disconnectFromBus(QStringLiteral("container"));
        bus = QDBusConnection::connectToBus(address(), QStringLiteral("container"));
    }
    return bus;
}

bool tst_ApplySystemd::call(const QString &method, const QVariantList &arguments)
{
    QDBusMessage message = QDBusMessage::createMethodCall(kSystemd, kPath, kManager, method);
    message.setArguments(arguments);
    const QDBusMessage reply = root().call(message, QDBus::Block, 30000);
    if (reply.type() == QDBusMessage::ErrorMessage)
        qWarning("%s: %s", qPrintable(method), qPrintable(reply.errorMessage()));
    return reply.type() != QDBusMessage::ErrorMessage;
}

QString tst_ApplySystemd::unitFileState()
{
    QDBusMessage message = QDBusMessage::createMethodCall(kSystemd, kPath, kManager,
                                                          QStringLiteral("GetUnitFileState"));
    message << kUnit;
    const QDBusReply<QString> state = root().call(message);
    return state.isValid() ? state.value() : state.error().message();
}

QString tst_ApplySystemd::activeState()
{
    QDBusMessage load =
        QDBusMessage::createMethodCall(kSystemd, kPath, kManager, QStringLiteral("LoadUnit"));
    load << kUnit;
    const QDBusReply<QDBusObjectPath> path = root().call(load);
    if (!path.isValid())
        return path.error().message();
    QDBusMessage get = QDBusMessage::createMethodCall(
        kSystemd, path.value().path(), QStringLiteral("org.freedesktop.DBus.Properties"),
        QStringLiteral("Get"));
    get << QStringLiteral("org.freedesktop.systemd1.Unit") << QStringLiteral("ActiveState");
    const QDBusReply<QDBusVariant> state = root().call(get);
    return state.isValid() ? state.value().variant().toString() : state.error().message();
}

bool tst_ApplySystemd::setRules(const QString &result)
{
    const QString path = m_work->filePath(QStringLiteral("rules.d/50-trimscope-test.rules"));
    if (!writeAll(path + QStringLiteral(".tmp"), rulesAnswering(result).toUtf8()) ||
        ::rename(QFile::encodeName(path + QStringLiteral(".tmp")).constData(),
                 QFile::encodeName(path).constData()) != 0)
        return false;
    // polkitd re-reads its rules on inotify: ask systemd, as nobody, to enable a unit file that
    // does not exist (polkit is asked first, nothing changes) until polkit's answer is the new
    // one: not found (YES), access denied (NO), or a password wanted (NOT_HANDLED).
    const QString expected = result == QLatin1String("YES")  ? QStringLiteral("NoSuchUnit")
                             : result == QLatin1String("NO") ? QStringLiteral("AccessDenied")
                                                             : QStringLiteral("Interactive");
    return QTest::qWaitFor(
        [&] {
            QProcess gdbus;
            QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
            environment.insert(QStringLiteral("DBUS_SYSTEM_BUS_ADDRESS"), address());
            gdbus.setProcessEnvironment(environment);
            gdbus.setProcessChannelMode(QProcess::MergedChannels);
            gdbus.start(QStringLiteral("setpriv"),
                        {QStringLiteral("--reuid=65534"), QStringLiteral("--regid=65534"),
                         QStringLiteral("--clear-groups"), QStringLiteral("gdbus"),
                         QStringLiteral("call"), QStringLiteral("--system"),
                         QStringLiteral("--dest"), kSystemd, QStringLiteral("--object-path"), kPath,
                         QStringLiteral("--method"), kManager + QStringLiteral(".EnableUnitFiles"),
                         QStringLiteral("['trimscope-no-such-unit.timer']"),
                         QStringLiteral("false"), QStringLiteral("false")});
            gdbus.waitForFinished(10000);
            const QString said = QString::fromUtf8(gdbus.readAll());
            return said.contains(expected) || (expected == QLatin1String("NoSuchUnit") &&
                                               said.contains(QLatin1String("No such file")));
        },
        15000);
}

QString tst_ApplySystemd::probe(const QStringList &arguments)
{
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("DBUS_SYSTEM_BUS_ADDRESS"), address());
    environment.insert(QStringLiteral("LANGUAGE"), QStringLiteral("C"));
    process.setProcessEnvironment(environment);
    process.setWorkingDirectory(QStringLiteral("/"));
    process.start(QStringLiteral("setpriv"),
                  QStringList{QStringLiteral("--reuid=65534"), QStringLiteral("--regid=65534"),
                              QStringLiteral("--clear-groups"),
                              QStringLiteral(TRIMSCOPE_BINARY_DIR "/tests/apply/applyprobe")} +
                      arguments);
    if (!process.waitForFinished(120000)) {
        process.kill();
        process.waitForFinished();
        return QStringLiteral("timed out");
    }
    // The answer is the probe's last line on stdout; stderr (Qt's warnings, which may come after
    // it) is only logged.
    const QStringList lines =
        QString::fromUtf8(process.readAllStandardOutput()).trimmed().split(QLatin1Char('\n'));
    const QString warnings = QString::fromUtf8(process.readAllStandardError()).trimmed();
    qInfo(
        "applyprobe %s: %s%s", qPrintable(arguments.join(' ')), qPrintable(lines.join(" | ")),
        qPrintable(warnings.isEmpty() ? QString() : QStringLiteral(" (stderr: %1)").arg(warnings)));
    return lines.last();
}

void tst_ApplySystemd::deniedChangesNothing()
{
    apply::ApplyPlan plan;
    plan.fixId = QStringLiteral("enable-fstrim-timer");
    plan.title = QStringLiteral("Run fstrim weekly");
    plan.units.append({kUnit, true, false, false});
    QVERIFY(writeAll(m_plan, QJsonDocument(plan.toJson()).toJson()));
    QVERIFY(setRules(QStringLiteral("NO")));
    const QString said = probe({QStringLiteral("apply"), m_plan, m_journal});
    // A rule's "no" reads as the policy's, on the action systemd checked (it said "polkit denies
    // it to this user" for a dismissed prompt and a wrong password too: tst_systemdrefusal).
    QVERIFY2(said.startsWith(QLatin1String("error NotAuthorizedByPolicy systemd did not enable "
                                           "fstrim.timer: polkit denies "
                                           "org.freedesktop.systemd1.manage-unit-files to this "
                                           "user, and no password can change that")),
             qPrintable(said));
    QCOMPARE(unitFileState(), QStringLiteral("disabled"));
    QCOMPARE(activeState(), QStringLiteral("inactive"));
    QVERIFY(!QFileInfo::exists(
        containerPath(QStringLiteral("/etc/systemd/system/timers.target.wants/fstrim.timer"))));
    QVERIFY(!QFile::exists(m_journal));
}

// Without the drop-in, systemd enables the timer and then does not start it (its condition):
// said in words, and the enabling taken back.
void tst_ApplySystemd::conditionsThatDoNotHoldChangeNothing()
{
    QVERIFY(QFile::rename(m_dropIn, m_dropIn + QStringLiteral(".off")));
    QVERIFY(call(QStringLiteral("Reload"), {}));
    apply::ApplyPlan plan;
    plan.fixId = QStringLiteral("enable-fstrim-timer");
    plan.title = QStringLiteral("Run fstrim weekly");
    plan.units.append({kUnit, true, false, false});
    QVERIFY(writeAll(m_plan, QJsonDocument(plan.toJson()).toJson()));
    QVERIFY(setRules(QStringLiteral("YES")));
    const QString said = probe({QStringLiteral("apply"), m_plan, m_journal});
    QVERIFY(QFile::rename(m_dropIn + QStringLiteral(".off"), m_dropIn));
    QVERIFY(call(QStringLiteral("Reload"), {}));
    QVERIFY2(said.startsWith(QLatin1String("error Unsupported")), qPrintable(said));
    QVERIFY2(said.contains(QLatin1String("conditions do not hold")), qPrintable(said));
    QCOMPARE(unitFileState(), QStringLiteral("disabled"));
    QCOMPARE(activeState(), QStringLiteral("inactive"));
    QVERIFY(!QFile::exists(m_journal));
}

void tst_ApplySystemd::timerEnabledStartedAndUndone()
{
    apply::ApplyPlan plan;
    plan.fixId = QStringLiteral("enable-fstrim-timer");
    plan.title = QStringLiteral("Run fstrim weekly");
    plan.units.append({kUnit, true, false, false});
    QVERIFY(writeAll(m_plan, QJsonDocument(plan.toJson()).toJson()));
    QVERIFY(setRules(QStringLiteral("YES")));
    QElapsedTimer clock;
    clock.start();
    QCOMPARE(probe({QStringLiteral("apply"), m_plan, m_journal}), QStringLiteral("ok"));
    qInfo("enabled and started in %lld ms", qint64(clock.elapsed()));
    QCOMPARE(unitFileState(), QStringLiteral("enabled"));
    QCOMPARE(activeState(), QStringLiteral("active"));
    const QFileInfo wants(
        containerPath(QStringLiteral("/etc/systemd/system/timers.target.wants/fstrim.timer")));
    QVERIFY(wants.isSymLink());
    QVERIFY(QFile::exists(m_journal));

    QCOMPARE(probe({QStringLiteral("undo"), m_journal}), QStringLiteral("ok"));
    QCOMPARE(unitFileState(), QStringLiteral("disabled"));
    QCOMPARE(activeState(), QStringLiteral("inactive"));
    QVERIFY(!QFileInfo::exists(wants.filePath()));
}

void tst_ApplySystemd::maskedTimerIsUnmaskedAndMaskedAgain()
{
    QVERIFY(call(QStringLiteral("MaskUnitFiles"), {QStringList{kUnit}, false, false}));
    QVERIFY(call(QStringLiteral("Reload"), {}));
    QCOMPARE(unitFileState(), QStringLiteral("masked"));
    apply::ApplyPlan plan;
    plan.fixId = QStringLiteral("audit:fstrim-timer-disabled:fstrim.timer");
    plan.title = QStringLiteral("fstrim.timer is masked");
    plan.units.append({kUnit, true, /*unmask=*/true, false});
    QVERIFY(writeAll(m_plan, QJsonDocument(plan.toJson()).toJson()));
    QVERIFY(setRules(QStringLiteral("YES")));
    QCOMPARE(probe({QStringLiteral("apply"), m_plan, m_journal}), QStringLiteral("ok"));
    QCOMPARE(unitFileState(), QStringLiteral("enabled"));
    QCOMPARE(activeState(), QStringLiteral("active"));
    QCOMPARE(probe({QStringLiteral("undo"), m_journal}), QStringLiteral("ok"));
    QCOMPARE(unitFileState(), QStringLiteral("masked"));
    QCOMPARE(activeState(), QStringLiteral("inactive"));
}

TRIMSCOPE_TEST_GUILESS_MAIN(tst_ApplySystemd)
#include "tst_applysystemd.moc"
