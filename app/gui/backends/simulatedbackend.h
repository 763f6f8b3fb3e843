#pragma once

#include "backend.h"

namespace trimscope::gui {

// The core's simulated drives, run in process. Always available, so the app is useful (and
// testable) with no spare drive and no privileges.
class SimulatedBackend final : public Backend
{
    Q_OBJECT
public:
    explicit SimulatedBackend(QObject *parent = nullptr);

    // 1: the modelled time (default); 0.1: ten times faster; 0: as fast as the CPU allows.
    void setTimeScale(double scale) { m_timeScale = scale; }
    double timeScale() const { return m_timeScale; }

    QString id() const override { return QStringLiteral("simulated"); }
    QString displayName() const override;
    QString description() const override;
    BackendStatus status() const override;
    QList<DriveEntry> drives() const override;
    void refresh() override;
    QString whyNot(const JobPlan &plan) const override;
    JobRunner *start(const DriveEntry &drive, const JobPlan &plan) override;
    void readHealth(const DriveEntry &drive) override;

private:
    QList<DriveEntry> m_drives;
    double m_timeScale = 1.0;
};

} // namespace trimscope::gui
