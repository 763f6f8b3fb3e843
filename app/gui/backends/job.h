#pragma once

#include "common/error.h"

#include <QByteArray>
#include <QObject>
#include <QString>

namespace trimscope::gui {

// How far a phase-based job (fsbench, mkfs-timing, recovery, fill-curve) has come: `done` and
// `planned` count its runs or phases, `phase` says what runs now ("ext4 discard delete").
struct JobProgress
{
    double fraction = 0;
    double etaSeconds = -1; // < 0: not known yet
    int done = 0;
    int planned = 0;
    QString phase;
};

// One running job of any kind, whoever runs it. Every signal arrives on the GUI thread.
class Job : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;

    // "fsbench", "mkfs-timing", "recovery", "fill-curve", "sweep" (helperprotocol.h's kinds).
    virtual QString kind() const = 0;
    // Asks the job to stop; finished() still follows, with Cancelled.
    virtual void cancel() = 0;
    virtual bool isRunning() const = 0;

    // errorInWords(): here for Job's tr().
    static QString inWords(const Error &error);

signals:
    void progressed(const trimscope::gui::JobProgress &progress);
    // "Waiting for authorization…": what the job waits for, in words; empty once it runs.
    void statusMessage(const QString &message);
    // Emitted once. resultJson: what the CLI's command of the same kind writes with --json; it
    // may be present with an error too (a cancelled run keeps what it measured).
    void finished(const trimscope::Error &error, const QByteArray &resultJson);
};

// A job that could not start: reports its error once, after the caller had time to connect.
class FailedJob final : public Job
{
    Q_OBJECT
public:
    FailedJob(const QString &kind, const Error &error, QObject *parent = nullptr);
    QString kind() const override { return m_kind; }
    void cancel() override {}
    bool isRunning() const override { return m_running; }

private:
    QString m_kind;
    bool m_running = true;
};

// An error in words for the window: what happened first, then the details the backend gave.
QString errorInWords(const Error &error);

} // namespace trimscope::gui
