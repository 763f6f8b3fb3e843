#include "simulatedbackend.h"

#include "job.h"
#include "localsweepjob.h"
#include "pacedtarget.h"
#include "simulate/simulatedprofiles.h"
#include "simulate/simulatedsweep.h"

namespace trimscope::gui {

SimulatedBackend::SimulatedBackend(QObject *parent) : Backend(parent)
{
    refresh();
}

QString SimulatedBackend::displayName() const
{
    return tr("Simulated drives");
}

QString SimulatedBackend::description() const
{
    return tr("Simulated in this program from a latency model; no disk is touched.");
}

BackendStatus SimulatedBackend::status() const
{
    return {true, tr("always available, runs in process")};
}

QList<DriveEntry> SimulatedBackend::drives() const
{
    return m_drives;
}

void SimulatedBackend::refresh()
{
    m_drives.clear();
    for (const SimulatedProfile &profile : simulatedProfiles()) {
        DriveEntry entry;
        entry.id = id() + QLatin1Char(':') + profile.id;
        entry.backendId = id();
        entry.info = profile.drive;
        entry.supportsDiscard = profile.drive.discardMaxBytes > 0;
        entry.usage = tr("no");
        if (!entry.supportsDiscard)
            entry.safety.refusals.append({RefusalReason::NoDiscard, ErrorCode::NoDiscardSupport,
                                          tr("This drive does not support discard (TRIM).")});
        m_drives.append(entry);
    }
    emit changed();
}

SweepJob *SimulatedBackend::startSweep(const DriveEntry &drive, const SweepPlan &plan)
{
    auto *job = new LocalSweepJob;
    const QString profileId = drive.info.simulationProfile;
    const double scale = m_timeScale;
    const bool realTime = scale == 1.0;
    LocalSweepJob::TargetWrapper wrap;
    if (!realTime && scale > 0) {
        wrap = [scale](std::unique_ptr<DiscardTarget> inner) -> std::unique_ptr<DiscardTarget> {
            return std::make_unique<PacedTarget>(std::move(inner), scale);
        };
    }
    job->start(
        [profileId, plan, realTime] { return prepareSimulatedSweep(profileId, plan, realTime); },
        wrap);
    return job;
}

QString SimulatedBackend::jobSupport() const
{
    return tr("Simulated drives run the TRIM benchmark only; the filesystem and write-recovery "
              "experiments need a real drive and the TrimScope helper.");
}

Job *SimulatedBackend::startJob(const DriveEntry &, const QString &kind, const QVariantMap &)
{
    return new FailedJob(kind, makeError(ErrorCode::Unsupported, jobSupport()));
}

void SimulatedBackend::readHealth(const DriveEntry &drive)
{
    QMetaObject::invokeMethod(
        this,
        [this, id = drive.id] {
            emit healthRead(
                id,
                makeError(
                    ErrorCode::Unsupported,
                    tr("Simulated drives have no SMART data; example data is shown instead.")),
                {});
        },
        Qt::QueuedConnection);
}

} // namespace trimscope::gui
