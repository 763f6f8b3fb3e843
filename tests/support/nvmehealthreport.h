#pragma once

#include <QJsonObject>

// The health report `trimscope-cli health --json` saves for QEMU's NVMe drive (Dataset
// Management supported), with Identify Namespace's DLFEAT byte, or without that page (-1: not
// read, as without root).
inline QJsonObject nvmeHealthReport(int dlfeat)
{
    QJsonObject report{
        {QStringLiteral("schema"), QStringLiteral("io.github.trimscope.health")},
        {QStringLiteral("schema_version"), 1},
        {QStringLiteral("source"), QStringLiteral("/dev/nvme0n1")},
        {QStringLiteral("kind"), QStringLiteral("nvme")},
        {QStringLiteral("model"), QStringLiteral("QEMU NVMe Ctrl")},
        {QStringLiteral("capacity_bytes"), 268435456},
        {QStringLiteral("nvme"), QJsonObject{{QStringLiteral("available_spare_percent"), 100}}},
        {QStringLiteral("nvme_identify"),
         QJsonObject{{QStringLiteral("model"), QStringLiteral("QEMU NVMe Ctrl")},
                     {QStringLiteral("oncs"), 0x5f}}},
    };
    if (dlfeat >= 0)
        report.insert(QStringLiteral("nvme_namespace"),
                      QJsonObject{{QStringLiteral("dlfeat"), dlfeat}});
    return report;
}
