#pragma once

#include "job.h"
#include "sweep/sweepresult.h"
#include "sweep/sweeprunner.h"

#include <QVariantMap>

namespace trimscope::helper {
class HelperClient;
}

namespace trimscope::gui {

// One job of any kind (sweep, fsbench, mkfs-timing, recovery, fill-curve) run by
// trimscope-helper as a Job object on the system bus, relayed by HelperClient. Starts once the
// event loop runs, so the caller can connect first. If the helper never confirms a
// cancellation, finished() follows anyway after a grace period.
class HelperJob final : public Job
{
    Q_OBJECT
public:
    HelperJob(const QString &kind, const QString &device, const QVariantMap &options,
              QObject *parent = nullptr);

    QString kind() const override { return m_kind; }
    void cancel() override;
    bool isRunning() const override { return m_running; }

signals:
    // Sweeps only: the sweep's own samples and progress.
    void sampleReceived(const trimscope::Sample &sample);
    void sweepProgressed(const trimscope::SweepProgress &progress);

private:
    void onCompleted(bool success, const Error &error, const QByteArray &resultJson);

    static constexpr int kCancelGraceMs = 10000;
    helper::HelperClient *m_client;
    QString m_kind;
    bool m_running = true;
};

} // namespace trimscope::gui
