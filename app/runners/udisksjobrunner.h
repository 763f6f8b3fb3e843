#pragma once

#include "jobs/jobrunner.h"

#include <QPointer>

namespace trimscope {

// A job on a device the host's udisks2 lends us: Block.OpenDevice("rw", O_EXCL) after udisks'
// own polkit check, then the job runs here on that fd (LocalJobRunner, OpenedDeviceTarget). The
// Flatpak path, and a user's path where trimscope-helper is not installed. Only kinds that need
// nothing but an fd run this way (jobRunsOn).
class UdisksJobRunner final : public JobRunner
{
    Q_OBJECT
public:
    // objectPath: the drive's udisks block object; empty: asked of udisks2 for `device`.
    UdisksJobRunner(JobPlan plan, QString device, QString objectPath = {},
                    QObject *parent = nullptr);

    void start() override;

    // Whether udisks2 answers on the system bus.
    static bool isAvailable();

private:
    void requestCancel() override;
    void open(const QString &objectPath);
    void runOn(int fd);
    void fail(ErrorCode code, const QString &message);

    JobPlan m_plan;
    QString m_device;
    QString m_objectPath;
    QPointer<LocalJobRunner> m_local;
    bool m_cancelled = false;
};

} // namespace trimscope
