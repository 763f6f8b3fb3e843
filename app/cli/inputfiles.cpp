#include "inputfiles.h"

#include "hostsnapshot.h"
#include "report/adviceinput.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDBusConnection>

namespace trimscope::cli {

namespace {

struct CliAuditOptions
{
    Q_DECLARE_TR_FUNCTIONS(CliAuditOptions)
};

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

AuditOptions auditOptions()
{
    return {QCommandLineOption(QStringLiteral("audit"),
                               CliAuditOptions::tr("Audit this machine's TRIM stack too.")),
            QCommandLineOption(
                QStringLiteral("audit-snapshot"),
                CliAuditOptions::tr("Audit a saved snapshot (see audit --save-snapshot)."),
                QStringLiteral("FILE"))};
}

Expected<std::optional<audit::SystemSnapshot>> auditedComputer(const QCommandLineParser &parser,
                                                               const AuditOptions &options)
{
    if (parser.isSet(options.snapshot)) {
        Expected<audit::SystemSnapshot> snapshot = readSnapshotFile(parser.value(options.snapshot));
        if (!snapshot)
            return snapshot.error();
        return std::optional<audit::SystemSnapshot>(std::move(snapshot).value());
    }
    if (parser.isSet(options.here))
        return std::optional<audit::SystemSnapshot>(
            apply::captureHostSnapshot(QDBusConnection::systemBus()));
    return std::optional<audit::SystemSnapshot>();
}

} // namespace trimscope::cli
