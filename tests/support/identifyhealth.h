#pragma once

#include "device/ataidentify.h"
#include "device/atainformationvpd.h"
#include "health/drivehealth.h"
#include "nvmehealthreport.h"

#include <QByteArray>
#include <QFile>
#include <QString>
#include <QTest>
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

// A Health tab's drive from one of the tests' three sources: "blob:FILE" (libatasmart's blob,
// through the tab's own loader: the tab names the file), "vpd:FILE" (IDENTIFY data alone, as
// above) or "nvme:DLFEAT" (nvmeHealthReport; -1: Identify Namespace not read); `origin` names the
// last two in the tab. FILE is found under `dataDirectory` (tests/data). Empty when the tab shows
// the drive, else why not. A template over the tab so this header needs nothing from app/.
template <typename HealthTab>
QString loadTestHealth(HealthTab &tab, const QString &source, const QString &dataDirectory,
                       const QString &origin)
{
    const qsizetype colon = source.indexOf(QLatin1Char(':'));
    const QString kind = source.left(colon);
    const QString rest = source.mid(colon + 1);
    const QString file = dataDirectory + QLatin1Char('/') + rest;
    if (kind == QLatin1String("blob")) {
        if (const auto error = tab.loadBlob(file); error.isError())
            return error.message;
        // The blob's drive shows once the drive database is in.
        if (!QTest::qWaitFor([&] { return tab.health() && !tab.showsExample(); }))
            return QStringLiteral("%1: no health shown after 5 s").arg(file);
        return {};
    }
    if (kind == QLatin1String("vpd")) {
        QFile vpd(file);
        if (!vpd.open(QIODevice::ReadOnly))
            return QStringLiteral("cannot read %1").arg(file);
        const auto h = healthFromIdentifyVpd(vpd.readAll());
        if (!h)
            return QStringLiteral("%1: no IDENTIFY data").arg(file);
        tab.setHealth(*h, origin);
        return {};
    }
    if (kind == QLatin1String("nvme")) {
        const auto h = trimscope::health::DriveHealth::fromJson(nvmeHealthReport(rest.toInt()), {});
        if (!h)
            return h.error().message;
        tab.setHealth(*h, origin);
        return {};
    }
    return QStringLiteral("unknown health source %1").arg(source);
}
