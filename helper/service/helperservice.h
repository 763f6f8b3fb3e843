#pragma once

#include "apply/cryptcheck.h"
#include "apply/remountcheck.h"
#include "common/expected.h"
#include "common/secret.h"
#include "helperprotocol.h"
#include "identifieddevice.h"
#include "jobs/jobplan.h"
#include "jobs/jobprogress.h"

#include <QDBusConnection>
#include <QDBusContext>
#include <QDBusObjectPath>
#include <QDBusUnixFileDescriptor>
#include <QMap>
#include <QObject>
#include <QSet>
#include <QTimer>
#include <functional>
#include <memory>
#include <optional>

namespace trimscope::helper {

class Authorizer;

// How StartJob gets from the caller's device and plan to a job: identify the device (before the
// prompt), then, once authorized, prepare the job on that very device. The helper's are
// identifyDevice and prepareJob on a DeviceTarget after checking the node still is that device;
// tests put a simulated or a scripted job in their place, so the bus machinery runs without root
// or devices.
struct JobSetup
{
    std::function<Expected<IdentifiedDevice>(const QString &untrustedPath)> identify;
    std::function<Expected<JobBody>(const JobPlan &plan, const IdentifiedDevice &device)> prepare;
    // SetMountDiscard: this system's mounts (/proc/self/mountinfo) and the remount itself
    // (util-linux mount); tests put a recorded table and a stand-in there. Unset: no mounts,
    // no remount.
    std::function<QString()> mountinfo;
    std::function<Error(const apply::RemountTarget &target, bool discard)> remount;
    // SetCryptDiscard: the active mapping of a name (sysfs and dmsetup) and its refresh
    // (cryptsetup); tests put recorded mappings and a stand-in there. Unset: no mappings, no
    // refresh.
    std::function<Expected<apply::CryptMapping>(const QString &name)> cryptMapping;
    std::function<Error(const apply::CryptMapping &mapping, bool allowDiscards,
                        const QByteArray &passphrase)>
        refreshCrypt;

    static JobSetup onDevices();
};

// io.github.trimscope.Helper1. Each method: authorize (first), validate with core, act.
class HelperService : public QObject, protected QDBusContext
{
    Q_OBJECT
    Q_PROPERTY(QString Version READ version)

public:
    HelperService(QDBusConnection connection, Authorizer &authorizer, int idleSeconds,
                  JobSetup setup = JobSetup::onDevices(), QObject *parent = nullptr);

    // Exports the service (with its adaptor) at kHelperPath and takes kServiceName on the
    // connection; false with the reason otherwise.
    bool exportOnBus(QString *error);

    QString version() const { return QStringLiteral(TRIMSCOPE_VERSION); }

public Q_SLOTS:
    trimscope::VariantMapList ListDevices();
    QDBusObjectPath StartSweep(const QString &device, const QVariantMap &options);
    QDBusObjectPath StartJob(const QString &kind, const QString &device,
                             const QVariantMap &options);
    QVariantMap ReadHealth(const QString &device);
    void SetMountDiscard(const QString &mountPoint, bool discard, const QVariantMap &options);
    void SetCryptDiscard(const QString &name, bool allowDiscards,
                         const QDBusUnixFileDescriptor &passphrase, const QVariantMap &options);

Q_SIGNALS:
    // No job ran and no method was called for the idle time.
    void idle();

private:
    void replyError(const QDBusMessage &call, const Error &error);
    // Where the timed fstrim's filesystem is mounted now, for its prompt: "/srv/data".
    QString mountPointsOf(const watch::FstrimTimingPlan &plan) const;
    void startJobAuthorized(const QDBusMessage &call, const JobPlan &plan,
                            const IdentifiedDevice &device);
    void readHealthAuthorized(const QDBusMessage &call, const QString &path);
    void remountAuthorized(const QDBusMessage &call, const apply::RemountTarget &target,
                           bool discard);
    void refreshCryptAuthorized(const QDBusMessage &call, const QString &name, bool allowDiscards,
                                const std::shared_ptr<const Secret> &passphrase);
    Expected<apply::CryptMapping> cryptMappingNow(const QString &name) const;
    // What every call naming a device does before polkit is asked: refuse oversized arguments
    // and identify the device the prompt will name. Replies with the error and returns nothing
    // when the call ends here.
    std::optional<IdentifiedDevice> identifyBeforeAsking(const QDBusMessage &call,
                                                         const QString &device,
                                                         const QVariantMap &options);
    // Restarts the idle timer when nothing runs and no authorization question is open.
    void touch();

    QDBusConnection m_connection;
    Authorizer &m_authorizer;
    JobSetup m_setup;
    QSet<QString> m_busyDisks;    // whole-disk names with a job
    QSet<QString> m_busyMappings; // mapping names being refreshed: one cryptsetup each
    int m_jobs = 0;
    quint64 m_nextJobId = 1;
    QTimer m_idleTimer;
};

} // namespace trimscope::helper
