#pragma once

#include "common/expected.h"
#include "helperprotocol.h"
#include "jobs/jobplan.h"
#include "jobs/jobprogress.h"

#include <QDBusConnection>
#include <QDBusContext>
#include <QDBusObjectPath>
#include <QObject>
#include <QSet>
#include <QTimer>
#include <functional>

namespace trimscope::helper {

class Authorizer;

// How an authorized StartJob gets from the caller's device and plan to a job: the device path
// resolved (DeviceBusy is decided on the resolved node), then the job prepared on it. The
// helper's are resolveDevicePath and prepareJob on a DeviceTarget; tests put a simulated or a
// scripted job in their place, so the bus machinery runs without root or devices.
struct JobSetup
{
    std::function<Expected<QString>(const QString &untrustedPath)> resolveDevice;
    std::function<Expected<JobBody>(const JobPlan &plan, const QString &devicePath)> prepare;

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

Q_SIGNALS:
    // No job ran and no method was called for the idle time.
    void idle();

private:
    void replyError(const QDBusMessage &call, const Error &error);
    void startJobAuthorized(const QDBusMessage &call, const QString &kind, const QString &device,
                            const QVariantMap &options);
    void readHealthAuthorized(const QDBusMessage &call, const QString &device);
    void touch();

    QDBusConnection m_connection;
    Authorizer &m_authorizer;
    JobSetup m_setup;
    QSet<QString> m_busyDevices;
    int m_jobs = 0;
    quint64 m_nextJobId = 1;
    QTimer m_idleTimer;
};

} // namespace trimscope::helper
