#pragma once

#include "common/expected.h"

#include <QByteArrayView>
#include <QJsonObject>
#include <QString>
#include <optional>

namespace trimscope {

// What IDENTIFY DEVICE (ACS-4, 512 bytes, little-endian words) says about TRIM and the medium.
struct AtaIdentify
{
    QString model;
    QString serial;
    QString firmware;
    bool trimSupported = false;              // word 169 bit 0 (DATA SET MANAGEMENT / TRIM)
    bool deterministicReadAfterTrim = false; // word 69 bit 14 (DRAT)
    bool readZeroesAfterTrim = false;        // word 69 bit 5 (RZAT)
    bool ncqSupported = false;               // word 76 bit 8
    // Word 77 bit 6: SEND/RECEIVE FPDMA QUEUED exist, the precondition for queued TRIM. Whether
    // the drive really accepts queued TRIM is in the NCQ Send/Recv log (13h), which we don't
    // read; libata also blacklists drives whose queued TRIM is broken.
    bool ncqSendReceiveSupported = false;
    quint16 rotationRate = 0;         // word 217: 0 not reported, 1 non-rotating, else rpm
    quint32 logicalSectorBytes = 512; // words 106, 117-118
    quint64 capacityBytes = 0;        // words 100-103 (or 60-61) × logicalSectorBytes

    // true: SSD, false: spinning disk, nullopt: the drive does not say (older SSDs too).
    std::optional<bool> nonRotating() const;
    QJsonObject toJson() const;
};

// identify must be exactly 512 bytes.
Expected<AtaIdentify> parseAtaIdentify(QByteArrayView identify);

} // namespace trimscope
