#include "helperjobrunner.h"

#include "helperclient.h"

#include <QCoreApplication>
#include <QTimer>

namespace trimscope::helper {

namespace {
struct HelperRunnerText
{
    Q_DECLARE_TR_FUNCTIONS(HelperJobRunner)
};
} // namespace

HelperJobRunner::HelperJobRunner(JobPlan plan, QString device, QObject *parent)
    : JobRunner(jobKind(plan), parent), m_plan(std::move(plan)), m_device(std::move(device)),
      m_client(new HelperClient(QDBusConnection::systemBus(), this))
{
    connect(m_client, &HelperClient::started, this, [this] { emit statusMessage(QString()); });
    connect(m_client, &HelperClient::samplesReceived, this,
            [this](uint, const QList<Sample> &samples) { emit samplesMeasured(samples); });
    connect(m_client, &HelperClient::jobProgressReceived, this, [this](JobProgress progress) {
        progress.elapsedSeconds = double(m_clock.elapsed()) / 1000.0;
        emit progressed(progress);
    });
    // The client read the result once, and the helper said how the job ended.
    connect(m_client, &HelperClient::completed, this, &HelperJobRunner::finish);
}

void HelperJobRunner::start()
{
    markStarted();
    m_clock.start();
    // Whether the helper is there at all is the client's first question to the bus, asked
    // without waiting: helperNotInstalled() comes back as the outcome.
    QMetaObject::invokeMethod(
        this,
        [this] {
            emit statusMessage(HelperRunnerText::tr("Waiting for the helper and your "
                                                    "permission…"));
            m_client->startJob(m_device, m_plan);
        },
        Qt::QueuedConnection);
}

void HelperJobRunner::requestCancel()
{
    if (!isRunning())
        return;
    m_client->cancel();
    // The helper confirms with Completed; if it never does, nobody must wait forever.
    QTimer::singleShot(kCancelGraceMs, this, [this] {
        finish({StopReason::Cancelled,
                makeError(ErrorCode::Cancelled,
                          HelperRunnerText::tr("The helper did not confirm the cancellation.")),
                {}});
    });
}

} // namespace trimscope::helper
