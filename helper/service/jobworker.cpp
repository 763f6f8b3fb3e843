#include "jobworker.h"

namespace trimscope::helper {

JobWorker::JobWorker(JobBody body, const CancelToken &cancel)
    : m_body(std::move(body)), m_cancel(cancel)
{
    qRegisterMetaType<JobProgress>();
    qRegisterMetaType<JobOutcome>();
}

void JobWorker::run()
{
    JobReporter reporter;
    reporter.progress = [this](const JobProgress &progress) { Q_EMIT progressed(progress); };
    reporter.sample = [this](const Sample &sample) { Q_EMIT sampleMeasured(sample); };
    const JobOutcome outcome = m_body(m_cancel, reporter);
    m_body = nullptr;
    Q_EMIT finished(outcome);
}

} // namespace trimscope::helper
