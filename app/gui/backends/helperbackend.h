#pragma once

#include "backend.h"

namespace trimscope::gui {

// Our privileged helper (io.github.trimscope.Helper1 on the system bus).
//
// UNAVAILABLE IN THIS BUILD: the helper's D-Bus XML and client library
// (trimscope_helperclient) have not landed yet. Until they do, this backend lists no drives
// and says why: it looks on the system bus whether the helper is installed at all, so the
// window can tell "helper not installed" from "installed, but this build cannot talk to it".
class HelperBackend final : public Backend
{
    Q_OBJECT
public:
    explicit HelperBackend(QObject *parent = nullptr);

    QString id() const override { return QStringLiteral("helper"); }
    QString displayName() const override;
    QString description() const override;
    BackendStatus status() const override { return m_status; }
    QList<DriveEntry> drives() const override { return {}; }
    void refresh() override;
    SweepJob *startSweep(const DriveEntry &drive, const SweepPlan &plan) override;

    static QString serviceName() { return QStringLiteral("io.github.trimscope.Helper1"); }

private:
    BackendStatus m_status;
};

} // namespace trimscope::gui
