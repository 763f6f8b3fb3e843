#include "advice.h"
#include "common/jsonfields.h"
#include "common/nametable.h"
#include "common/units.h"
#include "fsbench/literatureprofiles.h"

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

constexpr NameTable<Verdict, 5> kVerdictNames = {{
    {Verdict::OnlineDiscardFine, "online-discard-fine"},
    {Verdict::PreferPeriodicFstrim, "prefer-periodic-fstrim"},
    {Verdict::FixStackFirst, "fix-stack-first"},
    {Verdict::NoTrim, "no-trim"},
    {Verdict::Unknown, "unknown"},
}};

} // namespace

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
    case Verdict::FixStackFirst:
        return TypesText::tr("Fix the storage stack first");
    case Verdict::NoTrim:
        return TypesText::tr("The drive has no TRIM");
    case Verdict::Unknown:
        break;
    }
    return TypesText::tr("Not enough data");
}

QList<FilesystemDeleteProfile> literatureDeleteProfiles()
{
    return fsbench::literatureDeleteProfiles();
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
            {QStringLiteral("explanation"), explanation}};
}

Figure Figure::fromJson(const QJsonObject &json)
{
    const JsonFields f(json);
    return {f.text("id"), f.text("label"), f.number("value"), f.text("unit"), f.text("how")};
}

Fix Fix::fromJson(const QJsonObject &json)
{
    const JsonFields f(json);
    return {f.text("id"), f.text("title"), f.text("file"), f.text("text"), f.text("explanation")};
}

const Figure *Advice::figure(const QString &id) const
{
    for (const Figure &f : numbers) {
        if (f.id == id)
            return &f;
    }
    return nullptr;
}

QJsonObject Advice::toJson() const
{
    const QJsonArray figures = toJsonArray(numbers);
    const QJsonArray fixList = toJsonArray(fixes);
    const QJsonArray findingList = toJsonArray(findings);
    return {
        {QStringLiteral("drive"), drive},
        {QStringLiteral("verdict"), verdictName(verdict)},
        {QStringLiteral("verdict_display"), verdictDisplayName(verdict)},
        {QStringLiteral("sentence"), sentence},
        {QStringLiteral("numbers"), figures},
        {QStringLiteral("confidence"), confidence},
        {QStringLiteral("confidence_reasons"), QJsonArray::fromStringList(confidenceReasons)},
        {QStringLiteral("what_would_change"), QJsonArray::fromStringList(whatWouldChange)},
        {QStringLiteral("fixes"), fixList},
        {QStringLiteral("findings"), findingList},
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
    for (const QJsonValue &value : f.array("findings")) {
        const std::optional<audit::Finding> finding = audit::Finding::fromJson(value.toObject());
        if (!finding)
            return makeError(ErrorCode::InvalidArgument,
                             QStringLiteral("a finding of unknown severity"));
        advice.findings.append(*finding);
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

} // namespace trimscope::advice
