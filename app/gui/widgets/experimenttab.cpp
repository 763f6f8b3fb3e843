#include "experimenttab.h"

#include "appsettings.h"
#include "backends/errorwords.h"
#include "jobpanel.h"
#include "runhistory.h"

#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace trimscope::gui {

ExperimentTab::ExperimentTab(RunStore store, QStringList kinds, const Words &words, QWidget *parent)
    : QWidget(parent), m_store(std::move(store)), m_kinds(std::move(kinds)), m_words(words),
      m_job(new JobPanel(this)), m_form(new QFormLayout), m_history(new RunHistory(this)),
      m_summary(new QLabel(this)), m_empty(new QLabel(this)), m_pages(new QStackedWidget(this)),
      m_open(new QPushButton(tr("Open res&ult…"), this)),
      m_run(new QPushButton(words.runButton, this)),
      m_exportChart(new QPushButton(tr("Export chart…"), this))
{
    m_summary->setObjectName(QStringLiteral("experimentSummary"));
    m_empty->setObjectName(QStringLiteral("emptyState"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_empty->setWordWrap(true);
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setMargin(24);
    m_open->setToolTip(words.openTooltip);
    m_exportChart->setEnabled(false);

    auto *runBox = new QGroupBox(tr("Run on the selected drive"), this);
    auto *runLayout = new QVBoxLayout(runBox);
    runLayout->addLayout(m_form);
    auto *runRow = new QHBoxLayout;
    runRow->addWidget(m_run, 0, Qt::AlignTop);
    runRow->addWidget(m_job, 1);
    runLayout->addLayout(runRow);

    auto *historyLabel = new QLabel(tr("Saved ru&n:"), this);
    historyLabel->setBuddy(m_history);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(historyLabel);
    buttons->addWidget(m_history);
    buttons->addWidget(m_open);
    buttons->addStretch(1);
    buttons->addWidget(m_exportChart);
    m_pages->addWidget(m_empty);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(runBox);
    layout->addLayout(buttons);
    layout->addWidget(m_summary);
    layout->addWidget(m_pages, 1);

    connect(m_open, &QPushButton::clicked, this, &ExperimentTab::openClicked);
    connect(m_run, &QPushButton::clicked, this, [this] { runExperiment(); });
    connect(m_exportChart, &QPushButton::clicked, this, &ExperimentTab::exportChartRequested);
    connect(m_history, &RunHistory::runChosen, this, &ExperimentTab::showStored);
    connect(m_job, &JobPanel::message, this, &ExperimentTab::message);
    connect(m_job, &JobPanel::runStarted, this, [this](const QString &what) {
        updateRunControls();
        emit runStarted(what);
    });
    connect(m_job, &JobPanel::runFinished, this, &ExperimentTab::onFinished);
}

void ExperimentTab::setViews(QWidget *views)
{
    m_views = views;
    m_pages->addWidget(views);
    showEmptyState();
}

void ExperimentTab::setDrive(const DriveEntry &drive, Backend *backend)
{
    if (m_job->isRunning())
        return; // the window keeps the running drive selected
    m_drive = drive;
    m_job->setDrive(drive, backend);
    updateRunControls();
    // What is shown belongs to this drive: its newest run of these kinds, or what to do.
    const QString newest =
        m_history->fill(m_store, drive.id.isEmpty() ? DriveInfo{} : drive.info, m_kinds);
    if (newest.isEmpty())
        showEmptyState();
    else
        showStored(newest);
}

void ExperimentTab::showEmptyState()
{
    m_showing = false;
    clearViews();
    m_summary->clear();
    m_summary->hide();
    m_exportChart->setEnabled(false);
    m_pages->setCurrentWidget(m_empty);
    if (m_drive.id.isEmpty()) {
        m_empty->setText(tr("Select a drive on the left, or open a result file."));
        return;
    }
    const QString why = m_job->whyNot(runPlan());
    QString text = tr("<p><b>No result of this experiment on %1 yet.</b></p>")
                       .arg(m_drive.info.displayName().toHtmlEscaped());
    text += why.isEmpty()
                ? tr("<p>Choose above and press “%1”; the result is kept with the drive.</p>")
                      .arg(QString(m_run->text()).remove(QLatin1Char('&')).toHtmlEscaped())
                : tr("<p>It cannot run here: %1</p><p>%2</p>")
                      .arg(why.toHtmlEscaped(), m_words.cliHint.toHtmlEscaped());
    m_empty->setTextFormat(Qt::RichText);
    m_empty->setText(text);
}

void ExperimentTab::showStored(const QString &path)
{
    const Expected<AnyResult> result = RunStore::loadAny(path);
    const Error error = result ? show(*result) : result.error();
    if (error.isError()) {
        showEmptyState();
        m_empty->setText(fileErrorInWords(path, error).toHtmlEscaped());
        return;
    }
    reveal();
}

void ExperimentTab::reveal()
{
    m_showing = true;
    m_summary->show();
    m_exportChart->setEnabled(true);
    m_pages->setCurrentWidget(m_views);
}

void ExperimentTab::updateRunControls()
{
    const bool running = m_job->isRunning();
    const JobPlan plan = runPlan();
    const QString invalid = choicesInvalid();
    const bool can = m_job->canRun(plan) && invalid.isEmpty();
    const QString why = can ? QString() : (invalid.isEmpty() ? m_job->whyNot(plan) : invalid);
    m_run->setEnabled(can);
    m_run->setToolTip(can ? (m_drive.info.simulated
                                 ? tr("Simulated: nothing is written anywhere.")
                                 : tr("Destroys all data on the drive; asks first."))
                          : why);
    // Why it cannot run is said beside the disabled button, not only in its tooltip.
    if (!running && (!why.isEmpty() || m_whyShown)) {
        m_job->setIdleText(why);
        m_whyShown = !why.isEmpty();
    }
    updateChoices(running);
    if (!running && !m_showing && m_views)
        showEmptyState(); // the reason it cannot run may have changed
}

bool ExperimentTab::runExperiment()
{
    return runExperiment(runPlan());
}

bool ExperimentTab::runExperiment(const JobPlan &plan)
{
    return m_job->run(plan, runWhat(plan), confirmHeadline(plan));
}

void ExperimentTab::onFinished(const Error &, const QByteArray &json)
{
    if (!json.isEmpty()) {
        const Expected<AnyResult> result = readAnyResult(json);
        const Expected<QString> saved =
            result ? m_store.save(*result) : Expected<QString>(result.error());
        if (saved) {
            m_history->fill(m_store, m_drive.info, m_kinds, *saved);
            showStored(*saved);
        } else if (const Error error = showResult(json); error.isError()) {
            emit message(tr("The result could not be shown: %1").arg(error.message));
        } else {
            emit message(tr("The result could not be kept: %1").arg(saved.error().message));
        }
    }
    updateRunControls();
    emit runFinished();
}

Error ExperimentTab::openResult(const QString &path)
{
    const Expected<AnyResult> result = RunStore::loadAny(path);
    if (!result)
        return makeError(result.error().code, fileErrorInWords(path, result.error()));
    const Error error = show(*result);
    if (error.isError())
        return makeError(error.code, wrongKindInWords(path, resultWhat(*result), m_words.wanted));
    reveal();
    m_history->showOther(tr("opened: %1").arg(QFileInfo(path).fileName()));
    return {};
}

Error ExperimentTab::showResult(const QByteArray &json)
{
    const Expected<AnyResult> result = readAnyResult(json);
    if (!result)
        return result.error();
    if (const Error error = show(*result); error.isError())
        return error;
    reveal();
    return {};
}

void ExperimentTab::openClicked()
{
    auto settings = appSettings();
    const QString dir = settings->value(QStringLiteral("results/dir"), userFilesDir()).toString();
    const QString path = QFileDialog::getOpenFileName(this, m_words.openTitle, dir,
                                                      tr("TrimScope results (*.json)"));
    if (path.isEmpty())
        return;
    settings->setValue(QStringLiteral("results/dir"), QFileInfo(path).absolutePath());
    if (const Error error = openResult(path); error.isError())
        emit message(tr("Not opened: %1").arg(error.message));
}

} // namespace trimscope::gui
