#pragma once

#include "audit/systemsnapshot.h"
#include "common/expected.h"
#include "report/resultfile.h"

#include <QString>

namespace trimscope::cli {

// The files the CLI reads, each read and parsed in this one place. Every error names the file
// and is InvalidArgument (exit code "refused"): the user gave a path that is not what it should be.

// The bytes of an input file, at most `maxBytes` (a wrong path, an image or a device, is not
// slurped whole).
Expected<QByteArray> readInputFile(const QString &path, qint64 maxBytes);

// The bytes of a result file: the cap of every result kind.
Expected<QByteArray> readResultBytes(const QString &path);

// Any result file TrimScope writes (--from, show, metrics --sweep).
Expected<AnyResult> readResultFile(const QString &path);

// One kind of result only; the error names the kind the file holds instead.
template <class Result> Expected<Result> readResultFileOf(const QString &path)
{
    const Expected<QByteArray> bytes = readResultBytes(path);
    if (!bytes)
        return bytes.error();
    Expected<Result> result = readResult<Result>(*bytes);
    if (!result)
        return makeError(ErrorCode::InvalidArgument,
                         QStringLiteral("%1: %2").arg(path, result.error().message));
    return result;
}

// A system snapshot saved by `audit --save-snapshot`.
Expected<audit::SystemSnapshot> readSnapshotFile(const QString &path);

} // namespace trimscope::cli
