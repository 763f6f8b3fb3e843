#pragma once

#include "common/error.h"
#include "health/drivehealth.h"
#include "jobs/jobplan.h"
#include "jobs/jobprogress.h"

#include <QDBusConnection>
#include <QDBusMessage>
#include <QObject>
#include <QVariantMap>
#include <memory>

class IoGithubTrimscopeHelper1Interface;
class QDBusServiceWatcher;

namespace trimscope::helper {

// Runs one job in trimscope-helper and relays what its Job object reports. Subscribes to the
// job signals before StartJob is sent, so no sample is lost between the reply and the match
// rule; ends with exactly one `completed`, the result JSON read there once into its type. Also
// reads drive health (readHealth), which needs no job and may run alongside one.
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
    void startJob(const QString &device, const JobPlan &plan);
    // The same on the wire: a kind (jobKinds()) and its options map, as they are.
    void startJob(const QString &kind, const QString &device, const QVariantMap &options);
    // Asynchronous too (read-health may prompt); ends with one `healthReceived`.
    void readHealth(const QString &device);
    // Asks the helper to stop the job; `completed` follows with Cancelled.
    void cancel();

    QString jobPath() const { return m_jobPath; }

Q_SIGNALS:
    void started(const QString &jobPath);
    // Sweeps: the samples measured since the last emission, in measurement order; firstIndex is
    // the first one's index in the sweep.
    void samplesReceived(uint firstIndex, const QList<trimscope::Sample> &samples);
    // Every kind, as its Progress signal says (helper XML); elapsedSeconds is not on the wire.
    void jobProgressReceived(const trimscope::JobProgress &progress);
    // How the job ended (the helper's stop reason), why not when it did not run to its end
    // (NotAuthorized and the other refusals when it never started, without a result), and the
    // result, typed: what the CLI's command of the same kind writes with --json. A result that
    // does not read makes the job Failed, saying why.
    void completed(const trimscope::JobOutcome &outcome);
    // The drive's health, read here once from ReadHealth's map (its "json" key, the whole
    // report; lifespan under the default assumptions), or why not: the helper's refusal, or
    // InvalidArgument for a report that does not read.
    void healthReceived(const trimscope::Error &error,
                        const trimscope::health::DriveHealth &health);

private Q_SLOTS:
    void onSamples(uint firstIndex, const QList<qulonglong> &bytes,
                   const QList<qulonglong> &offsets, const QList<double> &seconds,
                   const QList<double> &startedAt, const QDBusMessage &message);
    void onProgress(double fraction, double etaSeconds, int samplesDone, int samplesPlanned,
                    const QString &phase, const QDBusMessage &message);
    void onCompleted(const QString &stopReason, const QString &errorName, const QString &text,
                     const QString &resultJson, const QDBusMessage &message);

private:
    bool isOurs(const QDBusMessage &message) const;
    void finish(const JobOutcome &outcome);
    void subscribe(bool on);

    QDBusConnection m_bus;
    std::unique_ptr<IoGithubTrimscopeHelper1Interface> m_helper;
    QDBusServiceWatcher *m_helperWatcher = nullptr;
    QString m_jobPath;
    bool m_running = false;
    bool m_cancelRequested = false;
};

} // namespace trimscope::helper
