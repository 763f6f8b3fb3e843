#pragma once

#include "systembusbackend.h"
#include "udisksobjects.h"

namespace trimscope::gui {

// The host's udisks2 on the system bus: it lists the drives and, after its own polkit check,
// hands us a writable fd (Block.OpenDevice); the job then runs in the app (UdisksJobRunner). The
// Flatpak path.
class UdisksBackend final : public SystemBusBackend
{
    Q_OBJECT
public:
    explicit UdisksBackend(QObject *parent = nullptr);

    QString id() const override { return QStringLiteral("udisks"); }
    QString displayName() const override;
    QString description() const override;
    void refresh() override;
    QString whyNot(const JobPlan &plan) const override;
    JobRunner *start(const DriveEntry &drive, const JobPlan &plan) override;
    void readHealth(const DriveEntry &drive) override;

private:
    void takeObjects(const UdisksObjects &objects);
    QString objectPathFor(const QString &entryId) const;

    QMap<QString, QString> m_objectPaths; // entry id -> udisks block object
};

} // namespace trimscope::gui
