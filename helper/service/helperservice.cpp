#include "helperservice.h"

#include "authorizer.h"
#include "device/devicepath.h"
#include "device/deviceprobe.h"
#include "device/safetypolicy.h"
#include "helper1adaptor.h"
#include "sweepjob.h"
#include "sweepoptions.h"

#include <QDBusConnectionInterface>

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

} // namespace

HelperService::HelperService(QDBusConnection connection, Authorizer &authorizer, int idleSeconds,
                             QObject *parent)
    : QObject(parent), m_connection(std::move(connection)), m_authorizer(authorizer)
{
    m_idleTimer.setSingleShot(true);
    m_idleTimer.setInterval(idleSeconds * 1000);
    connect(&m_idleTimer, &QTimer::timeout, this, [this] {
        if (m_jobs == 0)
            Q_EMIT idle();
    });
    m_idleTimer.start();
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
    touch();
    setDelayedReply(true);
    const QDBusMessage call = message();
    m_authorizer.authorize(
        call, QString::fromLatin1(kActionBenchmark), Authorizer::driveDetails(device),
        [this, call, device, options] { startSweepAuthorized(call, device, options); });
    return {};
}

void HelperService::startSweepAuthorized(const QDBusMessage &call, const QString &device,
                                         const QVariantMap &options)
{
    const Expected<SweepPlan> plan = sweepPlanFromOptions(options);
    if (!plan)
        return replyError(call, plan.error());
    const Expected<QString> path = resolveDevicePath(device);
    if (!path)
        return replyError(call, path.error());
    if (m_busyDevices.contains(*path))
        return replyError(
            call, makeError(ErrorCode::DeviceBusy,
                            QStringLiteral("%1 is busy with another TrimScope job").arg(*path)));
    Expected<PreparedSweep> prepared = prepareDeviceSweep(*path, *plan);
    if (!prepared)
        return replyError(call, prepared.error());

    const QString owner = call.service();
    const uint ownerUid = m_connection.interface()->serviceUid(owner).value();
    auto *job = new SweepJob(m_connection, m_authorizer, std::move(prepared).value(), *path, owner,
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
    connect(job, &SweepJob::ended, this, [this, job, jobPath, busyPath = *path] {
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
