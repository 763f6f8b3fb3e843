#include "simulatedstall.h"

#include "simulate/simulatedprofiles.h"
#include "stalltext.h"

#include <QCoreApplication>
#include <QThread>
#include <cmath>
#include <random>

namespace trimscope::stall {

namespace {

constexpr double kReadSeconds = 100e-6; // a SATA SSD's QD1 4 KiB read
constexpr double kSubmitSeconds = 10e-6;
constexpr double kReadJitter = 0.1;
constexpr double kDiscardJitter = 0.03;
constexpr double kWarmUpSeconds = 0.5;

qint64 ns(double seconds)
{
    return qint64(std::llround(seconds * 1e9));
}

} // namespace

Expected<StallResult> simulateStallTest(const QString &profileId, const StallPlan &request,
                                        double timeScale, const CancelToken &cancel,
                                        const StallProgressCallback &onProgress, quint64 seed)
{
    const std::optional<SimulatedProfile> profile = findSimulatedProfile(profileId);
    if (!profile)
        return makeError(ErrorCode::NoSuchDevice,
                         StallText::tr("there is no simulated drive '%1'").arg(profileId));
    if (profile->drive.discardMaxBytes == 0)
        return makeError(ErrorCode::NoDiscardSupport,
                         StallText::tr("the simulated drive '%1' has no TRIM").arg(profileId));
    const StallPlan plan = resolveStallPlan(request, profile->drive.sizeBytes);
    if (const Error error = validateStallPlan(plan, profile->drive.sizeBytes); error.isError())
        return error;

    // The schedule first: when each discard starts and how long it takes.
    std::mt19937_64 random(seed);
    std::normal_distribution<double> normal(0, 1);
    const auto noisy = [&](double seconds, double jitter) {
        return seconds * std::exp(jitter * normal(random));
    };
    QList<TimedDiscard> discards;
    double t = kWarmUpSeconds + plan.baselineSeconds;
    for (const PlannedDiscard &p : plannedDiscards(plan)) {
        // The block layer splits what is larger than the drive takes in one command.
        double modelled = 0;
        for (quint64 left = p.bytes; left > 0;) {
            const quint64 piece = qMin(left, profile->drive.discardMaxBytes);
            modelled += profile->discard.seconds(piece);
            left -= piece;
        }
        const double took = noisy(modelled, kDiscardJitter);
        discards.append({p.phase, p.offset, p.bytes, ns(t), ns(t + took)});
        t += took + plan.gapSeconds;
    }
    const qint64 endNs = ns(t);

    // QD1 reads on the virtual clock; one arriving while a discard runs waits for its end.
    QList<IoSample> ios;
    qsizetype next = 0;
    qint64 now = 0;
    while (now < endNs) {
        while (next < discards.size() && discards[next].endNs <= now)
            ++next;
        qint64 end = now + ns(noisy(kReadSeconds, kReadJitter));
        if (next < discards.size() && discards[next].startNs <= now)
            end = discards[next].endNs + ns(noisy(kReadSeconds, kReadJitter));
        // fio stamps completions to the millisecond; the analysis expects what it logs.
        ios.append({end / 1'000'000 * 1'000'000 + 500'000, end - now, false});
        now = end + ns(kSubmitSeconds);
    }

    // The time it would take, scaled, with progress and cancel between steps.
    StallResult result;
    result.plan = plan;
    const int steps = 50;
    for (int i = 1; i <= steps; ++i) {
        if (cancel.isCancelled()) {
            result.stopWith(makeError(ErrorCode::Cancelled, StallText::tr("cancelled")));
            return result;
        }
        if (timeScale > 0)
            QThread::usleep(ulong(double(endNs) / 1e3 * timeScale / steps));
        if (onProgress) {
            StallProgress progress;
            progress.discardsPlanned = int(discards.size());
            const qint64 at = endNs / steps * i;
            for (const TimedDiscard &d : discards)
                progress.discardsDone += d.endNs <= at ? 1 : 0;
            progress.phase = progress.discardsDone == 0
                                 ? StallPhase::Baseline
                                 : discards[qMin(progress.discardsDone, int(discards.size()) - 1)]
                                       .phase;
            progress.fraction = double(i) / steps;
            progress.etaSeconds = double(endNs) / 1e9 * timeScale * (1 - progress.fraction);
            onProgress(progress);
        }
    }
    analyzeStall(result, ios, discards, ns(kWarmUpSeconds), endNs);
    return result;
}

} // namespace trimscope::stall
