#include "passphrasepipe.h"

#include "argumentlimits.h"

#include <QDeadlineTimer>
#include <cerrno>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

namespace trimscope::helper {

namespace {

Error refusePassphrase(const QString &why)
{
    return makeError(ErrorCode::InvalidArgument, why);
}

} // namespace

Expected<std::shared_ptr<const Secret>> readPassphrase(const QDBusUnixFileDescriptor &descriptor,
                                                       int timeoutMs)
{
    const int fd = descriptor.fileDescriptor();
    struct stat status = {};
    if (!descriptor.isValid() || ::fstat(fd, &status) != 0 ||
        !(S_ISFIFO(status.st_mode) || S_ISREG(status.st_mode)))
        return refusePassphrase(
            QStringLiteral("the passphrase must come through a pipe or a memory file"));
    // One byte more than the longest passphrase accepted tells "too long" from "just fits".
    QByteArray buffer(kMaxPassphraseBytes + 1, '\0');
    qsizetype length = 0;
    const QDeadlineTimer deadline(timeoutMs);
    Error failed;
    while (length < buffer.size()) {
        pollfd readable{fd, POLLIN, 0};
        const int ready = ::poll(&readable, 1, int(deadline.remainingTime()));
        if (ready < 0 && errno == EINTR)
            continue;
        if (ready <= 0) {
            failed = refusePassphrase(QStringLiteral("the passphrase's pipe was not closed in "
                                                     "time"));
            break;
        }
        const ssize_t got = ::read(fd, buffer.data() + length, size_t(buffer.size() - length));
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            failed = refusePassphrase(QStringLiteral("the passphrase could not be read"));
            break;
        }
        if (got == 0)
            break;
        length += got;
    }
    // Shortened in place: the bytes stay in the one allocation that Secret wipes.
    buffer.truncate(length);
    auto secret = std::make_shared<const Secret>(std::move(buffer));
    if (failed.isError())
        return failed;
    if (const Error bad = checkPassphraseSize(secret->bytes()); bad.isError())
        return bad;
    return secret;
}

} // namespace trimscope::helper
