#include "advice.h"
#include "common/jsonfields.h"
#include "common/nametable.h"
#include "common/units.h"
#include "fsbench/recordedprofiles.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QRegularExpression>
#include <cmath>

namespace trimscope::advice {

namespace {

class TypesText
{
    Q_DECLARE_TR_FUNCTIONS(TrimAdvice)
};

constexpr NameTable<Verdict, 6> kVerdictNames = {{
    {Verdict::OnlineDiscardFine, "online-discard-fine"},
    {Verdict::PreferPeriodicFstrim, "prefer-periodic-fstrim"},
    {Verdict::Undecided, "undecided"},
    {Verdict::FixStackFirst, "fix-stack-first"},
    {Verdict::NoTrim, "no-trim"},
    {Verdict::Unknown, "unknown"},
}};

constexpr NameTable<FixScope, 2> kFixScopeNames = {{
    {FixScope::ThisComputer, "this-computer"},
    {FixScope::MeasuredDrive, "measured-drive"},
}};

} // namespace

QString fixScopeName(FixScope scope)
{
    return nameOf(kFixScopeNames, scope);
}

QString verdictName(Verdict verdict)
{
    return nameOf(kVerdictNames, verdict, "unknown");
}

std::optional<Verdict> verdictFromName(const QString &name)
{
    return valueOf(kVerdictNames, name);
}

QString confidenceDisplayName(const QString &confidence)
{
    if (confidence == QLatin1String("high"))
        return TypesText::tr("high");
    if (confidence == QLatin1String("medium"))
        return TypesText::tr("medium");
    if (confidence == QLatin1String("low"))
        return TypesText::tr("low");
    return confidence;
}

QString verdictDisplayName(Verdict verdict)
{
    switch (verdict) {
    case Verdict::OnlineDiscardFine:
        return TypesText::tr("Online discard is fine");
    case Verdict::PreferPeriodicFstrim:
        return TypesText::tr("Prefer a periodic fstrim");
    case Verdict::Undecided:
        return TypesText::tr("Undecided: too close to call");
    case Verdict::FixStackFirst:
        return TypesText::tr("Fix the storage stack first");
    case Verdict::NoTrim:
        return TypesText::tr("The drive has no TRIM");
    case Verdict::Unknown:
        break;
    }
    return TypesText::tr("Not enough data");
}

QList<FilesystemDeleteProfile> recordedDeleteProfiles()
{
    return fsbench::recordedDeleteProfiles();
}

QString Figure::displayValue() const
{
    if (unit == QLatin1String("s"))
        return formatSeconds(value);
    if (unit == QLatin1String("B"))
        return formatBytes(quint64(std::llround(value)));
    if (unit == QLatin1String("x"))
        return QStringLiteral("%1x").arg(formatFixed(value, value < 10 ? 1 : 0));
    if (unit == QLatin1String("count"))
        return formatCount(std::llround(value));
    if (unit == QLatin1String("s/MiB"))
        return QStringLiteral("%1/MiB").arg(formatSeconds(value));
    return QStringLiteral("%1 %2").arg(formatNumber(value), unit);
}

QJsonObject Figure::toJson() const
{
    return {{QStringLiteral("id"), id},
            {QStringLiteral("label"), label},
            {QStringLiteral("value"), value},
            {QStringLiteral("unit"), unit},
            {QStringLiteral("display"), displayValue()},
            {QStringLiteral("how"), how}};
}

QJsonObject Fix::toJson() const
{
    return {{QStringLiteral("id"), id},
            {QStringLiteral("title"), title},
            {QStringLiteral("file"), file},
            {QStringLiteral("text"), text},
            {QStringLiteral("explanation"), explanation},
            {QStringLiteral("scope"), fixScopeName(scope)}};
}

Figure Figure::fromJson(const QJsonObject &json)
{
    const JsonFields f(json);
    return {f.text("id"), f.text("label"), f.number("value"), f.text("unit"), f.text("how")};
}

Fix Fix::fromJson(const QJsonObject &json)
{
    const JsonFields f(json);
    // Files from before the scope was written hold fixes for this computer only.
    return {f.text("id"),
            f.text("title"),
            f.text("file"),
            f.text("text"),
            f.text("explanation"),
            valueOf(kFixScopeNames, f.text("scope")).value_or(FixScope::ThisComputer)};
}

QJsonObject FilesystemVerdict::toJson() const
{
    QJsonObject json{{QStringLiteral("filesystem"), filesystem},
                     {QStringLiteral("verdict"), verdictName(verdict)},
                     // For readers of files from before "undecided" was a verdict of its own.
                     {QStringLiteral("undecided"), verdict == Verdict::Undecided},
                     {QStringLiteral("background_trim"), backgroundTrim},
                     {QStringLiteral("extra_s"), extraSeconds},
                     {QStringLiteral("low_s"), lowSeconds},
                     {QStringLiteral("high_s"), highSeconds},
                     {QStringLiteral("limit_s"), limitSeconds},
                     {QStringLiteral("discard_count"), discardCount},
                     {QStringLiteral("average_discard_bytes"), averageDiscardBytes},
                     {QStringLiteral("basis"), figureBasisName(basis)},
                     {QStringLiteral("sentence"), sentence}};
    // Only where a stall test decided: files from before it existed stay as they were.
    if (stall)
        json.insert(QStringLiteral("stall"), true);
    if (backgroundUnknown)
        json.insert(QStringLiteral("background_unknown"), true);
    return json;
}

Expected<FilesystemVerdict> FilesystemVerdict::fromJson(const QJsonObject &json)
{
    const JsonFields f(json);
    FilesystemVerdict v;
    v.filesystem = f.text("filesystem");
    const std::optional<Verdict> verdict = verdictFromName(f.text("verdict"));
    const std::optional<FigureBasis> basis = figureBasisFromName(f.text("basis"));
    if (v.filesystem.isEmpty() || !verdict || !basis)
        return makeError(ErrorCode::InvalidArgument,
                         QStringLiteral("a filesystem verdict needs a filesystem, a known "
                                        "verdict and a known basis"));
    v.verdict = *verdict;
    v.basis = *basis;
    // Older files said "prefer-periodic-fstrim" with this flag for what is now its own verdict.
    if (f.flag("undecided"))
        v.verdict = Verdict::Undecided;
    v.backgroundTrim = f.flag("background_trim");
    v.stall = f.flag("stall");
    v.backgroundUnknown = f.flag("background_unknown");
    v.extraSeconds = f.number("extra_s");
    v.lowSeconds = f.number("low_s");
    v.highSeconds = f.number("high_s");
    v.limitSeconds = f.number("limit_s");
    v.discardCount = f.number("discard_count");
    v.averageDiscardBytes = f.number("average_discard_bytes");
    v.sentence = filesystemVerdictSentence(v);
    return v;
}

QJsonObject Configuration::toJson() const
{
    return {{QStringLiteral("audited"), audited},
            {QStringLiteral("drive_in_audit"), driveInAudit},
            {QStringLiteral("subjects"), QJsonArray::fromStringList(subjects)},
            {QStringLiteral("summary"), summary}};
}

Configuration Configuration::fromJson(const QJsonObject &json)
{
    const JsonFields f(json);
    return {f.flag("audited"), f.flag("drive_in_audit"), f.texts("subjects"), f.text("summary")};
}

const Figure *Advice::figure(const QString &id) const
{
    for (const Figure &f : numbers) {
        if (f.id == id)
            return &f;
    }
    return nullptr;
}

const FilesystemVerdict *Advice::filesystemVerdict(const QString &filesystem) const
{
    for (const FilesystemVerdict &v : filesystems) {
        if (v.filesystem == filesystem)
            return &v;
    }
    return nullptr;
}

QJsonObject Advice::toJson() const
{
    const QJsonArray figures = toJsonArray(numbers);
    const QJsonArray fixList = toJsonArray(fixes);
    const QJsonArray findingList = toJsonArray(findings);
    const QJsonArray computerFindingList = toJsonArray(computerFindings);
    const QJsonArray filesystemList = toJsonArray(filesystems);
    return {
        {QStringLiteral("drive"), drive},
        {QStringLiteral("verdict"), verdictName(verdict)},
        {QStringLiteral("verdict_display"), verdictDisplayName(verdict)},
        {QStringLiteral("sentence"), sentence},
        {QStringLiteral("numbers"), figures},
        {QStringLiteral("confidence"), confidence},
        {QStringLiteral("confidence_reasons"), QJsonArray::fromStringList(confidenceReasons)},
        {QStringLiteral("what_would_change"), QJsonArray::fromStringList(whatWouldChange)},
        {QStringLiteral("filesystem_verdicts"), filesystemList},
        {QStringLiteral("configuration"), configuration.toJson()},
        {QStringLiteral("fixes"), fixList},
        {QStringLiteral("findings"), findingList},
        {QStringLiteral("computer_findings"), computerFindingList},
    };
}

Expected<Advice> Advice::fromJson(const QJsonObject &json)
{
    const JsonFields f(json);
    Advice advice;
    const std::optional<Verdict> verdict = verdictFromName(f.text("verdict"));
    if (!verdict)
        return makeError(ErrorCode::InvalidArgument,
                         QStringLiteral("unknown verdict '%1'").arg(f.text("verdict")));
    advice.verdict = *verdict;
    advice.drive = f.text("drive");
    advice.sentence = f.text("sentence");
    for (const QJsonValue &value : f.array("numbers"))
        advice.numbers.append(Figure::fromJson(value.toObject()));
    advice.confidence = f.text("confidence");
    advice.confidenceReasons = f.texts("confidence_reasons");
    advice.whatWouldChange = f.texts("what_would_change");
    for (const QJsonValue &value : f.array("fixes"))
        advice.fixes.append(Fix::fromJson(value.toObject()));
    for (const QJsonValue &value : f.array("filesystem_verdicts")) {
        Expected<FilesystemVerdict> fs = FilesystemVerdict::fromJson(value.toObject());
        if (!fs)
            return fs.error();
        advice.filesystems.append(*fs);
    }
    advice.configuration = Configuration::fromJson(f.object("configuration"));
    for (const auto &[key, list] : {std::pair{"findings", &advice.findings},
                                    std::pair{"computer_findings", &advice.computerFindings}}) {
        for (const QJsonValue &value : f.array(key)) {
            const std::optional<audit::Finding> finding =
                audit::Finding::fromJson(value.toObject());
            if (!finding)
                return makeError(ErrorCode::InvalidArgument,
                                 QStringLiteral("a finding of unknown severity"));
            list->append(*finding);
        }
    }
    return advice;
}

QString fstabLineWithOption(const QString &line, const QString &option, bool present)
{
    // Fields are separated by runs of blanks; keep the separators so the line stays aligned.
    static const QRegularExpression field(QStringLiteral("\\S+"));
    if (line.trimmed().startsWith(QLatin1Char('#')))
        return line;
    QList<QRegularExpressionMatch> fields;
    for (auto it = field.globalMatch(line); it.hasNext();)
        fields.append(it.next());
    if (fields.size() < 4)
        return line;
    const QRegularExpressionMatch &optionsField = fields.at(3);
    QStringList options = optionsField.captured().split(QLatin1Char(','), Qt::SkipEmptyParts);
    const QString negated = QStringLiteral("no") + option;
    const bool has = options.contains(option);
    if (has == present && !(present && options.contains(negated)))
        return line;
    if (present) {
        options.removeAll(negated);
        if (!has)
            options.append(option);
    } else {
        options.removeAll(option);
        if (options.isEmpty())
            options.append(QStringLiteral("defaults"));
    }
    QString result = line;
    result.replace(optionsField.capturedStart(), optionsField.capturedLength(),
                   options.join(QLatin1Char(',')));
    return result;
}

QString fstabLineWithOptions(const QString &line, const QStringList &options)
{
    static const QRegularExpression field(QStringLiteral("\\S+"));
    if (line.trimmed().startsWith(QLatin1Char('#')))
        return line;
    auto it = field.globalMatch(line);
    for (int index = 0; it.hasNext(); ++index) {
        const QRegularExpressionMatch match = it.next();
        if (index == 3) {
            QString result = line;
            result.replace(match.capturedStart(), match.capturedLength(),
                           options.join(QLatin1Char(',')));
            return result;
        }
    }
    return line;
}

} // namespace trimscope::advice
