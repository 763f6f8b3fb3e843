#include "attachment.h"

#include "common/atomicfile.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QLocale>
#include <QLockFile>
#include <QRegularExpression>
#include <QStandardPaths>
#include <unistd.h>

namespace trimscope::watch {

namespace {

struct AttachmentText
{
    Q_DECLARE_TR_FUNCTIONS(DiscardWatch)
};

QByteArray sysfsText(const QString &sysRoot, const QString &diskName, const QString &file)
{
    QFile f(QStringLiteral("%1/block/%2/%3").arg(sysRoot, diskName, file));
    return f.open(QIODevice::ReadOnly) ? f.readAll().trimmed() : QByteArray();
}

QJsonObject statsToJson(const fsbench::DiskStats &s)
{
    return {{QStringLiteral("discard_ios"), qint64(s.discardIos)},
            {QStringLiteral("discard_merges"), qint64(s.discardMerges)},
            {QStringLiteral("discard_sectors"), qint64(s.discardSectors)},
            {QStringLiteral("discard_ms"), qint64(s.discardMilliseconds)},
            {QStringLiteral("io_ticks_ms"), qint64(s.ioTicksMilliseconds)}};
}

fsbench::DiskStats statsFromJson(const QJsonObject &json)
{
    const auto count = [&](const char *key) {
        return quint64(std::max<qint64>(0, json.value(QLatin1String(key)).toInteger()));
    };
    fsbench::DiskStats s;
    s.discardIos = count("discard_ios");
    s.discardMerges = count("discard_merges");
    s.discardSectors = count("discard_sectors");
    s.discardMilliseconds = count("discard_ms");
    s.ioTicksMilliseconds = count("io_ticks_ms");
    return s;
}

QString clockTime(const QDateTime &at)
{
    return QLocale().toString(at.toLocalTime().time(), QLocale::ShortFormat);
}

} // namespace

QString readBootId(const QString &procRoot)
{
    QFile file(procRoot + QStringLiteral("/sys/kernel/random/boot_id"));
    return file.open(QIODevice::ReadOnly) ? QString::fromLatin1(file.readAll().trimmed())
                                          : QString();
}

bool mediumCanChange(const QString &diskName, const QString &sysRoot)
{
    if (sysfsText(sysRoot, diskName, QStringLiteral("events")).split(' ').contains("media_change"))
        return true;
    static const QRegularExpression nbd(QStringLiteral("^nbd\\d+$"));
    return QFileInfo(QStringLiteral("%1/block/%2/loop").arg(sysRoot, diskName)).isDir() ||
           diskName.startsWith(QLatin1String("loop")) || nbd.match(diskName).hasMatch();
}

quint64 readDiskseq(const QString &diskName, const QString &sysRoot)
{
    return sysfsText(sysRoot, diskName, QStringLiteral("diskseq")).toULongLong();
}

std::optional<double> udevInitializedSeconds(const QString &diskName, const QString &sysRoot,
                                             const QString &udevRoot)
{
    const QString number = QString::fromLatin1(sysfsText(sysRoot, diskName, QStringLiteral("dev")));
    QFile file(QStringLiteral("%1/data/b%2").arg(udevRoot, number));
    if (number.isEmpty() || !file.open(QIODevice::ReadOnly))
        return std::nullopt;
    const quint64 diskseq = readDiskseq(diskName, sysRoot);
    std::optional<double> initialized;
    bool sameDisk = diskseq == 0; // a kernel without diskseq: the record is all there is
    for (const QByteArray &line : file.readAll().split('\n')) {
        if (line.startsWith("I:"))
            initialized = double(line.mid(2).toULongLong()) / 1e6;
        else if (line.startsWith("S:disk/by-diskseq/"))
            sameDisk = line.mid(18).toULongLong() == diskseq;
    }
    return sameDisk && initialized > 0 ? initialized : std::nullopt;
}

QJsonObject Sighting::toJson() const
{
    QJsonObject stats;
    for (auto it = counters.devices.cbegin(); it != counters.devices.cend(); ++it)
        stats.insert(it.key(), statsToJson(it.value()));
    return {{QStringLiteral("diskseq"), qint64(diskseq)},
            {QStringLiteral("at"), counters.at.toString(Qt::ISODateWithMs)},
            {QStringLiteral("devices"), stats}};
}

Sighting Sighting::fromJson(const QJsonObject &json)
{
    Sighting sighting;
    sighting.diskseq =
        quint64(std::max<qint64>(0, json.value(QStringLiteral("diskseq")).toInteger()));
    sighting.counters.at =
        QDateTime::fromString(json.value(QStringLiteral("at")).toString(), Qt::ISODateWithMs);
    const QJsonObject stats = json.value(QStringLiteral("devices")).toObject();
    for (auto it = stats.constBegin(); it != stats.constEnd(); ++it)
        sighting.counters.devices.insert(it.key(), statsFromJson(it.value().toObject()));
    return sighting;
}

QString AttachmentLedger::defaultPath()
{
    if (const QString set = qEnvironmentVariable("TRIMSCOPE_ATTACHMENT_LEDGER"); !set.isEmpty())
        return set;
    if (geteuid() == 0)
        return QStringLiteral("/var/lib/trimscope/attachments.json");
    return QDir(QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation))
        .filePath(QStringLiteral("trimscope/attachments.json"));
}

AttachmentLedger AttachmentLedger::load(const QString &path, const QString &bootId)
{
    AttachmentLedger ledger;
    ledger.m_bootId = bootId;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return ledger;
    const QJsonObject json = QJsonDocument::fromJson(file.readAll()).object();
    if (json.value(QStringLiteral("boot_id")).toString() == bootId)
        ledger.m_devices = json.value(QStringLiteral("devices")).toObject();
    return ledger;
}

Error AttachmentLedger::save(const QString &path) const
{
    if (!QDir().mkpath(QFileInfo(path).absolutePath()))
        return makeError(ErrorCode::IoError,
                         AttachmentText::tr("cannot create the folder of %1").arg(path));
    const QJsonObject json{{QStringLiteral("boot_id"), m_bootId},
                           {QStringLiteral("devices"), m_devices}};
    return writeFileAtomically(path, QJsonDocument(json).toJson(QJsonDocument::Indented));
}

AttachmentSightings AttachmentLedger::note(const QString &name, const Sighting &now)
{
    QJsonObject device = m_devices.value(name).toObject();
    const QJsonObject first = device.value(QStringLiteral("first")).toObject();
    AttachmentSightings known;
    if (!first.isEmpty() && Sighting::fromJson(first).diskseq == now.diskseq) {
        known.first = Sighting::fromJson(first);
        if (device.contains(QStringLiteral("previous_last")))
            known.previousLast =
                Sighting::fromJson(device.value(QStringLiteral("previous_last")).toObject());
    } else {
        // A new medium: the last look at the one before is what tells whether this one began
        // with its first sighting.
        if (device.contains(QStringLiteral("last")))
            known.previousLast =
                Sighting::fromJson(device.value(QStringLiteral("last")).toObject());
        known.first = now;
        device = QJsonObject{{QStringLiteral("first"), now.toJson()}};
        if (known.previousLast)
            device.insert(QStringLiteral("previous_last"), known.previousLast->toJson());
    }
    // Only a look that saw more discards moves the last one (the GUI looks at every refresh).
    const Sighting last = Sighting::fromJson(device.value(QStringLiteral("last")).toObject());
    const auto discards = [&](const Sighting &s) {
        const fsbench::DiskStats d = s.counters.devices.value(name);
        return std::pair(d.discardIos, d.discardSectors);
    };
    if (last.diskseq != now.diskseq || discards(last) != discards(now)) {
        device.insert(QStringLiteral("last"), now.toJson());
        m_devices.insert(name, device);
        m_changed = true;
    }
    return known;
}

bool countedFromItsStart(const AttachmentSightings &known, const QString &diskName)
{
    const fsbench::DiskStats first = known.first.counters.devices.value(diskName);
    if (first.discardIos == 0)
        return true; // the disk never served one
    if (!known.previousLast)
        return false;
    const fsbench::DiskStats before = known.previousLast->counters.devices.value(diskName);
    return before.discardIos == first.discardIos && before.discardSectors == first.discardSectors;
}

Expected<AttachmentSightings> noteSighting(const QString &diskName, const CounterSnapshot &now,
                                           const QString &sysRoot, const QString &procRoot,
                                           const QString &ledgerPath)
{
    const quint64 diskseq = readDiskseq(diskName, sysRoot);
    const QString bootId = readBootId(procRoot);
    if (diskseq == 0 || bootId.isEmpty())
        return makeError(
            ErrorCode::IoError,
            QStringLiteral("%1 has no diskseq or the kernel no boot id").arg(diskName));
    // Two readers at once (the GUI, a helper's job, the CLI) each add their sighting.
    QDir().mkpath(QFileInfo(ledgerPath).absolutePath());
    QLockFile lock(ledgerPath + QStringLiteral(".lock"));
    lock.tryLock(2000);
    AttachmentLedger ledger = AttachmentLedger::load(ledgerPath, bootId);
    const AttachmentSightings known = ledger.note(diskName, {diskseq, now});
    // A ledger that cannot be written loses only later runs' baseline: this one is counted.
    if (ledger.changed())
        (void)ledger.save(ledgerPath);
    return known;
}

DiscardWatch countFromAttachment(const DiscardWatch &sinceBootWatch, const BlockDevice &disk,
                                 const CounterSnapshot &now,
                                 const Expected<AttachmentSightings> &known)
{
    DiscardWatch watch = sinceBootWatch;
    if (!known) {
        watch.foreignCounters =
            AttachmentText::tr("%1 can change its medium (a loop device attached again, a disc or "
                               "card swapped) while the kernel keeps its counters, so those since "
                               "boot may hold what earlier media were sent; watch it over a period "
                               "to count its own")
                .arg(disk.name);
        return watch;
    }
    const CounterSnapshot &first = known->first.counters;
    if (first.at >= now.at) {
        watch.foreignCounters =
            AttachmentText::tr("%1 can change its medium while the kernel keeps its counters, and "
                               "this is the first look at its present one, so its counters since "
                               "boot may hold earlier media's discards; its own are counted from "
                               "now (%2): look again later")
                .arg(disk.name, clockTime(now.at));
        return watch;
    }
    watch = compareSnapshots(disk, first, now);
    watch.countedSince =
        countedFromItsStart(*known, disk.name)
            ? AttachmentText::tr("Counted since %1, when this attachment of %2 was first seen; it "
                                 "had discarded nothing before.")
                  .arg(clockTime(first.at), disk.name)
            : AttachmentText::tr("Counted since %1, when this attachment of %2 was first seen: "
                                 "its counters since boot hold earlier media's discards too, and "
                                 "what it was sent before %1 is not known.")
                  .arg(clockTime(first.at), disk.name);
    return watch;
}

void countFromAppearance(DiscardWatch &watch, std::optional<double> appearedSeconds)
{
    // Disks found at boot are initialized by udev seconds into it: that is boot.
    if (!appearedSeconds || *appearedSeconds < 60 || *appearedSeconds >= watch.periodSeconds)
        return;
    const QDateTime boot = watch.started;
    watch.started = boot.addMSecs(qint64(*appearedSeconds * 1000));
    watch.periodSeconds -= *appearedSeconds;
    watch.countedSince = AttachmentText::tr("Counted since %1, when %2 appeared (udev's record): "
                                            "its counters began with it.")
                             .arg(clockTime(watch.started), watch.drive.name);
}

bool attachmentServedNoDiscard(const QString &diskName, const QString &sysRoot,
                               const QString &procRoot, const QString &ledgerPath)
{
    const Expected<CounterSnapshot> now = readCounters({diskName}, sysRoot);
    if (!now)
        return false;
    const fsbench::DiskStats stats = now->devices.value(diskName);
    if (!mediumCanChange(diskName, sysRoot))
        return stats.discardIos == 0;
    // Noted at nought too: a loop number removed and made again starts its counters at nought,
    // and one that then sent as many discards as the number's earlier attachment was last seen
    // with looked like that attachment's counts carried over, "none sent since" (a probe after
    // a sweep on a fresh emulated drive planned as on an untrimmed one).
    const Expected<AttachmentSightings> known =
        noteSighting(diskName, *now, sysRoot, procRoot, ledgerPath);
    if (stats.discardIos == 0)
        return true;
    return known && countedFromItsStart(*known, diskName) &&
           known->first.counters.devices.value(diskName).discardIos == stats.discardIos;
}

} // namespace trimscope::watch
