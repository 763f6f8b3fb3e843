#pragma once

#include "device/driveinfo.h"
#include "sweepjob.h"

namespace trimscope::gui {

class HelperJob;

// A sweep run by trimscope-helper: a HelperJob of kind "sweep", seen as a SweepJob.
class HelperSweepJob final : public SweepJob
{
    Q_OBJECT
public:
    HelperSweepJob(const DriveInfo &drive, const SweepPlan &plan, QObject *parent = nullptr);

    void cancel() override;
    bool isRunning() const override;

private:
    void onFinished(const Error &error, const QByteArray &resultJson);

    HelperJob *m_job;
    DriveInfo m_drive;
    QList<Sample> m_samples;
};

} // namespace trimscope::gui
