#pragma once

#include "backends/backend.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QPushButton;
class QTableWidget;

namespace trimscope::gui {

class BarChart;
class JobPanel;

// The filesystem experiments (issue 6): the delete workload with and without online discard,
// and mkfs with and without its whole-device discard, as grouped bars (phase × discard on/off
// × filesystem) and a table. Results come from "Open result…" (the CLI's JSON) or from a run
// through the backend's jobs (the helper's fsbench and mkfs-timing), shown the same way.
class FilesystemTab : public QWidget
{
    Q_OBJECT
public:
    explicit FilesystemTab(QWidget *parent = nullptr);

    void setDrive(const DriveEntry &drive, Backend *backend = nullptr);
    Error openResult(const QString &path);
    // The view of a result JSON, whether opened from a file or just run.
    Error showResult(const QByteArray &json);
    // The plan the Run panel's choices make.
    JobPlan runPlan() const;
    // Confirms (real drives) and starts the plan (the Run panel's unless given). Returns whether
    // it started.
    bool runExperiment();
    bool runExperiment(const JobPlan &plan);
    JobPanel *jobPanel() const { return m_job; }
    QPushButton *runButton() const { return m_run; }
    QComboBox *experimentBox() const { return m_experiment; }
    QComboBox *presetBox() const { return m_preset; }
    QCheckBox *filesystemBox(const QString &name) const;
    BarChart *chart() const { return m_chart; }
    QTableWidget *table() const { return m_table; }
    QLabel *summary() const { return m_summary; }

signals:
    void exportChartRequested();
    void message(const QString &text);
    void runStarted(const QString &what);
    void runFinished();

private:
    void openClicked();
    void updateRunControls();

    QComboBox *m_experiment;
    QComboBox *m_preset;
    QList<QCheckBox *> m_filesystems;
    JobPanel *m_job;
    QLabel *m_summary;
    BarChart *m_chart;
    QTableWidget *m_table;
    QPushButton *m_open;
    QPushButton *m_run;
    QPushButton *m_exportChart;
};

} // namespace trimscope::gui
