#include "helpersweepjob.h"

#include "helperjob.h"
#include "helperprotocol.h"
#include "report/resultfile.h"
#include "sweepoptions.h"

namespace trimscope::gui {

HelperSweepJob::HelperSweepJob(const DriveInfo &drive, const SweepPlan &plan, QObject *parent)
    : SweepJob(parent), m_job(new HelperJob(QString::fromLatin1(helper::kJobSweep), drive.path,
                                            helper::sweepOptionsFromPlan(plan), this)),
      m_drive(drive)
{
    connect(m_job, &Job::statusMessage, this, &SweepJob::statusMessage);
    connect(m_job, &HelperJob::sampleReceived, this, [this](const Sample &sample) {
        m_samples.append(sample);
        emit samplesMeasured({sample});
    });
    connect(m_job, &HelperJob::sweepProgressed, this, &SweepJob::progressed);
    connect(m_job, &Job::finished, this, &HelperSweepJob::onFinished);
}

void HelperSweepJob::cancel()
{
    m_job->cancel();
}

bool HelperSweepJob::isRunning() const
{
    return m_job->isRunning();
}

void HelperSweepJob::onFinished(const Error &error, const QByteArray &resultJson)
{
    SweepResult result;
    if (!resultJson.isEmpty()) {
        Expected<SweepResult> parsed = readResult<SweepResult>(resultJson);
        if (parsed)
            result = std::move(parsed).value();
        else
            result.error = parsed.error();
    } else if (error.code == ErrorCode::Cancelled) {
        // No confirmation from the helper: keep the samples received so far.
        result.drive = m_drive;
        result.samples = m_samples;
        result.rebuildPoints();
    }
    if (result.samples.isEmpty() && result.drive.path.isEmpty())
        result.drive = m_drive;
    if (error.isError()) {
        // A cancelled run still carries what was measured; anything else is a failure.
        if (error.code != ErrorCode::Cancelled || resultJson.isEmpty()) {
            result.stopReason =
                error.code == ErrorCode::Cancelled ? StopReason::Cancelled : StopReason::Failed;
            result.error = error;
        }
    }
    emit finished(result);
}

} // namespace trimscope::gui
