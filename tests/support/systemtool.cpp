#include "systemtool.h"

#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <linux/loop.h>
#include <sys/ioctl.h>
#include <unistd.h>

namespace trimscope::test {

QString findSystemProgram(const QString &name)
{
    QString path =
        QStandardPaths::findExecutable(name, {QStringLiteral("/usr/sbin"), QStringLiteral("/sbin"),
                                              QStringLiteral("/usr/bin"), QStringLiteral("/bin")});
    return path.isEmpty() ? QStandardPaths::findExecutable(name) : path;
}

ToolOutput runSystemTool(const QString &name, const QStringList &args, int timeoutMs,
                         const QByteArray &input)
{
    ToolOutput result;
    QProcess process;
    process.start(findSystemProgram(name), args);
    if (!input.isEmpty()) {
        process.write(input);
        process.closeWriteChannel();
    }
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished();
        result.err = QStringLiteral("%1 did not finish: %2").arg(name, process.errorString());
        return result;
    }
    result.out = QString::fromLocal8Bit(process.readAllStandardOutput()).trimmed();
    result.err = QString::fromLocal8Bit(process.readAllStandardError()).trimmed();
    result.ok = process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0;
    return result;
}

QString attachLoopDevice(const QString &image, const QStringList &options, QString *error)
{
    const QStringList args =
        QStringList{QStringLiteral("-f"), QStringLiteral("--show")} + options + QStringList{image};
    ToolOutput result;
    for (int attempt = 0; attempt < 5; ++attempt) {
        result = runSystemTool(QStringLiteral("losetup"), args, 20000);
        if (result.ok && result.out.startsWith(QLatin1String("/dev/loop")))
            return result.out;
        QThread::msleep(50);
    }
    if (error)
        *error = result.err;
    return {};
}

int holdLoopDevice(const QString &device, QString *error)
{
    const int fd = ::open(QFile::encodeName(device).constData(), O_RDONLY | O_CLOEXEC);
    loop_info64 info{};
    if (fd < 0 || ::ioctl(fd, LOOP_GET_STATUS64, &info) != 0) {
        if (error)
            *error = QStringLiteral("cannot open %1: %2")
                         .arg(device, QString::fromLocal8Bit(std::strerror(errno)));
        if (fd >= 0)
            ::close(fd);
        return -1;
    }
    info.lo_flags |= LO_FLAGS_AUTOCLEAR;
    if (::ioctl(fd, LOOP_SET_STATUS64, &info) != 0)
        qWarning("cannot set autoclear on %s: %s", qPrintable(device), std::strerror(errno));
    return fd;
}

void detachLoopDevice(const QString &device, int holdFd)
{
    if (!device.isEmpty()) {
        bool detached = false;
        for (int attempt = 0; attempt < 20 && !detached; ++attempt) {
            detached =
                runSystemTool(QStringLiteral("losetup"), {QStringLiteral("-d"), device}, 20000).ok;
            if (!detached)
                QThread::msleep(50);
        }
        if (!detached)
            qWarning("could not detach %s", qPrintable(device));
    }
    if (holdFd >= 0)
        ::close(holdFd);
}

QByteArray readSysfs(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll().trimmed() : QByteArray();
}

} // namespace trimscope::test
