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

// What a read of a deallocated (trimmed) logical block returns, as Identify Namespace's DLFEAT
// says (NVMe Base 2.0, Figure 276, byte 32, bits 2:0).
enum class DeallocatedRead {
    NotReported, // 000b, or a value the specification reserves
    Zeroes,      // 001b: every byte 00h
    Ones,        // 010b: every byte FFh
};
QString deallocatedReadName(DeallocatedRead read); // "not-reported", "zeroes", "ones"

// The part of Identify Namespace (CNS 00h, 4096 bytes) that says what TRIM leaves behind.
struct NvmeIdentifyNamespace
{
    quint8 dlfeat = 0; // Deallocate Logical Block Features, byte 32

    DeallocatedRead deallocatedRead() const;
    // Bit 3: Write Zeroes may deallocate instead of writing (the kernel's REQ_OP_WRITE_ZEROES
    // without REQ_NOUNMAP).
    bool writeZeroesDeallocates() const { return dlfeat & (1u << 3); }
    QJsonObject toJson() const;
};

constexpr qsizetype kNvmeIdentifyBytes = 4096;

// Pure parser: data must be exactly 4096 bytes.
Expected<NvmeIdentifyController> parseNvmeIdentifyController(QByteArrayView data);
// Pure parser: data must be exactly 4096 bytes.
Expected<NvmeIdentifyNamespace> parseNvmeIdentifyNamespace(QByteArrayView data);

} // namespace trimscope::health
