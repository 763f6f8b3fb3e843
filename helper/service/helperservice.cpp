#include "helperservice.h"

#include "authorizer.h"
#include "device/devicepath.h"
#include "device/deviceprobe.h"
#include "device/safetypolicy.h"
#include "health/drivehealth.h"
#include "helper1adaptor.h"
#include "job.h"
#include "joboptions.h"
#include "jobs/preparejob.h"
#include "report/resultfile.h"

#include <QDBusConnectionInterface>
#include <QJsonDocument>
#include <QPointer>
#include <QThreadPool>

namespace trimscope::helper {

namespace {

// How long a finished job stays on the bus after Completed.
constexpr int kJobLingerMs = 2000;

QStringList mountPointsOf(const BlockDevice &device)
{
    QStringList points;
    for (const DeviceMount &mount : device.mounts)
        points << mount.mountPoint;
    return points;
}

QVariantMap deviceToMap(const BlockDevice &device)
{
    const SafetyVerdict verdict = evaluateSafety(device);
    QStringList refusals;
    for (const Refusal &refusal : verdict.refusals)
        refusals << refusal.message;
    return {
        {QStringLiteral("path"), device.path},
        {QStringLiteral("name"), device.name},
        {QStringLiteral("vendor"), device.vendor},
        {QStringLiteral("model"), device.model},
        {QStringLiteral("serial"), device.serial},
        {QStringLiteral("firmware"), device.firmware},
        {QStringLiteral("transport"), device.transport},
        {QStringLiteral("size"), QVariant::fromValue(qulonglong(device.sizeBytes))},
        {QStringLiteral("logical_block_size"), QVariant::fromValue(uint(device.logicalBlockSize))},
        {QStringLiteral("physical_block_size"),
         QVariant::fromValue(uint(device.physicalBlockSize))},
        {QStringLiteral("discard_granularity"),
         QVariant::fromValue(qulonglong(device.discardGranularity))},
        {QStringLiteral("discard_max_bytes"),
         QVariant::fromValue(qulonglong(device.discardMaxBytes))},
        {QStringLiteral("rotational"), device.rotational},
        {QStringLiteral("read_only"), device.readOnly},
        {QStringLiteral("removable"), device.removable},
        {QStringLiteral("partitions"), device.partitions},
        {QStringLiteral("holders"), device.holders},
        {QStringLiteral("mount_points"), mountPointsOf(device)},
        {QStringLiteral("swaps"), device.swaps},
        {QStringLiteral("holds_root"), device.holdsRoot},
        {QStringLiteral("benchmark_allowed"), verdict.allowed()},
        {QStringLiteral("refusals"), refusals},
    };
}

// ReadHealth's answer: the document the CLI prints with --json, and the summary figures typed.
QVariantMap healthToMap(const health::DriveHealth &health)
{
    QVariantMap map{
        {QStringLiteral("json"), QString::fromUtf8(resultToJsonBytes(health))},
        {QStringLiteral("kind"),
         health.kind == health::DeviceKind::Nvme ? QStringLiteral("nvme") : QStringLiteral("ata")},
        {QStringLiteral("model"), health.model},
    };
    const auto insertIfKnown = [&map](const char *key, const auto &value) {
        if (value)
            map.insert(QString::fromLatin1(key), QVariant::fromValue(*value));
    };
    insertIfKnown("overall", health.overall);
    insertIfKnown("trim_supported", health.trimSupported);
    insertIfKnown("power_on_hours", health.powerOnHours);
    insertIfKnown("temperature_c", health.temperatureCelsius);
    insertIfKnown("percent_used", health.percentUsed);
    insertIfKnown("host_writes_bytes", health.hostWritesBytes);
    return map;
}

} // namespace

JobSetup JobSetup::onDevices()
{
    return {&resolveDevicePath, [](const JobPlan &plan, const QString &devicePath) {
                return prepareJob(plan, DeviceTarget{devicePath});
            }};
}

HelperService::HelperService(QDBusConnection connection, Authorizer &authorizer, int idleSeconds,
                             JobSetup setup, QObject *parent)
    : QObject(parent), m_connection(std::move(connection)), m_authorizer(authorizer),
      m_setup(std::move(setup))
{
    m_idleTimer.setSingleShot(true);
    m_idleTimer.setInterval(idleSeconds * 1000);
    connect(&m_idleTimer, &QTimer::timeout, this, [this] {
        if (m_jobs == 0)
            Q_EMIT idle();
    });
    m_idleTimer.start();
}

bool HelperService::exportOnBus(QString *error)
{
    new Helper1Adaptor(this);
    if (!m_connection.registerObject(QString::fromLatin1(kHelperPath), this,
                                     QDBusConnection::ExportAdaptors)) {
        *error = QStringLiteral("cannot export %1").arg(QLatin1String(kHelperPath));
        return false;
    }
    if (!m_connection.registerService(QString::fromLatin1(kServiceName))) {
        *error = QStringLiteral("cannot own %1: %2")
                     .arg(QLatin1String(kServiceName), m_connection.lastError().message());
        return false;
    }
    return true;
}

void HelperService::touch()
{
    if (m_jobs == 0)
        m_idleTimer.start();
    else
        m_idleTimer.stop();
}

void HelperService::replyError(const QDBusMessage &call, const Error &error)
{
    m_connection.send(call.createErrorReply(dbusErrorName(error.code), error.message));
}

VariantMapList HelperService::ListDevices()
{
    touch();
    setDelayedReply(true);
    const QDBusMessage call = message();
    m_authorizer.authorize(call, QString::fromLatin1(kActionList), {}, [this, call] {
        VariantMapList devices;
        const QList<BlockDevice> disks = DeviceProbe().listDisks();
        for (const BlockDevice &disk : disks)
            devices << deviceToMap(disk);
        m_connection.send(call.createReply(QVariant::fromValue(devices)));
    });
    return {};
}

QDBusObjectPath HelperService::StartSweep(const QString &device, const QVariantMap &options)
{
    return StartJob(jobKind(SweepPlan()), device, options);
}

QDBusObjectPath HelperService::StartJob(const QString &kind, const QString &device,
                                        const QVariantMap &options)
{
    touch();
    setDelayedReply(true);
    const QDBusMessage call = message();
    m_authorizer.authorize(
        call, QString::fromLatin1(kActionBenchmark), Authorizer::driveDetails(device),
        [this, call, kind, device, options] { startJobAuthorized(call, kind, device, options); });
    return {};
}

QVariantMap HelperService::ReadHealth(const QString &device)
{
    touch();
    setDelayedReply(true);
    const QDBusMessage call = message();
    m_authorizer.authorize(call, QString::fromLatin1(kActionReadHealth),
                           Authorizer::driveDetails(device),
                           [this, call, device] { readHealthAuthorized(call, device); });
    return {};
}

void HelperService::readHealthAuthorized(const QDBusMessage &call, const QString &device)
{
    const Expected<QString> path = resolveDevicePath(device);
    if (!path)
        return replyError(call, path.error());
    const Expected<BlockDevice> probed = DeviceProbe().probePath(*path);
    if (!probed)
        return replyError(call, probed.error());
    // A loop device (or any virtual disk) answers no SMART command: say so by name rather than
    // hand libatasmart an ioctl it can only fail.
    if (probed->transport == QLatin1String("loop"))
        return replyError(call, makeError(ErrorCode::Unsupported,
                                          QStringLiteral("%1 is a loop device, which has no SMART "
                                                         "or NVMe health data")
                                              .arg(*path)));
    // SMART commands can take seconds on a busy or failing drive: off the bus thread. The
    // connection is thread-safe; the job count keeps the helper from idling out meanwhile.
    ++m_jobs;
    touch();
    QPointer<HelperService> self(this);
    QThreadPool::globalInstance()->start([self, connection = m_connection, call, path = *path] {
        QDBusConnection bus = connection;
        const Expected<health::DriveHealth> health =
            health::readDriveHealth(path, health::LifespanAssumptions());
        bus.send(health ? call.createReply(healthToMap(*health))
                        : call.createErrorReply(dbusErrorName(health.error().code),
                                                health.error().message));
        QMetaObject::invokeMethod(self, [self] {
            if (!self)
                return;
            --self->m_jobs;
            self->touch();
        });
    });
}

void HelperService::startJobAuthorized(const QDBusMessage &call, const QString &kind,
                                       const QString &device, const QVariantMap &options)
{
    const Expected<JobPlan> plan = jobPlanFromOptions(kind, options);
    if (!plan)
        return replyError(call, plan.error());
    const Expected<QString> path = m_setup.resolveDevice(device);
    if (!path)
        return replyError(call, path.error());
    if (m_busyDevices.contains(*path))
        return replyError(
            call, makeError(ErrorCode::DeviceBusy,
                            QStringLiteral("%1 is busy with another TrimScope job").arg(*path)));
    Expected<JobBody> body = m_setup.prepare(*plan, *path);
    if (!body)
        return replyError(call, body.error());

    const QString owner = call.service();
    const uint ownerUid = m_connection.interface()->serviceUid(owner).value();
    auto *job = new Job(m_connection, m_authorizer, kind, std::move(body).value(), *path, owner,
                        ownerUid, this);
    new Job1Adaptor(job);
    const QString jobPath = QString::fromLatin1(kJobPathPrefix) + QString::number(m_nextJobId++);
    if (!m_connection.registerObject(jobPath, job, QDBusConnection::ExportAdaptors)) {
        delete job;
        return replyError(
            call, makeError(ErrorCode::IoError, QStringLiteral("could not export the job object")));
    }
    m_busyDevices.insert(*path);
    ++m_jobs;
    touch();
    connect(job, &Job::ended, this, [this, job, jobPath, busyPath = *path] {
        m_busyDevices.remove(busyPath);
        --m_jobs;
        touch();
        // QtDBus relays an adaptor's signals through its own thread and sends them only to
        // objects still registered: unregistering now could drop Completed. Clients may also
        // read the final properties meanwhile.
        QTimer::singleShot(kJobLingerMs, this, [this, job, jobPath] {
            m_connection.unregisterObject(jobPath);
            job->deleteLater();
        });
    });
    // The reply goes out before the first Sample: messages from one sender stay in order.
    m_connection.send(call.createReply(QVariant::fromValue(QDBusObjectPath(jobPath))));
    job->start();
}

} // namespace trimscope::helper
