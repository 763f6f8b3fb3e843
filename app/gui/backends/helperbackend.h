#pragma once

#include "systembusbackend.h"

namespace trimscope::gui {

// Our privileged helper (io.github.trimscope.Helper1 on the system bus): it opens the drive as
// root after polkit asks the user, and runs every kind of job as a Job object. Drives are listed
// from sysfs, which any user may read; the helper checks everything again before it touches a
// device.
class HelperBackend final : public SystemBusBackend
{
    Q_OBJECT
public:
    explicit HelperBackend(QObject *parent = nullptr);

    QString id() const override { return QStringLiteral("helper"); }
    QString displayName() const override;
    QString description() const override;
    void refresh() override;
    QString whyNot(const JobPlan &plan) const override;
    JobRunner *start(const DriveEntry &drive, const JobPlan &plan) override;
    bool readsHealth() const override { return status().available; }
    void readHealth(const DriveEntry &drive) override;

    static QString serviceName() { return QStringLiteral("io.github.trimscope.Helper1"); }

private:
    void setInstalled(bool installed);
    QString unavailable() const;
};

} // namespace trimscope::gui
