#pragma once

#include "advice/advice.h"
#include "backends/backend.h"
#include "runstore.h"

#include <QWidget>
#include <optional>

class QLabel;
class QPushButton;
class QTreeWidget;

namespace trimscope::gui {

class FixList;

// The answer users came for: the verdict in one sentence, the numbers behind it, what to
// change (each fix copyable) and what the audit of this computer found. Inputs: the drive's
// saved sweep runs, the live audit, and a background-probe or filesystem result the user
// imports. The advice itself is core's adviseTrim(); this tab only gathers and shows.
class AdviceTab : public QWidget
{
    Q_OBJECT
public:
    explicit AdviceTab(RunStore store, QWidget *parent = nullptr);

    void setDrive(const DriveEntry &drive);
    // Re-reads the saved runs (after a benchmark) and advises again.
    void reload();
    // A given audit (tests, recorded snapshots) instead of capturing this computer's.
    void setAudit(const std::optional<audit::AuditReport> &report);
    void setHealth(const std::optional<advice::HealthSummary> &health);
    Error importFile(const QString &path);
    // A saved advice (trimscope-cli advise --json), shown as it was given; the next change of
    // drive or input advises afresh.
    void showAdvice(const advice::Advice &advice, const QString &origin);

    const advice::Advice &advice() const { return m_advice; }
    QLabel *verdictLabel() const { return m_verdict; }
    FixList *fixList() const { return m_fixes; }
    FixList *findingList() const { return m_findings; }
    QTreeWidget *numbers() const { return m_numbers; }

signals:
    void message(const QString &text);
    // The selected drive's advice, recomputed (a drive selected, a run saved, an import).
    void adviceChanged(const trimscope::advice::Advice &advice);

private:
    void captureAudit();
    void recompute();
    void display(const advice::Advice &advice);
    void importClicked();

    RunStore m_store;
    DriveEntry m_drive;
    QList<SweepResult> m_runs;
    advice::AdviceInput m_imported; // backgroundProbe and filesystems from imported files
    std::optional<audit::AuditReport> m_audit;
    bool m_auditGiven = false;
    std::optional<advice::HealthSummary> m_health;
    advice::Advice m_advice;
    QLabel *m_header;
    QLabel *m_verdict;
    QLabel *m_sentence;
    QLabel *m_confidence;
    QLabel *m_inputs;
    QTreeWidget *m_numbers;
    QLabel *m_change;
    FixList *m_fixes;
    FixList *m_findings;
    QPushButton *m_import;
    QPushButton *m_auditButton;
};

} // namespace trimscope::gui
