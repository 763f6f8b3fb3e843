#include "btrfsdiscard.h"

#include "common/jsonfields.h"
#include "systemsnapshot.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <algorithm>

namespace trimscope::audit {

namespace {

struct BtrfsText
{
    Q_DECLARE_TR_FUNCTIONS(DiscardWatch)
};

// Each file once, bound to its member: the names btrfs gives them.
const std::tuple kFiles{
    JsonField{"discardable_bytes", &BtrfsDiscardStats::discardableBytes},
    JsonField{"discardable_extents", &BtrfsDiscardStats::discardableExtents},
    JsonField{"discard_bitmap_bytes", &BtrfsDiscardStats::discardBitmapBytes},
    JsonField{"discard_extent_bytes", &BtrfsDiscardStats::discardExtentBytes},
    JsonField{"discard_bytes_saved", &BtrfsDiscardStats::discardBytesSaved},
    JsonField{"iops_limit", &BtrfsDiscardStats::iopsLimit},
    JsonField{"kbps_limit", &BtrfsDiscardStats::kbpsLimit},
    JsonField{"max_discard_size", &BtrfsDiscardStats::maxDiscardSize},
};

// A file's number; a missing file leaves the member as it is.
bool readNumber(const QMap<QString, QByteArray> &files, const char *name, quint64 &out)
{
    const auto it = files.constFind(QLatin1String(name));
    if (it == files.cend())
        return false;
    bool ok = false;
    const quint64 value = it->trimmed().toULongLong(&ok);
    if (ok)
        out = value;
    return ok;
}

} // namespace

QJsonObject BtrfsDiscardStats::toJson() const
{
    QJsonObject json = fieldsToJson(*this, kFiles);
    json.insert(QStringLiteral("fsid"), fsid);
    return json;
}

BtrfsDiscardStats BtrfsDiscardStats::fromJson(const QJsonObject &json)
{
    BtrfsDiscardStats stats;
    fieldsFromJson(json, stats, kFiles);
    stats.fsid = JsonFields(json).text("fsid");
    return stats;
}

Expected<BtrfsDiscardStats> parseBtrfsDiscard(const QString &fsid,
                                              const QMap<QString, QByteArray> &files)
{
    BtrfsDiscardStats stats;
    stats.fsid = fsid;
    std::apply(
        [&](const auto &...field) { (readNumber(files, field.key, stats.*(field.member)), ...); },
        kFiles);
    quint64 check = 0;
    if (!readNumber(files, "discardable_bytes", check) ||
        !readNumber(files, "discardable_extents", check))
        return makeError(ErrorCode::InvalidArgument,
                         BtrfsText::tr("btrfs's discard counters of %1 are missing or not "
                                       "numbers")
                             .arg(fsid));
    return stats;
}

QString btrfsFsidOf(const QString &deviceName, const QString &sysRoot)
{
    if (deviceName.isEmpty() || deviceName.contains(QLatin1Char('/')))
        return {};
    const QDir btrfs(sysRoot + QStringLiteral("/fs/btrfs"));
    for (const QString &fsid : btrfs.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        // "features" and the like have no devices/.
        if (QFileInfo::exists(btrfs.filePath(fsid + QStringLiteral("/devices/") + deviceName)))
            return fsid;
    }
    return {};
}

Expected<BtrfsDiscardStats> readBtrfsDiscard(const QString &deviceName, const QString &sysRoot)
{
    const QString fsid = btrfsFsidOf(deviceName, sysRoot);
    if (fsid.isEmpty())
        return makeError(ErrorCode::NoSuchDevice,
                         BtrfsText::tr("no mounted btrfs uses %1").arg(deviceName));
    const QDir dir(sysRoot + QStringLiteral("/fs/btrfs/") + fsid + QStringLiteral("/discard"));
    if (!dir.exists())
        return makeError(ErrorCode::Unsupported,
                         BtrfsText::tr("this kernel keeps no btrfs discard counters (Linux 5.6+ "
                                       "does)"));
    QMap<QString, QByteArray> files;
    for (const QString &name : dir.entryList(QDir::Files)) {
        QFile file(dir.filePath(name));
        if (file.open(QIODevice::ReadOnly))
            files.insert(name, file.read(64));
    }
    return parseBtrfsDiscard(fsid, files);
}

std::optional<BtrfsDiscardStats> btrfsDiscardIn(const SystemSnapshot &snapshot,
                                                const QString &deviceName)
{
    const QString root = QStringLiteral("/sys/fs/btrfs");
    for (const QString &fsid : snapshot.children(root)) {
        const QString base = root + QLatin1Char('/') + fsid;
        if (!snapshot.children(base + QStringLiteral("/devices")).contains(deviceName))
            continue;
        QMap<QString, QByteArray> files;
        const QString discard = base + QStringLiteral("/discard");
        for (const QString &name : snapshot.children(discard))
            files.insert(name, snapshot.valueOr(discard + QLatin1Char('/') + name).toUtf8());
        const Expected<BtrfsDiscardStats> stats = parseBtrfsDiscard(fsid, files);
        return stats ? std::optional(*stats) : std::nullopt;
    }
    return std::nullopt;
}

BtrfsDiscardMode btrfsDiscardMode(const QStringList &mountOptions)
{
    BtrfsDiscardMode mode = BtrfsDiscardMode::Off;
    for (const QString &option : mountOptions) { // the last one counts, as for the kernel
        if (option == QLatin1String("discard=async"))
            mode = BtrfsDiscardMode::Async;
        else if (option == QLatin1String("discard") || option == QLatin1String("discard=sync"))
            mode = BtrfsDiscardMode::Sync;
        else if (option == QLatin1String("nodiscard"))
            mode = BtrfsDiscardMode::Off;
    }
    return mode;
}

BtrfsAsyncVerdict btrfsAsyncVerdict(const BtrfsDiscardStats &stats)
{
    BtrfsAsyncVerdict verdict;
    const double byIops =
        stats.iopsLimit > 0 ? double(stats.discardableExtents) / double(stats.iopsLimit) : 0;
    const double byKbps =
        stats.kbpsLimit > 0 ? double(stats.discardableBytes) / (double(stats.kbpsLimit) * 1024) : 0;
    verdict.drainSeconds = std::max(byIops, byKbps);
    if (stats.iopsLimit > 0 && stats.iopsLimit < kMinIopsLimit) {
        verdict.kind = BtrfsAsyncVerdict::Kind::RaiseIopsLimit;
        verdict.tunable = QStringLiteral("iops_limit");
        verdict.value = kRecommendedIopsLimit;
    } else if (stats.kbpsLimit > 0 && stats.discardableBytes > kMaxBacklogBytes) {
        verdict.kind = BtrfsAsyncVerdict::Kind::LiftKbpsLimit;
        verdict.tunable = QStringLiteral("kbps_limit");
        verdict.value = 0;
    }
    return verdict;
}

} // namespace trimscope::audit
