#include "prometheustext.h"

#include <QLocale>
#include <QRegularExpression>
#include <cmath>

namespace trimscope::metrics {

QString escapeLabelValue(const QString &value)
{
    QString out;
    out.reserve(value.size());
    for (const QChar c : value) {
        if (c == QLatin1Char('\\'))
            out += QLatin1String("\\\\");
        else if (c == QLatin1Char('"'))
            out += QLatin1String("\\\"");
        else if (c == QLatin1Char('\n'))
            out += QLatin1String("\\n");
        else
            out += c;
    }
    return out;
}

QString escapeHelp(const QString &help)
{
    QString out = help;
    out.replace(QLatin1Char('\\'), QLatin1String("\\\\"));
    out.replace(QLatin1Char('\n'), QLatin1String("\\n"));
    return out;
}

QString formatSampleValue(double value)
{
    if (std::isnan(value))
        return QStringLiteral("NaN");
    if (std::isinf(value))
        return value > 0 ? QStringLiteral("+Inf") : QStringLiteral("-Inf");
    constexpr double exactIntegers = 9007199254740992.0; // 2^53
    if (value == std::trunc(value) && std::fabs(value) < exactIntegers)
        return QString::number(qint64(value));
    return QLocale::c().toString(value, 'g', QLocale::FloatingPointShortest);
}

bool isValidMetricName(const QString &name)
{
    static const QRegularExpression pattern(QStringLiteral("^[a-zA-Z_:][a-zA-Z0-9_:]*$"));
    return pattern.match(name).hasMatch();
}

bool isValidLabelName(const QString &name)
{
    // Names starting with "__" are reserved for Prometheus itself.
    static const QRegularExpression pattern(QStringLiteral("^[a-zA-Z_][a-zA-Z0-9_]*$"));
    return pattern.match(name).hasMatch() && !name.startsWith(QLatin1String("__"));
}

QByteArray writePrometheusText(const QList<MetricFamily> &families)
{
    QString out;
    for (const MetricFamily &family : families) {
        Q_ASSERT(isValidMetricName(family.name));
        if (family.samples.isEmpty())
            continue;
        out += QStringLiteral("# HELP %1 %2\n").arg(family.name, escapeHelp(family.help));
        out += QStringLiteral("# TYPE %1 %2\n")
                   .arg(family.name, family.type == MetricType::Counter ? QStringLiteral("counter")
                                                                        : QStringLiteral("gauge"));
        for (const Sample &sample : family.samples) {
            out += family.name;
            if (!sample.labels.isEmpty()) {
                QStringList pairs;
                for (const auto &[name, value] : sample.labels) {
                    Q_ASSERT(isValidLabelName(name));
                    pairs.append(QStringLiteral("%1=\"%2\"").arg(name, escapeLabelValue(value)));
                }
                out += QLatin1Char('{') + pairs.join(QLatin1Char(',')) + QLatin1Char('}');
            }
            out += QLatin1Char(' ') + formatSampleValue(sample.value) + QLatin1Char('\n');
        }
    }
    return out.toUtf8();
}

} // namespace trimscope::metrics
