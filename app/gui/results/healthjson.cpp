#include "healthjson.h"

#include "health/skpretty.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace trimscope::gui {

using namespace trimscope::health;

namespace {
std::optional<double> optDouble(const QJsonObject &o, const char *key)
{
    const QJsonValue v = o.value(QLatin1String(key));
    return v.isDouble() ? std::optional<double>(v.toDouble()) : std::nullopt;
}

std::optional<quint8> optByte(const QJsonObject &o, const char *key)
{
    const QJsonValue v = o.value(QLatin1String(key));
    return v.isDouble() ? std::optional<quint8>(quint8(v.toInt())) : std::nullopt;
}

std::optional<bool> optBool(const QJsonObject &o, const char *key)
{
    const QJsonValue v = o.value(QLatin1String(key));
    return v.isBool() ? std::optional<bool>(v.toBool()) : std::nullopt;
}

PrettyUnit prettyUnitFrom(const QString &name)
{
    for (PrettyUnit unit :
         {PrettyUnit::None, PrettyUnit::Milliseconds, PrettyUnit::Sectors, PrettyUnit::Millikelvin,
          PrettyUnit::SmallPercent, PrettyUnit::Percent, PrettyUnit::Megabytes})
        if (prettyUnitName(unit) == name)
            return unit;
    return PrettyUnit::Unknown;
}

AtaAttribute attributeFrom(const QJsonObject &o)
{
    AtaAttribute a;
    a.id = quint8(o.value(QLatin1String("id")).toInt());
    a.name = o.value(QLatin1String("name")).toString();
    a.drivedbName = o.value(QLatin1String("drivedb_name")).toString();
    a.value = optByte(o, "value");
    a.worst = optByte(o, "worst");
    a.threshold = optByte(o, "threshold");
    const quint64 raw = quint64(o.value(QLatin1String("raw")).toDouble());
    for (int i = 0; i < 6; ++i)
        a.rawBytes[size_t(i)] = quint8(raw >> (8 * i));
    a.prettyValue = quint64(o.value(QLatin1String("pretty_value")).toDouble());
    a.prettyUnit = prettyUnitFrom(o.value(QLatin1String("pretty_unit")).toString());
    a.prefailure = o.value(QLatin1String("type")).toString() == QLatin1String("prefail");
    a.online = o.value(QLatin1String("updates")).toString() == QLatin1String("online");
    a.goodNow = optBool(o, "good_now");
    a.goodInThePast = optBool(o, "good_in_the_past");
    return a;
}
} // namespace

Expected<DriveHealth> driveHealthFromJson(const QByteArray &json,
                                          const LifespanAssumptions &assumptions)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    const QJsonObject o = doc.object();
    if (!doc.isObject() ||
        o.value(QLatin1String("schema")).toString() != QLatin1String("io.github.trimscope.health"))
        return makeError(
            ErrorCode::InvalidArgument,
            QCoreApplication::translate("HealthJson", "Not a TrimScope health report: %1")
                .arg(parseError.error != QJsonParseError::NoError
                         ? parseError.errorString()
                         : QCoreApplication::translate("HealthJson", "wrong schema")));
    DriveHealth h;
    h.kind = o.value(QLatin1String("kind")).toString() == QLatin1String("nvme") ? DeviceKind::Nvme
                                                                                : DeviceKind::Ata;
    h.source = o.value(QLatin1String("source")).toString();
    h.model = o.value(QLatin1String("model")).toString();
    h.trimSupported = optBool(o, "trim_supported");
    if (o.value(QLatin1String("overall")).isString())
        h.overall = o.value(QLatin1String("overall")).toString();
    h.powerOnHours = optDouble(o, "power_on_hours");
    h.temperatureCelsius = optDouble(o, "temperature_c");
    h.percentUsed = optDouble(o, "percent_used");
    h.hostWritesBytes = optDouble(o, "host_writes_bytes");
    h.capacityBytes = o.value(QLatin1String("capacity_bytes")).toDouble();
    if (h.kind == DeviceKind::Ata && o.value(QLatin1String("attributes")).isArray()) {
        AtaHealth ata;
        ata.overall = h.overall;
        for (const QJsonValue &v : o.value(QLatin1String("attributes")).toArray())
            ata.attributes.append(attributeFrom(v.toObject()));
        h.ata = std::move(ata);
    }
    LifespanInput in;
    in.capacityBytes = h.capacityBytes;
    in.assumptions = assumptions;
    if (h.hostWritesBytes && h.powerOnHours)
        in.writeRate =
            writeRateFromPowerOn(*h.hostWritesBytes, *h.powerOnHours,
                                 h.kind == DeviceKind::Nvme ? WriteRateSource::NvmeDataUnitsWritten
                                                            : WriteRateSource::SmartHostWrites);
    h.lifespan = estimateLifespan(in);
    if (h.percentUsed) {
        std::optional<double> elapsedYears;
        if (h.powerOnHours)
            elapsedYears = *h.powerOnHours / (24.0 * 365.0);
        h.wearExtrapolation = extrapolateFromPercentUsed(*h.percentUsed, elapsedYears);
    }
    return h;
}

} // namespace trimscope::gui
