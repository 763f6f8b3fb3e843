#include "udisksdaemon.h"

#include <QDBusArgument>
#include <QDBusConnectionInterface>
#include <QDBusMessage>
#include <QDBusObjectPath>
#include <QDBusReply>
#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QThread>
#include <unistd.h>

namespace trimscope::test {

namespace {

const QString kUdisksd = QStringLiteral("/usr/libexec/udisks2/udisksd");
const QString kUdevd = QStringLiteral("/lib/systemd/systemd-udevd");
const QString kService = QStringLiteral("org.freedesktop.UDisks2");
constexpr int kStartTimeoutMs = 20000;

int run(const QString &program, const QStringList &arguments, int timeoutMs = 30000)
{
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(program, arguments);
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished();
        return -1;
    }
    return process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
}

void endProcess(std::unique_ptr<QProcess> &process)
{
    if (!process)
        return;
    if (process->state() != QProcess::NotRunning) {
        process->terminate();
        if (!process->waitForFinished(5000)) {
            process->kill();
            process->waitForFinished(3000);
        }
    }
    process.reset();
}

} // namespace

UdisksDaemon::UdisksDaemon() = default;

UdisksDaemon::~UdisksDaemon()
{
    stop();
}

QString UdisksDaemon::unavailableReason()
{
    if (geteuid() != 0)
        return QStringLiteral("needs root (udisksd and systemd-udevd run as root)");
    if (!QFileInfo(kUdisksd).isExecutable())
        return QStringLiteral("%1 is not installed (package udisks2)").arg(kUdisksd);
    if (QStandardPaths::findExecutable(QStringLiteral("udevadm")).isEmpty())
        return QStringLiteral("udevadm is not installed (package udev)");
    if (!QFileInfo(kUdevd).isExecutable())
        return QStringLiteral("%1 is not installed (package udev)").arg(kUdevd);
    return {};
}

bool UdisksDaemon::fail(const QString &message)
{
    m_error = message;
    const QByteArray written = log();
    if (!written.isEmpty())
        m_error += QStringLiteral("\n") + QString::fromUtf8(written.right(4000));
    stop();
    return false;
}

bool UdisksDaemon::udevAnswers() const
{
    return run(QStringLiteral("udevadm"),
               {QStringLiteral("control"), QStringLiteral("--ping"), QStringLiteral("--timeout=2")},
               5000) == 0;
}

bool UdisksDaemon::start(const QString &address, const QDBusConnection &bus)
{
    stop();
    m_error.clear();
    if (const QString reason = unavailableReason(); !reason.isEmpty())
        return fail(reason);
    m_bus = bus;
    m_dir = std::make_unique<QTemporaryDir>(QStringLiteral("/tmp/trimscope-udisks-XXXXXX"));
    if (!m_dir->isValid())
        return fail(QStringLiteral("cannot create a temporary directory"));

    if (!udevAnswers()) {
        // In the foreground (not --daemon): this process owns it and ends exactly it.
        m_udevd = std::make_unique<QProcess>();
        m_udevd->setStandardOutputFile(m_dir->filePath(QStringLiteral("udevd.log")));
        m_udevd->setStandardErrorFile(m_dir->filePath(QStringLiteral("udevd.log")),
                                      QIODevice::Append);
        m_udevd->start(kUdevd, {});
        if (!m_udevd->waitForStarted(kStartTimeoutMs))
            return fail(
                QStringLiteral("systemd-udevd did not start: %1").arg(m_udevd->errorString()));
        const QDeadlineTimer deadline(kStartTimeoutMs);
        while (!udevAnswers()) {
            if (deadline.hasExpired() || m_udevd->state() == QProcess::NotRunning)
                return fail(QStringLiteral("systemd-udevd does not answer udevadm control --ping"));
            QThread::msleep(100);
        }
    }
    // udisksd takes only devices udev has seen (its database): announce those there are.
    run(QStringLiteral("udevadm"), {QStringLiteral("trigger"), QStringLiteral("--action=add"),
                                    QStringLiteral("--subsystem-match=block")});
    run(QStringLiteral("udevadm"), {QStringLiteral("settle"), QStringLiteral("--timeout=20")});

    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("DBUS_SYSTEM_BUS_ADDRESS"), address);
    m_udisksd = std::make_unique<QProcess>();
    m_udisksd->setProcessEnvironment(environment);
    m_udisksd->setStandardOutputFile(m_dir->filePath(QStringLiteral("udisksd.log")));
    m_udisksd->setStandardErrorFile(m_dir->filePath(QStringLiteral("udisksd.log")),
                                    QIODevice::Append);
    if (m_scratchEtc.isEmpty()) {
        m_udisksd->start(kUdisksd, {});
    } else {
        // unshare and sh exec: the process we start is udisksd itself.
        const QString script =
            QStringLiteral("mount -t overlay overlay -o lowerdir=/etc,upperdir=%1/upper,"
                           "workdir=%1/work /etc && exec %2")
                .arg(m_scratchEtc, kUdisksd);
        m_udisksd->start(QStringLiteral("unshare"),
                         {QStringLiteral("-m"), QStringLiteral("--propagation"),
                          QStringLiteral("private"), QStringLiteral("sh"), QStringLiteral("-c"),
                          script});
    }
    if (!m_udisksd->waitForStarted(kStartTimeoutMs))
        return fail(QStringLiteral("udisksd did not start: %1").arg(m_udisksd->errorString()));
    const QDeadlineTimer deadline(kStartTimeoutMs);
    while (!m_bus.interface()->isServiceRegistered(kService).value()) {
        if (deadline.hasExpired() || m_udisksd->state() == QProcess::NotRunning)
            return fail(QStringLiteral("udisksd did not take its name on the bus"));
        QThread::msleep(50);
    }
    QDBusMessage get = QDBusMessage::createMethodCall(
        kService, QStringLiteral("/org/freedesktop/UDisks2/Manager"),
        QStringLiteral("org.freedesktop.DBus.Properties"), QStringLiteral("Get"));
    get << QStringLiteral("org.freedesktop.UDisks2.Manager") << QStringLiteral("Version");
    const QDBusReply<QVariant> version = m_bus.call(get);
    m_version = version.isValid() ? version.value().toString() : QString();
    return true;
}

bool UdisksDaemon::setScratchEtc(const QString &dir,
                                 const QList<std::pair<QString, QByteArray>> &files)
{
    m_scratchEtc = dir;
    QDir().mkpath(dir + QStringLiteral("/upper"));
    QDir().mkpath(dir + QStringLiteral("/work"));
    for (const auto &[name, bytes] : files) {
        const QString path = dir + QStringLiteral("/upper/") + name;
        QFile file(path);
        if (!QDir().mkpath(QFileInfo(path).absolutePath()) || !file.open(QIODevice::WriteOnly) ||
            file.write(bytes) != bytes.size()) {
            m_error = QStringLiteral("cannot write the scratch %1").arg(path);
            return false;
        }
    }
    return true;
}

qint64 UdisksDaemon::pid() const
{
    return m_udisksd && m_udisksd->state() == QProcess::Running ? m_udisksd->processId() : 0;
}

QString UdisksDaemon::rootPath() const
{
    return QStringLiteral("/proc/%1/root").arg(pid());
}

void UdisksDaemon::stop()
{
    endProcess(m_udisksd);
    endProcess(m_udevd);
    m_dir.reset();
}

bool UdisksDaemon::lists(const QString &device) const
{
    const QString name = device.section(QLatin1Char('/'), -1);
    QDBusMessage get = QDBusMessage::createMethodCall(
        kService, QStringLiteral("/org/freedesktop/UDisks2/block_devices/") + name,
        QStringLiteral("org.freedesktop.DBus.Properties"), QStringLiteral("Get"));
    get << QStringLiteral("org.freedesktop.UDisks2.Block") << QStringLiteral("Size");
    const QDBusReply<QVariant> size = m_bus.call(get, QDBus::Block, 5000);
    return size.isValid() && size.value().toULongLong() > 0;
}

bool UdisksDaemon::waitForBlock(const QString &device, bool present, int timeoutMs)
{
    const QString sysPath =
        QStringLiteral("/sys/class/block/") + device.section(QLatin1Char('/'), -1);
    run(QStringLiteral("udevadm"),
        {QStringLiteral("trigger"), QStringLiteral("--action=change"), sysPath});
    const QDeadlineTimer deadline(timeoutMs);
    while (lists(device) != present) {
        if (deadline.hasExpired())
            return false;
        QThread::msleep(100);
    }
    return true;
}

QByteArray UdisksDaemon::log() const
{
    if (!m_dir)
        return {};
    QByteArray all;
    for (const char *name : {"udevd.log", "udisksd.log"}) {
        QFile file(m_dir->filePath(QLatin1String(name)));
        if (file.open(QIODevice::ReadOnly) && file.size() > 0)
            all += QByteArray(name) + ":\n" + file.readAll();
    }
    return all;
}

} // namespace trimscope::test
