#include "historylifespan.h"

#include "health/healthwords.h"

#include <QCoreApplication>

namespace trimscope::history {

namespace {
struct LifespanWords
{
    Q_DECLARE_TR_FUNCTIONS(LifespanWords)
};
} // namespace

WindowLifespan lifespanOverWindow(const QList<HistoryDay> &days, int windowDays,
                                  double capacityBytes,
                                  const health::LifespanAssumptions &assumptions)
{
    WindowLifespan out;
    out.windowDays = windowDays;
    health::LifespanInput input{capacityBytes, std::nullopt, assumptions};
    const HistoryDay *last = nullptr;
    for (auto it = days.crbegin(); it != days.crend() && !last; ++it) {
        if (it->value(Metric::HostWritesBytes))
            last = &*it;
    }
    const HistoryDay *first = nullptr;
    if (last) {
        const QDate start = last->day.addDays(-windowDays);
        for (const HistoryDay &d : days) {
            if (d.day >= start && d.day < last->day && d.value(Metric::HostWritesBytes)) {
                first = &d;
                break;
            }
        }
    }
    if (first)
        input.writeRate = health::writeRateOverDays(*first->value(Metric::HostWritesBytes),
                                                    *last->value(Metric::HostWritesBytes),
                                                    double(first->day.daysTo(last->day)));
    out.estimate = health::estimateLifespan(input);
    if (!first)
        out.estimate.unknownReason =
            QStringLiteral("fewer than two recorded days with host writes in the last %1 days")
                .arg(windowDays);
    return out;
}

QString windowLifespanUnknownText(const WindowLifespan &w)
{
    const health::LifespanEstimate &e = w.estimate;
    if (!e.years && !e.input.writeRate && e.input.capacityBytes > 0)
        return LifespanWords::tr(
                   "fewer than two recorded days with host writes in the last %1 days")
            .arg(w.windowDays);
    return health::lifespanUnknownText(e);
}

health::LifespanEstimate lifespanSinceNew(const QList<HistoryDay> &days, double capacityBytes,
                                          const health::LifespanAssumptions &assumptions)
{
    health::LifespanInput input{capacityBytes, std::nullopt, assumptions};
    for (auto it = days.crbegin(); it != days.crend(); ++it) {
        const auto writes = it->value(Metric::HostWritesBytes);
        const auto hours = it->value(Metric::PowerOnHours);
        if (writes && hours) {
            input.writeRate = health::writeRateFromPowerOn(
                *writes, *hours, health::WriteRateSource::SmartHostWrites);
            break;
        }
    }
    return health::estimateLifespan(input);
}

} // namespace trimscope::history
