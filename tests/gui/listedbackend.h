#pragma once

#include "backends/backend.h"

namespace trimscope::test {

// A backend that offers the drives it is given, under the id it is given, and runs nothing: for
// the drive list's rows and what the tabs make of a backend's answers, without a helper or
// udisks2 behind it. A test that needs one answer of its own (a status, a health read) derives
// and overrides just that one.
class ListedBackend : public gui::Backend
{
public:
    explicit ListedBackend(QString id, QList<gui::DriveEntry> drives = {}, QString whyNot = {})
        : m_id(std::move(id)), m_drives(std::move(drives)), m_whyNot(std::move(whyNot))
    {
    }
    QString id() const override { return m_id; }
    QString displayName() const override { return m_id; }
    QString description() const override { return {}; }
    gui::BackendStatus status() const override { return {true, QString(), {}}; }
    QList<gui::DriveEntry> drives() const override { return m_drives; }
    void refresh() override {}
    QString whyNot(const JobPlan &) const override { return m_whyNot; }
    JobRunner *start(const gui::DriveEntry &, const JobPlan &) override { return nullptr; }
    void readHealth(const gui::DriveEntry &) override {}

private:
    QString m_id;
    QList<gui::DriveEntry> m_drives;
    QString m_whyNot; // why every plan is refused; empty: none is
};

} // namespace trimscope::test
