#pragma once

#include "helperprotocol.h"
#include "servicebackend.h"

namespace trimscope::gui {

// Our privileged helper (io.github.trimscope.Helper1 on the system bus): it opens the drive as
// root after polkit asks the user, and runs every kind of job as a Job object. Drives are listed
// from sysfs, which any user may read; the helper checks everything again before it touches a
// device.
class HelperBackend final : public ServiceBackend
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
    void readHealth(const DriveEntry &drive) override;

    static QString serviceName() { return QString::fromLatin1(helper::kServiceName); }

private:
    void setInstalled(bool installed);
    QString unavailable() const;
    // What it does; `why` empty: all of it, else none of it, for that reason.
    QList<BackendCapability> capabilities(const QString &why) const;
};

} // namespace trimscope::gui
