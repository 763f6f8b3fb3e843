#pragma once

#include "common/error.h"
#include "health/drivehealth.h"
#include "udisksdevices.h"

#include <QDBusConnection>
#include <QObject>
#include <QVariantList>
#include <functional>

class QDBusMessage;

namespace trimscope {

// A drive's health as the host's udisks2 reads it (as root, on its side): ATA through
// Drive.Ata (SmartUpdate, then SmartGetAttributes and the properties), NVMe through
// NVMe.Controller where udisks has it (2.10 and later). For an app that may not send ATA or NVMe
// commands itself: the Flatpak, or a user without the TrimScope helper. Never blocks; ends with
// exactly one finished().
class UdisksHealthReader final : public QObject
{
    Q_OBJECT
public:
    explicit UdisksHealthReader(QDBusConnection bus = QDBusConnection::systemBus(),
                                QObject *parent = nullptr);

    // `device`: a /dev path as udisks names it, or a node on this system; `objectPath` (the
    // block object) when known.
    void read(const QString &device, const QString &objectPath = {},
              const health::LifespanAssumptions &assumptions = {});

    // Without refresh, no SmartUpdate: what udisksd read on its own last poll, so that the drive
    // is asked nothing (nor woken) beyond udisksd's own polling and polkit is never asked (the
    // history's collector).
    void setRefresh(bool refresh) { m_refresh = refresh; }

    // Waits for read() (the CLI); the error, or the health.
    static Expected<health::DriveHealth> readNow(const QString &device,
                                                 const health::LifespanAssumptions &assumptions,
                                                 QDBusConnection bus = QDBusConnection::systemBus(),
                                                 bool refresh = true);

signals:
    // On failure `error` says why in words (Unsupported: not through udisks on this system).
    void finished(const trimscope::Error &error, const trimscope::health::DriveHealth &health);

private:
    // One asynchronous call to udisks' drive object; `then` gets the reply or the error.
    void callDrive(const QString &drivePath, const QString &interface, const QString &method,
                   const QVariantList &arguments, int timeoutMs,
                   std::function<void(const QDBusMessage &)> then);
    void readAta(const UdisksDisk &disk);
    void readNvme(const UdisksDisk &disk);
    void fail(const Error &error);
    void done(health::DriveHealth health);

    QDBusConnection m_bus;
    QString m_device;
    health::LifespanAssumptions m_assumptions;
    QString m_version; // udisks' Manager.Version
    BlockDevice m_facts;
    bool m_finished = false;
    bool m_refresh = true;
};

} // namespace trimscope
