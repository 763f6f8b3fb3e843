#pragma once

#include "common/error.h"
#include "health/drivehealth.h"
#include "jobs/jobplan.h"
#include "jobs/jobprogress.h"

#include <QDBusConnection>
#include <QDBusMessage>
#include <QObject>
#include <QVariantMap>

class QDBusPendingCall;
class QDBusServiceWatcher;

namespace trimscope::helper {

// Unsupported: "this needs root or trimscope-helper on the system bus, and the helper is not
// installed".
Error helperNotInstalled();

// Runs one job in trimscope-helper and relays what its Job object reports. Subscribes to the
// job signals before StartJob is sent, so no sample is lost between the reply and the match
// rule; ends with exactly one `completed`, the result JSON read there once into its type. Also
// reads drive health (readHealth), which needs no job and may run alongside one.
// Nothing here waits for the bus: the thread that starts a job (the window's) keeps running
// while the bus daemon is slow or stopped.
class HelperClient : public QObject
{
    Q_OBJECT
public:
    explicit HelperClient(QDBusConnection bus = QDBusConnection::systemBus(),
                          QObject *parent = nullptr);
    ~HelperClient() override;

    // Whether the helper can be reached (running, or activatable) on this bus. Blocks on the bus
    // (the CLI's choice of runner); startJob finds out by itself, without blocking.
    bool isHelperAvailable() const;

    // Asynchronous; authentication may prompt the user, so it can take minutes. Asks the bus who
    // owns the helper's name (starting it when nobody does) and sends StartJob to that unique
    // name; a helper neither running nor installed ends with helperNotInstalled().
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
    struct JobRequest
    {
        QString kind;
        QString device;
        QVariantMap options;
    };

    bool isOurs(const QDBusMessage &message) const;
    void finish(const JobOutcome &outcome);
    void subscribe(bool on);
    // The steps of startJob, each on the answer to the one before.
    void findHelper(bool mayActivate);
    void activateHelper();
    void sendStartJob();
    // Runs `onReply` with the call's reply once it arrives, on this object's thread.
    template <typename OnReply> void whenAnswered(const QDBusPendingCall &call, OnReply onReply);

    QDBusConnection m_bus;
    QDBusServiceWatcher *m_helperWatcher = nullptr;
    JobRequest m_request;
    // The unique name ":1.42" of the helper running the job, from GetNameOwner: signals are
    // accepted from it only. (Not from StartJob's reply: Qt 6.8 leaves a reply's service()
    // empty.)
    QString m_helperName;
    QString m_jobPath;
    bool m_running = false;
    bool m_cancelRequested = false;
};

} // namespace trimscope::helper
