#include "measuredsweep.h"

#include "simulate/simulatedsweep.h"
#include "sweep/sweeprunner.h"

namespace trimscope::test {

SweepResult sweepMeasuredOn(const QString &profileId, const QString &device)
{
    SweepPlan plan;
    plan.minBytes = 4096;
    plan.maxBytes = quint64(64) << 20;
    plan.repeats = 3;
    plan.seed = 7;
    auto prepared = prepareSimulatedSweep(profileId, plan, /*timeScale=*/0);
    if (!prepared)
        qFatal("cannot prepare a simulated sweep of %s", qPrintable(profileId));
    CancelToken cancel;
    SweepRunner runner(*prepared->target, prepared->plan, prepared->drive, cancel);
    SweepResult sweep = runner.run();
    if (device.isEmpty())
        return sweep;
    const QString name = device.section(QLatin1Char('/'), -1);
    sweep.drive.name = name;
    sweep.drive.path =
        device.startsWith(QLatin1Char('/')) ? device : QStringLiteral("/dev/") + name;
    sweep.drive.model = QStringLiteral("Model of ") + name;
    sweep.drive.simulated = false;
    return sweep;
}

} // namespace trimscope::test
