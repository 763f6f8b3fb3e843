#pragma once

#include "common/expected.h"

#include <QString>
#include <QStringList>

namespace trimscope::apply {

// What trimscope-helper's SetCryptDiscard refreshes: an active LUKS mapping whose one target is
// dm-crypt, as its device-mapper table shows it now.
struct CryptMapping
{
    QString name; // "sda3_crypt", as in /dev/mapper
    // The table's optional parameters but allow_discards ("same_cpu_crypt", "sector_size:4096"):
    // what a refresh must keep.
    QStringList flags;
    bool allowDiscards = false;

    friend bool operator==(const CryptMapping &, const CryptMapping &) = default;
};

// A device-mapper name the helper hands to dmsetup and cryptsetup: 1 to 127 bytes of letters,
// digits and "_.+:@-", not starting with "-" (nothing either program could read as an option),
// and neither "." nor "..".
bool isMappingName(const QString &name);

// The mapping `name` from its dm UUID (/sys/block/dm-N/dm/uuid: "CRYPT-LUKS2-…") and its table
// (`dmsetup table NAME`: "0 30720 crypt aes-xts-plain64 :64:logon:… 0 7:2 32768 1
// allow_discards"), refused in words unless the name is a mapping name, the UUID a LUKS one
// (a refresh reads the key from a LUKS key slot) and the table one crypt target. Pure.
Expected<CryptMapping> cryptMapping(const QString &name, const QString &uuid, const QString &table);

// cryptsetup's arguments for refreshing `mapping` with or without discards and every other
// flag as it is now ("refresh NAME --key-file=- --perf-same_cpu_crypt --allow-discards"); the
// passphrase comes on standard input. Unsupported when the table holds a flag refresh would
// drop and cryptsetup cannot be told to keep. The flags the LUKS2 header sets (sector size,
// integrity) come back from the header.
Expected<QStringList> cryptRefreshArguments(const CryptMapping &mapping, bool allowDiscards);

} // namespace trimscope::apply
