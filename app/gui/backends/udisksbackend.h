#pragma once

#include "servicebackend.h"
#include "udisksdevices.h"

#include <QDBusConnection>

namespace trimscope::gui {

// The host's udisks2 on the system bus: it lists the drives and, after its own polkit check,
// hands us a writable fd (Block.OpenDevice); the job then runs in the app (UdisksJobRunner). It
// also reads SMART as root on its side (Drive.Ata; NVMe.Controller from udisks 2.10), which we
// show as health. The Flatpak path.
class UdisksBackend final : public ServiceBackend
{
    Q_OBJECT
public:
    explicit UdisksBackend(QObject *parent = nullptr);
    explicit UdisksBackend(QDBusConnection bus, QObject *parent = nullptr);

    QString id() const override { return QStringLiteral("udisks"); }
    QString displayName() const override;
    QString description() const override;
    void refresh() override;
    QString whyNot(const JobPlan &plan) const override;
    JobRunner *start(const DriveEntry &drive, const JobPlan &plan) override;
    void readHealth(const DriveEntry &drive) override;

    // polkit's answer for us, without asking anyone: yes, only after a password, or no.
    enum class Permission { Unknown, Yes, AfterPassword, No };

private:
    void takeObjects(const UdisksObjects &objects);
    void askPolkit(const QString &action, int generation);
    void updateCapabilities();

    QDBusConnection m_bus;
    QMap<QString, QString> m_objectPaths; // entry id -> udisks block object
    QString m_version;                    // udisks' Manager.Version
    QString m_unreachable;                // why udisks did not answer (empty: not running)
    bool m_nvmeInterface = false;         // a drive offers NVMe.Controller (udisks >= 2.10)
    QStringList m_actions;                // the open-device actions the listed drives need
    QMap<QString, Permission> m_permissions;
    int m_generation = 0; // answers of an older refresh are dropped
};

} // namespace trimscope::gui
