#pragma once

#include "common/expected.h"

#include <QDateTime>
#include <QJsonObject>
#include <QMap>
#include <QString>
#include <QStringList>
#include <optional>

namespace trimscope::audit {

inline const QString kHostViewKey = QStringLiteral("view:udisks2");
// The live mount options are out of sight: the mounts carry their /etc/fstab line's options.
inline const QString kHostViewFstabOptions = QStringLiteral("mount-options-from-fstab");
// systemd did not answer: whether fstrim.timer is enabled is not known.
inline const QString kHostViewNoSystemd = QStringLiteral("fstrim-timer-unknown");
// udisks2 did not answer: nothing of the host was seen, only the sandbox.
inline const QString kHostViewNoUdisks = QStringLiteral("udisks2-unreachable");

// Everything the TRIM audit looks at, frozen: the text of each file keyed by its absolute path.
// The audit itself is pure functions over this value, so a snapshot saved from a user's machine
// reproduces their report exactly, and tests run on recorded snapshots without the real system.
//
// Key conventions:
//   "/sys/class/block/sda2/start"   -> file content, trailing newline stripped
//   "/sys/class/block/sda2"          -> a symlink is recorded as its target ("../../devices/...")
//   "cmd:dmsetup table"              -> stdout of a read-only command
//   "statvfs:/home"                  -> "frsize blocks bfree bavail" of a mounted filesystem
//   "mtime:/var/lib/systemd/timers/stamp-fstrim.timer" -> ISO 8601 UTC modification time
//   "view:udisks2"                   -> seen from a sandbox through udisks2
//   (app/apply/hostsnapshot):
//                                       what that left out of sight, kHostView* words below
// A path that did not exist or could not be read is simply absent.
class SystemSnapshot
{
public:
    static constexpr int SchemaVersion = 1;

    // Reads the live machine, read-only; never needs root, records more when it has it.
    static SystemSnapshot capture();

    std::optional<QString> value(const QString &key) const;
    QString valueOr(const QString &key, const QString &fallback = {}) const;
    bool contains(const QString &key) const { return m_entries.contains(key); }
    void insert(const QString &key, const QString &value) { m_entries.insert(key, value); }
    // Names directly below dir, e.g. children("/sys/class/block/dm-0/slaves") -> {"sda2"}.
    QStringList children(const QString &dir) const;
    const QMap<QString, QString> &entries() const { return m_entries; }

    QDateTime capturedAt() const { return m_capturedAt; }
    void setCapturedAt(const QDateTime &when) { m_capturedAt = when; }

    QJsonObject toJson() const;
    static Expected<SystemSnapshot> fromJson(const QJsonObject &json);
    static Expected<SystemSnapshot> fromJsonBytes(const QByteArray &bytes);

    friend bool operator==(const SystemSnapshot &, const SystemSnapshot &) = default;

private:
    QMap<QString, QString> m_entries;
    QDateTime m_capturedAt;
};

} // namespace trimscope::audit
