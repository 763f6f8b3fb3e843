#pragma once

#include "advice/advice.h"
#include "audit/systemsnapshot.h"
#include "common/expected.h"
#include "common/inputfile.h"
#include "report/resultfile.h"

#include <QCommandLineOption>
#include <QString>
#include <optional>

class QCommandLineParser;

namespace trimscope::cli {

// The files the CLI reads, each read and parsed in this one place. Every error names the file
// and is InvalidArgument (exit code "refused"): the user gave a path that is not what it should be.

// The bytes of an input file: core's readInputFile (common/inputfile.h), which takes regular
// files only, never hangs on a FIFO and caps each kind.

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

// A --from file of advise and apply: any result the advice reads, added to `input`.
Error loadAdviceInput(const QString &path, advice::AdviceInput &input);

// A system snapshot saved by `audit --save-snapshot`.
Expected<audit::SystemSnapshot> readSnapshotFile(const QString &path);

// The computer an audit reads, as advise and report let the user say: --audit-snapshot FILE (a
// snapshot saved by `audit --save-snapshot`), --audit (this one, through udisks2 inside a
// sandbox: app/apply/hostsnapshot), or neither (nothing).
struct AuditOptions
{
    QCommandLineOption here;
    QCommandLineOption snapshot;
};
AuditOptions auditOptions();
Expected<std::optional<audit::SystemSnapshot>> auditedComputer(const QCommandLineParser &parser,
                                                               const AuditOptions &options);

} // namespace trimscope::cli
