#include "mountchange.h"

#include "common/childprocess.h"

#include <QFile>
#include <QProcess>
#include <QStandardPaths>

namespace trimscope::helper {

namespace {

constexpr int kMountTimeoutMs = 60000;

QString mountProgram()
{
    return QStandardPaths::findExecutable(QStringLiteral("mount"),
                                          {QStringLiteral("/usr/bin"), QStringLiteral("/bin"),
                                           QStringLiteral("/usr/sbin"), QStringLiteral("/sbin")});
}

} // namespace

QString systemMountInfo()
{
    QFile file(QStringLiteral("/proc/self/mountinfo"));
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

Error remountWithDiscard(const apply::RemountTarget &target, bool discard)
{
    const QString program = mountProgram();
    if (program.isEmpty())
        return makeError(ErrorCode::Unsupported,
                         QStringLiteral("mount (util-linux) is not installed"));
    QProcess mount;
    mount.setProcessChannelMode(QProcess::MergedChannels);
    killWithParent(mount);
    mount.start(program, apply::remountArguments(target.mountPoint, discard));
    if (!mount.waitForFinished(kMountTimeoutMs)) {
        stopChild(mount, 1000);
        return makeError(
            ErrorCode::IoError,
            QStringLiteral("mount did not finish remounting %1").arg(target.mountPoint));
    }
    const QString said = QString::fromLocal8Bit(mount.readAll()).trimmed();
    if (mount.exitStatus() != QProcess::NormalExit || mount.exitCode() != 0)
        return makeError(
            ErrorCode::IoError,
            QStringLiteral("mount could not remount %1 with %2: %3")
                .arg(target.mountPoint,
                     discard ? QStringLiteral("discard") : QStringLiteral("nodiscard"),
                     said.isEmpty() ? QStringLiteral("exit code %1").arg(mount.exitCode()) : said));
    const Expected<apply::RemountTarget> now =
        apply::remountTarget(systemMountInfo(), target.mountPoint, target.source);
    if (!now)
        return now.error();
    if (now->discard != discard)
        return makeError(ErrorCode::IoError,
                         QStringLiteral("%1 was remounted, but the kernel kept it %2")
                             .arg(target.mountPoint, now->discard
                                                         ? QStringLiteral("with discard")
                                                         : QStringLiteral("without discard")));
    return {};
}

} // namespace trimscope::helper
