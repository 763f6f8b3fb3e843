#include "inputfiles.h"

#include "report/adviceinput.h"

namespace trimscope::cli {

namespace {

Error inFile(const QString &path, const Error &error)
{
    return makeError(ErrorCode::InvalidArgument, QStringLiteral("%1: %2").arg(path, error.message));
}

} // namespace

Expected<QByteArray> readResultBytes(const QString &path)
{
    return readInputFile(path, InputFileKind::Result);
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
    const Expected<QByteArray> bytes = readInputFile(path, InputFileKind::AuditSnapshot);
    if (!bytes)
        return bytes.error();
    Expected<audit::SystemSnapshot> snapshot = audit::SystemSnapshot::fromJsonBytes(*bytes);
    if (!snapshot)
        return inFile(path, snapshot.error());
    return snapshot;
}

Error loadAdviceInput(const QString &path, advice::AdviceInput &input)
{
    const Expected<AnyResult> result = readResultFile(path);
    if (!result)
        return result.error();
    if (const Error error = addAdviceInput(*result, input); error.isError())
        return makeError(ErrorCode::InvalidArgument,
                         QStringLiteral("%1: %2").arg(path, error.message));
    return {};
}

} // namespace trimscope::cli
