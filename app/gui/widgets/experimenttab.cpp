#include "experimenttab.h"

#include "appsettings.h"
#include "backends/errorwords.h"
#include "flowlayout.h"
#include "jobpanel.h"
#include "runhistory.h"
#include "verticalscroll.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace trimscope::gui {

namespace {
// The views' least height: their tabs, a chart with a plot of about a hundred and fifty pixels
// and a legend of three lines.
constexpr int kLeastViewsHeight = 340;
} // namespace

ExperimentTab::ExperimentTab(SavedRuns *runs, QStringList kinds, const Words &words,
                             QWidget *parent)
    : DriveTab(runs, std::move(kinds), parent), m_words(words), m_form(new QFormLayout),
      m_summary(new QLabel(this)), m_open(new QPushButton(tr("Open resu&lt…"), this)),
      m_run(new QPushButton(words.runButton, this))
{
    m_summary->setObjectName(QStringLiteral("experimentSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_open->setToolTip(words.openTooltip);

    auto *runBox = new QGroupBox(tr("Run on the selected drive"), this);
    auto *runLayout = new QVBoxLayout(runBox);
    runLayout->addLayout(m_form);
    auto *runRow = new QHBoxLayout;
    runRow->addWidget(m_run, 0, Qt::AlignTop);
    runRow->addWidget(jobPanel(), 1);
    runLayout->addLayout(runRow);

    auto *historyLabel = new QLabel(tr("Saved ru&n:"), this);
    historyLabel->setBuddy(history());
    auto *buttons = new FlowLayout; // wraps in a narrow window, where the run list got 100 px
    buttons->addWidget(historyLabel);
    buttons->addWidget(history());
    buttons->addWidget(m_open);
    buttons->addStretch(1);
    buttons->addWidget(exportChartButton());
    auto *page = new QWidget(this);
    auto *layout = new QVBoxLayout(page);
    // The run box asks for its height as it is now: with the height it had before the drive's
    // words filled it, "Run experiment…", the progress and Cancel were half hidden at 1366×768
    // in a short scroll area above empty space (issue 47).
    layout->addWidget(verticalScroll(runBox, page, ScrollHeight::FollowsContent));
    layout->addLayout(buttons);
    layout->addWidget(m_summary);
    layout->addWidget(pages(), 1);
    // The result's chart keeps a readable height; where the window is too short for it and all
    // above (800×600, German: a stall chart of 38 pixels under cut labels), the page scrolls.
    pages()->setMinimumHeight(kLeastViewsHeight);
    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(verticalScroll(page, this));

    connect(m_open, &QPushButton::clicked, this, &ExperimentTab::openClicked);
    connect(m_run, &QPushButton::clicked, this, [this] { runExperiment(); });
}

void ExperimentTab::setLeastViewsHeight(int pixels)
{
    pages()->setMinimumHeight(pixels);
}

QString ExperimentTab::emptyText() const
{
    if (drive().id.isEmpty())
        return tr("Select a drive on the left, or open a result file.");
    const QString why = jobPanel()->whyNot(runPlan());
    QString text = tr("<p><b>No result of this experiment on %1 yet.</b></p>")
                       .arg(drive().info.displayName().toHtmlEscaped());
    text += why.isEmpty()
                ? tr("<p>Choose above and press “%1”; the result is kept with the drive.</p>")
                      .arg(QString(m_run->text()).remove(QLatin1Char('&')).toHtmlEscaped())
                // Why is said once, beside the disabled button (updateControls); here it read
                // a second time on a simulated drive (issue 47).
                : QStringLiteral("<p>%1</p>").arg(m_words.cliHint.toHtmlEscaped());
    return text;
}

void ExperimentTab::showingChanged()
{
    if (!showsResult())
        m_summary->clear();
    m_summary->setVisible(showsResult());
}

void ExperimentTab::updateControls(bool running)
{
    const JobPlan plan = runPlan();
    const QString invalid = choicesInvalid();
    const bool can = jobPanel()->canRun(plan) && invalid.isEmpty();
    const QString why = can ? QString() : (invalid.isEmpty() ? jobPanel()->whyNot(plan) : invalid);
    m_run->setEnabled(can);
    m_run->setToolTip(can ? (drive().info.simulated ? tr("Simulated: nothing is written anywhere.")
                             : jobRisk(plan) == JobRisk::TrimsFreeSpace
                                 ? tr("Trims free space only; files stay. Asks for an "
                                      "administrator password.")
                                 : tr("Destroys all data on the drive; asks first."))
                          : why);
    // Why it cannot run is said beside the disabled button, not only in its tooltip.
    if (!running && (!why.isEmpty() || m_whyShown)) {
        jobPanel()->setIdleText(why);
        m_whyShown = !why.isEmpty();
    }
    updateChoices(running);
}

bool ExperimentTab::runExperiment()
{
    return runExperiment(runPlan());
}

bool ExperimentTab::runExperiment(const JobPlan &plan)
{
    return startJob(plan, runWhat(plan), confirmHeadline(plan), QString(), runDevice(plan));
}

Error ExperimentTab::openResult(const QString &path)
{
    const Expected<AnyResult> result = RunStore::loadAny(path);
    if (!result)
        return makeError(result.error().code, fileErrorInWords(path, result.error()));
    if (const Error error = showUnsaved(*result); error.isError())
        return makeError(error.code, wrongKindInWords(path, resultWhat(*result), m_words.wanted));
    history()->showOther(tr("opened: %1").arg(QFileInfo(path).fileName()));
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
