#pragma once

#include "jobs/jobrunner.h"

#include <QDBusConnection>
#include <QDBusContext>
#include <QElapsedTimer>
#include <QObject>

class QDBusServiceWatcher;

namespace trimscope::helper {

// io.github.trimscope.Job1: one long-running operation of any kind ("sweep", "fsbench", ...),
// its work a prepared JobBody run by a LocalJobRunner on its own thread: this class is the
// runner's face on the bus (progress at most four times a second and at every phase change,
// every sample, Completed once). Cancelled by its owner's Cancel() or when the owner leaves the
// bus.
class Job : public QObject, protected QDBusContext
{
    Q_OBJECT
    Q_PROPERTY(QString Kind READ kind)
    Q_PROPERTY(QString Device READ device)
    Q_PROPERTY(double Progress READ progress)
    Q_PROPERTY(QString Phase READ phase)
    Q_PROPERTY(qulonglong ExpectedEndTime READ expectedEndTime)
    Q_PROPERTY(bool Cancelable READ cancelable)
    Q_PROPERTY(uint StartedByUid READ startedByUid)

public:
    Job(QDBusConnection connection, QString kind, JobBody body, QString device, QString owner,
        uint ownerUid, QObject *parent = nullptr);
    ~Job() override;

    void start();

    QString kind() const { return m_kind; }
    QString device() const { return m_device; }
    double progress() const { return m_progress; }
    QString phase() const { return m_phase; }
    qulonglong expectedEndTime() const { return m_expectedEndTime; }
    bool cancelable() const { return !m_finished && !m_runner->isCancelled(); }
    uint startedByUid() const { return m_ownerUid; }

public Q_SLOTS:
    // Only the bus name that started the job may cancel it (the bus daemon vouches for a
    // caller's unique name, and that name passed polkit to start it), so no prompt is asked
    // again: an owner whose other actions are denied can still stop its own job. Like udisks'
    // Job.Cancel for the starting user.
    void Cancel();

    // Where the job is exported; its signals are sent from there.
    void setObjectPath(const QString &path) { m_objectPath = path; }

Q_SIGNALS:
    // For the helper: the job has sent Completed and released its device.
    void ended();

private:
    void onSamples(const QList<trimscope::Sample> &samples);
    void onProgress(const trimscope::JobProgress &progress);
    void onFinished(const trimscope::JobOutcome &outcome);
    // Job1's signals (Sample, Progress, Completed) go to the owner only, addressed to its unique
    // name: another local user must not read a job's samples or its result (the drive's serial,
    // what was measured). The adaptor declares them for introspection; they are never broadcast.
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
    qulonglong m_expectedEndTime = 0;
    bool m_finished = false;
};

} // namespace trimscope::helper
