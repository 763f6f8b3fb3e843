#include "fsbench.h"

#include "common/units.h"
#include "deleteplan.h"
#include "externaltool.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QThread>
#include <array>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace trimscope::fsbench {

namespace {

constexpr int kFstrimTimeoutMs = 60 * 60 * 1000;
constexpr int kSettlePollMs = 50;
constexpr int kSettleQuietPolls = 4; // 200 ms without a new discard or anything in flight
constexpr qint64 kProgressIntervalMs = 250;

// Rough share of a run's time per phase, for the progress fraction only.
constexpr std::array<std::pair<Phase, double>, 9> kPhaseWeights = {{
    {Phase::Mkfs, 0.05},
    {Phase::Mount, 0.02},
    {Phase::Create, 0.30},
    {Phase::SyncAfterCreate, 0.10},
    {Phase::Delete, 0.20},
    {Phase::SyncAfterDelete, 0.15},
    {Phase::Settle, 0.05},
    {Phase::Fstrim, 0.10},
    {Phase::Unmount, 0.03},
}};

double phaseStart(Phase phase)
{
    double start = 0;
    for (const auto &[p, weight] : kPhaseWeights) {
        if (p == phase)
            return start;
        start += weight;
    }
    return start;
}

double phaseWeight(Phase phase)
{
    for (const auto &[p, weight] : kPhaseWeights) {
        if (p == phase)
            return weight;
    }
    return 0;
}

Error syncFilesystem(const QString &path)
{
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return {ErrorCode::IoError, QStringLiteral("cannot open %1: %2")
                                        .arg(path, QString::fromLocal8Bit(std::strerror(errno)))};
    const int rc = ::syncfs(fd);
    const int savedErrno = errno;
    ::close(fd);
    if (rc != 0)
        return {ErrorCode::IoError,
                QStringLiteral("syncfs on %1 failed: %2")
                    .arg(path, QString::fromLocal8Bit(std::strerror(savedErrno)))};
    return {};
}

class DeleteWorkload
{
public:
    DeleteWorkload(const FsBenchTarget &target, const FsBenchPlan &plan, const CancelToken &cancel,
                   const FsBenchProgressCallback &progress)
        : m_target(target), m_plan(plan), m_cancel(cancel), m_progress(progress),
          m_tree(planTree(plan.tree))
    {
    }

    FsBenchResult run();

private:
    Error runOne(DeleteRun &run, const DeleteVariant &variant);
    // Times `work` and records the discards the device saw meanwhile.
    Error measure(DeleteRun &run, Phase phase, const std::function<Error(double &)> &work);
    Error settle(double &seconds);
    // Until the device has no I/O in flight (a discard the unmount still had queued): the
    // last counters of a run are read only then, so they hold every discard the drive got.
    Error drain(double &seconds);
    void report(const DeleteRun &run, Phase phase, double phaseFraction, bool force);

    const FsBenchTarget &m_target;
    const FsBenchPlan &m_plan;
    const CancelToken &m_cancel;
    const FsBenchProgressCallback &m_progress;
    TreePlan m_tree;
    QElapsedTimer m_clock;
    QElapsedTimer m_lastReport;
    int m_runIndex = 0;
    int m_runCount = 0;
    std::optional<DiskStats> m_lastStats; // the end of the phase before, within one run
};

void DeleteWorkload::report(const DeleteRun &run, Phase phase, double phaseFraction, bool force)
{
    if (!m_progress)
        return;
    if (!force && m_lastReport.isValid() && m_lastReport.elapsed() < kProgressIntervalMs)
        return;
    m_lastReport.start();
    const double within = phaseStart(phase) + phaseWeight(phase) * phaseFraction;
    m_progress(fsBenchProgressAt(run, phase, phaseFraction, m_runIndex, m_runCount, within,
                                 double(m_clock.elapsed()) / 1000.0));
}

Error DeleteWorkload::measure(DeleteRun &run, Phase phase,
                              const std::function<Error(double &)> &work)
{
    if (m_cancel.isCancelled())
        return {ErrorCode::Cancelled, QStringLiteral("cancelled")};
    report(run, phase, 0, /*force=*/true);
    // One phase's counters start where the last one's ended: a discard completing between two
    // reads (XFS's late ones, on a loaded machine) would otherwise belong to no phase.
    const Expected<DiskStats> before =
        m_lastStats ? Expected<DiskStats>(*m_lastStats) : readDiskStats(m_target.device.name);
    if (!before)
        return before.error();
    QElapsedTimer timer;
    timer.start();
    double seconds = -1; // work may report its own, more exact time (an external tool's)
    const Error error = work(seconds);
    if (seconds < 0)
        seconds = double(timer.nsecsElapsed()) / 1e9;
    const Expected<DiskStats> after = readDiskStats(m_target.device.name);
    if (!after)
        return after.error();
    m_lastStats = *after;
    run.phases.append({phase, seconds, discardDelta(*before, *after)});
    return error;
}

// Some filesystems (XFS) issue their discards asynchronously after the log commit that syncfs
// waits for. The phase lasts until the last discard or in-flight I/O seen; the quiet polls that
// prove it was the last are not counted.
Error DeleteWorkload::settle(double &seconds)
{
    QElapsedTimer timer;
    timer.start();
    Expected<DiskStats> last = readDiskStats(m_target.device.name);
    if (!last)
        return last.error();
    seconds = 0;
    int quiet = 0;
    while (quiet < kSettleQuietPolls) {
        if (m_cancel.isCancelled())
            return {ErrorCode::Cancelled, QStringLiteral("cancelled")};
        if (double(timer.elapsed()) / 1000.0 > m_plan.settleTimeoutSeconds)
            break;
        const Expected<DiskStats> now = readDiskStats(m_target.device.name);
        if (!now)
            return now.error();
        if (now->inFlight > 0 || now->discardIos != last->discardIos) {
            quiet = 0;
            seconds = double(timer.nsecsElapsed()) / 1e9;
        } else {
            ++quiet;
        }
        last = now;
        if (quiet < kSettleQuietPolls)
            QThread::msleep(kSettlePollMs);
    }
    return {};
}

Error DeleteWorkload::drain(double &seconds)
{
    QElapsedTimer timer;
    timer.start();
    while (true) {
        const Expected<DiskStats> now = readDiskStats(m_target.device.name);
        if (!now)
            return now.error();
        if (now->inFlight == 0)
            break;
        if (m_cancel.isCancelled())
            return {ErrorCode::Cancelled, QStringLiteral("cancelled")};
        if (double(timer.elapsed()) / 1000.0 > m_plan.settleTimeoutSeconds)
            return {ErrorCode::IoError,
                    QStringLiteral("the device still had I/O in flight %1 after the unmount")
                        .arg(formatSeconds(m_plan.settleTimeoutSeconds))};
        QThread::msleep(1);
    }
    seconds = double(timer.nsecsElapsed()) / 1e9;
    return {};
}

Error DeleteWorkload::runOne(DeleteRun &run, const DeleteVariant &variant)
{
    m_lastStats.reset();
    const QString device = m_target.device.path;
    Error error = measure(run, Phase::Mkfs, [&](double &seconds) -> Error {
        if (const Error recheck = recheckFsBenchTarget(m_target); recheck.isError())
            return recheck;
        const ToolRun mkfs = runExternalTool(findSystemTool(mkfsToolName(run.filesystem)),
                                             mkfsArguments(run.filesystem, false, device),
                                             &m_cancel, kMkfsTimeoutMs);
        seconds = mkfs.seconds;
        if (mkfs.cancelled)
            return {ErrorCode::Cancelled, QStringLiteral("cancelled")};
        return mkfs.succeeded() ? Error{} : Error{ErrorCode::IoError, mkfs.failureMessage()};
    });
    if (error.isError())
        return error;

    PrivateMount mount(m_plan.mountRoot);
    error = measure(run, Phase::Mount, [&](double &seconds) {
        return mount.mount(device, run.filesystem, variant.mountOptions, &seconds);
    });
    if (error.isError())
        return error;

    const QString treeRoot = mount.path() + QStringLiteral("/tree");
    error = measure(run, Phase::Create, [&](double &) -> Error {
        if (::mkdir(QFile::encodeName(treeRoot).constData(), 0755) != 0)
            return {ErrorCode::IoError, QStringLiteral("cannot create %1").arg(treeRoot)};
        return writeTree(treeRoot, m_tree, m_cancel,
                         [&](double f) { report(run, Phase::Create, f, false); });
    });
    if (!error.isError())
        error = measure(run, Phase::SyncAfterCreate,
                        [&](double &) { return syncFilesystem(mount.path()); });
    if (!error.isError())
        error = measure(run, Phase::Delete, [&](double &) -> Error {
            const Error deleted = deleteTree(treeRoot, m_tree, m_cancel, [&](double f) {
                report(run, Phase::Delete, f, false);
            });
            if (deleted.isError())
                return deleted;
            if (::rmdir(QFile::encodeName(treeRoot).constData()) != 0)
                return {ErrorCode::IoError, QStringLiteral("cannot delete %1").arg(treeRoot)};
            return {};
        });
    if (!error.isError())
        error = measure(run, Phase::SyncAfterDelete,
                        [&](double &) { return syncFilesystem(mount.path()); });
    if (!error.isError())
        error = measure(run, Phase::Settle, [&](double &seconds) { return settle(seconds); });
    if (!error.isError() && variant.fstrimAfter) {
        const QString fstrim = findSystemTool(QStringLiteral("fstrim"));
        if (fstrim.isEmpty()) {
            run.message = QStringLiteral("fstrim is not installed: fstrim not timed");
        } else {
            error = measure(run, Phase::Fstrim, [&](double &seconds) -> Error {
                const ToolRun trim =
                    runExternalTool(fstrim, {mount.path()}, &m_cancel, kFstrimTimeoutMs);
                if (trim.cancelled)
                    return {ErrorCode::Cancelled, QStringLiteral("cancelled")};
                if (!trim.succeeded())
                    return {ErrorCode::IoError, trim.failureMessage()};
                // XFS returns from FITRIM while its discards are still queued: the trim is
                // done when the device is.
                double settled = 0;
                const Error settleError = settle(settled);
                seconds = trim.seconds + settled;
                return settleError;
            });
        }
    }
    // Unmounted as a measured phase when all went well; otherwise ~PrivateMount cleans up. The
    // unmount belongs to the delete's cost: XFS sends discards it still has queued then.
    if (error.isError())
        return error;
    return measure(run, Phase::Unmount, [&](double &seconds) {
        double unmounted = 0, drained = 0;
        Error failed = mount.unmount(&unmounted);
        if (!failed.isError())
            failed = drain(drained);
        seconds = unmounted + drained;
        return failed;
    });
}

FsBenchResult DeleteWorkload::run()
{
    FsBenchResult result;
    result.start(m_target.drive);
    result.plan = m_plan;
    m_clock.start();

    result.runs = plannedDeleteRuns(m_plan);
    m_runCount = int(result.runs.size());

    if (const Error invalid = checkFsBenchPlan(m_plan, m_target.drive.sizeBytes);
        invalid.isError()) {
        result.stopReason = StopReason::Failed;
        result.error = invalid;
    }
    for (DeleteRun &run : result.runs) {
        if (result.stopReason != StopReason::Completed)
            break; // the rest stay NotRun
        if (const QString missing = missingToolReason(run.filesystem); !missing.isEmpty()) {
            run.status = RunStatus::Skipped;
            run.message = missing;
        } else {
            run.status =
                settleRun(runOne(run, deleteVariantOf(run)), m_cancel, run.message, result);
        }
        ++m_runIndex;
    }
    result.finish(double(m_clock.nsecsElapsed()) / 1e9);
    return result;
}

} // namespace

FsBenchProgress fsBenchProgressAt(const DeleteRun &run, Phase phase, double phaseFraction,
                                  int runIndex, int runCount, double withinRun,
                                  double elapsedSeconds)
{
    FsBenchProgress p;
    p.filesystem = run.filesystem;
    p.variant = run.variant;
    p.phase = phase;
    p.runIndex = runIndex;
    p.runCount = runCount;
    p.phaseFraction = phaseFraction;
    p.fraction = runCount > 0 ? (runIndex + withinRun) / runCount : 1.0;
    p.etaSeconds = p.fraction > 0.02 ? elapsedSeconds * (1 - p.fraction) / p.fraction : -1;
    return p;
}

QList<DeleteVariant> deleteVariants(const QString &filesystem)
{
    if (filesystem == QLatin1String("ext4")) {
        // noinit_itable: ext4lazyinit's background zeroing would otherwise reach the device as
        // write-zeroes (a discard, on some devices) in the middle of the measurement.
        return {
            {QStringLiteral("discard"), QStringLiteral("discard,noinit_itable"), true, false},
            {QStringLiteral("nodiscard"), QStringLiteral("nodiscard,noinit_itable"), false, true}};
    }
    if (filesystem == QLatin1String("xfs"))
        return {{QStringLiteral("discard"), QStringLiteral("discard"), true, false},
                {QStringLiteral("nodiscard"), QStringLiteral("nodiscard"), false, true}};
    if (filesystem == QLatin1String("btrfs"))
        return {{QStringLiteral("discard"), QStringLiteral("discard=sync"), true, false},
                {QStringLiteral("discard-async"), QStringLiteral("discard=async"), true, false},
                {QStringLiteral("nodiscard"), QStringLiteral("nodiscard"), false, true}};
    return {};
}

Error validateFsBenchPlan(const FsBenchPlan &plan)
{
    if (plan.filesystems.isEmpty())
        return {ErrorCode::InvalidArgument, QStringLiteral("no filesystem to measure")};
    if (const Error error = checkFilesystemList(plan.filesystems); error.isError())
        return error;
    for (const QString &variant : plan.variants) {
        if (variant != QLatin1String("discard") && variant != QLatin1String("nodiscard") &&
            variant != QLatin1String("discard-async"))
            return {ErrorCode::InvalidArgument,
                    QStringLiteral("unknown variant '%1' (discard, nodiscard, discard-async)")
                        .arg(variant)};
    }
    if (!QDir::isAbsolutePath(plan.mountRoot))
        return {ErrorCode::InvalidArgument, QStringLiteral("the mount root must be absolute")};
    return validateTreeSpec(plan.tree);
}

Error checkTreeFitsDevice(const TreeSpec &tree, quint64 deviceBytes)
{
    constexpr quint64 kFilesystemReserve = quint64(128) << 20;
    const quint64 needed = tree.bytes + tree.bytes / 4 + kFilesystemReserve;
    if (needed <= deviceBytes)
        return {};
    return {ErrorCode::InvalidArgument,
            QStringLiteral("a tree of %1 needs a device of at least %2, not %3; choose a smaller "
                           "tree (--preset quick)")
                .arg(formatBytes(tree.bytes), formatBytes(needed), formatBytes(deviceBytes))};
}

FsBenchResult runFsBench(const FsBenchTarget &target, const FsBenchPlan &plan,
                         const CancelToken &cancel, const FsBenchProgressCallback &progress)
{
    DeleteWorkload workload(target, plan, cancel, progress);
    return workload.run();
}

} // namespace trimscope::fsbench
