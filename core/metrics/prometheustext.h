#pragma once

#include <QByteArray>
#include <QList>
#include <QString>
#include <utility>

// The Prometheus text exposition format (version 0.0.4), which node_exporter's textfile
// collector reads. Knows nothing about TrimScope's metrics: trimmetrics.cpp maps those onto it.
namespace trimscope::metrics {

enum class MetricType { Gauge, Counter };

using Labels = QList<std::pair<QString, QString>>; // in the order they are written

struct Sample
{
    Labels labels;
    double value = 0;
};

struct MetricFamily
{
    QString name; // [a-zA-Z_:][a-zA-Z0-9_:]*
    MetricType type = MetricType::Gauge;
    QString help;
    QList<Sample> samples;
};

// HELP and TYPE before each family's samples. A family without samples is left out: an empty
// family says nothing and some parsers reject it.
QByteArray writePrometheusText(const QList<MetricFamily> &families);

// Label values escape backslash, double quote and newline; HELP text backslash and newline.
QString escapeLabelValue(const QString &value);
QString escapeHelp(const QString &help);
// Integers as integers (exact up to 2^53), anything else in the shortest form that reads back
// to the same double; NaN and infinities as Prometheus spells them.
QString formatSampleValue(double value);
bool isValidMetricName(const QString &name);
bool isValidLabelName(const QString &name);

} // namespace trimscope::metrics
