#pragma once

#include "device/driveinfo.h"
#include "experimentcost.h"
#include "fsbench/synthetictree.h"
#include "probe/backgroundprobe.h"
#include "report/diagnosis.h"
#include "simulate/simulatedprofiles.h"
#include "sweep/sweepplan.h"

#include <QList>
#include <array>

namespace trimscope {

// How a diagnosis spends its budget on one drive: the probe's and the sweep's time, the two
// trees of the filesystem experiment, and what each phase is expected to take (for the ETA).
struct DiagnoseSchedule
{
    double probeMaxWaitSeconds = 0; // the whole probe's bound, its waits for quiet included
    double sweepBudgetSeconds = 60; // the adaptive sweep's time budget
    int sweepSamples = 0;           // what the sweep takes at least: its sizes x the first look
    quint64 sweepSampleBytes = 0;   // what those samples discard, all together
    quint64 sweepPrewriteBytes = 0; // what those samples write first (their regions)
    // The sweep's phase estimate is a simulated drive's model at its time scale: the probe's one
    // discard, timed in the model's seconds, tells less (from it the estimate said 20.7 s at a
    // time scale of 0.25 for a 5.3 s diagnosis, issue 47, item 11).
    bool sweepModelled = false;
    QStringList filesystems; // installed ones of the plan's
    // Smaller first, a factor 4 apart; a quarter of the kernel tree and a sixteenth when the
    // budget allows, half that otherwise, smaller still on a small drive. Empty: no experiment.
    QList<fsbench::TreeSpec> trees;
    QString noFilesystemsReason; // why `trees` is empty, in words
    std::array<double, kDiagnosisPhaseCount> phaseSeconds{};

    double totalSeconds() const;
};

// Pure: the schedule for a drive of `drive.sizeBytes` on which the filesystem experiment can run
// (a real device) or not (a simulated drive), with these filesystems installed; the probe waits
// less for quiet on a drive that has served no discard since it appeared (planBackgroundProbe).
DiagnoseSchedule scheduleDiagnosis(const DiagnosePlan &plan, const DriveInfo &drive,
                                   bool filesystemsPossible, const QStringList &installed,
                                   bool servedNoDiscard = false);

// The same schedule for a simulated drive (core/simulate) of `profile`, whose probe runs on a
// virtual clock and whose writes cost nothing: only its sweep's discards take time, and its
// latency model says how long, so nothing is assumed. Planned as for a real drive, the first
// estimate of a diagnosis that took 0.3-20 s said 264 s (the probe's typical minute and the
// sweep's tens of GiB written at 200 MB/s). The sweep sleeps timeScale times its modelled time
// (SimulatedTarget) and its budget is wall time, so its phase is planned at that scale too.
void scheduleOnSimulatedDrive(DiagnoseSchedule &schedule, const SimulatedProfile &profile,
                              double timeScale);

// The probe and the sweep a diagnosis runs under its schedule. The probe is the standalone
// `background-probe`'s with its defaults (one plan for both paths), bound by probeMaxWaitSeconds.
probe::BackgroundProbeRequest diagnosisProbeRequest(const DiagnoseSchedule &schedule);
SweepPlan diagnosisSweepPlan(const DiagnoseSchedule &schedule);
// What the schedule expects the sweep to take, before any discard was timed and once one of
// `discardBytes` took `discardSeconds` (the probe's): the diagnosis replaces its estimate with
// this as it measures. The filesystem experiment's: ExperimentCost.
double expectedSweepSeconds(const DiagnoseSchedule &schedule);
double expectedSweepSeconds(const DiagnoseSchedule &schedule, double discardSeconds,
                            quint64 discardBytes);
// The schedule's write speed before anything was measured: the experiment's trees, and the
// sweep's regions.
double assumedWriteBytesPerSecond();
double assumedPrewriteBytesPerSecond();

} // namespace trimscope
