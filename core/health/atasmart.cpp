#include "atasmart.h"

#include "atablob.h"
#include "common/jsonfields.h"
#include "common/units.h"
#include "healthdevice.h"

#include <QFile>
#include <QJsonArray>
#include <algorithm>
#include <atasmart.h>
#include <cerrno>
#include <cstring>
#include <memory>
#include <unistd.h>

namespace trimscope::health {

namespace {
struct DiskDeleter
{
    void operator()(SkDisk *d) const { sk_disk_free(d); }
};
using DiskPtr = std::unique_ptr<SkDisk, DiskDeleter>;

PrettyUnit toPrettyUnit(SkSmartAttributeUnit unit)
{
    switch (unit) {
    case SK_SMART_ATTRIBUTE_UNIT_NONE:
        return PrettyUnit::None;
    case SK_SMART_ATTRIBUTE_UNIT_MSECONDS:
        return PrettyUnit::Milliseconds;
    case SK_SMART_ATTRIBUTE_UNIT_SECTORS:
        return PrettyUnit::Sectors;
    case SK_SMART_ATTRIBUTE_UNIT_MKELVIN:
        return PrettyUnit::Millikelvin;
    case SK_SMART_ATTRIBUTE_UNIT_SMALL_PERCENT:
        return PrettyUnit::SmallPercent;
    case SK_SMART_ATTRIBUTE_UNIT_PERCENT:
        return PrettyUnit::Percent;
    case SK_SMART_ATTRIBUTE_UNIT_MB:
        return PrettyUnit::Megabytes;
    default:
        return PrettyUnit::Unknown;
    }
}

void collectAttribute(SkDisk *, const SkSmartAttributeParsedData *a, void *userdata)
{
    auto *list = static_cast<QList<AtaAttribute> *>(userdata);
    AtaAttribute out;
    out.id = a->id;
    // libatasmart frees generated names ("attribute-190") after the callback: copy now.
    out.name = QString::fromLatin1(a->name ? a->name : "");
    if (a->current_value_valid)
        out.value = a->current_value;
    if (a->worst_value_valid)
        out.worst = a->worst_value;
    if (a->threshold_valid)
        out.threshold = a->threshold;
    std::memcpy(out.rawBytes.data(), a->raw, out.rawBytes.size());
    out.prettyValue = a->pretty_value;
    out.prettyUnit = toPrettyUnit(a->pretty_unit);
    out.prefailure = a->prefailure;
    out.online = a->online;
    if (a->good_now_valid)
        out.goodNow = a->good_now != 0;
    if (a->good_in_the_past_valid)
        out.goodInThePast = a->good_in_the_past != 0;
    out.warn = a->warn;
    list->append(out);
}

// libatasmart's sk_disk_smart_get_power_on, _power_cycle, _bad and _temperature, from the one
// parse of the table we already did: each of its getters parses the table again, and each parse
// looks up the drive's quirks for every attribute by compiling its quirk list's regular
// expressions (about 75 million instructions a parse: the four getters were 80 % of reading a
// drive's health, about 0.1 s of CPU). The same names, units and rules (the largest value of
// the names; bad sectors: reallocated plus pending); tst_atasmart compares them with what skdump
// printed through libatasmart for every recorded blob.
std::optional<quint64> largestOf(const QList<AtaAttribute> &attributes, PrettyUnit unit,
                                 std::initializer_list<const char *> names)
{
    std::optional<quint64> largest;
    for (const AtaAttribute &a : attributes) {
        if (a.prettyUnit != unit)
            continue;
        const bool named = std::any_of(names.begin(), names.end(), [&](const char *name) {
            return a.name == QLatin1String(name);
        });
        if (named && (!largest || a.prettyValue > *largest))
            largest = a.prettyValue;
    }
    return largest;
}

void figuresFromAttributes(AtaHealth &h)
{
    h.powerOnMilliseconds = largestOf(h.attributes, PrettyUnit::Milliseconds,
                                      {"power-on-minutes", "power-on-seconds", "power-on-seconds-2",
                                       "power-on-half-minutes", "power-on-hours"});
    h.powerCycles = largestOf(h.attributes, PrettyUnit::None, {"power-cycle-count"});
    const auto reallocated =
        largestOf(h.attributes, PrettyUnit::Sectors, {"reallocated-sector-count"});
    const auto pending = largestOf(h.attributes, PrettyUnit::Sectors, {"current-pending-sector"});
    if (reallocated || pending)
        h.badSectors = reallocated.value_or(0) + pending.value_or(0);
    h.temperatureMillikelvin = largestOf(h.attributes, PrettyUnit::Millikelvin,
                                         {"temperature-centi-celsius", "temperature-celsius",
                                          "temperature-celsius-2", "airflow-temperature-celsius"});
}

// Everything after the blob is in libatasmart's hands: the same path for files and devices.
Expected<AtaHealth> parseLoadedDisk(SkDisk *disk, const AtaBlobSections &sections,
                                    const DriveDatabase *driveDb)
{
    auto identify = parseAtaIdentify(sections.identify);
    if (!identify)
        return identify.error();
    AtaHealth h;
    h.identify = std::move(*identify);

    SkBool available = FALSE;
    h.smartAvailable = sk_disk_smart_is_available(disk, &available) >= 0 && available;
    SkBool good = FALSE;
    if (sk_disk_smart_status(disk, &good) >= 0)
        h.smartStatusGood = good != 0;
    if (!h.smartAvailable || sections.smartData.isEmpty())
        return h;

    const SkSmartParsedData *parsed = nullptr;
    if (sk_disk_smart_parse(disk, &parsed) < 0 || !parsed)
        return makeError(ErrorCode::IoError, QStringLiteral("SMART data could not be parsed: %1")
                                                 .arg(QString::fromLocal8Bit(strerror(errno))));
    AtaSelfTestInfo t;
    t.offlineDataCollectionStatus = QString::fromLatin1(
        sk_smart_offline_data_collection_status_to_string(parsed->offline_data_collection_status));
    t.totalOfflineDataCollectionSeconds = parsed->total_offline_data_collection_seconds;
    t.selfTestExecutionStatus = QString::fromLatin1(
        sk_smart_self_test_execution_status_to_string(parsed->self_test_execution_status));
    t.selfTestPercentRemaining = parsed->self_test_execution_percent_remaining;
    t.shortAndExtendedTestAvailable = parsed->short_and_extended_test_available;
    t.conveyanceTestAvailable = parsed->conveyance_test_available;
    t.startTestAvailable = parsed->start_test_available;
    t.abortTestAvailable = parsed->abort_test_available;
    t.shortTestPollingMinutes = parsed->short_test_polling_minutes;
    t.extendedTestPollingMinutes = parsed->extended_test_polling_minutes;
    t.conveyanceTestPollingMinutes = parsed->conveyance_test_polling_minutes;
    h.selfTest = t;

    if (sk_disk_smart_parse_attributes(disk, collectAttribute, &h.attributes) < 0)
        return makeError(ErrorCode::IoError,
                         QStringLiteral("SMART attributes could not be parsed"));

    figuresFromAttributes(h);
    SkSmartOverall overall = SK_SMART_OVERALL_GOOD;
    if (sk_disk_smart_get_overall(disk, &overall) >= 0)
        h.overall = QString::fromLatin1(sk_smart_overall_to_string(overall));

    interpretAtaHealth(h, driveDb);
    return h;
}

Error errnoError(const QString &devicePath, int err, const char *what)
{
    return deviceAccessError(devicePath, err, QLatin1String(what), ::geteuid() == 0);
}

// How libatasmart reaches the drive. sk_disk_open picks one from udev (a SCSI disk: 16-byte
// SAT pass-through; a USB bridge: by its id) and never tries another, but SATLs differ: QEMU's
// AHCI answers the 16-byte IDENTIFY with CHECK CONDITION, while the same disk answers through
// libata's HDIO ioctl. So when the chosen way gets no IDENTIFY, the ways libatasmart's own
// autotest knows are forced in turn, by the prefix sk_disk_open accepts ("linux-ide:/dev/sda").
// Its USB bridge commands (sunplus, jmicron) are not: they are vendor commands, and a bridge
// libatasmart did not pick for them may be one it keeps away from on purpose.
struct AccessMethod
{
    const char *prefix;
    const char *description;
};
constexpr AccessMethod kAccessMethods[] = {
    {"", "libatasmart's own choice"},
    {"sat16:", "16-byte SCSI-ATA pass-through"},
    {"sat12:", "12-byte SCSI-ATA pass-through"},
    {"linux-ide:", "the Linux IDE ioctl"},
};

struct AtaDisk
{
    DiskPtr disk;
    const AccessMethod *method = nullptr;
};

bool onUsb(const QString &devicePath)
{
    const Expected<DeviceNumber> number = deviceNumberOf(devicePath);
    if (!number)
        return false;
    const Expected<HealthDevice> device = resolveHealthDevice(*number);
    return device && device->sysfsPath.contains(QLatin1String("/usb"));
}

Expected<AtaDisk> openAtaDisk(const QString &devicePath)
{
    const bool usb = onUsb(devicePath);
    QStringList tried;
    int openError = ENODEV;
    for (const AccessMethod &method : kAccessMethods) {
        if (usb && *method.prefix)
            break; // a USB bridge gets only what libatasmart chose for it
        SkDisk *raw = nullptr;
        const QByteArray name = method.prefix + QFile::encodeName(devicePath);
        if (sk_disk_open(name.constData(), &raw) < 0) {
            openError = errno;
            // No node, no permission: no other access method does better.
            if (openError == ENOENT || openError == EACCES || openError == EPERM)
                break;
            continue; // e.g. udev could not tell libatasmart's own choice
        }
        DiskPtr disk(raw);
        SkBool identified = FALSE;
        if (sk_disk_identify_is_available(disk.get(), &identified) >= 0 && identified)
            return AtaDisk{std::move(disk), &method};
        tried.append(QLatin1String(method.description));
    }
    if (tried.isEmpty())
        return errnoError(devicePath, openError, "cannot open");
    return makeError(ErrorCode::Unsupported,
                     QStringLiteral("%1 answered no ATA IDENTIFY command (tried: %2), so whether "
                                    "it offers ATA SMART is unknown; it may be no ATA drive, or "
                                    "sit behind a controller or bridge that passes no ATA commands")
                         .arg(devicePath, tried.join(QStringLiteral(", "))));
}
} // namespace

void interpretAtaHealth(AtaHealth &h, const DriveDatabase *driveDb)
{
    if (driveDb) {
        // Names (and formats) from the database, for every attribute it has a preset for.
        DriveDbMatch match =
            driveDb->lookup(h.identify.model, h.identify.firmware, h.identify.nonRotating());
        for (AtaAttribute &a : h.attributes) {
            const auto preset = match.attributes.constFind(a.id);
            if (preset == match.attributes.cend())
                continue;
            a.drivedbName = preset->name;
            a.drivedbFormat = preset->format;
        }
        h.driveDb = std::move(match);
    }
    const DriveDbMatch *match = h.driveDb ? &*h.driveDb : nullptr;
    h.percentUsed = interpretAtaFigure(AtaFigure::PercentUsed, h.attributes, h.identify, match);
    h.hostWritesBytes =
        interpretAtaFigure(AtaFigure::HostWritesBytes, h.attributes, h.identify, match);
    h.reallocatedSectors =
        interpretAtaFigure(AtaFigure::ReallocatedSectors, h.attributes, h.identify, match);
    h.pendingSectors =
        interpretAtaFigure(AtaFigure::PendingSectors, h.attributes, h.identify, match);
}

quint64 AtaAttribute::raw() const
{
    quint64 v = 0;
    for (int i = 5; i >= 0; --i)
        v = (v << 8) | rawBytes[size_t(i)];
    return v;
}

QString AtaAttribute::shownValue() const
{
    // libatasmart's only small percentages are Intel's timed workload attributes, the raw field
    // taken as 1/1024 %; it is 0xFFFF until the workload timer has run, which it shows as
    // "63.000%". The database (or, without one, the raw field) says a number, not its unit;
    // 0xFFFF itself is that filler, no number at all.
    if (rawNotAvailable())
        return rawNotAvailableText();
    if (prettyUnit != PrettyUnit::SmallPercent)
        return prettyValueText(prettyValue, prettyUnit);
    if (!rawKnown)
        return prettyValueText(0, PrettyUnit::Unknown);
    if (drivedbFormat.isEmpty() || drivedbFormat == QLatin1String("raw48"))
        return formatCount(qint64(raw()));
    return rawHex(); // another of the database's formats: the bytes, not a guess
}

QString AtaAttribute::rawHex() const
{
    if (!rawKnown)
        return QStringLiteral("n/a");
    QString s = QStringLiteral("0x");
    for (quint8 b : rawBytes)
        s += QStringLiteral("%1").arg(b, 2, 16, QLatin1Char('0'));
    return s;
}

QJsonObject AtaAttribute::toJson() const
{
    const auto opt = [](const auto &o) { return o ? QJsonValue(int(*o)) : QJsonValue(); };
    const auto optBool = [](const std::optional<bool> &o) {
        return o ? QJsonValue(*o) : QJsonValue();
    };
    return QJsonObject{
        {QStringLiteral("id"), int(id)},
        {QStringLiteral("name"), name},
        {QStringLiteral("drivedb_name"), drivedbName},
        {QStringLiteral("value"), opt(value)},
        {QStringLiteral("worst"), opt(worst)},
        {QStringLiteral("threshold"), opt(threshold)},
        {QStringLiteral("raw"), rawKnown ? QJsonValue(double(raw())) : QJsonValue()}, // 48 bits
        {QStringLiteral("raw_hex"), rawHex()},
        // false: the raw field holds a filler, not a value (rawNotAvailable); null when unknown
        {QStringLiteral("raw_available"), rawKnown ? QJsonValue(!rawNotAvailable()) : QJsonValue()},
        {QStringLiteral("pretty_value"), double(prettyValue)},
        {QStringLiteral("pretty_unit"), prettyUnitName(prettyUnit)},
        {QStringLiteral("pretty"), prettyText()},
        {QStringLiteral("type"),
         prefailure ? QStringLiteral("prefail") : QStringLiteral("old-age")},
        {QStringLiteral("updates"), online ? QStringLiteral("online") : QStringLiteral("offline")},
        {QStringLiteral("good_now"), optBool(goodNow)},
        {QStringLiteral("good_in_the_past"), optBool(goodInThePast)},
    };
}

std::optional<double> AtaHealth::powerOnHours() const
{
    if (!powerOnMilliseconds)
        return std::nullopt;
    return double(*powerOnMilliseconds) / 3600000.0;
}

std::optional<double> AtaHealth::temperatureCelsius() const
{
    if (!temperatureMillikelvin)
        return std::nullopt;
    return (double(*temperatureMillikelvin) - 273150.0) / 1000.0;
}

const AtaAttribute *AtaHealth::attribute(quint8 id) const
{
    for (const AtaAttribute &a : attributes) {
        if (a.id == id)
            return &a;
    }
    return nullptr;
}

QJsonObject AtaHealth::toJson() const
{
    const auto num = [](const auto &o) { return o ? QJsonValue(double(*o)) : QJsonValue(); };
    const auto figure = [](const std::optional<AtaFigureReading> &f) {
        if (!f)
            return QJsonValue();
        QJsonObject o{{QStringLiteral("value"), double(f->value)},
                      {QStringLiteral("attribute"), int(f->attributeId)},
                      {QStringLiteral("rule"), f->rule}};
        if (f->unitBytes) {
            o.insert(QStringLiteral("raw_count"), double(f->rawCount));
            o.insert(QStringLiteral("unit_bytes"), double(f->unitBytes));
        }
        return QJsonValue(o);
    };
    const QJsonArray attrs = toJsonArray(attributes);
    QJsonObject o{
        {QStringLiteral("identify"), identify.toJson()},
        {QStringLiteral("smart_available"), smartAvailable},
        {QStringLiteral("smart_status_good"),
         smartStatusGood ? QJsonValue(*smartStatusGood) : QJsonValue()},
        {QStringLiteral("overall"), overall ? QJsonValue(*overall) : QJsonValue()},
        {QStringLiteral("power_on_hours"), num(powerOnHours())},
        {QStringLiteral("power_on_ms"), num(powerOnMilliseconds)},
        {QStringLiteral("power_cycles"), num(powerCycles)},
        {QStringLiteral("bad_sectors"), num(badSectors)},
        {QStringLiteral("temperature_c"), num(temperatureCelsius())},
        {QStringLiteral("percent_used"), figure(percentUsed)},
        {QStringLiteral("host_writes"), figure(hostWritesBytes)},
        {QStringLiteral("reallocated_sectors"), figure(reallocatedSectors)},
        {QStringLiteral("pending_sectors"), figure(pendingSectors)},
        {QStringLiteral("attributes"), attrs},
    };
    if (hostWritesBytes)
        o.insert(QStringLiteral("host_writes_bytes"), double(hostWritesBytes->value));
    if (driveDb)
        o.insert(QStringLiteral("drive_database"),
                 QJsonObject{{QStringLiteral("version"), driveDb->version},
                             {QStringLiteral("entry_matched"), driveDb->entryMatched},
                             {QStringLiteral("family"), driveDb->family},
                             {QStringLiteral("warning"), driveDb->warning}});
    return o;
}

Expected<AtaHealth> loadAtaSmartBlob(QByteArrayView blob, const DriveDatabase *driveDb)
{
    // Our own walk first: it refuses malformed input before libatasmart sees it, and gives us
    // the IDENTIFY words libatasmart does not expose.
    auto sections = splitAtaBlob(blob);
    if (!sections)
        return sections.error();
    SkDisk *raw = nullptr;
    if (sk_disk_open(nullptr, &raw) < 0) // nullptr: a disk object backed only by a blob
        return makeError(ErrorCode::IoError, QStringLiteral("libatasmart could not start"));
    DiskPtr disk(raw);
    if (sk_disk_set_blob(disk.get(), blob.data(), size_t(blob.size())) < 0)
        return makeError(ErrorCode::InvalidArgument,
                         QStringLiteral("libatasmart refused the blob: %1")
                             .arg(QString::fromLocal8Bit(strerror(errno))));
    return parseLoadedDisk(disk.get(), *sections, driveDb);
}

Expected<QByteArray> readAtaSmartBlob(const QString &devicePath)
{
    if (::geteuid() != 0)
        return makeError(ErrorCode::PermissionDenied,
                         QStringLiteral("reading SMART from %1 needs root (ATA pass-through "
                                        "commands need CAP_SYS_RAWIO); run as root")
                             .arg(devicePath));
    Expected<AtaDisk> opened = openAtaDisk(devicePath);
    if (!opened)
        return opened.error();
    SkDisk *disk = opened->disk.get();
    SkBool available = FALSE;
    if (sk_disk_smart_is_available(disk, &available) < 0 || !available)
        return makeError(ErrorCode::Unsupported,
                         QStringLiteral("%1 does not offer ATA SMART (its IDENTIFY data, read "
                                        "through %2, say so)")
                             .arg(devicePath, QLatin1String(opened->method->description)));
    if (sk_disk_smart_read_data(disk) < 0)
        return errnoError(devicePath, errno, "cannot read SMART data of");
    const void *blob = nullptr;
    size_t size = 0;
    if (sk_disk_get_blob(disk, &blob, &size) < 0)
        return errnoError(devicePath, errno, "cannot read SMART data of");
    return QByteArray(static_cast<const char *>(blob), qsizetype(size));
}

Expected<AtaHealth> readAtaHealth(const QString &devicePath)
{
    auto blob = readAtaSmartBlob(devicePath);
    if (!blob)
        return blob.error();
    // Waits for the database (or reads it here): the helper (on a worker of its pool), the CLI
    // and jobs call this off any window, and have nothing to show before the answer.
    return loadAtaSmartBlob(*blob, systemDriveDatabase());
}

} // namespace trimscope::health
