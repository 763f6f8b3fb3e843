#pragma once

#include "common/expected.h"
#include "health/drivehealth.h"
#include "jobs/jobrunner.h"

#include <QProcess>
#include <memory>

namespace trimscope {

// Who runs a job, decided here once for the CLI: a simulated drive, or a process that may open
// devices (root), runs it in process; anyone else asks trimscope-helper when it is installed
// (polkit asks the user), else udisks2 for the kinds that run on a device it lends. The result is
// the same file whoever ran it.
std::unique_ptr<JobRunner> chooseRunner(const JobPlan &plan, const JobTarget &target);

// polkit asks the authentication agent registered for our process; a user (not root) at a
// terminal gets pkttyagent for as long as the returned process lives (a desktop session's agent
// still wins). Null when not needed or not installed: then polkit's "no" is said plainly.
std::unique_ptr<QProcess> startTerminalAuthAgent();

// A drive's health, read in process when this process may (root), else by trimscope-helper,
// else as the host's udisks2 passes it on; the lifespan under `assumptions` either way.
Expected<health::DriveHealth> readHealth(const QString &device,
                                         const health::LifespanAssumptions &assumptions);

} // namespace trimscope
