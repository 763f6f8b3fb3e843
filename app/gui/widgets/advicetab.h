#pragma once

#include "advice/advice.h"
#include "audit/systemsnapshot.h"
#include "backends/backend.h"
#include "report/diagnosis.h"
#include "report/resultfile.h"
#include "results/adviceinputs.h"
#include "runstore.h"

#include <QWidget>
#include <memory>
#include <optional>

class QLabel;
class QPushButton;
class QTreeWidget;

namespace trimscope::gui {

class DiagnoseBudget;

class ApplyController;
class FixList;
class JobPanel;
class SavedRuns;
class WatchPeriods;

// The answer users came for: the verdict in one sentence, the numbers behind it, what to
// change (each fix copyable) and what the audit of this computer found. Inputs: every run kept
// with the drive (evidenceOf: its newest diagnosis and the runs after it), the live audit, and
// results the user imports. The advice itself is core's adviseTrim(); this tab only gathers and
// shows, and announces the verdict (adviceChanged) so that no other view shows another.
// "Diagnose drive" runs the guided diagnosis (core's diagnose job) on the selected drive through
// its backend and shows that verdict: for the measured drive first, this computer's
// configuration apart.
class AdviceTab : public QWidget
{
    Q_OBJECT
public:
    // `runs`: the window's listing of saved runs; none: the tab lists the default store's.
    explicit AdviceTab(SavedRuns *runs = nullptr, QWidget *parent = nullptr);

    void setDrive(const DriveEntry &drive, Backend *backend = nullptr);
    // Takes the runs kept with the drive as listed and advises again (the saved runs changed;
    // that SavedRuns says itself).
    void reload();
    // "This drive in use" read the counters of `driveId` over the period chosen (every few
    // seconds while it shows, and when the period changes): advises again from that reading,
    // none when they could not be read, and the runs already read; neither the store nor the
    // counters are read again. A reading of a drive other than the selected one is passed over.
    void countersChanged(const QString &driveId,
                         const std::optional<trimscope::watch::DiscardWatch> &watch);
    // A given audit (tests, recorded snapshots) instead of capturing this computer's. Its fixes
    // are shown, never applied: it may be another computer's.
    void setAudit(const std::optional<audit::AuditReport> &report);
    // This computer as captured (tests give a recorded one): its audit, and what Apply changes.
    void setComputer(const audit::SystemSnapshot &snapshot);
    void setHealth(const std::optional<advice::HealthSummary> &health);
    // The counting period the user chose per drive ("This drive in use"): a real drive's
    // counters are read over it, as that tab reads them. Without: since boot.
    void setWatchPeriods(std::shared_ptr<const WatchPeriods> periods) { m_periods = periods; }
    Error importFile(const QString &path);
    // A saved advice (trimscope-cli advise --json), shown as it was given; the next change of
    // drive or input advises afresh.
    void showAdvice(const advice::Advice &advice, const QString &origin);
    // A diagnosis (run here or opened from a file): its advice and what each phase did.
    void showDiagnosis(const DiagnosisResult &diagnosis, const QString &origin);
    // Confirms (real drives) and starts the diagnosis of the selected drive; whether it started.
    bool diagnose();

    const advice::Advice &advice() const { return m_advice; }
    QLabel *verdictLabel() const { return m_verdict; }
    FixList *fixList() const { return m_fixes; }
    FixList *findingList() const { return m_findings; }
    QTreeWidget *numbers() const { return m_numbers; }
    QLabel *configurationLabel() const { return m_configuration; }
    QLabel *inputsLabel() const { return m_inputs; }
    QPushButton *diagnoseButton() const { return m_diagnoseButton; }
    DiagnoseBudget *diagnoseBudget() const { return m_budget; }
    QPushButton *undoButton() const;
    JobPanel *jobPanel() const { return m_job; }
    ApplyController *applyController() const { return m_apply; }
    // This computer is being read through udisks2 (the Flatpak's view): computerRead() follows.
    bool isReadingComputer() const { return m_reading != 0; }
    // The saved runs are being listed (SavedRuns, on a worker) and the tab waits for them: it
    // says so and advises when they are in.
    bool isReadingRuns() const;

signals:
    void message(const QString &text);
    // The selected drive's advice, recomputed (a drive selected, a run saved, an import).
    void adviceChanged(const trimscope::advice::Advice &advice);
    void runStarted(const QString &what);
    void runFinished();
    // A read of this computer through udisks2 ended (captureAudit), and the advice is current.
    void computerRead();

private:
    // The kept runs of the drive: at once when the runs are listed, else when they are.
    void readKept();
    void onRunsChanged();
    // The drive's runs are being read, none of another drive's shows meanwhile.
    void showReadingRuns();
    void captureAudit();
    void recompute();
    // `applicable`: the advice is this computer's, as captured now: its fixes get Apply buttons.
    void display(const advice::Advice &advice, bool applicable = false);
    void applyClicked(const QString &fixId);
    // After a change (`title` empty: nothing ran): this computer audited again, the advice
    // recomputed.
    void changed(const QString &title);
    void importClicked();
    void diagnosisFinished(const JobOutcome &outcome, const QString &savedPath);
    // What the advice reads: the kept runs, then the imported files, the audit, the health.
    advice::AdviceInput adviceInput() const;
    // "Based on: …", of the input the advice was just given.
    QString basedOnText(const advice::AdviceInput &input) const;

    SavedRuns *m_runs;
    DriveEntry m_drive;
    DriveEvidence m_kept;
    QString m_keptOf;            // the drive m_kept is of
    bool m_showsOpened = false;  // an opened advice or diagnosis, until the next change
    QList<AnyResult> m_imported; // imported for this drive, in order
    std::optional<audit::AuditReport> m_audit;
    std::optional<audit::SystemSnapshot> m_computer; // what m_audit was made from, when it is ours
    bool m_auditGiven = false;
    int m_reading = 0; // the read of this computer awaited under this number; 0: none
    int m_nextReading = 0;
    std::optional<advice::HealthSummary> m_health;
    std::shared_ptr<const WatchPeriods> m_periods;
    // While advising from a reading handed over (countersChanged): that reading, which the
    // advice takes instead of reading the counters itself.
    const std::optional<watch::DiscardWatch> *m_countersRead = nullptr;
    advice::Advice m_advice;
    QLabel *m_header;
    QLabel *m_verdict;
    QLabel *m_sentence;
    QLabel *m_confidence;
    QLabel *m_inputs;
    QTreeWidget *m_numbers;
    QLabel *m_change;
    QLabel *m_configuration;
    FixList *m_fixes;
    FixList *m_findings;
    QPushButton *m_import;
    QPushButton *m_auditButton;
    QPushButton *m_diagnoseButton;
    DiagnoseBudget *m_budget;
    JobPanel *m_job;
    ApplyController *m_apply;
};

} // namespace trimscope::gui
