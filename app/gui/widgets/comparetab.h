#pragma once

#include "runstore.h"

#include <QFutureWatcher>
#include <QHash>
#include <QWidget>

class QComboBox;
class QTreeWidget;
class QTreeWidgetItem;
class QPushButton;
class QSplitter;
class QStackedWidget;

namespace trimscope::gui {

class SavedRuns;
class TrimChart;

// Saved TRIM curves (benchmark runs and the sweeps of diagnoses), any set of them overlaid on
// one chart. The run list is the
// chart's legend: a table of whole labels (drive, date, how the run ended, sizes) with each
// ticked run's colour and line style, so twenty runs stay readable. Imports run on a worker
// thread; a run already stored is not stored twice.
class CompareTab : public QWidget
{
    Q_OBJECT
public:
    // `runs`: the window's listing of saved runs; none: the tab lists the default store's.
    explicit CompareTab(SavedRuns *runs = nullptr, QWidget *parent = nullptr);
    ~CompareTab() override;

    enum Column { RunColumn, DateColumn, OutcomeColumn, SizesColumn, ColumnCount };

    // The table lists the saved runs as SavedRuns has them, again whenever they change (a run
    // saved on any tab, imported or deleted). Until the runs are listed (the window's start, or
    // the tab's first show: on a worker), it is empty: the window reads no saved run before its
    // first frame (issue 47 item 17).
    bool isListing() const;
    // Checks the run stored at `path` (and keeps the others as they are); not listed yet: when
    // it is.
    void setChecked(const QString &path, bool checked);
    QStringList checkedPaths() const;
    // The chart on screen (TRIM time or throughput), drawn for the ticked runs.
    TrimChart *chart() const { return m_chart; }
    QTreeWidget *list() const { return m_list; }
    QPushButton *deleteButton() const { return m_delete; }
    const RunStore &store() const;

    // Imports one file now (File › Open result…) and ticks it.
    Expected<ImportedRun> importFile(const QString &path);
    // Imports files on a worker thread and ticks them; importFinished() follows.
    void importFiles(const QStringList &paths);
    bool isImporting() const { return m_import.isRunning(); }

    // The legend label of a run listed with `date` (distinctDates: the time to the second when
    // two runs of one drive share a minute): drive and date, and how it ended when it did not
    // complete.
    static QString legendLabel(const StoredRun &run, const QString &date);

signals:
    void exportChartRequested();
    void message(const QString &text);
    void importFinished(int added, int alreadyStored, const QStringList &errors);
    // Saved runs were deleted: what showed or used them must look again.
    void runsDeleted();

protected:
    void resizeEvent(QResizeEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    // A row of the run table, worded off the window's thread.
    struct Row
    {
        StoredRun run;
        QString name, date, outcome, sizes, tooltip;
    };
    static QList<Row> rowsOf(const QList<StoredRun> &all);
    // The table from the runs as listed, ticking what was ticked and what waits in m_toTick.
    void fill();

    struct ImportOutcome
    {
        QString source;
        std::optional<ImportedRun> stored;
        QString error; // in words, when not stored
    };

    void redraw();
    void draw(TrimChart *chart);
    void importClicked();
    void onImported();
    void exportRuns();
    void deleteRuns();
    void updateSwatches();
    // The ticked runs' colours: a run keeps the colour it got when ticked while it stays ticked,
    // a newly ticked one takes the first free, so ticking more moves no colour.
    void assignStyles();

    SavedRuns *m_runs;
    QStringList m_toTick;         // imported: ticked once listed
    QHash<QString, int> m_styles; // path of a ticked run -> seriesStyle's index
    QList<Row> m_rows;            // listed
    QTreeWidget *m_list;
    QComboBox *m_metric;
    QStackedWidget *m_stack;
    TrimChart *m_chart;
    TrimChart *m_latency;
    TrimChart *m_throughput;
    QList<TrimChart *> m_stale; // charts whose runs changed since they were drawn
    QPushButton *m_importButton;
    QPushButton *m_export;
    QPushButton *m_delete;
    QPushButton *m_exportChart;
    QSplitter *m_splitter;
    bool m_splitterMoved = false; // by the user: their split stays
    QFutureWatcher<QList<ImportOutcome>> m_import;
};

} // namespace trimscope::gui
