#pragma once

#include <QDate>
#include <QLockFile>
#include <QObject>
#include <QProcess>
#include <QStringList>
#include <QTimer>
#include <memory>

namespace trimscope::gui {

// While the window is open, records every drive's day into the user's history once a day, with
// the collector (trimscope-history-record) run as the user: health as udisks2 read it on its own
// last poll and /sys, never a password (issue 44's collector for a user without the .deb's system
// timer, and for the Flatpak). Not where the system collector keeps the history: its file
// changed within the last day and a half. A day the app was not running stays a gap; nothing is
// filled in afterwards.
//
// Once a day, also with two windows open at once: the run holds a lock file beside the history
// while the collector runs, and the day of the last run that ended well is kept beside it too;
// a window that finds the lock taken, or today already recorded, starts nothing. A collector
// started elsewhere at the same moment (the login run, a timer) merges into the same day's row,
// as the history store serializes its writers.
class HistoryAutoRecorder : public QObject
{
    Q_OBJECT
public:
    struct Setup
    {
        QString historyPath;                  // the user's history (HistoryStore::defaultPath())
        QString systemHistoryPath;            // the system collector's file; empty: none
        QString program;                      // trimscope-history-record
        QStringList arguments;                // after `--db PATH`
        int checkIntervalMs = 60 * 60 * 1000; // the app may stay open past midnight
    };
    // The app's own setup: the collector beside the GUI's binary (or on PATH), the user's
    // history, and new alerts as desktop notifications.
    static Setup defaultSetup();

    enum class Decision {
        NotChecked,
        Started,       // the collector runs now
        SystemRecords, // the system timer keeps the history
        RecordedToday, // a run ended well today
        OtherWindow,   // another window's run holds the lock
        Running,       // this recorder's run has not ended
        NoCollector,   // the collector is not installed
    };
    Q_ENUM(Decision)

    explicit HistoryAutoRecorder(Setup setup, QObject *parent = nullptr);
    ~HistoryAutoRecorder() override;

    // Checks after `firstDelayMs`, then every checkIntervalMs.
    void start(int firstDelayMs = 0);
    Decision checkNow();
    Decision lastDecision() const { return m_decision; }
    int runsStarted() const { return m_runs; }

signals:
    // A run ended; `ok` when the collector said it recorded. `message`: its last words.
    void runFinished(bool ok, const QString &message);

private:
    QString stampPath() const { return m_setup.historyPath + QStringLiteral(".recorded"); }
    QDate lastRecordedDay() const;
    bool systemRecords() const;
    void finish(int exitCode, QProcess::ExitStatus status);

    Setup m_setup;
    QTimer m_timer;
    std::unique_ptr<QLockFile> m_lock;
    std::unique_ptr<QProcess> m_process;
    Decision m_decision = Decision::NotChecked;
    int m_runs = 0;
};

} // namespace trimscope::gui
