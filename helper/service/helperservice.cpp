#include "helperservice.h"

#include "authorizer.h"
#include "common/units.h"
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
#include <QFile>
#include <QJsonDocument>
#include <QPointer>
#include <QThreadPool>
#include <sys/stat.h>
#include <sys/sysmacros.h>

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

// The largest option map and device string a caller may send: the options of every kind fit
// in a few hundred bytes; the cap keeps a caller from parking megabytes in root's memory while
// a prompt is open.
constexpr qsizetype kMaxDeviceChars = 4096;
constexpr qsizetype kMaxOptionBytes = 64 * 1024;
constexpr qsizetype kMaxOptionEntries = 64;

// What a variant holds, roughly, in bytes: strings and byte arrays by their length, containers
// by their elements; numbers and flags a few bytes.
qsizetype approximateBytes(const QVariant &value)
{
    switch (value.metaType().id()) {
    case QMetaType::QString:
        return value.toString().size() * 2;
    case QMetaType::QByteArray:
        return value.toByteArray().size();
    case QMetaType::QStringList: {
        qsizetype bytes = 0;
        for (const QString &text : value.toStringList())
            bytes += text.size() * 2 + 8;
        return bytes;
    }
    case QMetaType::QVariantList: {
        qsizetype bytes = 0;
        for (const QVariant &item : value.toList())
            bytes += approximateBytes(item) + 8;
        return bytes;
    }
    case QMetaType::QVariantMap: {
        qsizetype bytes = 0;
        const QVariantMap map = value.toMap();
        for (auto it = map.cbegin(); it != map.cend(); ++it)
            bytes += it.key().size() * 2 + approximateBytes(it.value()) + 8;
        return bytes;
    }
    default:
        // A D-Bus argument QtDBus could not demarshal into a plain type: count its signature
        // generously so that nested oddities cannot slip under the cap.
        return value.canConvert<QDBusArgument>() ? kMaxOptionBytes : 16;
    }
}

// Refuses oversized arguments before anyone is asked anything.
Error checkArgumentSizes(const QString &device, const QVariantMap &options)
{
    if (device.size() > kMaxDeviceChars)
        return makeError(
            ErrorCode::InvalidArgument,
            QStringLiteral("the device path is longer than %1 characters").arg(kMaxDeviceChars));
    if (options.size() > kMaxOptionEntries || approximateBytes(QVariant(options)) > kMaxOptionBytes)
        return makeError(ErrorCode::InvalidArgument,
                         QStringLiteral("the options are larger than any job needs (at most %1 "
                                        "entries, %2 bytes)")
                             .arg(kMaxOptionEntries)
                             .arg(kMaxOptionBytes));
    return {};
}

QString wholeDiskOf(const BlockDevice &device)
{
    return device.isPartition && !device.parentName.isEmpty() ? device.parentName : device.name;
}

} // namespace

Expected<IdentifiedDevice> identifyDevice(const QString &untrustedPath)
{
    const Expected<QString> path = resolveDevicePath(untrustedPath);
    if (!path)
        return path.error();
    const Expected<BlockDevice> device = DeviceProbe().probePath(*path);
    if (!device)
        return device.error();
    QString model = QStringList{device->vendor, device->model}.join(QLatin1Char(' ')).trimmed();
    if (model.isEmpty())
        model = device->name;
    QString drive =
        QStringLiteral("%1 (%2, %3").arg(model, device->path, formatBytes(device->sizeBytes));
    if (!device->serial.isEmpty())
        drive += QStringLiteral(", serial %1").arg(device->serial);
    drive += QStringLiteral(", device %1:%2)").arg(device->major).arg(device->minor);
    IdentifiedDevice identified;
    identified.path = device->path;
    identified.identity = identityOf(*device);
    identified.wholeDisk = wholeDiskOf(*device);
    identified.promptDetails = {
        {QStringLiteral("device"), device->path},
        {QStringLiteral("drive"), drive},
        {QStringLiteral("model"), model},
        {QStringLiteral("serial"), device->serial},
        {QStringLiteral("size"), formatBytes(device->sizeBytes)},
        {QStringLiteral("device_number"),
         QStringLiteral("%1:%2").arg(device->major).arg(device->minor)},
    };
    return identified;
}

Error checkStillTheSameDevice(const IdentifiedDevice &device)
{
    const DeviceIdentity &was = device.identity;
    struct stat node = {};
    const bool exists =
        ::stat(QFile::encodeName(device.path).constData(), &node) == 0 && S_ISBLK(node.st_mode);
    if (!exists || major(node.st_rdev) != was.major || minor(node.st_rdev) != was.minor)
        return makeError(
            ErrorCode::NoSuchDevice,
            QStringLiteral("%1 is no longer the device that was authorized (%2:%3, now %4): "
                           "nothing was done")
                .arg(device.path)
                .arg(was.major)
                .arg(was.minor)
                .arg(exists
                         ? QStringLiteral("%1:%2").arg(major(node.st_rdev)).arg(minor(node.st_rdev))
                         : QStringLiteral("gone")));
    const Expected<BlockDevice> now = DeviceProbe().probeNumber(was.major, was.minor);
    if (!now)
        return now.error();
    return checkSameMedium(was, identityOf(*now), device.path);
}

JobSetup JobSetup::onDevices()
{
    return {&identifyDevice, [](const JobPlan &plan, const IdentifiedDevice &device) {
                if (const Error changed = checkStillTheSameDevice(device); changed.isError())
                    return Expected<JobBody>(changed);
                // The job's admission holds the fd it opens to the medium the prompt named.
                return prepareJob(plan, DeviceTarget{device.path, false, device.identity});
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
        if (m_jobs == 0 && m_authorizer.openQuestions() == 0)
            Q_EMIT idle();
    });
    // An admin may take longer than the idle time to answer a prompt: the helper stays.
    connect(&m_authorizer, &Authorizer::openQuestionsChanged, this, &HelperService::touch);
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
    if (m_jobs == 0 && m_authorizer.openQuestions() == 0)
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
    const std::optional<IdentifiedDevice> identified = identifyBeforeAsking(call, device, options);
    if (!identified)
        return {};
    // The plan first: nobody is asked to confirm the erasure of a drive for a job that cannot
    // run (an unknown kind, a bad option).
    const Expected<JobPlan> plan = jobPlanFromOptions(kind, options);
    if (!plan) {
        replyError(call, plan.error());
        return {};
    }
    // The prompt names the device as it is now, and the job runs on exactly that device.
    m_authorizer.authorize(call, QString::fromLatin1(kActionBenchmark), identified->promptDetails,
                           [this, call, plan = *plan, identified = *identified] {
                               startJobAuthorized(call, plan, identified);
                           });
    return {};
}

QVariantMap HelperService::ReadHealth(const QString &device)
{
    touch();
    setDelayedReply(true);
    const QDBusMessage call = message();
    const std::optional<IdentifiedDevice> identified = identifyBeforeAsking(call, device, {});
    if (!identified)
        return {};
    m_authorizer.authorize(
        call, QString::fromLatin1(kActionReadHealth), identified->promptDetails,
        [this, call, path = identified->path] { readHealthAuthorized(call, path); });
    return {};
}

std::optional<IdentifiedDevice> HelperService::identifyBeforeAsking(const QDBusMessage &call,
                                                                    const QString &device,
                                                                    const QVariantMap &options)
{
    if (const Error tooLarge = checkArgumentSizes(device, options); tooLarge.isError()) {
        replyError(call, tooLarge);
        return std::nullopt;
    }
    Expected<IdentifiedDevice> identified = m_setup.identify(device);
    if (!identified) {
        replyError(call, identified.error());
        return std::nullopt;
    }
    return std::move(identified).value();
}

void HelperService::readHealthAuthorized(const QDBusMessage &call, const QString &path)
{
    const Expected<BlockDevice> probed = DeviceProbe().probePath(path);
    if (!probed)
        return replyError(call, probed.error());
    // A loop device (or any virtual disk) answers no SMART command: say so by name rather than
    // hand libatasmart an ioctl it can only fail.
    if (probed->transport == QLatin1String("loop"))
        return replyError(call, makeError(ErrorCode::Unsupported,
                                          QStringLiteral("%1 is a loop device, which has no SMART "
                                                         "or NVMe health data")
                                              .arg(path)));
    // SMART commands can take seconds on a busy or failing drive: off the bus thread. The
    // connection is thread-safe; the job count keeps the helper from idling out meanwhile.
    ++m_jobs;
    touch();
    QPointer<HelperService> self(this);
    QThreadPool::globalInstance()->start([self, connection = m_connection, call, path] {
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

void HelperService::startJobAuthorized(const QDBusMessage &call, const JobPlan &plan,
                                       const IdentifiedDevice &device)
{
    // One job per drive: a partition and its whole disk, or two names of one node, are one.
    if (m_busyDisks.contains(device.wholeDisk))
        return replyError(
            call,
            makeError(
                ErrorCode::DeviceBusy,
                QStringLiteral("%1 is busy with another TrimScope job").arg(device.wholeDisk)));
    Expected<JobBody> body = m_setup.prepare(plan, device);
    if (!body)
        return replyError(call, body.error());

    const QString owner = call.service();
    const uint ownerUid = m_connection.interface()->serviceUid(owner).value();
    auto *job = new Job(m_connection, jobKind(plan), std::move(body).value(), device.path, owner,
                        ownerUid, this);
    const QString jobPath = QString::fromLatin1(kJobPathPrefix) + QString::number(m_nextJobId++);
    job->setObjectPath(jobPath);
    if (!m_connection.registerVirtualObject(jobPath, job)) {
        delete job;
        return replyError(
            call, makeError(ErrorCode::IoError, QStringLiteral("could not export the job object")));
    }
    m_busyDisks.insert(device.wholeDisk);
    ++m_jobs;
    touch();
    connect(job, &Job::ended, this, [this, job, jobPath, disk = device.wholeDisk] {
        m_busyDisks.remove(disk);
        --m_jobs;
        touch();
        // The owner may still read the final properties for a moment after Completed.
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
