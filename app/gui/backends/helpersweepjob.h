#pragma once

#include "device/driveinfo.h"
#include "sweepjob.h"

namespace trimscope::helper {
class HelperClient;
}

namespace trimscope::gui {

// A sweep run by trimscope-helper as a Job object on the system bus, relayed by HelperClient.
class HelperSweepJob final : public SweepJob
{
    Q_OBJECT
public:
    HelperSweepJob(const DriveInfo &drive, const SweepPlan &plan, QObject *parent = nullptr);

    void cancel() override;
    bool isRunning() const override { return m_running; }

private:
    void onCompleted(bool success, const Error &error, const QByteArray &resultJson);

    helper::HelperClient *m_client;
    static constexpr int kCancelGraceMs = 10000;
    DriveInfo m_drive;
    QList<Sample> m_samples;
    bool m_running = true;
};

} // namespace trimscope::gui
