#include "historysimulate.h"

#include "simulate/simulatedprofiles.h"

#include <QJsonObject>
#include <QTimeZone>
#include <cmath>
#include <numbers>

namespace trimscope::history {

namespace {
constexpr double kGigabyte = 1e9;
constexpr double kRatedCycles = 1000;
constexpr double kWriteAmplification = 3;
} // namespace

QList<DriveReading> simulatedHistory(const QString &profileId, QDate lastDay, int days)
{
    const auto profile = findSimulatedProfile(profileId);
    if (!profile || days <= 0)
        return {};
    const double capacity = double(profile->drive.sizeBytes);
    QList<DriveReading> out;
    double writes = 3000 * kGigabyte; // a drive bought used: some history before the first day
    double hours = 1500;
    double reallocated = 0;
    const QDateTime start = lastDay.addDays(-(days - 1)).startOfDay(QTimeZone::utc());
    for (int i = 0; i < days; ++i) {
        const QDate day = lastDay.addDays(-(days - 1 - i));
        const double perDay = (days - i <= 45 ? 60 : 20) * kGigabyte;
        writes += perDay;
        hours += 24; // always on: power-on days are calendar days
        if (i == days / 2 || i == days - 10)
            reallocated += 8;
        if (i % 37 == 36)
            continue; // a gap: the computer was off, nothing was recorded
        DriveReading r;
        r.key = QStringLiteral("simulated:") + profileId;
        r.model = profile->drive.model;
        r.serial = QStringLiteral("SIM-") + profileId;
        r.capacityBytes = capacity;
        r.name = profileId;
        r.day.day = day;
        HistoryDay &d = r.day;
        d.set(Metric::PowerOnHours, hours);
        d.set(Metric::HostWritesBytes, writes);
        d.set(Metric::HostReadsBytes, writes * 1.7);
        d.set(Metric::PercentUsed,
              std::floor(writes * kWriteAmplification / (capacity * kRatedCycles) * 100));
        const double season = std::sin(2 * std::numbers::pi * (day.dayOfYear() - 110) / 365.0);
        d.set(Metric::TemperatureMinCelsius, std::round(30 + 5 * season));
        d.set(Metric::TemperatureMaxCelsius, std::round(42 + 8 * season + (i % 7 == 3 ? 4 : 0)));
        d.set(Metric::MediaErrors, 0);
        d.set(Metric::CrcErrors, i > days / 3 ? 2 : 0);
        d.set(Metric::ReallocatedSectors, reallocated);
        d.set(Metric::PendingSectors, 0);
        d.set(Metric::SmartFailing, 0);
        const bool fstrimDay = day.dayOfWeek() == Qt::Monday;
        d.set(Metric::DiscardCount, fstrimDay ? 420 : 3);
        d.set(Metric::DiscardBytes, fstrimDay ? perDay * 6 : 4 * 1048576.0);
        d.set(Metric::DiscardSeconds, fstrimDay ? 2.5 : 0.01);
        d.smartStatus = QStringLiteral("GOOD");
        if (fstrimDay) {
            const bool failed = i == days - 20 - (days - 20) % 7;
            r.events.append({day.startOfDay(QTimeZone::utc()).addSecs(3600),
                             EventKind::FstrimRun,
                             {{QStringLiteral("succeeded"), !failed},
                              {QStringLiteral("result"),
                               failed ? QStringLiteral("exit-code") : QStringLiteral("success")},
                              {QStringLiteral("bytes"), perDay * 6},
                              {QStringLiteral("seconds"), 2.5},
                              {QStringLiteral("source"), QStringLiteral("simulated")}}});
        }
        if (i == 0 || i == days * 3 / 4) {
            QJsonObject filesystems{{QStringLiteral("/"), true}, {QStringLiteral("/home"), i == 0}};
            r.events.append({start.addDays(i).addSecs(7200),
                             EventKind::TrimReach,
                             {{QStringLiteral("filesystems"), filesystems}}});
        }
        out.append(r);
    }
    return out;
}

} // namespace trimscope::history
