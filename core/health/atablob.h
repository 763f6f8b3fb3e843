#pragma once

#include "common/expected.h"

#include <QByteArray>
#include <QByteArrayView>
#include <optional>

namespace trimscope::health {

// The sections of a libatasmart blob (what `skdump --save` writes and sk_disk_get_blob returns):
// records of a 4-byte big-endian tag ('IDFY', 'SMST', 'SMDT', 'SMTH'), a 4-byte big-endian size
// and the payload. We read it ourselves only for what libatasmart does not expose (IDENTIFY words
// for TRIM, rotation rate, capacity); attribute parsing stays with libatasmart.
struct AtaBlobSections
{
    QByteArray identify; // 512 bytes of IDENTIFY DEVICE, or empty
    std::optional<bool> smartStatusGood;
    QByteArray smartData;       // 512 bytes of SMART READ DATA, or empty
    QByteArray smartThresholds; // 512 bytes of SMART READ THRESHOLDS, or empty
};

// The most any valid blob can hold (4 records); anything larger is refused before parsing.
constexpr qsizetype kMaxAtaBlobBytes = 4 * (8 + 512);

Expected<AtaBlobSections> splitAtaBlob(QByteArrayView blob);

} // namespace trimscope::health
