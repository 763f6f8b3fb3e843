#include "privatesystembus.h"

#include <QDBusConnectionInterface>
#include <QDBusReply>
#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QThread>
#include <QUuid>
#include <csignal>
#include <unistd.h>

namespace trimscope::test {

namespace {

constexpr int kStartTimeoutMs = 10000;
const QString kPolkitd = QStringLiteral("/usr/lib/polkit-1/polkitd");
const QString kDistroActions = QStringLiteral("/usr/share/polkit-1/actions");
const QString kRulesDir = QStringLiteral("/etc/polkit-1/rules.d");
const QString kHelperName = QStringLiteral("io.github.trimscope.Helper1");
const QString kRulesFile = QStringLiteral("50-trimscope-test.rules");

// The system bus's usual default policy (deny by default, replies allowed), our policy from
// system.d, the distro's (for polkitd's own name) and activation from our service directory.
QByteArray busConfig(const QString &dir)
{
    return QStringLiteral(
               R"(<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>system</type>
  <listen>unix:path=%1/system_bus_socket</listen>
  <auth>EXTERNAL</auth>
  <servicedir>%1/services</servicedir>
  <policy context="default">
    <allow user="*"/>
    <deny own="*"/>
    <deny send_type="method_call"/>
    <allow send_type="signal"/>
    <allow send_requested_reply="true" send_type="method_return"/>
    <allow send_requested_reply="true" send_type="error"/>
    <allow receive_type="method_call"/>
    <allow receive_type="method_return"/>
    <allow receive_type="error"/>
    <allow receive_type="signal"/>
    <allow send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus"/>
    <allow send_destination="org.freedesktop.DBus"
           send_interface="org.freedesktop.DBus.Introspectable"/>
    <allow send_destination="org.freedesktop.DBus"
           send_interface="org.freedesktop.DBus.Properties"/>
    <deny send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus"
          send_member="UpdateActivationEnvironment"/>
  </policy>
  <includedir>/usr/share/dbus-1/system.d</includedir>
  <includedir>%1/system.d</includedir>
</busconfig>
)")
        .arg(dir)
        .toUtf8();
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate) &&
           file.write(bytes) == bytes.size() && file.flush();
}

void endProcess(std::unique_ptr<QProcess> &process)
{
    if (!process)
        return;
    if (process->state() != QProcess::NotRunning) {
        process->terminate();
        if (!process->waitForFinished(3000)) {
            process->kill();
            process->waitForFinished(3000);
        }
    }
    process.reset();
}

} // namespace

PrivateSystemBus::PrivateSystemBus() = default;

PrivateSystemBus::~PrivateSystemBus()
{
    stop();
}

QString PrivateSystemBus::unavailableReason()
{
    if (geteuid() != 0)
        return QStringLiteral("needs root (unshare -m and bind mounts for polkitd)");
    for (const char *tool : {"dbus-daemon", "unshare", "setpriv", "gdbus", "pkcheck"}) {
        if (QStandardPaths::findExecutable(QString::fromLatin1(tool)).isEmpty())
            return QStringLiteral("%1 is not installed").arg(QString::fromLatin1(tool));
    }
    if (!QFileInfo(kPolkitd).isExecutable())
        return QStringLiteral("%1 is not installed (package polkitd)").arg(kPolkitd);
    if (!QFileInfo(kDistroActions).isDir() || !QFileInfo(kRulesDir).isDir())
        return QStringLiteral("%1 or %2 is missing").arg(kDistroActions, kRulesDir);
    return {};
}

bool PrivateSystemBus::fail(const QString &message)
{
    m_error = message;
    stop();
    return false;
}

QString PrivateSystemBus::address() const
{
    return m_dir ? QStringLiteral("unix:path=%1/system_bus_socket").arg(m_dir->path()) : QString();
}

QDBusConnection PrivateSystemBus::rootConnection()
{
    if (m_connectionName.isEmpty()) {
        m_connectionName = QStringLiteral("trimscope-private-system-bus-%1")
                               .arg(QUuid::createUuid().toString(QUuid::Id128));
        QDBusConnection::connectToBus(address(), m_connectionName);
    }
    return QDBusConnection(m_connectionName);
}

bool PrivateSystemBus::waitForName(const QString &name, int timeoutMs)
{
    const QDeadlineTimer deadline(timeoutMs);
    while (!deadline.hasExpired()) {
        QDBusConnection bus = rootConnection();
        if (bus.isConnected() && bus.interface()->isServiceRegistered(name).value())
            return true;
        if (!bus.isConnected()) {
            QDBusConnection::disconnectFromBus(m_connectionName);
            m_connectionName.clear();
        }
        QThread::msleep(50);
    }
    return false;
}

bool PrivateSystemBus::start(const Files &files, const QStringList &helperEnvironment)
{
    stop();
    m_error.clear();
    if (const QString reason = unavailableReason(); !reason.isEmpty())
        return fail(reason);
    // Short paths: a unix socket path must fit in 108 bytes.
    m_dir = std::make_unique<QTemporaryDir>(QStringLiteral("/tmp/trimscope-bus-XXXXXX"));
    if (!m_dir->isValid())
        return fail(QStringLiteral("cannot create a temporary directory"));
    const QString dir = m_dir->path();
    for (const char *sub : {"system.d", "services", "actions", "rules.d"}) {
        if (!QDir(dir).mkpath(QString::fromLatin1(sub)))
            return fail(QStringLiteral("cannot create %1/%2").arg(dir, QString::fromLatin1(sub)));
    }
    // polkitd (running as root here) must read the rules; nobody must reach the socket.
    QFile::setPermissions(dir, QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                   QFileDevice::ExeOwner | QFileDevice::ReadGroup |
                                   QFileDevice::ExeGroup | QFileDevice::ReadOther |
                                   QFileDevice::ExeOther);

    // Copies, not symlinks: polkitd reads the bind-mounted directory only.
    const QFileInfoList distroActions =
        QDir(kDistroActions).entryInfoList({QStringLiteral("*.policy")}, QDir::Files);
    for (const QFileInfo &action : distroActions)
        QFile::copy(action.absoluteFilePath(),
                    dir + QStringLiteral("/actions/") + action.fileName());
    // Ours replace any installed copy (a TrimScope package on this machine): the tests are of
    // the files in this tree. Without a helper (the udisks2 tests) the bus carries only the
    // distribution's services.
    if (!files.polkitPolicy.isEmpty()) {
        const QString ourPolicy =
            dir + QStringLiteral("/actions/") + QFileInfo(files.polkitPolicy).fileName();
        QFile::remove(ourPolicy);
        if (!QFile::copy(files.polkitPolicy, ourPolicy))
            return fail(QStringLiteral("cannot copy %1").arg(files.polkitPolicy));
    }
    if (!files.busPolicy.isEmpty()) {
        const QString ourBusPolicy =
            dir + QStringLiteral("/system.d/") + QFileInfo(files.busPolicy).fileName();
        QFile::remove(ourBusPolicy);
        if (!QFile::copy(files.busPolicy, ourBusPolicy))
            return fail(QStringLiteral("cannot copy %1").arg(files.busPolicy));
    }
    if (!files.helperBinary.isEmpty()) {
        if (!QFileInfo(files.helperBinary).isExecutable())
            return fail(QStringLiteral("%1 is not built").arg(files.helperBinary));
        // The helper's stderr goes to helper.log, which helperLog() returns for failure messages.
        const QByteArray service =
            QStringLiteral("[D-BUS Service]\nName=%1\nExec=/bin/sh -c '%2 2>>%3/helper.log; echo "
                           "\"trimscope-helper exited: $?\" >>%3/helper.log'\n"
                           "User=root\n")
                .arg(kHelperName, files.helperBinary, dir)
                .toUtf8();
        if (!writeFile(dir + QStringLiteral("/services/io.github.trimscope.Helper1.service"),
                       service))
            return fail(QStringLiteral("cannot write the helper's activation file"));
    }
    if (!writeFile(dir + QStringLiteral("/bus.conf"), busConfig(dir)))
        return fail(QStringLiteral("cannot write the bus configuration"));

    QProcessEnvironment daemonEnvironment = QProcessEnvironment::systemEnvironment();
    for (const QString &assignment : helperEnvironment)
        daemonEnvironment.insert(assignment.section(QLatin1Char('='), 0, 0),
                                 assignment.section(QLatin1Char('='), 1));
    m_busDaemon = std::make_unique<QProcess>();
    m_busDaemon->setProcessEnvironment(daemonEnvironment);
    m_busDaemon->setProcessChannelMode(QProcess::ForwardedErrorChannel);
    m_busDaemon->setStandardOutputFile(QProcess::nullDevice());
    m_busDaemon->start(QStringLiteral("dbus-daemon"),
                       {QStringLiteral("--config-file=") + dir + QStringLiteral("/bus.conf"),
                        QStringLiteral("--nofork"), QStringLiteral("--nopidfile")});
    if (!m_busDaemon->waitForStarted(kStartTimeoutMs))
        return fail(
            QStringLiteral("dbus-daemon did not start: %1").arg(m_busDaemon->errorString()));
    const QDeadlineTimer socketDeadline(kStartTimeoutMs);
    while (!QFileInfo::exists(dir + QStringLiteral("/system_bus_socket"))) {
        if (socketDeadline.hasExpired() || m_busDaemon->state() == QProcess::NotRunning)
            return fail(QStringLiteral("dbus-daemon did not create its socket"));
        QThread::msleep(20);
    }
    if (!waitForName(QStringLiteral("org.freedesktop.DBus"), kStartTimeoutMs))
        return fail(QStringLiteral("cannot connect to the private bus"));

    // polkitd sees our actions and rules; the rest of the machine sees nothing (private mount
    // namespace, private propagation).
    QProcessEnvironment polkitEnvironment = QProcessEnvironment::systemEnvironment();
    polkitEnvironment.insert(QStringLiteral("DBUS_SYSTEM_BUS_ADDRESS"), address());
    m_polkitd = std::make_unique<QProcess>();
    m_polkitd->setProcessEnvironment(polkitEnvironment);
    m_polkitd->setStandardOutputFile(dir + QStringLiteral("/polkitd.log"));
    m_polkitd->setStandardErrorFile(dir + QStringLiteral("/polkitd.log"), QIODevice::Append);
    const QString script =
        QStringLiteral("mount --bind %1/actions %2 && mount --bind %1/rules.d %3 && exec %4 "
                       "--no-debug")
            .arg(dir, kDistroActions, kRulesDir, kPolkitd);
    m_polkitd->start(QStringLiteral("unshare"),
                     {QStringLiteral("-m"), QStringLiteral("--propagation"),
                      QStringLiteral("private"), QStringLiteral("sh"), QStringLiteral("-c"),
                      script});
    if (!m_polkitd->waitForStarted(kStartTimeoutMs) ||
        !waitForName(QStringLiteral("org.freedesktop.PolicyKit1"), kStartTimeoutMs)) {
        QFile log(dir + QStringLiteral("/polkitd.log"));
        log.open(QIODevice::ReadOnly);
        return fail(
            QStringLiteral("polkitd did not come up: %1").arg(QString::fromUtf8(log.readAll())));
    }
    return true;
}

void PrivateSystemBus::stop()
{
    if (m_busDaemon && m_busDaemon->state() != QProcess::NotRunning) {
        // The helper leaves when its bus goes away; end it first anyway, so no job outlives us.
        if (const qint64 pid = helperPid(); pid > 0) {
            ::kill(pid_t(pid), SIGTERM);
            const QDeadlineTimer deadline(3000);
            while (::kill(pid_t(pid), 0) == 0 && !deadline.hasExpired())
                QThread::msleep(20);
        }
    }
    if (!m_connectionName.isEmpty()) {
        QDBusConnection::disconnectFromBus(m_connectionName);
        m_connectionName.clear();
    }
    endProcess(m_polkitd);
    endProcess(m_busDaemon);
    m_dir.reset();
}

QByteArray PrivateSystemBus::helperLog() const
{
    if (!m_dir)
        return {};
    QFile log(m_dir->path() + QStringLiteral("/helper.log"));
    return log.open(QIODevice::ReadOnly) ? log.readAll() : QByteArray();
}

qint64 PrivateSystemBus::helperPid()
{
    QDBusConnection bus = rootConnection();
    if (!bus.isConnected() || !bus.interface()->isServiceRegistered(kHelperName).value())
        return 0;
    const QDBusReply<uint> pid = bus.interface()->servicePid(kHelperName);
    return pid.isValid() ? qint64(pid.value()) : 0;
}

qint64 PrivateSystemBus::busDaemonPid() const
{
    return m_busDaemon ? m_busDaemon->processId() : 0;
}

void PrivateSystemBus::prepareAsNobody(QProcess &process, const QString &program,
                                       const QStringList &arguments) const
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("DBUS_SYSTEM_BUS_ADDRESS"), address());
    environment.insert(QStringLiteral("HOME"), QStringLiteral("/nonexistent"));
    process.setProcessEnvironment(environment);
    process.setWorkingDirectory(QStringLiteral("/"));
    process.setProgram(QStringLiteral("setpriv"));
    process.setArguments(QStringList{QStringLiteral("--reuid=65534"),
                                     QStringLiteral("--regid=65534"),
                                     QStringLiteral("--clear-groups"), program} +
                         arguments);
}

QString PrivateSystemBus::startFilteringProxy(QProcess &proxy, const QStringList &talkNames,
                                              const QString &socket) const
{
    QFile::remove(socket);
    QStringList arguments{address(), socket, QStringLiteral("--filter")};
    for (const QString &talk : talkNames)
        arguments << QStringLiteral("--talk=") + talk;
    proxy.setProcessChannelMode(QProcess::ForwardedChannels);
    prepareAsNobody(proxy, QStandardPaths::findExecutable(QStringLiteral("xdg-dbus-proxy")),
                    arguments);
    proxy.start();
    if (!proxy.waitForStarted())
        return {};
    const QDeadlineTimer deadline(kStartTimeoutMs);
    while (!QFileInfo::exists(socket)) {
        if (deadline.hasExpired() || proxy.state() == QProcess::NotRunning)
            return {};
        QThread::msleep(20);
    }
    return QStringLiteral("unix:path=") + socket;
}

QStringList PrivateSystemBus::flatpakSystemTalkNames()
{
    QFile manifest(QStringLiteral(TRIMSCOPE_SOURCE_DIR
                                  "/packaging/flatpak/io.github.trimscope.TrimScope.yml"));
    if (!manifest.open(QIODevice::ReadOnly | QIODevice::Text))
        return {};
    QStringList talkNames;
    const QRegularExpression grant(QStringLiteral(R"(^\s*-\s*--system-talk-name=(\S+)\s*$)"));
    for (const QString &line : QString::fromUtf8(manifest.readAll()).split(QLatin1Char('\n'))) {
        if (const QRegularExpressionMatch match = grant.match(line); match.hasMatch())
            talkNames << match.captured(1);
    }
    return talkNames;
}

PrivateSystemBus::Run PrivateSystemBus::runAsNobody(const QString &program,
                                                    const QStringList &arguments,
                                                    int timeoutMs) const
{
    QProcess process;
    prepareAsNobody(process, program, arguments);
    process.start();
    Run run;
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished();
        run.err = "timed out";
        return run;
    }
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    run.out = process.readAllStandardOutput();
    run.err = process.readAllStandardError();
    return run;
}

bool PrivateSystemBus::setRules(const QString &javaScript, const QString &probeAction,
                                bool expectAuthorized)
{
    if (!m_dir)
        return false;
    const QString path = m_dir->path() + QStringLiteral("/rules.d/") + kRulesFile;
    if (!writeFile(path + QStringLiteral(".tmp"), javaScript.toUtf8()) ||
        ::rename(QFile::encodeName(path + QStringLiteral(".tmp")).constData(),
                 QFile::encodeName(path).constData()) != 0)
        return false;
    // polkitd reloads on inotify within about a second; ask it until the answer flips.
    const QDeadlineTimer deadline(10000);
    while (!deadline.hasExpired()) {
        const Run check = runAsNobody(
            QStringLiteral("sh"),
            {QStringLiteral("-c"),
             QStringLiteral("exec pkcheck --action-id %1 --process $$").arg(probeAction)},
            5000);
        if ((check.exitCode == 0) == expectAuthorized)
            return true;
        QThread::msleep(100);
    }
    m_error = QStringLiteral("polkitd did not apply the rules in %1").arg(path);
    return false;
}

bool PrivateSystemBus::allowTrimScopeForNobody()
{
    return setRules(QStringLiteral(R"(polkit.addRule(function(action, subject) {
    if (action.id.indexOf("io.github.trimscope.") == 0 && subject.user == "nobody")
        return polkit.Result.YES;
});
)"),
                    QStringLiteral("io.github.trimscope.benchmark"), true);
}

bool PrivateSystemBus::denyTrimScopeForNobody()
{
    return setRules(QStringLiteral(R"(polkit.addRule(function(action, subject) {
    if (action.id.indexOf("io.github.trimscope.") == 0 && subject.user == "nobody")
        return polkit.Result.NO;
});
)"),
                    QStringLiteral("io.github.trimscope.list"), false);
}

} // namespace trimscope::test
