#pragma once

#include "backend.h"

namespace trimscope::gui {

// A backend served by a service on the system bus (udisks2, our helper): its status and drives
// are what its last refresh found there, and it reads health while the service is available.
class ServiceBackend : public Backend
{
public:
    using Backend::Backend;

    BackendStatus status() const override { return m_status; }
    QList<DriveEntry> drives() const override { return m_drives; }
    bool readsHealth() const override { return m_status.available; }

protected:
    BackendStatus m_status;
    QList<DriveEntry> m_drives;
};

} // namespace trimscope::gui
