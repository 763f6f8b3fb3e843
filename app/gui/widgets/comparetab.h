#pragma once

#include "latestlisting.h"
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
    explicit CompareTab(RunStore store, QWidget *parent = nullptr);
    ~CompareTab() override;

    enum Column { RunColumn, DateColumn, OutcomeColumn, SizesColumn, ColumnCount };

    // Lists the store again (files are parsed once; see RunStore). Until it is first called, or
    // the tab first shows, the list is empty: the window reads no saved run before its first
    // frame (issue 47 item 17).
    void reload();
    // The same, the files read and the rows worded on a worker thread: the list fills when they
    // are, in one insert. What the tab's first show and the window's start use, so that the frame
    // is painted first and no read of hundreds of runs stalls it after. A reload() meanwhile wins;
    // asked again while it reads, it reads once more after (a run saved meanwhile is listed).
    void reloadInBackground();
    bool isListing() const { return m_listing.isBusy(); }
    // Checks the run stored at `path` (and keeps the others as they are).
    void setChecked(const QString &path, bool checked);
    QStringList checkedPaths() const;
    // The chart on screen (TRIM time or throughput), drawn for the ticked runs.
    TrimChart *chart() const { return m_chart; }
    QTreeWidget *list() const { return m_list; }
    QPushButton *deleteButton() const { return m_delete; }
    const RunStore &store() const { return m_store; }

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
    static QList<Row> rowsOf(const RunStore &store);
    void fill(const QList<Row> &rows);

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

    RunStore m_store;
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
    bool m_listed = false;        // reload() or reloadInBackground() has run
    LatestListing<QList<Row>> m_listing{[this](const QList<Row> &rows) { fill(rows); }};
    QFutureWatcher<QList<ImportOutcome>> m_import;
};

} // namespace trimscope::gui
