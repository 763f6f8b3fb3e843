#pragma once

#include "backend.h"

namespace trimscope::gui {

// Our privileged helper (io.github.trimscope.Helper1 on the system bus): it opens the drive as
// root after polkit asks the user, and runs the sweep as a Job. Drives are listed from sysfs,
// which any user may read; the helper checks everything again before it touches a device.
class HelperBackend final : public Backend
{
    Q_OBJECT
public:
    explicit HelperBackend(QObject *parent = nullptr);

    QString id() const override { return QStringLiteral("helper"); }
    QString displayName() const override;
    QString description() const override;
    BackendStatus status() const override { return m_status; }
    QList<DriveEntry> drives() const override { return m_drives; }
    void refresh() override;
    SweepJob *startSweep(const DriveEntry &drive, const SweepPlan &plan) override;
    bool supportsJobs() const override { return m_status.available; }
    QString jobSupport() const override;
    Job *startJob(const DriveEntry &drive, const QString &kind,
                  const QVariantMap &options) override;
    void readHealth(const DriveEntry &drive) override;

    static QString serviceName() { return QStringLiteral("io.github.trimscope.Helper1"); }

private:
    void setInstalled(bool installed);

    BackendStatus m_status;
    QList<DriveEntry> m_drives;
};

} // namespace trimscope::gui
