#include "helperservice.h"

#include "argumentlimits.h"
#include "authorizer.h"
#include "cryptchange.h"
#include "device/deviceprobe.h"
#include "device/procparsers.h"
#include "devicemap.h"
#include "helper1adaptor.h"
#include "job.h"
#include "joboptions.h"
#include "jobs/preparejob.h"
#include "mountchange.h"
#include "passphrasepipe.h"

#include <QDBusConnectionInterface>
#include <QPointer>
#include <QThreadPool>

namespace trimscope::helper {

namespace {

// How long a finished job stays on the bus after Completed.
constexpr int kJobLingerMs = 2000;

} // namespace

QString HelperService::mountPointsOf(const watch::FstrimTimingPlan &plan) const
{
    // The prompt names the drive; a person knows the filesystem by where it is mounted.
    QStringList points;
    const QString mounts = m_setup.mountinfo ? m_setup.mountinfo() : QString();
    for (const MountInfoEntry &mount : parseMountInfo(mounts)) {
        if (mount.majorMinor == plan.filesystemNumber() && !points.contains(mount.mountPoint))
            points.append(mount.mountPoint);
    }
    return points.isEmpty()
               ? QStringLiteral("filesystem %1 (not mounted now)").arg(plan.filesystemNumber())
               : points.join(QStringLiteral(", "));
}

JobSetup JobSetup::onDevices()
{
    return {&identifyDevice,
            [](const JobPlan &plan, const IdentifiedDevice &device) {
                if (const Error changed = checkStillTheSameDevice(device); changed.isError())
                    return Expected<JobBody>(changed);
                // The job's admission holds the fd it opens to the medium the prompt named.
                return prepareJob(plan, DeviceTarget{device.path, false, device.identity});
            },
            &systemMountInfo,
            &remountWithDiscard,
            &systemCryptMapping,
            &refreshCryptDiscard};
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
    // The prompt names the device as it is now, and the job runs on exactly that device; what it
    // asks depends on what the kind does to the drive.
    const bool trimsFreeSpace = jobRisk(*plan) == JobRisk::TrimsFreeSpace;
    const char *action = trimsFreeSpace ? kActionFstrimTiming : kActionBenchmark;
    QMap<QString, QString> details = identified->promptDetails;
    const auto *fstrim = std::get_if<watch::FstrimTimingPlan>(&*plan);
    if (fstrim && trimsFreeSpace)
        details.insert(QStringLiteral("mount_point"), mountPointsOf(*fstrim));
    m_authorizer.authorize(call, QString::fromLatin1(action), details,
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

void HelperService::SetMountDiscard(const QString &mountPoint, bool discard,
                                    const QVariantMap &options)
{
    touch();
    setDelayedReply(true);
    const QDBusMessage call = message();
    if (const Error tooLarge = checkArgumentSizes(mountPoint, options); tooLarge.isError())
        return replyError(call, tooLarge);
    for (auto it = options.cbegin(); it != options.cend(); ++it) {
        if (it.key() != QLatin1String("device") || it.value().userType() != QMetaType::QString)
            return replyError(
                call,
                makeError(
                    ErrorCode::InvalidArgument,
                    QStringLiteral("unknown option or wrong type: %1").arg(it.key().left(64))));
    }
    const QString device = options.value(QStringLiteral("device")).toString();
    // What the prompt names: the filesystem mounted there now, of a type that takes the option.
    const QString mounts = m_setup.mountinfo ? m_setup.mountinfo() : QString();
    const Expected<apply::RemountTarget> target = apply::remountTarget(mounts, mountPoint, device);
    if (!target)
        return replyError(call, target.error());
    const QString option = discard ? QStringLiteral("discard") : QStringLiteral("nodiscard");
    m_authorizer.authorize(
        call, QString::fromLatin1(kActionApplyNow),
        {{QStringLiteral("subject"), target->mountPoint},
         {QStringLiteral("mount_point"), target->mountPoint},
         {QStringLiteral("option"), option}},
        [this, call, target = *target, discard] { remountAuthorized(call, target, discard); });
}

void HelperService::remountAuthorized(const QDBusMessage &call, const apply::RemountTarget &target,
                                      bool discard)
{
    // The prompt may have been open for minutes: the same filesystem must still be there.
    const Expected<apply::RemountTarget> now = apply::remountTarget(
        m_setup.mountinfo ? m_setup.mountinfo() : QString(), target.mountPoint, target.source);
    if (!now)
        return replyError(call, now.error());
    if (!m_setup.remount)
        return replyError(
            call, makeError(ErrorCode::Unsupported, QStringLiteral("this helper cannot remount")));
    ++m_jobs;
    touch();
    QPointer<HelperService> self(this);
    QThreadPool::globalInstance()->start([self, connection = m_connection, call, target = *now,
                                          discard, remount = m_setup.remount] {
        QDBusConnection bus = connection;
        const Error error = remount(target, discard);
        bus.send(error.isError() ? call.createErrorReply(dbusErrorName(error.code), error.message)
                                 : call.createReply());
        QMetaObject::invokeMethod(self, [self] {
            if (!self)
                return;
            --self->m_jobs;
            self->touch();
        });
    });
}

void HelperService::SetCryptDiscard(const QString &name, bool allowDiscards,
                                    const QDBusUnixFileDescriptor &passphrase,
                                    const QVariantMap &options)
{
    touch();
    setDelayedReply(true);
    const QDBusMessage call = message();
    if (const Error tooLarge = checkArgumentSizes(name, options); tooLarge.isError())
        return replyError(call, tooLarge);
    if (!options.isEmpty())
        return replyError(
            call, makeError(ErrorCode::InvalidArgument,
                            QStringLiteral("unknown option: %1").arg(options.firstKey().left(64))));
    // Wiped when the last step that may need it is done with it, or at once on a refusal.
    const Expected<std::shared_ptr<const Secret>> read = readPassphrase(passphrase);
    if (!read)
        return replyError(call, read.error());
    const std::shared_ptr<const Secret> secret = *read;
    // What the prompt names: a LUKS mapping active now.
    const Expected<apply::CryptMapping> mapping = cryptMappingNow(name);
    if (!mapping)
        return replyError(call, mapping.error());
    const QString device = QStringLiteral("/dev/mapper/") + mapping->name;
    const QString option =
        allowDiscards ? QStringLiteral("allow-discards") : QStringLiteral("no-allow-discards");
    m_authorizer.authorize(call, QString::fromLatin1(kActionApplyNow),
                           {{QStringLiteral("subject"), device},
                            {QStringLiteral("mapping"), device},
                            {QStringLiteral("option"), option}},
                           [this, call, name = mapping->name, allowDiscards, secret] {
                               refreshCryptAuthorized(call, name, allowDiscards, secret);
                           });
}

Expected<apply::CryptMapping> HelperService::cryptMappingNow(const QString &name) const
{
    if (!m_setup.cryptMapping)
        return makeError(ErrorCode::Unsupported,
                         QStringLiteral("this helper cannot refresh encrypted devices"));
    return m_setup.cryptMapping(name);
}

void HelperService::refreshCryptAuthorized(const QDBusMessage &call, const QString &name,
                                           bool allowDiscards,
                                           const std::shared_ptr<const Secret> &passphrase)
{
    // The prompt may have been open for minutes: the mapping as it is now is refreshed, with
    // the flags it has now.
    const Expected<apply::CryptMapping> now = cryptMappingNow(name);
    if (!now)
        return replyError(call, now.error());
    if (!m_setup.refreshCrypt)
        return replyError(
            call, makeError(ErrorCode::Unsupported,
                            QStringLiteral("this helper cannot refresh encrypted devices")));
    // Two refreshes of one mapping at once would each check the other's result.
    if (m_busyMappings.contains(now->name))
        return replyError(call, makeError(ErrorCode::DeviceBusy,
                                          QStringLiteral("/dev/mapper/%1 is being refreshed "
                                                         "already")
                                              .arg(now->name)));
    m_busyMappings.insert(now->name);
    // Deriving the key again takes a second or more: off the bus thread.
    ++m_jobs;
    touch();
    QPointer<HelperService> self(this);
    QThreadPool::globalInstance()->start([self, connection = m_connection, call, mapping = *now,
                                          allowDiscards, passphrase,
                                          refresh = m_setup.refreshCrypt] {
        const Error error = refresh(mapping, allowDiscards, passphrase->bytes());
        const QDBusMessage reply =
            error.isError() ? call.createErrorReply(dbusErrorName(error.code), error.message)
                            : call.createReply();
        // The mapping is free again before the caller hears the answer: sent from here, the
        // reply could reach a caller that refreshed the mapping again at once while the mark
        // was still set, and that refresh was refused as busy (tst_helperbus, once under load).
        const auto freeAndReply = [self, connection, reply, name = mapping.name] {
            if (self) {
                self->m_busyMappings.remove(name);
                --self->m_jobs;
                self->touch();
            }
            QDBusConnection bus = connection;
            bus.send(reply);
        };
        if (self)
            QMetaObject::invokeMethod(self, freeAndReply);
        else
            freeAndReply();
    });
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
