#include "advicetab.h"

#include "advicelowerhalf.h"
#include "apply/planner.h"
#include "applycontroller.h"
#include "applyjob.h"
#include "audit/systemsnapshot.h"
#include "backgroundcall.h"
#include "common/units.h"
#include "diagnosebudget.h"
#include "fittingtabs.h"
#include "fixlist.h"
#include "flowlayout.h"
#include "hostsnapshot.h"
#include "jobpanel.h"
#include "report/adviceinput.h"
#include "report/resultfile.h"
#include "results/adviceinputs.h"
#include "savedruns.h"
#include "verticalscroll.h"
#include "wrappingdelegate.h"
#include "wraptext.h"

#include <QDBusConnection>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QResizeEvent>
#include <QSplitter>
#include <QTabWidget>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <algorithm>

namespace trimscope::gui {

using namespace trimscope::advice;

AdviceTab::AdviceTab(SavedRuns *runs, QWidget *parent)
    : QWidget(parent), m_runs(runs ? runs : new SavedRuns(RunStore(), this)),
      m_header(new QLabel(this)), m_verdict(new QLabel(this)), m_sentence(new QLabel(this)),
      m_confidence(new QLabel(this)), m_inputs(new QLabel(this)), m_numbers(new QTreeWidget(this)),
      m_change(new QLabel(this)), m_configuration(new QLabel(this)), m_fixes(new FixList(this)),
      m_findings(new FixList(this)),
      m_import(new QPushButton(tr("&Import probe or filesystem result…"), this)),
      m_auditButton(new QPushButton(tr("Audit this &computer again"), this)),
      m_diagnoseButton(new QPushButton(tr("&Diagnose drive…"), this)),
      m_budget(new DiagnoseBudget(this)), m_job(new JobPanel(m_runs->store(), this)),
      m_apply(new ApplyController(apply::defaultJournalPath(), this))
{
    m_diagnoseButton->setObjectName(QStringLiteral("diagnoseButton"));
    m_header->setObjectName(QStringLiteral("adviceHeader"));
    m_job->hide(); // until a diagnosis runs
    m_configuration->setObjectName(QStringLiteral("configurationSummary"));
    m_verdict->setObjectName(QStringLiteral("verdict"));
    m_sentence->setObjectName(QStringLiteral("verdictSentence"));
    QFont big = m_verdict->font();
    big.setPointSizeF(big.pointSizeF() * 1.4);
    big.setBold(true);
    m_verdict->setFont(big);
    m_verdict->setWordWrap(true); // a per-filesystem answer is long
    for (QLabel *label :
         {m_header, m_sentence, m_confidence, m_inputs, m_change, m_configuration}) {
        label->setWordWrap(true);
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    }
    m_numbers->setColumnCount(2);
    m_numbers->setHeaderLabels({tr("Number behind the verdict"), tr("Value")});
    m_numbers->setRootIsDecorated(false);
    m_numbers->setItemDelegate(new WrappingDelegate(m_numbers));
    m_numbers->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_numbers->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_numbers->header()->setStretchLastSection(false);

    auto *buttons = new FlowLayout; // wraps where the window is narrow
    buttons->addWidget(m_diagnoseButton);
    buttons->addWidget(m_budget);
    buttons->addWidget(m_import);
    buttons->addWidget(m_auditButton);
    buttons->addStretch(1);
    buttons->addWidget(m_apply->undoButton());

    auto *left = new QWidget(this);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(m_numbers, 1);
    leftLayout->addWidget(m_change);
    auto *lists = new QTabWidget(this);
    lists->setDocumentMode(true);
    keepEveryTabOnTheBar(lists); // in a narrow window its titles are cut, no tab hidden
    lists->addTab(m_fixes, tr("What to change"));
    lists->addTab(m_findings, tr("Audit findings"));
    auto *right = new QWidget(this);
    auto *rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->addWidget(m_configuration);
    rightLayout->addWidget(lists, 1);
    auto *split = new AdviceLowerHalf(this);
    split->addWidget(left);
    split->addWidget(right);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    split->setSizes({520, 420});

    // The verdict's words and the numbers, changes and fixes under them scroll as one page where
    // the window is short: at 800x600 the layout squeezed the lower half into what the words
    // above left (the drive's configuration under the tabs of what to change, the end of "What
    // would change the verdict" and of the verdict's sentence cut; issue 47); whole, with four
    // rows of each list, the page needs 160-220 px more there. The lower half keeps room for its
    // words and asks for no more (AdviceLowerHalf): the page scrolls only where that room is not
    // left.
    auto *page = new QWidget(this);
    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(verticalScroll(page, this));
    auto *layout = new QVBoxLayout(page);
    layout->addWidget(m_header);
    layout->addWidget(m_verdict);
    layout->addWidget(m_sentence);
    layout->addWidget(m_confidence);
    layout->addWidget(m_inputs);
    layout->addLayout(buttons);
    layout->addWidget(m_job);
    layout->addWidget(m_apply);
    layout->addWidget(split, 1);

    connect(m_import, &QPushButton::clicked, this, &AdviceTab::importClicked);
    connect(m_diagnoseButton, &QPushButton::clicked, this, &AdviceTab::diagnose);
    connect(m_job, &JobPanel::runStarted, this, [this](const QString &what) {
        m_job->show();
        emit runStarted(what);
    });
    connect(m_job, &JobPanel::runFinished, this, &AdviceTab::diagnosisFinished);
    connect(m_job, &JobPanel::message, this, &AdviceTab::message);
    connect(m_auditButton, &QPushButton::clicked, this, [this] {
        m_auditGiven = false;
        captureAudit();
        recompute();
    });
    for (FixList *list : {m_fixes, m_findings}) {
        connect(list, &FixList::copied, this,
                [this](const QString &text) { emit message(tr("Copied: %1").arg(text)); });
        connect(list, &FixList::applyRequested, this, &AdviceTab::applyClicked);
    }
    connect(m_apply, &ApplyController::started, this, &AdviceTab::runStarted);
    connect(m_apply, &ApplyController::finished, this, &AdviceTab::changed);
    connect(m_apply, &ApplyController::message, this, &AdviceTab::message);
    connect(m_runs, &SavedRuns::changed, this, &AdviceTab::onRunsChanged);
}

void AdviceTab::setDrive(const DriveEntry &drive, Backend *backend)
{
    if (drive.id != m_drive.id)
        m_imported.clear();
    m_drive = drive;
    m_job->setDrive(drive, backend);
    m_job->setVisible(m_job->isRunning() || m_job->ranOnThisDrive()); // its words are this drive's
    const QString whyNot = m_job->whyNot(DiagnosePlan());
    m_diagnoseButton->setEnabled(whyNot.isEmpty());
    m_diagnoseButton->setToolTip(
        whyNot.isEmpty()
            ? tr("One guided run on the selected drive: TRIM support, background TRIM on the "
                 "idle drive, a TRIM sweep, filesystems made and deleted at two tree sizes, then "
                 "the verdict. Destroys the drive's data.")
            : whyNot);
    reload();
}

bool AdviceTab::diagnose()
{
    const JobPlan plan = m_budget->plan();
    if (!m_job->canRun(plan)) {
        emit message(m_job->whyNot(plan));
        return false;
    }
    const bool started = m_job->run(
        plan, tr("diagnosis"),
        tr("Diagnose %1: its TRIM support, background TRIM, a TRIM sweep and filesystems made "
           "and deleted on it, planned for %2 (the time budget beside the button).")
            .arg(m_drive.info.displayName(), formatDuration(m_budget->minutes() * 60.0)));
    m_diagnoseButton->setEnabled(!started && m_job->canRun(plan));
    return started;
}

void AdviceTab::diagnosisFinished(const JobOutcome &outcome, const QString &savedPath)
{
    m_diagnoseButton->setEnabled(m_job->canRun(DiagnosePlan()));
    emit runFinished();
    // Kept with the drive: the drive's advice starts from it now, here and on every other view
    // (each follows SavedRuns::changed).
    if (!savedPath.isEmpty()) {
        m_showsOpened = false;
        m_runs->kept(savedPath);
        return;
    }
    const auto *diagnosis =
        outcome.result ? std::get_if<DiagnosisResult>(&*outcome.result) : nullptr;
    if (!diagnosis)
        return; // the panel says why
    showDiagnosis(*diagnosis, outcome.error.isError() ? tr("an incomplete diagnosis")
                                                      : tr("the diagnosis just run"));
}

void AdviceTab::showDiagnosis(const DiagnosisResult &diagnosis, const QString &origin)
{
    if (!diagnosis.advice) {
        emit message(tr("The diagnosis holds no advice."));
        return;
    }
    // Its measurements advised afresh, as `advise --from` and a diagnosis kept with the drive are:
    // one answer for the same figures, however old the file's own advice.
    AdviceInput input = adviceInputOf(diagnosis);
    if (m_audit)
        input.audit = m_audit;
    m_advice = adviseTrim(input);
    display(m_advice);
    m_showsOpened = true;
    setWrappedText(
        m_header, diagnosis.drive.simulated
                      ? tr("Diagnosis of %1 (simulated: the figures are a model's), from %2.")
                            .arg(diagnosis.drive.displayName(), origin)
                      : tr("Diagnosis of %1, from %2.").arg(diagnosis.drive.displayName(), origin));
    QStringList phases;
    for (const DiagnosisPhaseRecord &phase : diagnosis.phases)
        phases.append(tr("%1: %2").arg(diagnosisPhaseDisplayName(phase.phase),
                                       phaseStatusDisplayName(phase.status)));
    setWrappedText(m_inputs, tr("Phases: %1.").arg(phases.join(QStringLiteral("; "))));
}

void AdviceTab::reload()
{
    readKept();
    if (!m_auditGiven && !m_audit && !isReadingComputer())
        captureAudit();
    recompute();
}

void AdviceTab::readKept()
{
    if (m_drive.id.isEmpty()) {
        m_kept = {};
        m_keptOf.clear();
        return;
    }
    // Listed on a worker: 150 runs not read yet, read here, froze the window for as long as
    // their read took when a drive was selected.
    if (!m_runs->isListed()) {
        m_kept = {};
        m_keptOf.clear();
        m_runs->list();
        return;
    }
    m_kept = evidenceOf(m_runs->runs(), m_drive.info);
    m_keptOf = m_drive.id;
}

bool AdviceTab::isReadingRuns() const
{
    return !m_drive.id.isEmpty() && !m_runs->isListed();
}

void AdviceTab::onRunsChanged()
{
    if (m_drive.id.isEmpty())
        return;
    readKept();
    if (!m_showsOpened)
        recompute();
}

void AdviceTab::showReadingRuns()
{
    m_advice = {};
    setWrappedText(m_header, tr("Reading the saved runs of %1…").arg(m_drive.info.displayName()));
    for (QLabel *label : {m_verdict, m_sentence, m_confidence, m_inputs, m_change})
        label->clear();
    m_configuration->hide();
    m_numbers->clear();
    m_fixes->setItems({}, QString());
    m_findings->setItems({}, QString());
}

void AdviceTab::setAudit(const std::optional<audit::AuditReport> &report)
{
    m_reading = 0;
    m_audit = report;
    m_computer.reset();
    m_auditGiven = true;
    recompute();
}

void AdviceTab::setComputer(const audit::SystemSnapshot &snapshot)
{
    m_reading = 0;
    m_computer = snapshot;
    m_audit = audit::runAudit(snapshot);
    m_auditGiven = true;
    recompute();
}

void AdviceTab::setHealth(const std::optional<HealthSummary> &health)
{
    m_health = health;
    recompute();
}

void AdviceTab::captureAudit()
{
    // Read-only and as the user: what it cannot read it reports as unknown.
    if (!apply::seesHostThroughUdisks()) {
        m_computer = apply::captureHostSnapshot(QDBusConnection::systemBus());
        m_audit = audit::runAudit(*m_computer);
        return;
    }
    // The host through udisks2 and systemd (the Flatpak): bus calls that may each wait seconds,
    // made off the GUI thread; the advice is given again when the answer is in. The newest
    // request wins.
    const int reading = m_reading = ++m_nextReading;
    callInBackground(
        this,
        [] {
            const ThreadBus bus;
            return apply::captureHostSnapshot(bus.connection());
        },
        [this, reading](audit::SystemSnapshot snapshot) {
            if (reading != m_reading)
                return;
            m_reading = 0;
            if (!m_auditGiven) {
                m_computer = std::move(snapshot);
                m_audit = audit::runAudit(*m_computer);
                recompute();
            }
            emit computerRead();
        });
}

void AdviceTab::recompute()
{
    m_showsOpened = false;
    // Another drive's runs are not this one's evidence: no advice until its own are in.
    if (!m_drive.id.isEmpty() && m_keptOf != m_drive.id) {
        showReadingRuns();
        return;
    }
    const AdviceInput input = adviceInput();
    m_advice = adviseTrim(input);
    // Imported audits are another computer's: only a captured one's fixes are applied here.
    const bool imported =
        std::any_of(m_imported.cbegin(), m_imported.cend(), [](const AnyResult &r) {
            return std::holds_alternative<audit::AuditReport>(r);
        });
    display(m_advice, m_computer.has_value() && !imported);

    const bool simulated = m_drive.info.simulated;
    setWrappedText(m_header,
                   m_drive.id.isEmpty() ? tr("Select a drive.")
                   : simulated ? tr("Advice for %1, from its simulated runs. The audit below is of "
                                    "this computer, not of the simulated drive.")
                                     .arg(m_drive.info.displayName())
                               : tr("Advice for %1.").arg(m_drive.info.displayName()));
    setWrappedText(m_inputs, basedOnText(input));
    if (!m_drive.id.isEmpty())
        emit adviceChanged(m_advice);
}

void AdviceTab::showAdvice(const Advice &advice, const QString &origin)
{
    m_advice = advice;
    display(advice);
    m_showsOpened = true;
    setWrappedText(
        m_header, tr("Saved advice for %1, from %2.")
                      .arg(advice.drive.isEmpty() ? tr("an unnamed drive") : advice.drive, origin));
    setWrappedText(m_inputs, tr("Based on what the saved advice was given."));
}

void AdviceTab::display(const Advice &advice, bool applicable)
{
    setWrappedText(m_verdict, verdictHeadline(advice));
    QStringList sentence{advice.sentence};
    for (const FilesystemVerdict &fs : advice.filesystems)
        sentence.append(fs.sentence);
    setWrappedText(m_sentence, sentence.join(QLatin1Char('\n')));
    setWrappedText(m_configuration, advice.configuration.summary);
    m_configuration->setVisible(!advice.configuration.summary.isEmpty());
    setWrappedText(m_confidence,
                   advice.confidenceReasons.isEmpty()
                       ? tr("Confidence: %1.").arg(confidenceDisplayName(advice.confidence))
                       : tr("Confidence: %1 — %2")
                                 .arg(confidenceDisplayName(advice.confidence),
                                      advice.confidenceReasons.join(QStringLiteral("; "))) +
                             QLatin1Char('.'));
    m_numbers->clear();
    for (const Figure &figure : advice.numbers) {
        auto *item = new QTreeWidgetItem(m_numbers, {figure.label, figure.displayValue()});
        item->setToolTip(0, QStringLiteral("<p><b>%1</b></p><p>%2</p>")
                                .arg(figure.label.toHtmlEscaped(), figure.how.toHtmlEscaped()));
        item->setToolTip(1, figure.how);
        item->setTextAlignment(1, Qt::AlignRight | Qt::AlignVCenter);
    }
    setWrappedText(
        m_change, advice.whatWouldChange.isEmpty()
                      ? QString()
                      : tr("<b>What would change the verdict:</b> %1")
                            .arg(advice.whatWouldChange.join(QStringLiteral(" ")).toHtmlEscaped()));
    // Apply where core plans a change for this computer (a remount is offered whether or not
    // the helper is there; the confirmation says which).
    const QStringList applicableIds =
        applicable && m_computer
            ? apply::applicableFixIds(apply::applyInputFrom(advice, *m_computer, true))
            : QStringList();
    const auto applyIdOf = [&](const QString &id) {
        return applicableIds.contains(id) ? id : QString();
    };
    QList<FixItem> fixes;
    for (const Fix &fix : advice.fixes)
        fixes.append({fix.title,
                      fix.scope == FixScope::MeasuredDrive ? tr("For filesystems on the drive")
                                                           : tr("This computer"),
                      fix.explanation, fix.text, fix.file, applyIdOf(fix.id)});
    // "Nothing to change" only when nothing anywhere has a fix: the audit's findings about this
    // computer may have theirs, which this verdict neither makes nor takes back.
    const auto withFix = [](const QList<audit::Finding> &list) {
        return std::any_of(list.cbegin(), list.cend(),
                           [](const audit::Finding &f) { return !f.fix.isEmpty(); });
    };
    m_fixes->setItems(fixes, withFix(advice.findings) || withFix(advice.computerFindings)
                                 ? tr("No change follows from this verdict. The audit's findings "
                                      "have fixes of their own; see Audit findings.")
                                 : tr("Nothing to change."));
    QList<FixItem> findings;
    for (const audit::Finding &finding : advice.findings)
        findings.append(
            {finding.title,
             tr("%1, %2").arg(audit::severityDisplayName(finding.severity), finding.subject),
             finding.explanation, finding.fix, QString(), applyIdOf(apply::findingFixId(finding))});
    for (const audit::Finding &finding : advice.computerFindings)
        findings.append(
            {finding.title,
             (m_drive.info.simulated ? tr("%1, %2 (this computer, not the simulated drive)")
                                     : tr("%1, %2 (this computer, not the measured drive)"))
                 .arg(audit::severityDisplayName(finding.severity), finding.subject),
             finding.explanation, finding.fix, QString(), QString()});
    m_findings->setItems(findings, tr("The audit found nothing that bears on TRIM."));
}

QPushButton *AdviceTab::undoButton() const
{
    return m_apply->undoButton();
}

void AdviceTab::applyClicked(const QString &fixId)
{
    if (m_computer)
        m_apply->apply(fixId, m_advice, *m_computer);
}

void AdviceTab::changed(const QString &title)
{
    emit runFinished();
    if (title.isEmpty())
        return; // nothing ran
    // This computer as it is now: the fix just applied is gone from the list.
    if (!m_auditGiven)
        captureAudit();
    recompute();
}

} // namespace trimscope::gui
