#pragma once

#include "jobs/jobrunner.h"

#include <QElapsedTimer>

namespace trimscope::helper {

class HelperClient;

// A job run by trimscope-helper as a Job object on the system bus (after polkit asks the user),
// relayed by HelperClient. The result is the helper's, read once by the client: the same typed
// result the job has in process. If the helper never confirms a cancellation, finished() follows
// anyway after a grace period, without a result.
class HelperJobRunner final : public JobRunner
{
    Q_OBJECT
public:
    HelperJobRunner(JobPlan plan, QString device, QObject *parent = nullptr);

    void start() override;

private:
    void requestCancel() override;

    static constexpr int kCancelGraceMs = 10000;
    JobPlan m_plan;
    QString m_device;
    HelperClient *m_client;
    QElapsedTimer m_clock;
};

} // namespace trimscope::helper
