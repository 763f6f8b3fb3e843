#include "helpersweepjob.h"

#include "helperclient.h"
#include "report/sweepjson.h"

#include <QTimer>

namespace trimscope::gui {

HelperSweepJob::HelperSweepJob(const DriveInfo &drive, const SweepPlan &plan, QObject *parent)
    : SweepJob(parent), m_client(new helper::HelperClient(QDBusConnection::systemBus(), this)),
      m_drive(drive)
{
    connect(m_client, &helper::HelperClient::started, this,
            [this] { emit statusMessage(QString()); });
    connect(m_client, &helper::HelperClient::sampleReceived, this,
            [this](uint, const Sample &sample) {
                m_samples.append(sample);
                emit samplesMeasured({sample});
            });
    connect(m_client, &helper::HelperClient::progressReceived, this, &SweepJob::progressed);
    connect(m_client, &helper::HelperClient::completed, this, &HelperSweepJob::onCompleted);
    QMetaObject::invokeMethod(
        this,
        [this, path = drive.path, plan] {
            emit statusMessage(tr("Waiting for the helper and your permission…"));
            m_client->startSweep(path, plan);
        },
        Qt::QueuedConnection);
}

void HelperSweepJob::cancel()
{
    m_client->cancel();
    // The helper confirms with Completed; if it never does, the window must not wait forever.
    QTimer::singleShot(kCancelGraceMs, this, [this] {
        if (!m_running)
            return;
        m_running = false;
        SweepResult result;
        result.drive = m_drive;
        result.samples = m_samples;
        result.rebuildPoints();
        result.stopReason = StopReason::Cancelled;
        result.error = makeError(ErrorCode::Cancelled,
                                 tr("The helper did not confirm the cancellation; the samples "
                                    "received so far are kept."));
        emit finished(result);
    });
}

void HelperSweepJob::onCompleted(bool, const Error &error, const QByteArray &resultJson)
{
    if (!m_running)
        return;
    m_running = false;
    SweepResult result;
    if (!resultJson.isEmpty()) {
        Expected<SweepResult> parsed = sweepResultFromJson(resultJson);
        if (parsed)
            result = std::move(parsed).value();
        else
            result.error = parsed.error();
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
