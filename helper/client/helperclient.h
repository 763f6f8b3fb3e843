#pragma once

#include "common/error.h"
#include "sweep/sweepplan.h"
#include "sweep/sweepresult.h"
#include "sweep/sweeprunner.h"

#include <QDBusConnection>
#include <QDBusMessage>
#include <QObject>
#include <memory>

class IoGithubTrimscopeHelper1Interface;
class QDBusServiceWatcher;

namespace trimscope::helper {

// Runs one sweep in trimscope-helper and relays what its Job object reports. Subscribes to the
// job signals before StartSweep is sent, so no sample is lost between the reply and the match
// rule; ends with exactly one `completed`.
class HelperClient : public QObject
{
    Q_OBJECT
public:
    explicit HelperClient(QDBusConnection bus = QDBusConnection::systemBus(),
                          QObject *parent = nullptr);
    ~HelperClient() override;

    // Whether the helper can be reached (running, or activatable) on this bus.
    bool isHelperAvailable() const;

    // Asynchronous; authentication may prompt the user, so it can take minutes.
    void startSweep(const QString &device, const SweepPlan &plan);
    // Asks the helper to stop the job; `completed` follows with Cancelled.
    void cancel();

    QString jobPath() const { return m_jobPath; }

Q_SIGNALS:
    void started(const QString &jobPath);
    void sampleReceived(uint index, const trimscope::Sample &sample);
    void progressReceived(const trimscope::SweepProgress &progress);
    // success: the sweep ran to its end or its time budget. error: why not (NotAuthorized and
    // the other refusals when it never started, with resultJson empty). resultJson: byte for
    // byte what `trimscope-cli sweep --json` writes.
    void completed(bool success, const trimscope::Error &error, const QByteArray &resultJson);

private Q_SLOTS:
    void onSample(uint index, qulonglong bytes, qulonglong offset, double seconds, double startedAt,
                  const QDBusMessage &message);
    void onProgress(double fraction, double etaSeconds, int samplesDone, int samplesPlanned,
                    const QDBusMessage &message);
    void onCompleted(bool success, const QString &errorName, const QString &text,
                     const QString &resultJson, const QDBusMessage &message);

private:
    bool isOurs(const QDBusMessage &message) const;
    void finish(bool success, const Error &error, const QByteArray &resultJson);
    void subscribe(bool on);

    QDBusConnection m_bus;
    std::unique_ptr<IoGithubTrimscopeHelper1Interface> m_helper;
    QDBusServiceWatcher *m_helperWatcher = nullptr;
    QString m_jobPath;
    bool m_running = false;
    bool m_cancelRequested = false;
};

} // namespace trimscope::helper
