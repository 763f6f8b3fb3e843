#include "drivetab.h"

#include "backends/errorwords.h"
#include "jobpanel.h"
#include "runhistory.h"
#include "savedruns.h"
#include "wraptext.h"

#include <QLabel>
#include <QPushButton>
#include <QStackedWidget>
#include <utility>

namespace trimscope::gui {

DriveTab::DriveTab(SavedRuns *runs, QStringList kinds, QWidget *parent, Listed listed)
    : QWidget(parent), m_runs(runs ? runs : new SavedRuns(RunStore(), this)),
      m_kinds(std::move(kinds)), m_listed(listed), m_job(new JobPanel(m_runs->store(), this)),
      m_history(new RunHistory(this)), m_empty(new QLabel(this)), m_pages(new QStackedWidget(this)),
      m_exportChart(new QPushButton(tr("Export chart…"), this))
{
    m_history->setObjectName(QStringLiteral("runHistory"));
    m_empty->setObjectName(QStringLiteral("emptyState"));
    m_empty->setWordWrap(true);
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setMargin(24);
    m_empty->setTextFormat(Qt::RichText);
    m_exportChart->setEnabled(false);
    m_pages->addWidget(m_empty);

    connect(m_exportChart, &QPushButton::clicked, this, &DriveTab::exportChartRequested);
    connect(m_history, &RunHistory::runChosen, this,
            [this](const QString &path) { showSaved(path, true); });
    connect(m_job, &JobPanel::message, this, &DriveTab::message);
    connect(m_job, &JobPanel::runStarted, this, [this](const QString &what) {
        updateRunControls();
        emit runStarted(what);
    });
    connect(m_job, &JobPanel::runFinished, this, &DriveTab::onFinished);
    connect(m_runs, &SavedRuns::changed, this, &DriveTab::onRunsChanged);
}

bool DriveTab::isRunning() const
{
    return m_job->isRunning();
}

void DriveTab::cancelRun()
{
    m_job->cancel();
}

void DriveTab::setViews(QWidget *views)
{
    m_views = views;
    m_pages->addWidget(views);
    showEmptyState();
}

void DriveTab::setDrive(const DriveEntry &drive, Backend *backend)
{
    if (isRunning())
        return;
    const bool sameDrive = drive.id == m_drive.id && !drive.id.isEmpty();
    m_drive = drive;
    m_job->setDrive(drive, backend);
    driveSelected(!sameDrive);
    if (sameDrive) {
        // The drive again (its backend refreshed): new runs are listed, the shown one stays.
        listHistory({m_shownPath, true, true});
    } else {
        // What is shown belongs to this drive: its newest run of these kinds, or what to do.
        m_job->setIdleText(QString());
        listHistory({});
    }
    updateRunControls();
}

QList<StoredRun> DriveTab::drivesRuns() const
{
    const QList<StoredRun> &all = m_runs->runs();
    return m_listed == Listed::Curves ? RunStore::curvesOf(all, m_drive.info)
                                      : RunStore::runsOf(all, m_drive.info, m_kinds);
}

bool DriveTab::startJob(const JobPlan &plan, const QString &what, const QString &confirmHeadline,
                        const QString &runText, const QString &devicePath)
{
    return m_job->run(plan, what, confirmHeadline, runText, devicePath);
}

void DriveTab::fillHistory(const QString &select, bool sayWhich)
{
    listHistory({select, sayWhich, false});
}

void DriveTab::listHistory(const HistoryRequest &request)
{
    m_request = request;
    m_waiting = !m_drive.id.isEmpty() && !m_runs->isListed();
    if (!m_waiting) {
        showHistory(request);
        return;
    }
    // Listed on a worker (hundreds of runs, or written by the CLI): read on this thread they
    // froze the window for as long as the read took when a drive was selected.
    m_runs->list();
    // Another drive: none of the last one's runs stays on screen while the runs are listed.
    if (!request.keepShown && request.select.isEmpty()) {
        m_history->showReading();
        showEmptyState();
    }
}

void DriveTab::onRunsChanged()
{
    // A run going on is on screen; when it ends, the runs are shown again.
    if (isRunning() || m_drive.id.isEmpty())
        return;
    // What was asked before the runs were listed, else the same drive's runs again with the
    // shown one staying if it is still there.
    const HistoryRequest request =
        std::exchange(m_waiting, false) ? m_request : HistoryRequest{m_shownPath, false, true};
    showHistory(request);
    updateRunControls();
}

void DriveTab::showHistory(const HistoryRequest &request)
{
    const QString path =
        m_history->fill(m_drive.id.isEmpty() ? QList<StoredRun>() : drivesRuns(), request.select);
    if (request.keepShown && path == m_shownPath)
        return;
    if (path.isEmpty())
        showEmptyState();
    else
        showSaved(path, request.sayWhich);
}

void DriveTab::showSaved(const QString &path, bool sayWhich)
{
    // The store serves a run it kept from memory: a result is not read back after a run.
    const Expected<AnyResult> result = RunStore::loadAny(path);
    const Error error = result ? show(*result) : result.error();
    if (error.isError()) {
        showEmptyState();
        setWrappedText(m_empty, fileErrorInWords(path, error).toHtmlEscaped());
        m_emptyExplainsFile = true;
        return;
    }
    m_shownPath = path;
    reveal();
    if (sayWhich)
        announce(RunStore::describe(path));
}

Error DriveTab::showUnsaved(const AnyResult &result)
{
    if (const Error error = show(result); error.isError())
        return error;
    m_shownPath.clear();
    reveal();
    return {};
}

void DriveTab::showLive()
{
    clearViews();
    m_shownPath.clear();
    reveal();
}

void DriveTab::reveal()
{
    m_showing = true;
    m_pages->setCurrentWidget(m_views);
    m_exportChart->setEnabled(!isRunning());
    showingChanged();
}

void DriveTab::showEmptyState()
{
    m_showing = false;
    m_emptyExplainsFile = false;
    m_shownPath.clear();
    clearViews();
    m_exportChart->setEnabled(false);
    m_pages->setCurrentWidget(m_empty);
    m_empty->setTextFormat(Qt::RichText);
    setWrappedText(
        m_empty,
        m_waiting && !m_drive.id.isEmpty()
            ? tr("Reading the saved runs of %1…").arg(m_drive.info.displayName().toHtmlEscaped())
            : emptyText());
    showingChanged();
}

void DriveTab::updateRunControls()
{
    const bool running = isRunning();
    m_exportChart->setEnabled(!running && m_showing);
    m_history->setEnabled(!running && m_history->hasRuns());
    updateControls(running);
    // Why the tab cannot run may have changed; why a file did not open stays said.
    if (!running && !m_showing && m_views && !m_emptyExplainsFile)
        showEmptyState();
}

void DriveTab::onFinished(const JobOutcome &outcome, const QString &savedPath)
{
    if (!savedPath.isEmpty()) {
        // Shown as it is listed: every view of the saved runs lists it now (SavedRuns::changed).
        m_request = {savedPath, false, false};
        m_waiting = true;
        m_runs->kept(savedPath);
        emit runSaved(savedPath);
    } else if (outcome.result) {
        if (const Error error = showUnsaved(*outcome.result); error.isError())
            emit message(tr("The result could not be shown: %1").arg(error.message));
    } else {
        endedWithoutResult(outcome);
    }
    updateRunControls();
    emit runFinished();
}

} // namespace trimscope::gui
