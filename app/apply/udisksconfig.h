#pragma once

#include "apply/applyplan.h"
#include "common/expected.h"

#include <QDBusConnection>
#include <QString>
#include <QVariantMap>

namespace trimscope::apply {

// /etc/fstab and /etc/crypttab lines changed through udisks2 (Block.Configuration and
// Block.UpdateConfigurationItem), checked by polkit as
// org.freedesktop.udisks2.modify-system-configuration: the system's own interface, reachable
// from the Flatpak too.

// The items as udisks2 takes them: a{sv} with NUL-terminated byte strings ("ay"), dump and pass
// as "i"; a crypttab item to add carries its (empty) "passphrase-contents".
QVariantMap udisksItem(const FstabItem &item);
QVariantMap udisksItem(const CrypttabItem &item, bool toAdd = false);
// What Block.Configuration says of one item; nothing for an item of another kind.
std::optional<FstabItem> fstabItemFrom(const QVariantMap &details);
std::optional<CrypttabItem> crypttabItemFrom(const QVariantMap &details);

// What one Block object's Configuration property (a(sa{sv}), as GetManagedObjects hands it
// over) says of /etc/fstab and /etc/crypttab: the lines udisks2 connects with that device.
struct BlockConfiguration
{
    QList<FstabItem> fstab;
    QList<CrypttabItem> crypttab;
};
BlockConfiguration blockConfigurationFrom(const QVariant &configuration);

// The Block object whose Configuration holds `item` now: the line is in the file as the preview
// saw it, and udisks2 connects it with a device. InvalidArgument in words otherwise (the line
// changed since the preview, or udisks2 does not know it).
Expected<QString> blockHolding(const QDBusConnection &bus, const FstabItem &item,
                               const QString &subject);
Expected<QString> blockHolding(const QDBusConnection &bus, const CrypttabItem &item,
                               const QString &subject);

// Block.UpdateConfigurationItem on `block`; polkit may ask for a password, so the call waits as
// long as a person might take. A denial, a dismissed prompt and udisks2 not finding the old line
// (changed meanwhile) each come back as an Error in words; the file is then as it was.
Error updateConfigurationItem(const QDBusConnection &bus, const QString &block,
                              const FstabItem &before, const FstabItem &after,
                              const QString &subject);
Error updateConfigurationItem(const QDBusConnection &bus, const QString &block,
                              const CrypttabItem &before, const CrypttabItem &after,
                              const QString &subject);

} // namespace trimscope::apply
