#pragma once

#include "runstore.h"

#include <QWidget>

class QComboBox;
class QListWidget;
class QPushButton;

namespace trimscope::gui {

class TrimChart;

// Saved runs, any set of them overlaid on one chart, import and export of run files.
class CompareTab : public QWidget
{
    Q_OBJECT
public:
    explicit CompareTab(RunStore store, QWidget *parent = nullptr);

    void reload();
    // Checks the run stored at `path` (and keeps the others as they are).
    void setChecked(const QString &path, bool checked);
    QStringList checkedPaths() const;
    TrimChart *chart() const { return m_chart; }
    QListWidget *list() const { return m_list; }
    const RunStore &store() const { return m_store; }

    Expected<QString> importFile(const QString &path);

signals:
    void exportChartRequested();
    void message(const QString &text);

private:
    void redraw();
    void importRuns();
    void exportRuns();
    void deleteRuns();

    RunStore m_store;
    QListWidget *m_list;
    QComboBox *m_metric;
    TrimChart *m_chart;
    TrimChart *m_latency;
    TrimChart *m_throughput;
    QPushButton *m_import;
    QPushButton *m_export;
    QPushButton *m_delete;
    QPushButton *m_exportChart;
};

} // namespace trimscope::gui
