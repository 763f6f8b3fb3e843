#include "argumentlimits.h"

#include <QDBusArgument>

namespace trimscope::helper {

namespace {

// The largest option map and device string a caller may send: the options of every kind fit
// in a few hundred bytes; the cap keeps a caller from parking megabytes in root's memory while
// a prompt is open.
constexpr qsizetype kMaxDeviceChars = 4096;
constexpr qsizetype kMaxOptionBytes = 64 * 1024;
constexpr qsizetype kMaxOptionEntries = 64;
// cryptsetup reads at most 512 characters of a passphrase typed at its own prompt; a few times
// that leaves room for any UTF-8 and still keeps root's memory small.

// What a variant holds, roughly, in bytes: strings and byte arrays by their length, containers
// by their elements; numbers and flags a few bytes.
qsizetype approximateBytes(const QVariant &value)
{
    switch (value.metaType().id()) {
    case QMetaType::QString:
        return value.toString().size() * 2;
    case QMetaType::QByteArray:
        return value.toByteArray().size();
    case QMetaType::QStringList: {
        qsizetype bytes = 0;
        for (const QString &text : value.toStringList())
            bytes += text.size() * 2 + 8;
        return bytes;
    }
    case QMetaType::QVariantList: {
        qsizetype bytes = 0;
        for (const QVariant &item : value.toList())
            bytes += approximateBytes(item) + 8;
        return bytes;
    }
    case QMetaType::QVariantMap: {
        qsizetype bytes = 0;
        const QVariantMap map = value.toMap();
        for (auto it = map.cbegin(); it != map.cend(); ++it)
            bytes += it.key().size() * 2 + approximateBytes(it.value()) + 8;
        return bytes;
    }
    default:
        // A D-Bus argument QtDBus could not demarshal into a plain type: count its signature
        // generously so that nested oddities cannot slip under the cap.
        return value.canConvert<QDBusArgument>() ? kMaxOptionBytes : 16;
    }
}

} // namespace

Error checkArgumentSizes(const QString &device, const QVariantMap &options)
{
    if (device.size() > kMaxDeviceChars)
        return makeError(
            ErrorCode::InvalidArgument,
            QStringLiteral("the device path is longer than %1 characters").arg(kMaxDeviceChars));
    if (options.size() > kMaxOptionEntries || approximateBytes(QVariant(options)) > kMaxOptionBytes)
        return makeError(ErrorCode::InvalidArgument,
                         QStringLiteral("the options are larger than any job needs (at most %1 "
                                        "entries, %2 bytes)")
                             .arg(kMaxOptionEntries)
                             .arg(kMaxOptionBytes));
    return {};
}

Error checkPassphraseSize(const QByteArray &passphrase)
{
    if (passphrase.isEmpty())
        return makeError(ErrorCode::InvalidArgument, QStringLiteral("the passphrase is empty"));
    if (passphrase.size() > kMaxPassphraseBytes)
        return makeError(
            ErrorCode::InvalidArgument,
            QStringLiteral("the passphrase is longer than %1 bytes").arg(kMaxPassphraseBytes));
    return {};
}

} // namespace trimscope::helper
