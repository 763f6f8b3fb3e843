#include "alertwords.h"

#include "common/units.h"

#include <QCoreApplication>

namespace trimscope::history {

namespace {
struct AlertWords
{
    Q_DECLARE_TR_FUNCTIONS(AlertWords)
};

QString figure(const Alert &a)
{
    return a.value ? formatNumber(*a.value, 3) : QString();
}
} // namespace

AlertText alertText(const Alert &a, const QString &drive)
{
    switch (a.rule) {
    case AlertRule::SmartFailing:
        return {AlertWords::tr("%1: SMART says the drive is failing").arg(drive),
                AlertWords::tr("Copy what you need from it now and plan its replacement.")};
    case AlertRule::CriticalWarning:
        return {AlertWords::tr("%1: the drive raised a critical warning").arg(drive),
                AlertWords::tr("NVMe critical-warning bits %1 are set (spare, temperature, "
                               "reliability or read-only). Back up the drive and look at its "
                               "health in TrimScope.")
                    .arg(a.state)};
    case AlertRule::WearCrossed:
        return {AlertWords::tr("%1: %2 of its rated endurance used")
                    .arg(drive, formatPercent(a.value.value_or(0))),
                AlertWords::tr("The drive passed %1 of the writes it is rated for. It usually "
                               "keeps working past 100 %, but plan its replacement.")
                    .arg(formatPercent(a.state.toDouble()))};
    case AlertRule::SpareLow:
        return {AlertWords::tr("%1: spare blocks running out").arg(drive),
                AlertWords::tr("Available spare is %1, under its threshold. Back up the drive.")
                    .arg(formatPercent(a.value.value_or(0)))};
    case AlertRule::MediaErrorsGrew:
        return {AlertWords::tr("%1: new media errors").arg(drive),
                AlertWords::tr("The drive now counts %1 media errors, more than the day before. "
                               "Back up the drive.")
                    .arg(figure(a))};
    case AlertRule::ReallocatedGrew:
        return {AlertWords::tr("%1: more reallocated or pending sectors").arg(drive),
                AlertWords::tr("The drive now counts %1 reallocated and pending sectors, more "
                               "than the day before. Back up the drive.")
                    .arg(figure(a))};
    case AlertRule::TemperatureHigh:
        return {AlertWords::tr("%1: running hot").arg(drive),
                AlertWords::tr("It reached %1 °C today, over its warning level. Check the "
                               "airflow around it.")
                    .arg(figure(a))};
    case AlertRule::TrimReachLost:
        return {AlertWords::tr("%1: TRIM no longer reaches it from %2").arg(drive, a.state),
                AlertWords::tr("Discards from %1 reached the drive before and do not any more "
                               "(a new dm-crypt mapping without discards, an fstab change?). "
                               "Run the TRIM audit in TrimScope.")
                    .arg(a.state)};
    case AlertRule::FstrimTimerOff:
        return {AlertWords::tr("%1: nothing trims it").arg(drive),
                AlertWords::tr("No filesystem on it discards online and fstrim.timer is not "
                               "enabled. `systemctl enable --now fstrim.timer`, or apply "
                               "TrimScope's advice.")};
    case AlertRule::FstrimFailed:
        return {AlertWords::tr("%1: the last fstrim failed").arg(drive),
                AlertWords::tr("fstrim.service's run at %1 failed; `journalctl -u fstrim` says "
                               "why.")
                    .arg(a.state)};
    case AlertRule::FstrimStale:
        return {AlertWords::tr("%1: not trimmed for a long time").arg(drive),
                a.value ? AlertWords::tr("fstrim last ran %1 days ago; the drive has no online "
                                         "discard.")
                              .arg(figure(a))
                        : AlertWords::tr("fstrim has never run; the drive has no online "
                                         "discard.")};
    }
    return {};
}

} // namespace trimscope::history
