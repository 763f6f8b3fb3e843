#include "undojournal.h"

#include "applytext.h"
#include "common/inputfile.h"
#include "common/jsonfields.h"
#include "common/atomicfile.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QStandardPaths>
#include <algorithm>

namespace trimscope::apply {

namespace {

const QString kSchema = QStringLiteral("io.github.trimscope.applied");

} // namespace

QJsonObject AppliedChange::toJson() const
{
    return {{QStringLiteral("when"), when.toUTC().toString(Qt::ISODate)},
            {QStringLiteral("plan"), plan.toJson()}};
}

Expected<AppliedChange> AppliedChange::fromJson(const QJsonObject &json)
{
    const JsonFields fields(json);
    AppliedChange change;
    change.when = QDateTime::fromString(fields.text("when"), Qt::ISODate);
    if (!change.when.isValid())
        return makeError(ErrorCode::InvalidArgument,
                         ApplyText::tr("an applied change without its time"));
    Expected<ApplyPlan> plan = ApplyPlan::fromJson(fields.object("plan"));
    if (!plan)
        return plan.error();
    change.plan = std::move(plan).value();
    return change;
}

QJsonObject ApplyJournal::toJson() const
{
    return {{QStringLiteral("schema"), kSchema},
            {QStringLiteral("version"), SchemaVersion},
            {QStringLiteral("changes"), toJsonArray(changes)}};
}

Expected<ApplyJournal> ApplyJournal::fromJson(const QJsonObject &json)
{
    const JsonFields fields(json);
    if (fields.text("schema") != kSchema)
        return makeError(ErrorCode::InvalidArgument,
                         ApplyText::tr("it is not TrimScope's record of applied fixes"));
    if (fields.integer("version") > SchemaVersion)
        return makeError(ErrorCode::InvalidArgument,
                         ApplyText::tr("it was written by a newer TrimScope (version %1)")
                             .arg(fields.integer("version")));
    ApplyJournal journal;
    for (const QJsonValue &value : fields.array("changes")) {
        Expected<AppliedChange> change = AppliedChange::fromJson(value.toObject());
        if (!change)
            return change.error();
        journal.changes.append(std::move(change).value());
    }
    return journal;
}

ApplyPlan undoPlan(const AppliedChange &change)
{
    const ApplyPlan &done = change.plan;
    ApplyPlan undo;
    undo.fixId = done.fixId;
    undo.title = ApplyText::tr("Undo: %1").arg(done.title);
    for (auto it = done.fstab.crbegin(); it != done.fstab.crend(); ++it)
        undo.fstab.append({it->subject, it->lineAfter(), it->after, it->before, it->lineBefore});
    for (auto it = done.crypttab.crbegin(); it != done.crypttab.crend(); ++it)
        undo.crypttab.append({it->subject, it->lineAfter(), it->after, it->before, it->lineBefore});
    for (auto it = done.units.crbegin(); it != done.units.crend(); ++it)
        undo.units.append({it->unit, !it->enable, it->mask, it->unmask});
    for (auto it = done.remounts.crbegin(); it != done.remounts.crend(); ++it)
        undo.remounts.append({it->mountPoint, it->device, !it->discard});
    for (auto it = done.cryptRefreshes.crbegin(); it != done.cryptRefreshes.crend(); ++it)
        undo.cryptRefreshes.append({it->name, !it->allowDiscards});
    return undo;
}

QString defaultJournalPath()
{
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) +
           QStringLiteral("/trimscope/applied.json");
}

Expected<ApplyJournal> loadJournal(const QString &path)
{
    if (!QFileInfo::exists(path))
        return ApplyJournal();
    const Expected<QByteArray> bytes = readInputFile(path, InputFileKind::Result);
    if (!bytes)
        return bytes.error();
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(*bytes, &parseError);
    if (!document.isObject())
        return makeError(ErrorCode::InvalidArgument,
                         ApplyText::tr("%1 holds no record of applied fixes: %2")
                             .arg(path, parseError.errorString()));
    Expected<ApplyJournal> journal = ApplyJournal::fromJson(document.object());
    if (!journal)
        return makeError(journal.error().code,
                         QStringLiteral("%1: %2").arg(path, journal.error().message));
    return journal;
}

Error saveJournal(const QString &path, const ApplyJournal &journal)
{
    if (!QDir().mkpath(QFileInfo(path).absolutePath()))
        return makeError(ErrorCode::IoError,
                         ApplyText::tr("cannot create the folder of %1").arg(path));
    return writeFileAtomically(path, QJsonDocument(journal.toJson()).toJson());
}

} // namespace trimscope::apply
