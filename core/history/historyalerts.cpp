#include "historyalerts.h"

#include <algorithm>

namespace trimscope::history {

namespace {
std::optional<double> valueOf(const DriveState &s, Metric m)
{
    return s.day ? s.day->value(m) : std::nullopt;
}

// A counter that grew from a known earlier value (a first reading is no growth).
std::optional<double> grewTo(const DriveState &previous, const DriveState &current, Metric m)
{
    const auto before = valueOf(previous, m);
    const auto now = valueOf(current, m);
    if (before && now && *now > *before)
        return now;
    return std::nullopt;
}

QString number(double v)
{
    return QString::number(v, 'g', 12);
}

void fstrimRules(const DriveState &current, const AlertThresholds &t, QList<Alert> &out)
{
    const FstrimState &f = current.fstrim;
    if (current.onlineDiscard || !f.known || current.trimReach.isEmpty())
        return;
    if (!f.timerEnabled && !f.cronConfigured) {
        out.append({AlertRule::FstrimTimerOff, QStringLiteral("off"), {}});
        return;
    }
    if (f.lastRunSucceeded == false && f.lastRun)
        out.append({AlertRule::FstrimFailed, f.lastRun->toUTC().toString(Qt::ISODate), {}});
    const qint64 days = f.lastRun ? f.lastRun->daysTo(current.now) : -1;
    if (!f.lastRun || days > t.fstrimStaleDays)
        out.append({AlertRule::FstrimStale,
                    f.lastRun ? f.lastRun->toUTC().toString(Qt::ISODate) : QStringLiteral("never"),
                    f.lastRun ? std::optional<double>(double(days)) : std::nullopt});
}
} // namespace

QString alertRuleName(AlertRule rule)
{
    switch (rule) {
    case AlertRule::SmartFailing:
        return QStringLiteral("smart_failing");
    case AlertRule::CriticalWarning:
        return QStringLiteral("critical_warning");
    case AlertRule::WearCrossed:
        return QStringLiteral("wear_crossed");
    case AlertRule::SpareLow:
        return QStringLiteral("spare_low");
    case AlertRule::MediaErrorsGrew:
        return QStringLiteral("media_errors_grew");
    case AlertRule::ReallocatedGrew:
        return QStringLiteral("reallocated_grew");
    case AlertRule::TemperatureHigh:
        return QStringLiteral("temperature_high");
    case AlertRule::TrimReachLost:
        return QStringLiteral("trim_reach_lost");
    case AlertRule::FstrimTimerOff:
        return QStringLiteral("fstrim_timer_off");
    case AlertRule::FstrimFailed:
        return QStringLiteral("fstrim_failed");
    case AlertRule::FstrimStale:
        return QStringLiteral("fstrim_stale");
    }
    return {};
}

QList<Alert> evaluateAlerts(const DriveState &previous, const DriveState &current,
                            const AlertThresholds &t)
{
    QList<Alert> out;
    if (valueOf(current, Metric::SmartFailing).value_or(0) > 0 &&
        !valueOf(current, Metric::CriticalWarningBits))
        out.append({AlertRule::SmartFailing, QStringLiteral("failing"), {}});
    if (const auto bits = valueOf(current, Metric::CriticalWarningBits); bits && *bits > 0)
        out.append({AlertRule::CriticalWarning, number(*bits), bits});
    if (const auto used = valueOf(current, Metric::PercentUsed)) {
        std::optional<double> crossed;
        for (double step : t.wearSteps) {
            if (*used >= step && (!crossed || step > *crossed))
                crossed = step;
        }
        if (crossed)
            out.append({AlertRule::WearCrossed, number(*crossed), used});
    }
    const auto spare = valueOf(current, Metric::AvailableSparePercent);
    const auto threshold = t.spareThresholdPercent
                               ? t.spareThresholdPercent
                               : valueOf(current, Metric::SpareThresholdPercent);
    if (spare && threshold && *spare < *threshold)
        out.append({AlertRule::SpareLow, QStringLiteral("low"), spare});
    if (const auto media = grewTo(previous, current, Metric::MediaErrors))
        out.append({AlertRule::MediaErrorsGrew, number(*media), media});
    const auto reallocated = grewTo(previous, current, Metric::ReallocatedSectors);
    const auto pending = grewTo(previous, current, Metric::PendingSectors);
    if (reallocated || pending) {
        const double sum = valueOf(current, Metric::ReallocatedSectors).value_or(0) +
                           valueOf(current, Metric::PendingSectors).value_or(0);
        out.append({AlertRule::ReallocatedGrew, number(sum), sum});
    }
    if (const auto hot = valueOf(current, Metric::TemperatureMaxCelsius);
        hot && *hot > t.temperatureWarningCelsius)
        out.append({AlertRule::TemperatureHigh, QStringLiteral("hot"), hot});
    for (auto it = previous.trimReach.cbegin(); it != previous.trimReach.cend(); ++it) {
        if (it.value() && current.trimReach.value(it.key(), true) == false)
            out.append({AlertRule::TrimReachLost, it.key(), {}});
    }
    fstrimRules(current, t, out);
    return out;
}

QList<Alert> newAlerts(const QList<Alert> &conditions, const QMap<QString, QString> &sent)
{
    QList<Alert> out;
    for (const Alert &a : conditions) {
        const QString key = alertRuleName(a.rule);
        // Several states of one rule at once (two mount points) are told apart by the state.
        const QString sentState =
            sent.value(key + QLatin1Char(':') + a.state, sent.value(key, QString()));
        if (sentState != a.state)
            out.append(a);
    }
    return out;
}

QMap<QString, QString> standingAlerts(const QList<Alert> &conditions)
{
    QMap<QString, QString> out;
    for (const Alert &a : conditions) {
        const QString key = alertRuleName(a.rule);
        // TRIM reach names a mount point: each its own entry; other rules have one state.
        if (a.rule == AlertRule::TrimReachLost)
            out.insert(key + QLatin1Char(':') + a.state, a.state);
        else
            out.insert(key, a.state);
    }
    return out;
}

} // namespace trimscope::history
