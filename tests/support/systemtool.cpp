#include "systemtool.h"

#include <QFile>
#include <QProcess>
#include <QStandardPaths>

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

QByteArray readSysfs(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll().trimmed() : QByteArray();
}

} // namespace trimscope::test
