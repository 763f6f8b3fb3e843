#pragma once

#include "common/expected.h"
#include "uint128.h"

#include <QByteArrayView>
#include <QJsonObject>
#include <QString>

namespace trimscope::health {

// The parts of Identify Controller (CNS 01h, 4096 bytes) that health and TRIM advice need.
struct NvmeIdentifyController
{
    QString serial;             // bytes 4..23
    QString model;              // bytes 24..63
    QString firmware;           // bytes 64..71
    quint16 oncs = 0;           // Optional NVM Command Support, bytes 520..521
    UInt128 totalCapacityBytes; // TNVMCAP, bytes 280..295; 0 when namespace management is absent

    // ONCS bit 2: Dataset Management, whose Deallocate attribute is NVMe's TRIM.
    bool datasetManagementSupported() const { return oncs & (1u << 2); }
    // ONCS bit 3: Write Zeroes.
    bool writeZeroesSupported() const { return oncs & (1u << 3); }
    QJsonObject toJson() const;
};

constexpr qsizetype kNvmeIdentifyBytes = 4096;

// Pure parser: data must be exactly 4096 bytes.
Expected<NvmeIdentifyController> parseNvmeIdentifyController(QByteArrayView data);

} // namespace trimscope::health
