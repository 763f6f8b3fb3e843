#include "systemsnapshot.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonParseError>

namespace trimscope::audit {

namespace {
const char *const SchemaId = "trimscope.audit-snapshot";
}

std::optional<QString> SystemSnapshot::value(const QString &key) const
{
    const auto it = m_entries.constFind(key);
    if (it == m_entries.constEnd())
        return std::nullopt;
    return *it;
}

QString SystemSnapshot::valueOr(const QString &key, const QString &fallback) const
{
    return m_entries.value(key, fallback);
}

QStringList SystemSnapshot::children(const QString &dir) const
{
    const QString prefix = dir.endsWith(QLatin1Char('/')) ? dir : dir + QLatin1Char('/');
    QStringList names;
    // Keys are sorted, so everything below dir is one contiguous run starting at lowerBound.
    for (auto it = m_entries.lowerBound(prefix); it != m_entries.constEnd();) {
        if (!it.key().startsWith(prefix))
            break;
        const qsizetype slash = it.key().indexOf(QLatin1Char('/'), prefix.size());
        const QString name = it.key().mid(prefix.size(), slash < 0 ? -1 : slash - prefix.size());
        if (!name.isEmpty() && (names.isEmpty() || names.constLast() != name))
            names.append(name);
        // The rest of name's own entries ("name/...") sort before "name0", as no character
        // falls between '/' and '0': one look-up, not a step through each (the audit asks for
        // /sys/class/block's names once per mount, ~25 entries a device).
        if (slash < 0 || name.isEmpty())
            ++it;
        else
            it = m_entries.lowerBound(prefix + name + QLatin1Char('0'));
    }
    names.removeDuplicates();
    return names;
}

QJsonObject SystemSnapshot::toJson() const
{
    QJsonObject entries;
    for (auto it = m_entries.constBegin(); it != m_entries.constEnd(); ++it)
        entries.insert(it.key(), it.value());
    return QJsonObject{
        {QStringLiteral("schema"), QLatin1String(SchemaId)},
        {QStringLiteral("version"), SchemaVersion},
        {QStringLiteral("captured_at"), m_capturedAt.toUTC().toString(Qt::ISODate)},
        {QStringLiteral("entries"), entries},
    };
}

Expected<SystemSnapshot> SystemSnapshot::fromJson(const QJsonObject &json)
{
    if (json.value(QStringLiteral("schema")).toString() != QLatin1String(SchemaId))
        return makeError(
            ErrorCode::InvalidArgument,
            QCoreApplication::translate("TrimAudit", "not a TrimScope audit snapshot"));
    const int version = json.value(QStringLiteral("version")).toInt(-1);
    if (version < 1 || version > SchemaVersion)
        return makeError(
            ErrorCode::Unsupported,
            QCoreApplication::translate("TrimAudit", "audit snapshot version %1 is not supported")
                .arg(version));
    SystemSnapshot snapshot;
    // Snapshots saved before the keys were snake_case call it "capturedAt".
    const QJsonValue captured = json.contains(QStringLiteral("captured_at"))
                                    ? json.value(QStringLiteral("captured_at"))
                                    : json.value(QStringLiteral("capturedAt"));
    snapshot.m_capturedAt = QDateTime::fromString(captured.toString(), Qt::ISODate);
    const QJsonObject entries = json.value(QStringLiteral("entries")).toObject();
    for (auto it = entries.constBegin(); it != entries.constEnd(); ++it) {
        if (!it.value().isString())
            return makeError(
                ErrorCode::InvalidArgument,
                QCoreApplication::translate("TrimAudit", "audit snapshot entry %1 is not text")
                    .arg(it.key()));
        snapshot.m_entries.insert(it.key(), it.value().toString());
    }
    return snapshot;
}

Expected<SystemSnapshot> SystemSnapshot::fromJsonBytes(const QByteArray &bytes)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(bytes, &parseError);
    if (parseError.error != QJsonParseError::NoError || !document.isObject())
        return makeError(ErrorCode::InvalidArgument,
                         QCoreApplication::translate("TrimAudit", "invalid JSON: %1")
                             .arg(parseError.errorString()));
    return fromJson(document.object());
}

} // namespace trimscope::audit
