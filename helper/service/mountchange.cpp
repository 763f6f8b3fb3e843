#include "mountchange.h"

#include <QFile>
#include <cerrno>
#include <cstring>
#include <sys/mount.h>

namespace trimscope::helper {

QString systemMountInfo()
{
    QFile file(QStringLiteral("/proc/self/mountinfo"));
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

Error remountWithDiscard(const apply::RemountTarget &target, bool discard)
{
    const Expected<apply::RemountCall> call = apply::remountCall(target, discard);
    if (!call)
        return call.error();
    const QByteArray mountPoint = QFile::encodeName(target.mountPoint);
    if (::mount(nullptr, mountPoint.constData(), nullptr, call->flags, call->data.constData()) !=
        0) {
        const int error = errno;
        return makeError(ErrorCode::IoError,
                         QStringLiteral("could not remount %1 with %2: %3")
                             .arg(target.mountPoint, QString::fromLatin1(call->data),
                                  QString::fromLocal8Bit(std::strerror(error))));
    }
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
    if (!apply::onlyDiscardChanged(target, *now))
        return makeError(ErrorCode::IoError,
                         QStringLiteral("%1 was remounted, and more than discard changed: the "
                                        "mount's options were %2 (filesystem: %3), now %4 (%5)")
                             .arg(target.mountPoint, target.mountOptions.join(QLatin1Char(',')),
                                  target.superOptions.join(QLatin1Char(',')),
                                  now->mountOptions.join(QLatin1Char(',')),
                                  now->superOptions.join(QLatin1Char(','))));
    return {};
}

} // namespace trimscope::helper
