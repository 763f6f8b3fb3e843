#pragma once

#include "experimenttab.h"

class QCheckBox;
class QComboBox;
class QTableWidget;

namespace trimscope::gui {

class BarChart;

// The filesystem experiments (issue 6): the delete workload with and without online discard,
// and mkfs with and without its whole-device discard, as grouped bars (phase × discard on/off
// × filesystem) and a table. Results come from a run through the backend's jobs (the helper's
// fsbench and mkfs-timing), the drive's saved runs, or "Open result…" (the CLI's JSON).
class FilesystemTab : public ExperimentTab
{
    Q_OBJECT
public:
    explicit FilesystemTab(SavedRuns *runs = nullptr, QWidget *parent = nullptr);

    JobPlan runPlan() const override;
    ChartWidget *currentChart() const override;
    QString chartFileName() const override { return QStringLiteral("filesystem"); }
    QComboBox *experimentBox() const { return m_experiment; }
    QComboBox *presetBox() const { return m_preset; }
    QCheckBox *filesystemBox(const QString &name) const;
    BarChart *chart() const { return m_chart; }
    QTableWidget *table() const { return m_table; }
    // Shown for a simulated drive: what its filesystem experiment is (a replay).
    QLabel *simulatedNote() const { return m_simulatedNote; }

protected:
    Error show(const AnyResult &result) override;
    void clearViews() override;
    QString runWhat(const JobPlan &plan) const override;
    QString confirmHeadline(const JobPlan &plan) const override;
    QString choicesInvalid() const override;
    void updateChoices(bool running) override;

private:
    QComboBox *m_experiment;
    QComboBox *m_preset;
    QList<QCheckBox *> m_filesystems;
    BarChart *m_chart;
    QTableWidget *m_table;
    QLabel *m_simulatedNote;
};

} // namespace trimscope::gui
