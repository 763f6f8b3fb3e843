#include "udisksconfig.h"

#include "polkitcheck.h"
#include "refusalwords.h"
#include "udisksdevices.h"

#include <QCoreApplication>
#include <QDBusArgument>
#include <QDBusMessage>
#include <QDBusMetaType>
#include <QDBusReply>
#include <QDBusVariant>

namespace trimscope::apply::udisksdetail {

// Block.UpdateConfigurationItem's items: (sa{sv}).
struct ConfigurationItem
{
    QString first; // "fstab", "crypttab"
    QVariantMap second;
};

QDBusArgument &operator<<(QDBusArgument &argument, const ConfigurationItem &item)
{
    argument.beginStructure();
    argument << item.first << item.second;
    argument.endStructure();
    return argument;
}

const QDBusArgument &operator>>(const QDBusArgument &argument, ConfigurationItem &item)
{
    argument.beginStructure();
    argument >> item.first >> item.second;
    argument.endStructure();
    return argument;
}

} // namespace trimscope::apply::udisksdetail

Q_DECLARE_METATYPE(trimscope::apply::udisksdetail::ConfigurationItem)

namespace trimscope::apply {

namespace {

using udisksdetail::ConfigurationItem;

struct UdisksConfigText
{
    Q_DECLARE_TR_FUNCTIONS(UdisksConfig)
};

const QString kBlock = QStringLiteral("org.freedesktop.UDisks2.Block");
// polkit may ask for a password: wait as long as a person might take.
constexpr int kUdisksCallTimeoutMs = 5 * 60 * 1000;
constexpr int kListTimeoutMs = 10000;

QByteArray bytes(const QString &text)
{
    return text.toUtf8() + '\0';
}

QString text(const QVariant &value)
{
    QByteArray raw = value.toByteArray();
    if (raw.endsWith('\0'))
        raw.chop(1);
    return QString::fromUtf8(raw);
}

const QString kModifyAction = QStringLiteral("org.freedesktop.udisks2.modify-system-configuration");

// The answer polkit gave udisks2, in words; the file is as it was. `what`: "udisks2 did not
// change the line for / in /etc/fstab", a whole clause (translations need one). `passwordWouldDo`
// as udisksRefusal takes it.
Error udisksErrorInWords(const QString &name, const QString &message, const QString &what,
                         std::optional<bool> passwordWouldDo)
{
    const ErrorCode refusal = udisksRefusal(name, passwordWouldDo);
    if (refusal == ErrorCode::None)
        return makeError(ErrorCode::IoError, UdisksConfigText::tr("%1: %2").arg(what, message));
    return polkitRefusalInWords(refusal, what, kModifyAction);
}

// Block.Configuration, a(sa{sv}), as GetManagedObjects hands it over.
QList<ConfigurationItem> configurationOf(const QVariant &value)
{
    QList<ConfigurationItem> items;
    if (!value.canConvert<QDBusArgument>())
        return items;
    const QDBusArgument argument = value.value<QDBusArgument>();
    if (argument.currentType() != QDBusArgument::ArrayType)
        return items;
    argument.beginArray();
    while (!argument.atEnd()) {
        ConfigurationItem item;
        argument >> item;
        items.append(item);
    }
    argument.endArray();
    return items;
}

template <class Item, class Parse>
Expected<QString> findBlock(const QDBusConnection &bus, const Item &item, const QString &file,
                            const QString &subject, Parse parse)
{
    registerUdisksTypes();
    const Expected<UdisksObjects> objects = fetchUdisksObjects(bus, kListTimeoutMs);
    if (!objects)
        return makeError(
            ErrorCode::Unsupported,
            UdisksConfigText::tr("udisks2 is not reachable, and it is what changes %1: %2")
                .arg(file, objects.error().message));
    for (auto it = objects->cbegin(); it != objects->cend(); ++it) {
        if (!it.value().contains(kBlock))
            continue;
        const QVariant configuration =
            it.value().value(kBlock).value(QStringLiteral("Configuration"));
        for (const ConfigurationItem &entry : configurationOf(configuration)) {
            const auto known = parse(entry.second);
            if (known && *known == item)
                return it.key().path();
        }
    }
    return makeError(
        ErrorCode::InvalidArgument,
        UdisksConfigText::tr("udisks2 knows no line in %1 for %2 as the preview showed it: the "
                             "line changed since, or udisks2 does not connect it with a device "
                             "it knows. Nothing was changed.")
            .arg(file, subject));
}

template <class Item>
Error update(const QDBusConnection &bus, const QString &block, const QString &type,
             const Item &before, const Item &after, const QString &file, const QString &subject)
{
    QDBusMessage call = QDBusMessage::createMethodCall(kUdisksService, block, kBlock,
                                                       QStringLiteral("UpdateConfigurationItem"));
    qDBusRegisterMetaType<ConfigurationItem>();
    const auto itemArgument = [&](const QVariantMap &details) {
        return QVariant::fromValue(ConfigurationItem{type, details});
    };
    QVariantMap newItem;
    if constexpr (std::is_same_v<Item, CrypttabItem>)
        newItem = udisksItem(after, /*toAdd=*/true);
    else
        newItem = udisksItem(after);
    call << itemArgument(udisksItem(before)) << itemArgument(newItem) << QVariantMap();
    call.setInteractiveAuthorizationAllowed(true);
    const QDBusMessage reply = bus.call(call, QDBus::Block, kUdisksCallTimeoutMs);
    if (reply.type() != QDBusMessage::ErrorMessage)
        return {};
    const QString what =
        UdisksConfigText::tr("udisks2 did not change the line for %1 in %2").arg(subject, file);
    if (reply.errorMessage().contains(QLatin1String("Didn't find entry to remove")))
        return makeError(
            ErrorCode::InvalidArgument,
            UdisksConfigText::tr("The line for %1 in %2 changed since the preview: udisks2 did "
                                 "not find it as it was. Nothing was changed.")
                .arg(subject, file));
    // Blocking is fine here: an apply runs on the GUI's worker thread (ApplyJob) or in the CLI.
    const std::optional<bool> passwordWouldDo =
        helper::passwordWouldHaveDone(bus, udisksRefusal(reply.errorName()), kModifyAction);
    return udisksErrorInWords(reply.errorName(), reply.errorMessage(), what, passwordWouldDo);
}

} // namespace

QVariantMap udisksItem(const FstabItem &item)
{
    return {{QStringLiteral("fsname"), bytes(item.fsname)},
            {QStringLiteral("dir"), bytes(item.dir)},
            {QStringLiteral("type"), bytes(item.type)},
            {QStringLiteral("opts"), bytes(item.opts)},
            {QStringLiteral("freq"), item.freq},
            {QStringLiteral("passno"), item.passno}};
}

QVariantMap udisksItem(const CrypttabItem &item, bool toAdd)
{
    QVariantMap details{{QStringLiteral("name"), bytes(item.name)},
                        {QStringLiteral("device"), bytes(item.device)},
                        {QStringLiteral("passphrase-path"), bytes(item.passphrasePath)},
                        {QStringLiteral("options"), bytes(item.options)}};
    // udisksd wants it for a new item; empty, with an empty path: "none", no key file written.
    if (toAdd)
        details.insert(QStringLiteral("passphrase-contents"), bytes(QString()));
    return details;
}

std::optional<FstabItem> fstabItemFrom(const QVariantMap &details)
{
    if (!details.contains(QStringLiteral("fsname")) || !details.contains(QStringLiteral("dir")))
        return std::nullopt;
    return FstabItem{text(details.value(QStringLiteral("fsname"))),
                     text(details.value(QStringLiteral("dir"))),
                     text(details.value(QStringLiteral("type"))),
                     text(details.value(QStringLiteral("opts"))),
                     details.value(QStringLiteral("freq")).toInt(),
                     details.value(QStringLiteral("passno")).toInt()};
}

std::optional<CrypttabItem> crypttabItemFrom(const QVariantMap &details)
{
    if (!details.contains(QStringLiteral("name")) || !details.contains(QStringLiteral("device")))
        return std::nullopt;
    return CrypttabItem{text(details.value(QStringLiteral("name"))),
                        text(details.value(QStringLiteral("device"))),
                        text(details.value(QStringLiteral("passphrase-path"))),
                        text(details.value(QStringLiteral("options")))};
}

BlockConfiguration blockConfigurationFrom(const QVariant &configuration)
{
    BlockConfiguration items;
    for (const ConfigurationItem &entry : configurationOf(configuration)) {
        if (entry.first == QLatin1String("fstab")) {
            if (const auto item = fstabItemFrom(entry.second))
                items.fstab.append(*item);
        } else if (entry.first == QLatin1String("crypttab")) {
            if (const auto item = crypttabItemFrom(entry.second))
                items.crypttab.append(*item);
        }
    }
    return items;
}

Expected<QString> blockHolding(const QDBusConnection &bus, const FstabItem &item,
                               const QString &subject)
{
    return findBlock(bus, item, QStringLiteral("/etc/fstab"), subject, fstabItemFrom);
}

Expected<QString> blockHolding(const QDBusConnection &bus, const CrypttabItem &item,
                               const QString &subject)
{
    return findBlock(bus, item, QStringLiteral("/etc/crypttab"), subject, crypttabItemFrom);
}

Error updateConfigurationItem(const QDBusConnection &bus, const QString &block,
                              const FstabItem &before, const FstabItem &after,
                              const QString &subject)
{
    return update(bus, block, QStringLiteral("fstab"), before, after, QStringLiteral("/etc/fstab"),
                  subject);
}

Error updateConfigurationItem(const QDBusConnection &bus, const QString &block,
                              const CrypttabItem &before, const CrypttabItem &after,
                              const QString &subject)
{
    return update(bus, block, QStringLiteral("crypttab"), before, after,
                  QStringLiteral("/etc/crypttab"), subject);
}

} // namespace trimscope::apply
