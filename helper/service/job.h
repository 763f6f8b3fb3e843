#pragma once

#include "jobs/jobrunner.h"

#include <QDBusConnection>
#include <QDBusVirtualObject>
#include <QElapsedTimer>

class QDBusServiceWatcher;

namespace trimscope::helper {

// io.github.trimscope.Job1: one long-running operation of any kind ("sweep", "fsbench", ...),
// its work a prepared JobBody run by a LocalJobRunner on its own thread: this class is the
// runner's face on the bus (progress at most four times a second and at every phase change,
// samples in the batches the runner hands on, the end once with its stop reason). Cancelled by
// its owner's Cancel() or when the owner leaves the bus.
//
// Exported as a virtual object, not through an adaptor: QtDBus answers Properties.Get and GetAll
// of an adaptor itself without saying who asks, and a job's properties (which device, how far)
// are the owner's business only, like its signals. So this class answers every call on its path:
// Cancel, Get and GetAll for the owner, NotAuthorized for anyone else; introspection is the
// Job1 interface of the XML, as the generated adaptor carries it.
class Job : public QDBusVirtualObject
{
    Q_OBJECT

public:
    Job(QDBusConnection connection, QString kind, JobBody body, QString device, QString owner,
        uint ownerUid, QObject *parent = nullptr);
    ~Job() override;

    void start();

    // QDBusVirtualObject: every message to the job's path, and what introspection shows.
    bool handleMessage(const QDBusMessage &message, const QDBusConnection &connection) override;
    QString introspect(const QString &path) const override;

    // Where the job is exported; its signals are sent from there.
    void setObjectPath(const QString &path) { m_objectPath = path; }

Q_SIGNALS:
    // For the helper: the job has sent Completed and released its device.
    void ended();

private:
    // Only the bus name that started the job may cancel it (the bus daemon vouches for a
    // caller's unique name, and that name passed polkit to start it), so no prompt is asked
    // again: an owner whose other actions are denied can still stop its own job. Like udisks'
    // Job.Cancel for the starting user.
    QDBusMessage cancel(const QDBusMessage &call);
    // Job1's properties by name, as the XML declares them.
    QVariantMap properties() const;
    QDBusMessage readProperties(const QDBusMessage &call) const;
    void onSamples(const QList<trimscope::Sample> &samples);
    void onProgress(const trimscope::JobProgress &progress);
    void onFinished(const trimscope::JobOutcome &outcome);
    // Job1's signals (Samples, Progress, Completed) go to the owner only, addressed to its
    // unique name: another local user must not read a job's samples or its result (the drive's
    // serial, what was measured). The adaptor declares them for introspection; they are never
    // broadcast.
    void sendToOwner(const QString &signal, const QVariantList &arguments);

    QDBusConnection m_connection;
    QString m_kind;
    QString m_device;
    QString m_owner;
    QString m_objectPath;
    uint m_ownerUid;
    LocalJobRunner *m_runner;
    QDBusServiceWatcher *m_ownerWatcher = nullptr;
    QElapsedTimer m_sinceProgress;
    uint m_samples = 0;
    double m_progress = 0;
    QString m_phase;
    bool m_estimateSent = false; // the last Progress sent said what is left
    qulonglong m_expectedEndTime = 0;
    bool m_finished = false;
};

} // namespace trimscope::helper
