#pragma once

#include "backends/backend.h"
#include "historygraphs.h"

#include <QWidget>

class QButtonGroup;
class QCheckBox;
class QLabel;
class QPushButton;
class QStackedWidget;

namespace trimscope::gui {

class ChartWidget;
class HistoryAutoRecorder;
class HistoryChart;
class LoginRecording;

// The selected drive over time, from the history store (core/history) the collector fills:
// a graph per figure (HistoryGraph), zoomed to the last week, year or everything recorded,
// each exportable as the other charts are. A drive nothing was recorded for gets the empty
// state, which says how history gets recorded.
class HistoryTab : public QWidget
{
    Q_OBJECT
public:
    enum class Zoom { Week, Year, All };

    // `historyPath`: the store to read; empty: the user's (HistoryStore::defaultPath()) and,
    // for a user, the system collector's where it can be read.
    explicit HistoryTab(const QString &historyPath = QString(), QWidget *parent = nullptr);

    void setDrive(const DriveEntry &drive);
    // Records the user's history once a day while the window is open (HistoryAutoRecorder),
    // where no system timer does; the first look after half a minute.
    void recordWhileOpen();
    // Reads the drive's history again (a collector may have added a day).
    void reload();
    void setZoom(Zoom zoom);
    Zoom zoom() const { return m_zoom; }

    bool showsHistory() const { return m_showing; }
    const DriveHistory &history() const { return m_history; }
    HistoryChart *chart(HistoryGraph graph) const { return m_charts.at(int(graph)); }
    // What File > Export chart… saves from this tab: the first graph.
    ChartWidget *currentChart() const;
    QString chartFileName() const;
    QLabel *emptyState() const { return m_empty; }
    QLabel *summary() const { return m_summary; }
    QPushButton *zoomButton(Zoom zoom) const;
    QPushButton *exportButton() const { return m_export; }
    QCheckBox *recordAtLoginBox() const { return m_atLogin; }

signals:
    // One graph to export, with the file name it suggests.
    void exportChartRequested(trimscope::gui::ChartWidget *chart, const QString &baseName);

private:
    // The drive's history from the first store that knows it; why not in words, else.
    QString load();
    void showHistory();
    void showEmpty(const QString &why);
    void applyZoom();
    QString summaryText() const;

    QStringList m_paths;
    DriveEntry m_drive;
    DriveHistory m_history;
    QString m_source; // the file the history was read from
    Zoom m_zoom = Zoom::All;
    bool m_showing = false;
    QLabel *m_empty;
    QLabel *m_summary;
    QStackedWidget *m_pages;
    QButtonGroup *m_zoomGroup;
    QPushButton *m_export;
    QCheckBox *m_atLogin;  // "record at login" (LoginRecording)
    QLabel *m_loginStatus; // why it could not be turned on or off
    LoginRecording *m_login;
    HistoryAutoRecorder *m_recorder = nullptr;
    QList<HistoryChart *> m_charts;
};

} // namespace trimscope::gui
