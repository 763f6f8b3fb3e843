#include "simulatedbackend.h"

#include "jobs/preparejob.h"
#include "simulate/simulatedprofiles.h"

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
    return {true,
            tr("always available, runs in process"),
            {{tr("TRIM benchmark and background-TRIM probe"),
              true,
              tr("on modelled drives; nothing is written anywhere"),
              {},
              {}},
             {tr("health"), true, tr("example data of a real drive"), {}, {}},
             {tr("file-system experiments and write tests"),
              false,
              {},
              tr("a simulated drive has no device to format or write"),
              tr("use a real drive through the TrimScope helper")}}};
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

QString SimulatedBackend::whyNot(const JobPlan &plan) const
{
    return jobRunsOn(plan, TargetKind::Simulated).message;
}

JobRunner *SimulatedBackend::start(const DriveEntry &drive, const JobPlan &plan)
{
    return new LocalJobRunner(plan, SimulatedTarget{drive.info.simulationProfile, m_timeScale});
}

void SimulatedBackend::readHealth(const DriveEntry &drive)
{
    refuseHealth(drive,
                 tr("Simulated drives have no SMART data; example data is shown instead."));
}

} // namespace trimscope::gui
