#include "inputfiles.h"

#include <QCoreApplication>
#include <QFile>

namespace trimscope::cli {

namespace {

class Text
{
    Q_DECLARE_TR_FUNCTIONS(CliInputFiles)
};

// The largest result we write (a long sweep's trace) is a few MiB; snapshots are smaller.
constexpr qint64 kMaxResultBytes = 64 * 1024 * 1024;

Error inFile(const QString &path, const Error &error)
{
    return makeError(ErrorCode::InvalidArgument, QStringLiteral("%1: %2").arg(path, error.message));
}

} // namespace

Expected<QByteArray> readInputFile(const QString &path, qint64 maxBytes)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return makeError(ErrorCode::InvalidArgument,
                         Text::tr("cannot read %1: %2").arg(path, file.errorString()));
    QByteArray bytes = file.read(maxBytes + 1);
    if (bytes.size() > maxBytes)
        return makeError(ErrorCode::InvalidArgument,
                         Text::tr("%1 is larger than %2 bytes: not a file TrimScope reads")
                             .arg(path)
                             .arg(maxBytes));
    return bytes;
}

Expected<QByteArray> readResultBytes(const QString &path)
{
    return readInputFile(path, kMaxResultBytes);
}

Expected<AnyResult> readResultFile(const QString &path)
{
    const Expected<QByteArray> bytes = readResultBytes(path);
    if (!bytes)
        return bytes.error();
    Expected<AnyResult> result = readAnyResult(*bytes);
    if (!result)
        return inFile(path, result.error());
    return result;
}

Expected<audit::SystemSnapshot> readSnapshotFile(const QString &path)
{
    const Expected<QByteArray> bytes = readInputFile(path, kMaxResultBytes);
    if (!bytes)
        return bytes.error();
    Expected<audit::SystemSnapshot> snapshot = audit::SystemSnapshot::fromJsonBytes(*bytes);
    if (!snapshot)
        return inFile(path, snapshot.error());
    return snapshot;
}

} // namespace trimscope::cli
