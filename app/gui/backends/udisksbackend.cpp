#include "udisksbackend.h"

#include "driveentry.h"
#include "jobs/preparejob.h"
#include "polkitcheck.h"
#include "udiskshealth.h"
#include "udisksjobrunner.h"

#include <QDBusArgument>
#include <QDBusMetaType>
#include <QDBusPendingCallWatcher>
#include <QDBusPendingReply>
#include <QVersionNumber>

namespace trimscope::gui {

namespace {
const QString kOpenDevice = QStringLiteral("org.freedesktop.udisks2.open-device");
const QString kOpenDeviceSystem = QStringLiteral("org.freedesktop.udisks2.open-device-system");
constexpr int kListTimeoutMs = 10000;

DriveEntry entryFrom(const QString &backendId, const UdisksDisk &disk)
{
    QString why;
    const BlockDevice device = blockDeviceOf(disk, DeviceProbe(), &why);
    DriveEntry entry = driveEntryFrom(backendId, device);
    if (!why.isEmpty())
        entry.usage = UdisksBackend::tr("unknown (%1)").arg(why);
    return entry;
}

// What polkit answered for an action; Unknown when it gave no (bba{ss}) answer.
UdisksBackend::Permission permissionFrom(const QDBusMessage &reply)
{
    const std::optional<helper::PolkitAnswer> answer = helper::parsePolkitAnswer(reply);
    if (!answer)
        return UdisksBackend::Permission::Unknown;
    if (answer->authorized)
        return UdisksBackend::Permission::Yes;
    return answer->challenge ? UdisksBackend::Permission::AfterPassword
                             : UdisksBackend::Permission::No;
}
} // namespace

UdisksBackend::UdisksBackend(QObject *parent) : UdisksBackend(QDBusConnection::systemBus(), parent)
{
}

UdisksBackend::UdisksBackend(QDBusConnection bus, QObject *parent)
    : ServiceBackend(parent), m_bus(std::move(bus))
{
    registerUdisksTypes();
    qDBusRegisterMetaType<QMap<QString, QString>>();
    m_status = {false, tr("looking for udisks2…"), {}};
    refresh();
}

QString UdisksBackend::displayName() const
{
    return tr("udisks2 (host)");
}

QString UdisksBackend::description() const
{
    return tr("udisks2 opens the drive after asking for your permission; TrimScope then "
              "measures it itself.");
}

void UdisksBackend::refresh()
{
    const int generation = ++m_generation;
    if (!m_bus.isConnected()) {
        m_drives.clear();
        m_unreachable = tr("no system D-Bus");
        m_status = {false, tr("unavailable: no system D-Bus"), {}};
        updateCapabilities();
        emit changed();
        return;
    }
    QDBusMessage call = QDBusMessage::createMethodCall(
        kUdisksService, QStringLiteral("/org/freedesktop/UDisks2"),
        QStringLiteral("org.freedesktop.DBus.ObjectManager"), QStringLiteral("GetManagedObjects"));
    auto *watcher = new QDBusPendingCallWatcher(m_bus.asyncCall(call, kListTimeoutMs), this);
    connect(watcher, &QDBusPendingCallWatcher::finished, this,
            [this, generation](QDBusPendingCallWatcher *w) {
                w->deleteLater();
                if (generation != m_generation)
                    return;
                QDBusPendingReply<UdisksObjects> reply = *w;
                if (reply.isError()) {
                    m_drives.clear();
                    m_objectPaths.clear();
                    const QDBusError error = reply.error();
                    m_unreachable =
                        error.type() == QDBusError::ServiceUnknown ? QString() : error.message();
                    m_status = {false,
                                m_unreachable.isEmpty() ? tr("unavailable: udisks2 is not running")
                                                        : tr("unavailable: %1").arg(m_unreachable),
                                {}};
                    updateCapabilities();
                    emit changed();
                    return;
                }
                takeObjects(reply.value());
            });
}

void UdisksBackend::takeObjects(const UdisksObjects &objects)
{
    m_unreachable.clear();
    m_drives.clear();
    m_objectPaths.clear();
    m_actions.clear();
    m_nvmeInterface = false;
    m_version = udisksVersionFrom(objects);
    for (const UdisksDisk &disk : udisksDisksFrom(objects)) {
        const DriveEntry entry = entryFrom(id(), disk);
        m_objectPaths.insert(entry.id, disk.objectPath);
        m_drives.append(entry);
        const QString action = disk.hintSystem ? kOpenDeviceSystem : kOpenDevice;
        if (!m_actions.contains(action))
            m_actions.append(action);
        m_nvmeInterface = m_nvmeInterface || disk.hasNvme;
    }
    if (m_actions.isEmpty())
        m_actions.append(kOpenDevice);
    m_status = {true, tr("available, %Ln drive(s)", nullptr, int(m_drives.size())), {}};
    m_permissions.clear();
    updateCapabilities();
    emit changed();
    for (const QString &action : std::as_const(m_actions))
        askPolkit(action, m_generation);
}

void UdisksBackend::askPolkit(const QString &action, int generation)
{
    // CheckAuthorization for ourselves, without interaction: what polkit would answer udisks.
    const QDBusMessage check =
        helper::polkitCheckCall(m_bus.baseService(), action, {}, helper::PolkitInteraction::None);
    auto *watcher = new QDBusPendingCallWatcher(m_bus.asyncCall(check, kListTimeoutMs), this);
    connect(watcher, &QDBusPendingCallWatcher::finished, this,
            [this, action, generation](QDBusPendingCallWatcher *w) {
                w->deleteLater();
                if (generation != m_generation)
                    return;
                m_permissions.insert(action, permissionFrom(w->reply()));
                updateCapabilities();
                emit changed();
            });
}

void UdisksBackend::updateCapabilities()
{
    const QString trim = tr("TRIM benchmark and background-TRIM probe");
    const QString ata = tr("health of ATA drives");
    const QString nvme = tr("health of NVMe drives");
    const QString node = tr("file-system experiments and write tests");
    QList<BackendCapability> &list = m_status.capabilities;
    list.clear();
    if (!m_status.available) {
        const QString why = m_unreachable.isEmpty()
                                ? tr("udisks2 is not running")
                                : tr("udisks2 did not answer: %1").arg(m_unreachable);
        const QString remedy = m_unreachable.isEmpty()
                                   ? tr("start udisks2.service (systemctl start udisks2), or "
                                        "install the udisks2 package")
                                   : tr("see systemctl status udisks2");
        for (const QString &what : {trim, ata, nvme})
            list.append({what, false, {}, why, remedy});
        return;
    }
    // Opening drives: what polkit answers for the actions the listed drives need.
    BackendCapability open{trim, true, {}, {}, {}};
    for (const QString &action : std::as_const(m_actions)) {
        switch (m_permissions.value(action, Permission::Unknown)) {
        case Permission::No:
            open.available = false;
            open.why = tr("denied by polkit: %1").arg(action);
            open.remedy = tr("an administrator can allow it with a polkit rule, or install the "
                             "TrimScope helper");
            break;
        case Permission::AfterPassword:
            if (open.available)
                open.note = tr("udisks2 asks for an administrator password first");
            break;
        case Permission::Unknown:
            if (open.available && open.note.isEmpty())
                open.note = tr("udisks2 asks polkit first");
            break;
        case Permission::Yes:
            break;
        }
    }
    list.append(open);
    list.append({ata, true, tr("read by udisks2; it may ask for a password"), {}, {}});
    const bool nvmeReadable =
        m_nvmeInterface || QVersionNumber::fromString(m_version) >= QVersionNumber(2, 10);
    if (nvmeReadable)
        list.append({nvme, true, tr("read by udisks2; it may ask for a password"), {}, {}});
    else
        list.append({nvme,
                     false,
                     {},
                     tr("needs udisks 2.10 or newer; this system has %1")
                         .arg(m_version.isEmpty() ? tr("an older one") : m_version),
                     tr("update udisks2, or install the TrimScope helper")});
    list.append({node,
                 false,
                 {},
                 tr("they need the device node itself, which udisks2 does "
                    "not lend"),
                 tr("install the TrimScope helper")});
}

QString UdisksBackend::whyNot(const JobPlan &plan) const
{
    if (!m_status.available)
        return tr("udisks2 is %1.").arg(m_status.summary);
    return jobRunsOn(plan, TargetKind::OpenedDevice).message;
}

JobRunner *UdisksBackend::start(const DriveEntry &drive, const JobPlan &plan)
{
    const QString objectPath = m_objectPaths.value(drive.id);
    if (objectPath.isEmpty())
        return new FailedJobRunner(
            jobKind(plan),
            makeError(ErrorCode::NoSuchDevice, tr("udisks2 no longer lists this drive")));
    return new UdisksJobRunner(plan, drive.info.path, objectPath, m_bus);
}

void UdisksBackend::readHealth(const DriveEntry &drive)
{
    auto *reader = new UdisksHealthReader(m_bus, this);
    connect(reader, &UdisksHealthReader::finished, this,
            [this, reader, id = drive.id](const Error &error, const health::DriveHealth &health) {
                reader->deleteLater();
                emit healthRead(id, error, health);
            });
    reader->read(drive.info.path, m_objectPaths.value(drive.id));
}

} // namespace trimscope::gui
