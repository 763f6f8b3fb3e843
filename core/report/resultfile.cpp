#include "resultfile.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <optional>
#include <type_traits>

namespace trimscope {

namespace {

struct ResultFileText
{
    Q_DECLARE_TR_FUNCTIONS(ResultFile)
};

// Each kind's schema: its id, its version (bump it on any incompatible change; readers accept
// every version up to their own), for a measurement run the file's "kind" word, and what the
// result is called in messages. One line per result type, found by type, not by position: a
// kind of AnyResult without its line does not compile.
struct Schema
{
    const char *id;
    int version;
    const char *kind; // empty for read-outs
    const char *what;
};
template <class Result> struct SchemaOf; // no definition: each kind has its own line
#define TRIMSCOPE_SCHEMA(Type, id, version, kind, what)                                            \
    template <> struct SchemaOf<Type>                                                              \
    {                                                                                              \
        static constexpr Schema value{id, version, kind, what};                                    \
    };
TRIMSCOPE_SCHEMA(SweepResult, "io.github.trimscope.sweep", 1, "trim-sweep",
                 QT_TRANSLATE_NOOP("ResultFile", "sweep"))
TRIMSCOPE_SCHEMA(fsbench::FsBenchResult, "io.github.trimscope.filesystems", 1, "fs-delete-bench",
                 QT_TRANSLATE_NOOP("ResultFile", "filesystem"))
TRIMSCOPE_SCHEMA(fsbench::MkfsTimingResult, "io.github.trimscope.mkfs-timing", 1, "mkfs-timing",
                 QT_TRANSLATE_NOOP("ResultFile", "mkfs-timing"))
TRIMSCOPE_SCHEMA(recovery::RecoveryResult, "io.github.trimscope.recovery", 1, "write-recovery",
                 QT_TRANSLATE_NOOP("ResultFile", "write-recovery"))
TRIMSCOPE_SCHEMA(recovery::FillCurveResult, "io.github.trimscope.fill-curve", 1, "fill-curve",
                 QT_TRANSLATE_NOOP("ResultFile", "fill-curve"))
TRIMSCOPE_SCHEMA(probe::BackgroundProbeResult, "io.github.trimscope.background-probe", 1,
                 "background-probe", QT_TRANSLATE_NOOP("ResultFile", "background-probe"))
TRIMSCOPE_SCHEMA(stall::StallResult, "io.github.trimscope.stall", 1, "stall",
                 QT_TRANSLATE_NOOP("ResultFile", "stall"))
TRIMSCOPE_SCHEMA(health::DriveHealth, "io.github.trimscope.health", 1, "",
                 QT_TRANSLATE_NOOP("ResultFile", "health"))
TRIMSCOPE_SCHEMA(audit::AuditReport, "io.github.trimscope.audit", 1, "",
                 QT_TRANSLATE_NOOP("ResultFile", "audit"))
TRIMSCOPE_SCHEMA(advice::Advice, "io.github.trimscope.advice", 1, "",
                 QT_TRANSLATE_NOOP("ResultFile", "advice"))
TRIMSCOPE_SCHEMA(DiagnosisResult, "io.github.trimscope.diagnosis", 1, "diagnosis",
                 QT_TRANSLATE_NOOP("ResultFile", "diagnosis"))
TRIMSCOPE_SCHEMA(watch::FstrimTimingResult, "io.github.trimscope.fstrim-timing", 1, "fstrim-timing",
                 QT_TRANSLATE_NOOP("ResultFile", "timed fstrim"))
TRIMSCOPE_SCHEMA(watch::DiscardWatch, "io.github.trimscope.watch", 1, "",
                 QT_TRANSLATE_NOOP("ResultFile", "watch"))
#undef TRIMSCOPE_SCHEMA

// The audit report's first schema id; its files still open.
constexpr auto kLegacyAuditSchema = "trimscope.audit-report";

template <class Result> constexpr const Schema &schemaOf()
{
    return SchemaOf<Result>::value;
}

// A measurement run records its drive, how it ended and when; read-outs do not.
template <class Result>
concept RunResult = requires(const Result &r)
{
    r.drive;
    r.stopReason;
    r.error;
    r.started;
    r.finished;
    r.elapsedSeconds;
    r.toolVersion;
};

template <class Result> ResultEnvelope envelopeFor(const Result &result)
{
    const Schema &schema = schemaOf<Result>();
    ResultEnvelope envelope;
    envelope.schema = QLatin1String(schema.id);
    envelope.version = schema.version;
    if constexpr (RunResult<Result>) {
        envelope.kind = QLatin1String(schema.kind);
        envelope.run = result;
    } else {
        envelope.run.toolVersion = QStringLiteral(TRIMSCOPE_VERSION);
    }
    return envelope;
}

Error notA(const char *what, const QString &why)
{
    return makeError(
        ErrorCode::InvalidArgument,
        ResultFileText::tr("not a TrimScope %1 result: %2").arg(ResultFileText::tr(what), why));
}

template <class Result>
Expected<AnyResult> readBody(const ResultEnvelope &envelope, const QJsonObject &json)
{
    const Schema &schema = schemaOf<Result>();
    if (envelope.version > schema.version)
        return notA(schema.what, ResultFileText::tr("schema version %1 is newer than this "
                                                    "TrimScope reads (%2)")
                                     .arg(envelope.version)
                                     .arg(schema.version));
    Expected<Result> result = [&] {
        // Bodies laid out on the drive (a sweep's regions, a fill's cliff) need its size.
        if constexpr (requires { Result::fromJson(json, envelope.run.drive); })
            return Result::fromJson(json, envelope.run.drive);
        else
            return Result::fromJson(json);
    }();
    if (!result)
        return notA(schema.what, result.error().message);
    if constexpr (RunResult<Result>)
        static_cast<RunRecord &>(*result) = envelope.run;
    return AnyResult(std::move(result).value());
}

// The body of the kind whose schema id the file names, read by that kind's reader; nothing when
// no kind of AnyResult has that id. Each kind is found by its own schema line, not by position.
template <std::size_t... I>
std::optional<Expected<AnyResult>> readBodyOf(const QString &schema, const ResultEnvelope &envelope,
                                              const QJsonObject &json, std::index_sequence<I...>)
{
    std::optional<Expected<AnyResult>> read;
    const auto tryKind = [&]<class Result>(std::type_identity<Result>) {
        if (!read && schema == QLatin1String(schemaOf<Result>().id))
            read = readBody<Result>(envelope, json);
    };
    (tryKind(std::type_identity<std::variant_alternative_t<I, AnyResult>>()), ...);
    return read;
}

Expected<AnyResult> readObject(const QJsonObject &json)
{
    const Expected<ResultEnvelope> envelope = ResultEnvelope::fromJson(json);
    if (!envelope)
        return envelope.error();
    const QString schema = envelope->schema == QLatin1String(kLegacyAuditSchema)
                               ? QLatin1String(schemaOf<audit::AuditReport>().id)
                               : envelope->schema;
    if (std::optional<Expected<AnyResult>> read = readBodyOf(
            schema, *envelope, json, std::make_index_sequence<std::variant_size_v<AnyResult>>()))
        return std::move(*read);
    return makeError(
        ErrorCode::InvalidArgument,
        ResultFileText::tr("not a TrimScope result: unknown schema \"%1\"").arg(envelope->schema));
}

// Bytes that hold no JSON object: an object that stops where the text does was cut short (a copy
// that did not finish, a full disk); one that stops before was damaged; anything else is no JSON.
FileFault jsonFault(const QByteArray &bytes, const QJsonParseError &parseError)
{
    if (parseError.error == QJsonParseError::NoError || !bytes.trimmed().startsWith('{'))
        return {FileFault::NoJson};
    qsizetype end = bytes.size(); // after the last character that is not white space
    while (end > 0 && QChar::isSpace(uchar(bytes.at(end - 1))))
        --end;
    if (parseError.offset >= end - 1)
        return {FileFault::CutShort};
    return {FileFault::BrokenJson, parseError.offset, bytes.size()};
}

// A JSON object refused: by the schema it names, not a result, another program's, or ours.
FileFault::Kind schemaFault(const QString &schema)
{
    if (schema.isEmpty())
        return FileFault::NoSchema;
    if (!schema.startsWith(QLatin1String("io.github.trimscope.")) &&
        !schema.startsWith(QLatin1String("trimscope.")))
        return FileFault::ForeignSchema;
    return FileFault::Unreadable;
}

} // namespace

template <class Result> QJsonObject resultToJson(const Result &result)
{
    QJsonObject json = result.toJson();
    const QJsonObject envelope = envelopeFor(result).toJson();
    for (auto it = envelope.begin(); it != envelope.end(); ++it)
        json.insert(it.key(), it.value());
    return json;
}

template <class Result> QByteArray resultToJsonBytes(const Result &result)
{
    return QJsonDocument(resultToJson(result)).toJson(QJsonDocument::Indented);
}

QByteArray resultToJsonBytes(const AnyResult &result)
{
    return std::visit([](const auto &r) { return resultToJsonBytes(r); }, result);
}

Expected<AnyResult> readAnyResult(const QByteArray &bytes)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(bytes, &parseError);
    if (!document.isObject()) {
        Error error =
            makeError(ErrorCode::InvalidArgument,
                      ResultFileText::tr("not a TrimScope result: %1")
                          .arg(document.isNull() ? parseError.errorString()
                                                 : ResultFileText::tr("not a JSON object")));
        error.file = jsonFault(bytes, parseError);
        return error;
    }
    return readAnyResult(document.object());
}

Expected<AnyResult> readAnyResult(const QJsonObject &json)
{
    Expected<AnyResult> result = readObject(json);
    if (result)
        return result;
    Error error = result.error();
    error.file.kind = schemaFault(json.value(QStringLiteral("schema")).toString());
    return error;
}

namespace {
template <class Result> Expected<Result> only(Expected<AnyResult> any)
{
    if (!any)
        return any.error();
    if (Result *result = std::get_if<Result>(&*any))
        return std::move(*result);
    return notA(schemaOf<Result>().what,
                ResultFileText::tr("it holds a %1 result").arg(resultWhat(*any)));
}
} // namespace

template <class Result> Expected<Result> readResult(const QByteArray &bytes)
{
    return only<Result>(readAnyResult(bytes));
}

template <class Result> Expected<Result> readResult(const QJsonObject &json)
{
    return only<Result>(readAnyResult(json));
}

ResultEnvelope envelopeOf(const AnyResult &result)
{
    return std::visit([](const auto &r) { return envelopeFor(r); }, result);
}

QString resultWhat(const AnyResult &result)
{
    return std::visit(
        [](const auto &r) {
            return ResultFileText::tr(schemaOf<std::decay_t<decltype(r)>>().what);
        },
        result);
}

// Every kind is written and read through the same templates.
#define TRIMSCOPE_RESULT_KIND(Type)                                                                \
    template QJsonObject resultToJson(const Type &);                                               \
    template QByteArray resultToJsonBytes(const Type &);                                           \
    template Expected<Type> readResult(const QByteArray &);                                        \
    template Expected<Type> readResult(const QJsonObject &);
#define TRIMSCOPE_JOB_RESULT_KIND(Plan, Result) TRIMSCOPE_RESULT_KIND(Result)
TRIMSCOPE_JOB_KINDS(TRIMSCOPE_JOB_RESULT_KIND)
TRIMSCOPE_READOUT_KINDS(TRIMSCOPE_RESULT_KIND)
#undef TRIMSCOPE_JOB_RESULT_KIND
#undef TRIMSCOPE_RESULT_KIND

} // namespace trimscope
