#include "recoveryrunner.h"

#include <QElapsedTimer>
#include <QThread>
#include <algorithm>

namespace trimscope::recovery {

namespace {

constexpr double kDiscardWeightSeconds = 1;
constexpr int kIdlePollMs = 100;

// Progress over phases weighted by their estimated seconds; fill weights are corrected once the
// first piece has shown the drive's real speed. The run's fraction never goes back: a fill slower
// than its first pieces showed (past the drive's cliff, or this process descheduled) raises the
// fill's weight, and early in the fill that lowers done / total.
class ProgressModel
{
public:
    ProgressModel(QList<RecoveryPhase> phases, QList<double> weights,
                  const RecoveryProgressCallback &callback)
        : m_phases(std::move(phases)), m_weights(std::move(weights)), m_callback(callback)
    {
    }

    void setWeight(RecoveryPhase phase, double seconds)
    {
        for (qsizetype i = 0; i < m_phases.size(); ++i) {
            if (m_phases[i] == phase)
                m_weights[i] = seconds;
        }
    }

    void report(RecoveryPhase phase, double phaseFraction, quint64 bytesWritten, int fillPass = 0)
    {
        if (!m_callback)
            return;
        const auto index = m_phases.indexOf(phase);
        double done = 0, total = 0;
        for (qsizetype i = 0; i < m_phases.size(); ++i) {
            total += m_weights[i];
            if (i < index)
                done += m_weights[i];
        }
        phaseFraction = std::clamp(phaseFraction, 0.0, 1.0);
        done += phaseFraction * m_weights.value(index);
        RecoveryProgress progress;
        progress.phase = phase;
        progress.phaseIndex = int(index);
        progress.phaseCount = int(m_phases.size());
        progress.fillPass = fillPass;
        progress.phaseFraction = phaseFraction;
        progress.fraction = std::max(m_lastFraction, total > 0 ? done / total : 0);
        m_lastFraction = progress.fraction;
        progress.etaSeconds = total - done;
        progress.bytesWritten = bytesWritten;
        m_callback(progress);
    }

private:
    QList<RecoveryPhase> m_phases;
    QList<double> m_weights;
    const RecoveryProgressCallback &m_callback;
    double m_lastFraction = 0;
};

quint64 alignedLength(quint64 size, quint32 block)
{
    return size - size % std::max<quint32>(block, 1);
}

// Sums the pieces of one fill pass. Percentiles of pieces do not merge and are left at 0.
void accumulate(FioWriteFigures &sum, const FioWriteFigures &piece)
{
    const double ios = double(sum.totalIos) + double(piece.totalIos);
    if (ios > 0)
        sum.latencyMeanSeconds = (sum.latencyMeanSeconds * double(sum.totalIos) +
                                  piece.latencyMeanSeconds * double(piece.totalIos)) /
                                 ios;
    sum.latencyMaxSeconds = std::max(sum.latencyMaxSeconds, piece.latencyMaxSeconds);
    sum.ioBytes += piece.ioBytes;
    sum.totalIos += piece.totalIos;
    sum.runtimeSeconds += piece.runtimeSeconds;
    sum.bytesPerSecond = sum.runtimeSeconds > 0 ? double(sum.ioBytes) / sum.runtimeSeconds : 0;
    sum.iops = sum.runtimeSeconds > 0 ? double(sum.totalIos) / sum.runtimeSeconds : 0;
}

// Waits `seconds`, polling cancel; returns false when cancelled.
bool idle(int seconds, const CancelToken &cancel, const std::function<void(double)> &onTick)
{
    QElapsedTimer timer;
    timer.start();
    const qint64 totalMs = qint64(seconds) * 1000;
    while (timer.elapsed() < totalMs) {
        if (cancel.isCancelled())
            return false;
        QThread::msleep(ulong(std::min<qint64>(kIdlePollMs, totalMs - timer.elapsed())));
        onTick(double(timer.elapsed()) / 1000.0);
    }
    return !cancel.isCancelled();
}

} // namespace

RecoveryResult runRecoveryTest(RecoveryTarget &target, const RecoveryPlan &plan,
                               const CancelToken &cancel,
                               const RecoveryProgressCallback &onProgress)
{
    RecoveryResult result;
    result.start(target.drive());
    result.plan = plan;
    QElapsedTimer clock;
    clock.start();
    const auto finish = [&] {
        result.computePercentages();
        result.finish(double(clock.nsecsElapsed()) / 1e9);
        return result;
    };
    if (const Error error = validateRecoveryPlan(plan, result.drive); error.isError()) {
        result.stopWith(error);
        return finish();
    }
    result.estimate = estimateRecovery(plan, result.drive);

    const double fillSeconds =
        double(result.estimate.sequentialBytes) / kAssumedSequentialBytesPerSecond;
    const double random = plan.randomSeconds;
    ProgressModel progress(recoveryPhases(),
                           {kDiscardWeightSeconds, random, fillSeconds, random,
                            double(plan.idleSeconds), random, kDiscardWeightSeconds, random},
                           onProgress);

    const quint64 length = alignedLength(result.drive.sizeBytes, plan.randomBlockBytes);
    const auto discard = [&](RecoveryPhase phase, double &seconds) {
        progress.report(phase, 0, result.bytesWritten);
        Expected<double> took = target.discardAll();
        if (!took)
            return took.error();
        seconds = *took;
        return Error{};
    };
    const auto measure = [&](RecoveryPhase phase) {
        progress.report(phase, 0, result.bytesWritten);
        const WriteJob job{
            WritePattern::Random, 0, length, plan.randomBlockBytes, plan.randomQueueDepth,
            plan.randomSeconds};
        Expected<FioRunResult> run = target.runWriteJob(job, cancel, [&](double elapsed) {
            progress.report(phase, elapsed / random, result.bytesWritten);
        });
        if (!run)
            return run.error();
        result.fioVersion = run->fioVersion;
        result.bytesWritten += run->write.ioBytes;
        result.measurements.append({phase, run->write, 0});
        return Error{};
    };
    const auto fill = [&]() {
        const quint64 fillLength = alignedLength(result.drive.sizeBytes, plan.fillBlockBytes);
        const quint64 blocks = fillLength / plan.fillBlockBytes;
        const quint64 pieces = std::clamp<quint64>(quint64(plan.fillPieces), 1, blocks);
        const quint64 total = fillLength * quint64(plan.fillPasses);
        QElapsedTimer fillClock;
        fillClock.start();
        quint64 filled = 0;
        for (int pass = 1; pass <= plan.fillPasses; ++pass) {
            FioWriteFigures sum;
            quint64 offset = 0;
            for (quint64 piece = 0; piece < pieces; ++piece) {
                if (cancel.isCancelled())
                    return makeError(ErrorCode::Cancelled, QStringLiteral("cancelled"));
                const quint64 pieceBlocks = blocks / pieces + (piece < blocks % pieces ? 1 : 0);
                const quint64 bytes = pieceBlocks * plan.fillBlockBytes;
                const WriteJob job{WritePattern::Sequential, offset, bytes, plan.fillBlockBytes,
                                   plan.fillQueueDepth,      0};
                Expected<FioRunResult> run = target.runWriteJob(job, cancel, {});
                if (!run)
                    return run.error();
                result.fioVersion = run->fioVersion;
                accumulate(sum, run->write);
                result.bytesWritten += run->write.ioBytes;
                filled += bytes;
                offset += bytes;
                const double elapsed = double(fillClock.nsecsElapsed()) / 1e9;
                if (elapsed > 0)
                    progress.setWeight(RecoveryPhase::Fill,
                                       elapsed * double(total) / double(filled));
                progress.report(RecoveryPhase::Fill, double(filled) / double(total),
                                result.bytesWritten, pass);
            }
            result.fills.append(sum);
        }
        return Error{};
    };

    Error error = discard(RecoveryPhase::Precondition, result.preconditionDiscardSeconds);
    if (!error.isError())
        error = measure(RecoveryPhase::FreshOutOfBox);
    if (!error.isError())
        error = fill();
    if (!error.isError())
        error = measure(RecoveryPhase::AfterFill);
    if (!error.isError()) {
        progress.report(RecoveryPhase::Idle, 0, result.bytesWritten);
        QElapsedTimer idleClock;
        idleClock.start();
        const bool waited = idle(plan.idleSeconds, cancel, [&](double elapsed) {
            progress.report(RecoveryPhase::Idle, plan.idleSeconds ? elapsed / plan.idleSeconds : 1,
                            result.bytesWritten);
        });
        result.idleSeconds = double(idleClock.nsecsElapsed()) / 1e9;
        if (!waited)
            error = makeError(ErrorCode::Cancelled, QStringLiteral("cancelled"));
    }
    if (!error.isError())
        error = measure(RecoveryPhase::AfterIdle);
    if (!error.isError() && cancel.isCancelled())
        error = makeError(ErrorCode::Cancelled, QStringLiteral("cancelled"));
    if (!error.isError())
        error = discard(RecoveryPhase::Trim, result.trimDiscardSeconds);
    if (!error.isError())
        error = measure(RecoveryPhase::AfterTrim);
    if (error.isError())
        result.stopWith(error);
    else
        progress.report(RecoveryPhase::AfterTrim, 1, result.bytesWritten);
    return finish();
}

FillCurveResult runFillCurve(RecoveryTarget &target, const FillCurvePlan &plan,
                             const CancelToken &cancel, const RecoveryProgressCallback &onProgress)
{
    FillCurveResult result;
    result.start(target.drive());
    result.plan = plan;
    QElapsedTimer clock;
    clock.start();
    double writingSeconds = 0;
    const auto finish = [&] {
        result.cliff =
            findFillCliff(result.samples, result.drive.sizeBytes, plan.cliffDropFraction);
        result.meanBytesPerSecond =
            writingSeconds > 0 ? double(result.bytesWritten) / writingSeconds : 0;
        result.finish(double(clock.nsecsElapsed()) / 1e9);
        return result;
    };
    if (const Error error = validateFillCurvePlan(plan, result.drive); error.isError()) {
        result.stopWith(error);
        return finish();
    }
    result.estimate = estimateFillCurve(plan, result.drive);
    result.sampleBytes = fillSampleBytes(plan, result.drive);

    QList<RecoveryPhase> phases{RecoveryPhase::Fill};
    QList<double> weights{result.estimate.seconds};
    if (plan.trimFirst) {
        phases.prepend(RecoveryPhase::Precondition);
        weights.prepend(kDiscardWeightSeconds);
    }
    ProgressModel progress(phases, weights, onProgress);

    if (plan.trimFirst) {
        progress.report(RecoveryPhase::Precondition, 0, 0);
        Expected<double> took = target.discardAll();
        if (!took) {
            result.stopWith(took.error());
            return finish();
        }
        result.preconditionDiscardSeconds = *took;
    }
    // One fio job writes the drive start to end and logs its speed along the way: a job per
    // sample cost fio's start (kFioJobSeconds) a hundred times over.
    const quint64 length = alignedLength(result.drive.sizeBytes, plan.blockBytes);
    WriteJob job{WritePattern::Sequential, 0, length, plan.blockBytes, plan.queueDepth, 0};
    job.bandwidthLogMsec = fillLogWindowMsec(result.sampleBytes);
    const double fillGuess = std::max(result.estimate.seconds, 1.0);
    // A logged job stopped by the cancel still returns what it wrote and logged until then.
    Expected<FioRunResult> run = target.runWriteJob(job, cancel, [&](double elapsed) {
        // By time: how far the writes are is known only when fio reports. Past the guess, the
        // phase stays just short of done.
        const double expected = std::max(fillGuess, elapsed / 0.95);
        progress.setWeight(RecoveryPhase::Fill, expected);
        progress.report(RecoveryPhase::Fill, elapsed / expected, 0, 1);
    });
    if (!run) {
        result.stopWith(run.error());
        return finish();
    }
    result.fioVersion = run->fioVersion;
    // The device's own count where it was read (a real device); fio's log where it was not.
    result.samples =
        run->written.isEmpty()
            ? fillSamplesFromBandwidth(run->bandwidth, job.bandwidthLogMsec / 1000.0,
                                       run->write.ioBytes, run->write.runtimeSeconds,
                                       result.sampleBytes)
            : fillSamplesFromWrites(run->written, run->write.ioBytes, result.sampleBytes);
    result.bytesWritten = run->write.ioBytes;
    writingSeconds = run->write.runtimeSeconds;
    if (cancel.isCancelled()) {
        result.stopWith(makeError(ErrorCode::Cancelled, QStringLiteral("cancelled")));
        return finish();
    }
    progress.report(RecoveryPhase::Fill, 1, result.bytesWritten, 1);
    return finish();
}

} // namespace trimscope::recovery
