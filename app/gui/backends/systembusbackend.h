#pragma once

#include "backend.h"

#include <QDBusConnection>
#include <optional>

namespace trimscope::gui {

// A backend whose drives come through the system D-Bus (our helper, the host's udisks2): the
// status and drive list it keeps, and the check that there is a system bus at all.
class SystemBusBackend : public Backend
{
    Q_OBJECT
public:
    BackendStatus status() const override { return m_status; }
    QList<DriveEntry> drives() const override { return m_drives; }

protected:
    // `looking` is the status until the first answer ("looking for udisks2…").
    SystemBusBackend(const QString &looking, QObject *parent);

    // The system bus, or nothing after the status says there is none (and changed() is out).
    std::optional<QDBusConnection> systemBus();
    void setUnavailable(const QString &summary);
    void setAvailable(QList<DriveEntry> drives);

private:
    BackendStatus m_status;
    QList<DriveEntry> m_drives;
};

} // namespace trimscope::gui
