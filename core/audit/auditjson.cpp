// JSON forms of the audit's value types, and the one-line stack drawing.
#include "auditrules.h"
#include "common/jsonfields.h"

#include <QJsonArray>

namespace trimscope::audit {

namespace {
// Reports written before the audit's keys were snake_case, like every other file TrimScope
// writes, named them in camelCase ("discardPasses"): read as "discard_passes".
QJsonObject snakeCaseKeys(const QJsonObject &json)
{
    QJsonObject snake;
    for (auto it = json.constBegin(); it != json.constEnd(); ++it) {
        QString key;
        for (const QChar c : it.key()) {
            if (c.isUpper())
                key += QLatin1Char('_');
            key += c.toLower();
        }
        snake.insert(key, it.value());
    }
    return snake;
}
} // namespace

QString severityName(Severity severity)
{
    switch (severity) {
    case Severity::Info:
        return QStringLiteral("info");
    case Severity::Advice:
        return QStringLiteral("advice");
    case Severity::Warning:
        return QStringLiteral("warning");
    case Severity::Problem:
        return QStringLiteral("problem");
    }
    return {};
}

QString severityDisplayName(Severity severity)
{
    switch (severity) {
    case Severity::Info:
        return AuditText::tr("Info");
    case Severity::Advice:
        return AuditText::tr("Advice");
    case Severity::Warning:
        return AuditText::tr("Warning");
    case Severity::Problem:
        return AuditText::tr("Problem");
    }
    return {};
}

std::optional<Severity> severityFromName(const QString &name)
{
    for (Severity s : {Severity::Info, Severity::Advice, Severity::Warning, Severity::Problem}) {
        if (severityName(s) == name)
            return s;
    }
    return std::nullopt;
}

QJsonObject Finding::toJson() const
{
    return {{QStringLiteral("id"), id},
            {QStringLiteral("severity"), severityName(severity)},
            {QStringLiteral("subject"), subject},
            {QStringLiteral("title"), title},
            {QStringLiteral("explanation"), explanation},
            {QStringLiteral("fix"), fix}};
}

QJsonObject StackLayer::toJson() const
{
    QJsonObject json{{QStringLiteral("name"), name},
                     {QStringLiteral("kind"), layerKindName(kind)},
                     {QStringLiteral("device"), devicePath()},
                     {QStringLiteral("depth"), depth},
                     {QStringLiteral("lower"), QJsonArray::fromStringList(lower)},
                     {QStringLiteral("discard_passes"), discardPasses},
                     // doubles hold integers exactly up to 2^53 bytes (8 PiB): enough here
                     {QStringLiteral("discard_max_bytes"), double(discardMaxBytes)},
                     {QStringLiteral("discard_granularity"), double(discardGranularity)}};
    if (!label.isEmpty())
        json.insert(QStringLiteral("label"), label);
    if (cryptAllowsDiscards)
        json.insert(QStringLiteral("crypt_allows_discards"), *cryptAllowsDiscards);
    if (startSector)
        json.insert(QStringLiteral("start_sector"), double(*startSector));
    if (rotational)
        json.insert(QStringLiteral("rotational"), *rotational);
    if (!controllerDriver.isEmpty())
        json.insert(QStringLiteral("controller_driver"), controllerDriver);
    if (!controllerClass.isEmpty())
        json.insert(QStringLiteral("controller_class"), controllerClass);
    if (!model.isEmpty())
        json.insert(QStringLiteral("model"), model);
    return json;
}

QJsonArray StorageStack::toJson() const
{
    return toJsonArray(layers);
}

QJsonObject AuditTarget::toJson() const
{
    QJsonObject json{{QStringLiteral("kind"),
                      kind == Kind::Swap ? QStringLiteral("swap") : QStringLiteral("filesystem")},
                     {QStringLiteral("subject"), subject},
                     {QStringLiteral("fs_type"), fsType},
                     {QStringLiteral("source"), source},
                     {QStringLiteral("mount_options"), QJsonArray::fromStringList(mountOptions)},
                     {QStringLiteral("discards_reach_disk"), stack.discardsReachDisk()},
                     {QStringLiteral("stack"), stack.toJson()}};
    if (!fstabLine.isEmpty())
        json.insert(QStringLiteral("fstab_line"), fstabLine);
    if (usedFraction)
        json.insert(QStringLiteral("used_fraction"), *usedFraction);
    return json;
}

QJsonObject AuditReport::toJson() const
{
    const QJsonArray targetArray = toJsonArray(targets);
    const QJsonArray findingArray = toJsonArray(findings);
    QJsonObject json{{QStringLiteral("captured_at"), capturedAt.toUTC().toString(Qt::ISODate)},
                     {QStringLiteral("targets"), targetArray},
                     {QStringLiteral("findings"), findingArray}};
    // What runs this computer, where the audit learned it (reports from before it did not).
    if (!pid1.isEmpty()) {
        json.insert(QStringLiteral("systemd_running"), systemdRunning);
        json.insert(QStringLiteral("pid1"), pid1);
    }
    return json;
}

std::optional<Finding> Finding::fromJson(const QJsonObject &json)
{
    const JsonFields f(json);
    const std::optional<Severity> severity = severityFromName(f.text("severity"));
    if (!severity)
        return std::nullopt;
    return Finding{f.text("id"),          *severity,    f.text("subject"), f.text("title"),
                   f.text("explanation"), f.text("fix")};
}

std::optional<StackLayer> StackLayer::fromJson(const QJsonObject &json)
{
    const JsonFields f(snakeCaseKeys(json));
    const std::optional<LayerKind> kind = layerKindFromName(f.text("kind"));
    if (!kind)
        return std::nullopt;
    StackLayer layer;
    layer.name = f.text("name");
    layer.kind = *kind;
    layer.label = f.text("label");
    layer.depth = f.integer("depth");
    layer.lower = f.texts("lower");
    layer.discardPasses = f.flag("discard_passes");
    layer.discardMaxBytes = f.count("discard_max_bytes");
    layer.discardGranularity = f.count("discard_granularity");
    layer.cryptAllowsDiscards = f.optionalFlag("crypt_allows_discards");
    if (f.has("start_sector"))
        layer.startSector = f.count("start_sector");
    layer.rotational = f.optionalFlag("rotational");
    layer.controllerDriver = f.text("controller_driver");
    layer.controllerClass = f.text("controller_class");
    layer.model = f.text("model");
    return layer;
}

std::optional<StorageStack> StorageStack::fromJson(const QJsonArray &json)
{
    StorageStack stack;
    for (const QJsonValue &value : json) {
        const std::optional<StackLayer> layer = StackLayer::fromJson(value.toObject());
        if (!layer)
            return std::nullopt;
        stack.layers.append(*layer);
    }
    return stack;
}

std::optional<AuditTarget> AuditTarget::fromJson(const QJsonObject &json)
{
    const JsonFields f(snakeCaseKeys(json));
    const std::optional<StorageStack> stack = StorageStack::fromJson(f.array("stack"));
    if (!stack)
        return std::nullopt;
    AuditTarget target;
    target.kind = f.text("kind") == QLatin1String("swap") ? Kind::Swap : Kind::Filesystem;
    target.subject = f.text("subject");
    target.fsType = f.text("fs_type");
    target.source = f.text("source");
    target.mountOptions = f.texts("mount_options");
    target.fstabLine = f.text("fstab_line");
    target.usedFraction = f.optionalNumber("used_fraction");
    target.stack = *stack;
    return target;
}

Expected<AuditReport> AuditReport::fromJson(const QJsonObject &json)
{
    const JsonFields f(snakeCaseKeys(json));
    AuditReport report;
    report.capturedAt = QDateTime::fromString(f.text("captured_at"), Qt::ISODate);
    report.systemdRunning = f.flag("systemd_running", true);
    report.pid1 = f.text("pid1");
    for (const QJsonValue &value : f.array("targets")) {
        const std::optional<AuditTarget> target = AuditTarget::fromJson(value.toObject());
        if (!target)
            return makeError(ErrorCode::InvalidArgument,
                             QStringLiteral("a target with an unknown kind of layer"));
        report.targets.append(*target);
    }
    for (const QJsonValue &value : f.array("findings")) {
        const std::optional<Finding> finding = Finding::fromJson(value.toObject());
        if (!finding)
            return makeError(ErrorCode::InvalidArgument,
                             QStringLiteral("a finding of unknown severity"));
        report.findings.append(*finding);
    }
    return report;
}

QString describeStack(const AuditTarget &target)
{
    QStringList parts{QStringLiteral("%1 %2").arg(
        target.kind == AuditTarget::Kind::Swap ? QStringLiteral("swap") : target.fsType,
        target.subject)};
    // One arrow per depth; siblings (RAID members) share a brace group.
    for (int depth = 0;; ++depth) {
        QStringList here;
        for (const StackLayer &layer : target.stack.layers) {
            if (layer.depth != depth)
                continue;
            QStringList notes;
            if (layer.kind != LayerKind::Partition && layer.kind != LayerKind::Disk)
                notes.append(layer.kind == LayerKind::Raid && !layer.label.isEmpty()
                                 ? layer.label
                                 : layerKindName(layer.kind));
            if (!layer.discardPasses || layer.cryptAllowsDiscards == false)
                notes.append(AuditText::tr("discards blocked"));
            here.append(notes.isEmpty() ? layer.name
                                        : QStringLiteral("%1 (%2)").arg(
                                              layer.name, notes.join(QStringLiteral(", "))));
        }
        if (here.isEmpty())
            break;
        parts.append(here.size() == 1
                         ? here.constFirst()
                         : QStringLiteral("{%1}").arg(here.join(QStringLiteral(", "))));
    }
    return parts.join(QStringLiteral(" → "));
}

} // namespace trimscope::audit
