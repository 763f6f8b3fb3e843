#include "udiskshealth.h"

#include "health/drivedb.h"
#include "health/udiskshealth.h"
#include "udisksinterfaces.h"

#include <QCoreApplication>
#include <QDBusArgument>
#include <QDBusMessage>
#include <QDBusPendingCallWatcher>
#include <QDBusPendingReply>
#include <QDateTime>
#include <QEventLoop>
#include <QTimer>
#include <functional>

namespace trimscope {

namespace {

struct UdisksHealthText
{
    Q_DECLARE_TR_FUNCTIONS(UdisksHealthReader)
};

using namespace health;

using udisks::kAta;
using udisks::kDrive;
using udisks::kNvme;
const QString kProperties = QStringLiteral("org.freedesktop.DBus.Properties");
// SmartUpdate may ask polkit, which may ask a person.
constexpr int kUpdateTimeoutMs = 5 * 60 * 1000;
constexpr int kCallTimeoutMs = 20000;

// Drive.Ata.SmartGetAttributes: a(ysqiiixia{sv}), read element by element (udisks documents each
// member; a reply of another shape is refused rather than half read).
Expected<QList<UdisksAtaAttribute>> ataRowsFrom(const QDBusMessage &reply)
{
    const auto refused = [&reply] {
        return makeError(ErrorCode::InvalidArgument,
                         UdisksHealthText::tr("udisks2's SmartGetAttributes answered %1, not "
                                              "a(ysqiiixia{sv})")
                             .arg(reply.signature()));
    };
    if (reply.signature() != QLatin1String("a(ysqiiixia{sv})") || reply.arguments().size() != 1)
        return refused();
    const QDBusArgument argument = reply.arguments().constFirst().value<QDBusArgument>();
    QList<UdisksAtaAttribute> rows;
    argument.beginArray();
    while (!argument.atEnd()) {
        UdisksAtaAttribute row;
        uchar id = 0;
        ushort flags = 0;
        qlonglong pretty = 0;
        QVariantMap expansion;
        argument.beginStructure();
        argument >> id >> row.name >> flags >> row.value >> row.worst >> row.threshold >> pretty >>
            row.prettyUnit >> expansion;
        argument.endStructure();
        row.id = id;
        row.flags = flags;
        row.pretty = pretty;
        rows.append(row);
    }
    argument.endArray();
    return rows;
}

// A list inside a variant (temp_sensors, aq) arrives as a QDBusArgument.
QVariant plainList(const QVariant &value)
{
    if (!value.canConvert<QDBusArgument>())
        return value;
    const QDBusArgument argument = value.value<QDBusArgument>();
    if (argument.currentType() != QDBusArgument::ArrayType)
        return value;
    QVariantList items;
    argument.beginArray();
    while (!argument.atEnd())
        items.append(argument.asVariant());
    argument.endArray();
    return items;
}

QString polkitWords(const QDBusError &error, const QString &action, const QString &device)
{
    if (error.name() == QLatin1String("org.freedesktop.UDisks2.Error.NotAuthorizedDismissed"))
        return UdisksHealthText::tr("the password dialog was dismissed");
    if (error.name() == QLatin1String("org.freedesktop.UDisks2.Error.NotAuthorizedCanObtain"))
        return UdisksHealthText::tr("polkit wants an administrator password for %1 and no "
                                    "authentication agent answered")
            .arg(action);
    if (error.name().startsWith(QLatin1String("org.freedesktop.UDisks2.Error.NotAuthorized")))
        return UdisksHealthText::tr("polkit denies %1 to this user on %2").arg(action, device);
    return error.message();
}

ErrorCode codeOf(const QDBusError &error)
{
    const ErrorCode refusal = udisksRefusal(error.name());
    return refusal == ErrorCode::None ? ErrorCode::IoError : refusal;
}

} // namespace

UdisksHealthReader::UdisksHealthReader(QDBusConnection bus, QObject *parent)
    : QObject(parent), m_bus(std::move(bus))
{
    registerUdisksTypes();
}

void UdisksHealthReader::fail(const Error &error)
{
    if (m_finished)
        return;
    m_finished = true;
    emit finished(error, {});
}

void UdisksHealthReader::done(DriveHealth health)
{
    if (m_finished)
        return;
    m_finished = true;
    health.source = m_device;
    emit finished({}, health);
}

void UdisksHealthReader::read(const QString &device, const QString &objectPath,
                              const LifespanAssumptions &assumptions)
{
    m_device = device;
    m_assumptions = assumptions;
    // Without a system bus (a container, a machine without D-Bus) a call's watcher never
    // reports: the history's collector then waited forever as a user. Said at once, after
    // read() returned, as every other answer is.
    if (!m_bus.isConnected()) {
        const QString why = m_bus.lastError().message();
        QTimer::singleShot(0, this, [this, why] {
            fail(makeError(ErrorCode::Unsupported,
                           UdisksHealthText::tr("udisks2 is not reachable: %1")
                               .arg(why.isEmpty() ? UdisksHealthText::tr("no system bus") : why)));
        });
        return;
    }
    QDBusMessage list = QDBusMessage::createMethodCall(
        kUdisksService, QStringLiteral("/org/freedesktop/UDisks2"),
        QStringLiteral("org.freedesktop.DBus.ObjectManager"), QStringLiteral("GetManagedObjects"));
    auto *watcher = new QDBusPendingCallWatcher(m_bus.asyncCall(list, kCallTimeoutMs), this);
    connect(watcher, &QDBusPendingCallWatcher::finished, this,
            [this, objectPath](QDBusPendingCallWatcher *w) {
                w->deleteLater();
                const QDBusPendingReply<UdisksObjects> reply = *w;
                if (reply.isError())
                    return fail(makeError(ErrorCode::Unsupported,
                                          UdisksHealthText::tr("udisks2 is not reachable: %1")
                                              .arg(reply.error().message())));
                m_version = udisksVersionFrom(reply.value());
                const std::optional<UdisksDisk> disk =
                    findUdisksDisk(reply.value(), m_device, objectPath);
                if (!disk)
                    return fail(
                        makeError(ErrorCode::NoSuchDevice,
                                  UdisksHealthText::tr("udisks2 does not offer %1").arg(m_device)));
                m_facts = blockDeviceOf(*disk);
                if (disk->hasAta)
                    return readAta(*disk);
                if (disk->hasNvme)
                    return readNvme(*disk);
                if (m_facts.transport == QLatin1String("nvme"))
                    return fail(makeError(
                        ErrorCode::Unsupported,
                        UdisksHealthText::tr(
                            "Reading an NVMe drive's health through udisks2 needs udisks 2.10 or "
                            "newer (this system has %1), or the TrimScope helper.")
                            .arg(m_version.isEmpty() ? UdisksHealthText::tr("an older one")
                                                     : m_version)));
                if (disk->drivePath.isEmpty())
                    return fail(makeError(
                        ErrorCode::Unsupported,
                        UdisksHealthText::tr("%1 has no SMART data: udisks2 knows no drive "
                                             "behind it (a loop device or a virtual disk).")
                            .arg(m_device)));
                fail(makeError(ErrorCode::Unsupported,
                               UdisksHealthText::tr("udisks2 reads no SMART data from %1: it "
                                                    "does so for ATA drives and, from udisks "
                                                    "2.10, NVMe drives.")
                                   .arg(m_device)));
            });
}

void UdisksHealthReader::callDrive(const QString &drivePath, const QString &interface,
                                   const QString &method, const QVariantList &arguments,
                                   int timeoutMs, std::function<void(const QDBusMessage &)> then)
{
    QDBusMessage message =
        QDBusMessage::createMethodCall(kUdisksService, drivePath, interface, method);
    message.setArguments(arguments);
    auto *watcher = new QDBusPendingCallWatcher(m_bus.asyncCall(message, timeoutMs), this);
    connect(watcher, &QDBusPendingCallWatcher::finished, this,
            [then = std::move(then)](QDBusPendingCallWatcher *w) {
                w->deleteLater();
                then(w->reply());
            });
}

void UdisksHealthReader::readAta(const UdisksDisk &disk)
{
    const QString drivePath = disk.drivePath;
    const auto call = [this, drivePath](const QString &interface, const QString &method,
                                        const QVariantList &arguments, int timeoutMs,
                                        std::function<void(const QDBusMessage &)> then) {
        callDrive(drivePath, interface, method, arguments, timeoutMs, std::move(then));
    };
    const auto properties = [this, call](const QDBusError &updateError) {
        call(kProperties, QStringLiteral("GetAll"), {kDrive}, kCallTimeoutMs,
             [this, call, updateError](const QDBusMessage &driveReply) {
                 if (driveReply.type() == QDBusMessage::ErrorMessage)
                     return fail(makeError(ErrorCode::IoError, driveReply.errorMessage()));
                 const QVariantMap drive = qdbus_cast<QVariantMap>(driveReply.arguments().value(0));
                 call(
                     kProperties, QStringLiteral("GetAll"), {kAta}, kCallTimeoutMs,
                     [this, call, drive, updateError](const QDBusMessage &ataReply) {
                         if (ataReply.type() == QDBusMessage::ErrorMessage)
                             return fail(makeError(ErrorCode::IoError, ataReply.errorMessage()));
                         const QVariantMap ata =
                             qdbus_cast<QVariantMap>(ataReply.arguments().value(0));
                         UdisksAtaDrive facts;
                         facts.model = drive.value(QStringLiteral("Model")).toString();
                         facts.serial = drive.value(QStringLiteral("Serial")).toString();
                         facts.revision = drive.value(QStringLiteral("Revision")).toString();
                         facts.sizeBytes = drive.value(QStringLiteral("Size")).toULongLong();
                         facts.rotationRate =
                             drive.value(QStringLiteral("RotationRate"), -1).toInt();
                         facts.smartSupported =
                             ata.value(QStringLiteral("SmartSupported")).toBool();
                         facts.smartEnabled = ata.value(QStringLiteral("SmartEnabled")).toBool();
                         facts.smartUpdated =
                             ata.value(QStringLiteral("SmartUpdated")).toULongLong();
                         facts.smartFailing = ata.value(QStringLiteral("SmartFailing")).toBool();
                         facts.smartPowerOnSeconds =
                             ata.value(QStringLiteral("SmartPowerOnSeconds")).toULongLong();
                         facts.smartTemperatureKelvin =
                             ata.value(QStringLiteral("SmartTemperature")).toDouble();
                         facts.smartNumBadSectors =
                             ata.value(QStringLiteral("SmartNumBadSectors"), -1).toLongLong();
                         facts.smartSelftestStatus =
                             ata.value(QStringLiteral("SmartSelftestStatus")).toString();
                         facts.smartSelftestPercentRemaining =
                             ata.value(QStringLiteral("SmartSelftestPercentRemaining"), -1).toInt();
                         facts.logicalSectorBytes = m_facts.logicalBlockSize;
                         facts.trimSupported = m_facts.supportsDiscard();
                         // Not read just now and never before: say why the update failed.
                         if (facts.smartUpdated == 0 && updateError.isValid())
                             return fail(makeError(
                                 codeOf(updateError),
                                 UdisksHealthText::tr("udisks2 did not read SMART data from "
                                                      "%1: %2")
                                     .arg(m_device,
                                          polkitWords(updateError,
                                                      QStringLiteral("org.freedesktop.udisks2."
                                                                     "ata-smart-update"),
                                                      m_device))));
                         call(kAta, QStringLiteral("SmartGetAttributes"), {QVariantMap()},
                              kCallTimeoutMs, [this, facts](const QDBusMessage &rowsReply) {
                                  if (rowsReply.type() == QDBusMessage::ErrorMessage)
                                      return fail(
                                          makeError(ErrorCode::IoError, rowsReply.errorMessage()));
                                  const Expected<QList<UdisksAtaAttribute>> rows =
                                      ataRowsFrom(rowsReply);
                                  if (!rows)
                                      return fail(rows.error());
                                  // The GUI reads here on its window's thread: the
                                  // database is awaited, never parsed here.
                                  whenSystemDriveDatabaseLoaded(this, [this, facts,
                                                                       attributes = *rows](
                                                                          const DriveDatabase *db) {
                                      Expected<AtaHealth> health =
                                          ataHealthFromUdisks(facts, attributes, db);
                                      if (!health)
                                          return fail(health.error());
                                      done(summarizeAta(std::move(health).value(), m_assumptions));
                                  });
                              });
                     });
             });
    };
    // Fresh data first (polkit: ata-smart-update); udisks' own periodic reading otherwise.
    if (!m_refresh)
        return properties(QDBusError());
    call(kAta, QStringLiteral("SmartUpdate"), {QVariantMap()}, kUpdateTimeoutMs,
         [properties](const QDBusMessage &reply) {
             properties(reply.type() == QDBusMessage::ErrorMessage ? QDBusError(reply)
                                                                   : QDBusError());
         });
}

void UdisksHealthReader::readNvme(const UdisksDisk &disk)
{
    const QString drivePath = disk.drivePath;
    const quint64 namespacesBytes = disk.size;
    const QString model = disk.model;
    const auto call = [this, drivePath](const QString &interface, const QString &method,
                                        const QVariantList &arguments, int timeoutMs,
                                        std::function<void(const QDBusMessage &)> then) {
        callDrive(drivePath, interface, method, arguments, timeoutMs, std::move(then));
    };
    const auto afterUpdate = [=, this](const QDBusMessage &update) {
        const QDBusError updateError =
            update.type() == QDBusMessage::ErrorMessage ? QDBusError(update) : QDBusError();
        call(kProperties, QStringLiteral("GetAll"), {kNvme}, kCallTimeoutMs,
             [=, this](const QDBusMessage &propertiesReply) {
                 if (propertiesReply.type() == QDBusMessage::ErrorMessage)
                     return fail(makeError(ErrorCode::IoError, propertiesReply.errorMessage()));
                 const QVariantMap p =
                     qdbus_cast<QVariantMap>(propertiesReply.arguments().value(0));
                 UdisksNvmeController controller;
                 controller.smartUpdated = p.value(QStringLiteral("SmartUpdated")).toULongLong();
                 controller.smartCriticalWarning =
                     qdbus_cast<QStringList>(p.value(QStringLiteral("SmartCriticalWarning")));
                 controller.smartPowerOnHours =
                     p.value(QStringLiteral("SmartPowerOnHours")).toULongLong();
                 controller.smartTemperatureKelvin =
                     quint16(p.value(QStringLiteral("SmartTemperature")).toUInt());
                 if (controller.smartUpdated == 0 && updateError.isValid())
                     return fail(makeError(
                         codeOf(updateError),
                         UdisksHealthText::tr("udisks2 did not read the health log of %1: %2")
                             .arg(m_device,
                                  polkitWords(updateError,
                                              QStringLiteral("org.freedesktop.udisks2.nvme-"
                                                             "smart-update"),
                                              m_device))));
                 call(kNvme, QStringLiteral("SmartGetAttributes"), {QVariantMap()}, kCallTimeoutMs,
                      [=, this](const QDBusMessage &attributesReply) {
                          if (attributesReply.type() == QDBusMessage::ErrorMessage)
                              return fail(
                                  makeError(ErrorCode::IoError, attributesReply.errorMessage()));
                          QVariantMap attributes =
                              qdbus_cast<QVariantMap>(attributesReply.arguments().value(0));
                          for (auto it = attributes.begin(); it != attributes.end(); ++it)
                              it.value() = plainList(it.value());
                          const Expected<NvmeSmartLog> log =
                              nvmeSmartLogFromUdisks(controller, attributes);
                          if (!log)
                              return fail(log.error());
                          DriveHealth health = summarizeNvme(
                              *log, std::nullopt, double(namespacesBytes), m_assumptions);
                          health.model = model;
                          health.trimSupported = m_facts.supportsDiscard();
                          done(std::move(health));
                      });
             });
    };
    if (!m_refresh)
        return afterUpdate(QDBusMessage());
    call(kNvme, QStringLiteral("SmartUpdate"), {QVariantMap()}, kUpdateTimeoutMs, afterUpdate);
}

Expected<DriveHealth> UdisksHealthReader::readNow(const QString &device,
                                                  const LifespanAssumptions &assumptions,
                                                  QDBusConnection bus, bool refresh)
{
    UdisksHealthReader reader(std::move(bus));
    reader.setRefresh(refresh);
    QEventLoop loop;
    Expected<DriveHealth> result =
        makeError(ErrorCode::IoError, UdisksHealthText::tr("udisks2 did not answer"));
    connect(&reader, &UdisksHealthReader::finished, &loop,
            [&](const Error &error, const DriveHealth &health) {
                result = error.isError() ? Expected<DriveHealth>(error) : health;
                loop.quit();
            });
    reader.read(device, {}, assumptions);
    loop.exec();
    return result;
}

} // namespace trimscope
