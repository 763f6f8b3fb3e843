#include "sweepworker.h"

namespace trimscope::helper {

SweepWorker::SweepWorker(PreparedSweep prepared, const CancelToken &cancel)
    : m_prepared(std::move(prepared)), m_cancel(cancel)
{
}

void SweepWorker::run()
{
    SweepResult result;
    {
        SweepRunner runner(*m_prepared.target, m_prepared.plan, m_prepared.drive, m_cancel);
        runner.onSample = [this](const Sample &sample) { Q_EMIT sampleMeasured(sample); };
        runner.onProgress = [this](const SweepProgress &progress) { Q_EMIT progressed(progress); };
        runner.raisePriority = true; // the helper always measures real devices
        result = runner.run();
    }
    m_prepared.target.reset();
    m_prepared.fd = UniqueFd();
    Q_EMIT finished(result);
}

} // namespace trimscope::helper
