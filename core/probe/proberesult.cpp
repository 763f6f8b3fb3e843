#include "proberesult.h"

#include "common/jsonfields.h"
#include "common/units.h"
#include "probelimits.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <algorithm>

namespace trimscope::probe {

namespace {

class ProbeText
{
    Q_DECLARE_TR_FUNCTIONS(BackgroundProbe)
};

constexpr double kMiB = double(1 << 20);

} // namespace

double BackgroundProbeResult::deferredSecondsPerMiB() const
{
    if (!detected || discardBytes == 0)
        return 0;
    return slowForSeconds / (double(discardBytes) / kMiB);
}

QString BackgroundProbeResult::summary() const
{
    if (detected) {
        const QString lasted =
            recovered ? ProbeText::tr("for %1").arg(formatSeconds(slowForSeconds))
                      : ProbeText::tr("for at least %1 (still slow when the probe ended)")
                            .arg(formatSeconds(slowForSeconds));
        return ProbeText::tr("This drive trims in the background; its quick TRIM times "
                             "understate the cost. After a %1 discard that returned in %2, "
                             "4 KiB writes took %3 instead of %4 (%5x slower) %6.")
                   .arg(formatBytes(discardBytes), formatSeconds(discardSeconds),
                        formatSeconds(slowMedianSeconds), formatSeconds(baselineMedianSeconds),
                        formatFixed(slowdownFactor, 1), lasted) +
               (trials > 1 ? ProbeText::tr(" Seen after %1 of %2 discards, and not without one.")
                                 .arg(trialsDetected)
                                 .arg(trials)
                           : QString());
    }
    if (!idle && neverQuiet)
        return ProbeText::tr("Cannot tell whether this drive trims in the background: it never "
                             "fell quiet within the probe's bound of %1 (4 KiB writes took %2 at "
                             "first, %3 at the end), so the computer was busy; probe again when "
                             "it is idle, or allow the probe longer.")
            .arg(formatSeconds(maxWaitSeconds), formatSeconds(firstWindowMedianSeconds),
                 formatSeconds(baselineMedianSeconds));
    if (!idle && outOfTime)
        return ProbeText::tr("Cannot tell whether this drive trims in the background: the "
                             "probe's bound of %1 came before two pairs of trials agreed (4 KiB "
                             "writes took %2 at first, %3 before the last discard, %4 waited for "
                             "quiet in all), so the computer was busy; probe again when it is "
                             "idle, or allow the probe longer.")
            .arg(formatSeconds(maxWaitSeconds), formatSeconds(firstWindowMedianSeconds),
                 formatSeconds(baselineMedianSeconds), formatSeconds(idleWaitSeconds));
    if (!idle)
        return ProbeText::tr("Cannot tell whether this drive trims in the background: writes "
                             "slowed as much without a discard as after one, or the drive was "
                             "not idle (4 KiB writes took %1 at first, %2 before the last "
                             "discard, %3 waited in all). Probe again on a quiet machine, after "
                             "the drive has rested.")
            .arg(formatSeconds(firstWindowMedianSeconds), formatSeconds(baselineMedianSeconds),
                 formatSeconds(idleWaitSeconds));
    return ProbeText::tr("No background TRIM work seen: after a %1 discard, 4 KiB writes stayed "
                         "at their usual %2 for the %3 probed.")
        .arg(formatBytes(discardBytes), formatSeconds(baselineMedianSeconds),
             formatSeconds(probedSeconds));
}

namespace {
const std::tuple kResultFields{
    JsonField{"detected", &BackgroundProbeResult::detected},
    JsonField{"discard_bytes", &BackgroundProbeResult::discardBytes},
    JsonField{"discard_s", &BackgroundProbeResult::discardSeconds},
    JsonField{"baseline_median_s", &BackgroundProbeResult::baselineMedianSeconds},
    JsonField{"baseline_p95_s", &BackgroundProbeResult::baselineP95Seconds},
    JsonField{"slow_threshold_s", &BackgroundProbeResult::slowThresholdSeconds},
    JsonField{"slow_median_s", &BackgroundProbeResult::slowMedianSeconds},
    JsonField{"slowdown_factor", &BackgroundProbeResult::slowdownFactor},
    JsonField{"slow_for_s", &BackgroundProbeResult::slowForSeconds},
    JsonField{"slow_writes", &BackgroundProbeResult::slowWrites},
    JsonField{"recovered", &BackgroundProbeResult::recovered},
    JsonField{"probed_s", &BackgroundProbeResult::probedSeconds},
    JsonField{"idle_wait_s", &BackgroundProbeResult::idleWaitSeconds},
    JsonField{"idle", &BackgroundProbeResult::idle},
    JsonField{"first_window_median_s", &BackgroundProbeResult::firstWindowMedianSeconds},
    JsonField{"trials", &BackgroundProbeResult::trials},
    JsonField{"trials_detected", &BackgroundProbeResult::trialsDetected},
    JsonField{"max_wait_s", &BackgroundProbeResult::maxWaitSeconds},
    JsonField{"elapsed_s", &BackgroundProbeResult::elapsedSeconds},
    JsonField{"out_of_time", &BackgroundProbeResult::outOfTime},
    JsonField{"never_quiet", &BackgroundProbeResult::neverQuiet},
    JsonField{"measurement_priority", &BackgroundProbeResult::measurementPriority},
};
} // namespace

namespace {

QJsonArray numbers(const QList<double> &values)
{
    QJsonArray array;
    for (const double value : values)
        array.append(value);
    return array;
}

// A trial's samples: the writes after its discard as two arrays of the same length (the times
// since the discard, the writes' seconds), which keeps a probe's file small.
QJsonObject trialToJson(const ProbeTrialSamples &trial)
{
    QJsonArray at;
    QJsonArray seconds;
    for (const ProbeWrite &w : trial.writes) {
        at.append(w.atSeconds);
        seconds.append(w.seconds);
    }
    return {{QStringLiteral("kind"), trial.real ? QStringLiteral("real") : QStringLiteral("sham")},
            {QStringLiteral("idle"), trial.idle},
            {QStringLiteral("baseline"), numbers(trial.baseline)},
            {QStringLiteral("at_s"), at},
            {QStringLiteral("seconds"), seconds}};
}

ProbeTrialSamples trialFromJson(const QJsonObject &json)
{
    const JsonFields f(json);
    ProbeTrialSamples trial;
    trial.real = f.text("kind") == QLatin1String("real");
    trial.idle = f.flag("idle", true);
    for (const QJsonValue &v : f.array("baseline"))
        trial.baseline.append(v.toDouble());
    const QJsonArray at = f.array("at_s");
    const QJsonArray seconds = f.array("seconds");
    for (qsizetype i = 0; i < std::min(at.size(), seconds.size()); ++i)
        trial.writes.append({at.at(i).toDouble(), seconds.at(i).toDouble(), false});
    return trial;
}

} // namespace

QJsonObject BackgroundProbeResult::toJson() const
{
    QJsonArray baseline;
    for (const double s : baselineSamples)
        baseline.append(s);
    QJsonArray probe;
    for (const ProbeWrite &w : writes)
        probe.append(QJsonObject{{QStringLiteral("at_s"), w.atSeconds},
                                 {QStringLiteral("seconds"), w.seconds},
                                 {QStringLiteral("slow"), w.slow}});
    QJsonObject json = fieldsToJson(*this, kResultFields);
    if (plan)
        json.insert(QStringLiteral("plan"), plan->toJson());
    // Derived, for readers of the file; recomputed when read.
    json.insert(QStringLiteral("deferred_s_per_mib"), deferredSecondsPerMiB());
    json.insert(QStringLiteral("summary"), summary());
    json.insert(QStringLiteral("baseline"), baseline);
    json.insert(QStringLiteral("writes"), probe);
    // Left out where no trial's samples were kept (a result read from an older file).
    QJsonArray trialArray;
    for (const ProbeTrialSamples &trial : trialSamples)
        trialArray.append(trialToJson(trial));
    if (!trialArray.isEmpty())
        json.insert(QStringLiteral("trial_samples"), trialArray);
    return json;
}

Expected<BackgroundProbeResult> BackgroundProbeResult::fromJson(const QJsonObject &json)
{
    BackgroundProbeResult r;
    fieldsFromJson(json, r, kResultFields);
    const JsonFields f(json);
    if (f.has("plan"))
        r.plan = BackgroundProbeRequest::fromJson(f.object("plan"));
    for (const QJsonValue &v : f.array("baseline"))
        r.baselineSamples.append(v.toDouble());
    for (const QJsonValue &v : f.array("writes")) {
        const JsonFields w(v.toObject());
        r.writes.append({w.number("at_s"), w.number("seconds"), w.flag("slow")});
    }
    for (const QJsonValue &v : f.array("trial_samples"))
        r.trialSamples.append(trialFromJson(v.toObject()));
    if (!(r.discardSeconds >= 0) || !(r.slowdownFactor > 0))
        return invalid(QStringLiteral("a negative discard time or slow-down factor"));
    return r;
}

} // namespace trimscope::probe
