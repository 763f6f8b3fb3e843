#pragma once

#include "device/ataidentify.h"
#include "device/atainformationvpd.h"
#include "health/drivehealth.h"

#include <QByteArray>
#include <optional>

// A drive's health from its IDENTIFY data alone, as the kernel keeps it for a libata disk
// (sysfs device/vpd_pg89; the QEMU guest's Samsung 870 EVO in tests/data/sysfs): no SMART
// attributes, only what IDENTIFY says. nullopt: no IDENTIFY data in the page.
inline std::optional<trimscope::health::DriveHealth> healthFromIdentifyVpd(const QByteArray &vpd)
{
    const auto identify = trimscope::identifyDataFromAtaInformationVpd(vpd);
    if (!identify)
        return std::nullopt;
    const auto ata = trimscope::parseAtaIdentify(*identify);
    if (!ata)
        return std::nullopt;
    trimscope::health::DriveHealth h;
    h.ata = trimscope::health::AtaHealth{};
    h.ata->identify = *ata;
    h.model = ata->model;
    h.trimSupported = ata->trimSupported;
    return h;
}
