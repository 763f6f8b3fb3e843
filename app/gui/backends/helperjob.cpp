#include "helperjob.h"

#include "helperclient.h"

#include <QTimer>

namespace trimscope::gui {

HelperJob::HelperJob(const QString &kind, const QString &device, const QVariantMap &options,
                     QObject *parent)
    : Job(parent), m_client(new helper::HelperClient(QDBusConnection::systemBus(), this)),
      m_kind(kind)
{
    connect(m_client, &helper::HelperClient::started, this,
            [this] { emit statusMessage(QString()); });
    connect(m_client, &helper::HelperClient::sampleReceived, this,
            [this](uint, const Sample &sample) { emit sampleReceived(sample); });
    connect(m_client, &helper::HelperClient::progressReceived, this, &HelperJob::sweepProgressed);
    connect(m_client, &helper::HelperClient::jobProgressReceived, this,
            [this](const helper::HelperJobProgress &p) {
                emit progressed(JobProgress{p.fraction, p.etaSeconds, p.done, p.planned, p.phase});
            });
    connect(m_client, &helper::HelperClient::completed, this, &HelperJob::onCompleted);
    QMetaObject::invokeMethod(
        this,
        [this, device, options] {
            emit statusMessage(tr("Waiting for the helper and your permission…"));
            m_client->startJob(m_kind, device, options);
        },
        Qt::QueuedConnection);
}

void HelperJob::cancel()
{
    if (!m_running)
        return;
    m_client->cancel();
    // The helper confirms with Completed; if it never does, the window must not wait forever.
    QTimer::singleShot(kCancelGraceMs, this, [this] {
        if (!m_running)
            return;
        m_running = false;
        emit finished(
            makeError(ErrorCode::Cancelled, tr("The helper did not confirm the cancellation.")),
            {});
    });
}

void HelperJob::onCompleted(bool, const Error &error, const QByteArray &resultJson)
{
    if (!m_running)
        return;
    m_running = false;
    emit finished(error, resultJson);
}

} // namespace trimscope::gui
