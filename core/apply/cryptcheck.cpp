#include "cryptcheck.h"

#include "applytext.h"

#include <QRegularExpression>

namespace trimscope::apply {

namespace {

// The kernel's DM_NAME_LEN (128) with its terminating zero.
constexpr qsizetype kMaxMappingNameBytes = 127;

const QString kAllowDiscards = QStringLiteral("allow_discards");

// The table's activation flags cryptsetup refresh resets unless told again, and how to tell it.
struct PerformanceFlag
{
    const char *table;
    const char *option;
};
constexpr PerformanceFlag kPerformanceFlags[] = {
    {"same_cpu_crypt", "--perf-same_cpu_crypt"},
    {"submit_from_crypt_cpus", "--perf-submit_from_crypt_cpus"},
    {"no_read_workqueue", "--perf-no_read_workqueue"},
    {"no_write_workqueue", "--perf-no_write_workqueue"},
};

// What a LUKS2 header (or LUKS1's fixed format) determines: refresh sets them again from there.
bool comesFromHeader(const QString &flag)
{
    return flag == QLatin1String("iv_large_sectors") ||
           flag.startsWith(QLatin1String("sector_size:")) ||
           flag.startsWith(QLatin1String("integrity:"));
}

} // namespace

bool isMappingName(const QString &name)
{
    static const QRegularExpression allowed(QStringLiteral("^[A-Za-z0-9_.+:@][A-Za-z0-9_.+:@-]*$"));
    return !name.isEmpty() && name.toUtf8().size() <= kMaxMappingNameBytes &&
           name != QLatin1String(".") && name != QLatin1String("..") &&
           allowed.match(name).hasMatch();
}

Expected<CryptMapping> cryptMapping(const QString &name, const QString &uuid, const QString &table)
{
    if (!isMappingName(name))
        return makeError(
            ErrorCode::InvalidArgument,
            ApplyText::tr("“%1” is not the name of a device-mapper device").arg(name.left(200)));
    if (!uuid.startsWith(QLatin1String("CRYPT-LUKS1-")) &&
        !uuid.startsWith(QLatin1String("CRYPT-LUKS2-")))
        return makeError(ErrorCode::Unsupported,
                         ApplyText::tr("/dev/mapper/%1 is not an open LUKS device: TrimScope "
                                       "refreshes only those.")
                             .arg(name));
    const QStringList lines = table.trimmed().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    // start length crypt cipher key iv_offset device offset [count flag…]
    const QStringList fields = lines.value(0).split(QLatin1Char(' '), Qt::SkipEmptyParts);
    if (lines.size() != 1 || fields.size() < 8 || fields.at(2) != QLatin1String("crypt"))
        return makeError(ErrorCode::Unsupported,
                         ApplyText::tr("/dev/mapper/%1 is not one dm-crypt target (its table: "
                                       "%2)")
                             .arg(name, lines.value(0).section(QLatin1Char(' '), 0, 2)));
    // The optional parameters, when there are any, are counted first.
    const QStringList optional = fields.mid(8);
    bool counted = true;
    if (!optional.isEmpty()) {
        bool number = false;
        counted = optional.first().toInt(&number) == optional.size() - 1 && number;
    }
    if (!counted)
        return makeError(ErrorCode::Unsupported,
                         ApplyText::tr("The table of /dev/mapper/%1 cannot be read: %2")
                             .arg(name, optional.join(QLatin1Char(' '))));
    CryptMapping mapping{name, {}, false};
    for (const QString &flag : optional.mid(1)) {
        if (flag == kAllowDiscards)
            mapping.allowDiscards = true;
        else
            mapping.flags.append(flag);
    }
    return mapping;
}

Expected<QStringList> cryptRefreshArguments(const CryptMapping &mapping, bool allowDiscards)
{
    QStringList arguments{QStringLiteral("refresh"), mapping.name, QStringLiteral("--key-file=-")};
    for (const QString &flag : mapping.flags) {
        const auto known =
            std::find_if(std::begin(kPerformanceFlags), std::end(kPerformanceFlags),
                         [&](const PerformanceFlag &f) { return flag == QLatin1String(f.table); });
        if (known != std::end(kPerformanceFlags))
            arguments.append(QString::fromLatin1(known->option));
        else if (!comesFromHeader(flag))
            return makeError(ErrorCode::Unsupported,
                             ApplyText::tr("/dev/mapper/%1 was opened with “%2”, which a "
                                           "refresh by TrimScope would not keep.")
                                 .arg(mapping.name, flag));
    }
    if (allowDiscards)
        arguments.append(QStringLiteral("--allow-discards"));
    return arguments;
}

} // namespace trimscope::apply
