#pragma once

// Internal to core/audit: the rule table and what rules see.
#include "tabparsers.h"
#include "trimaudit.h"

#include <QCoreApplication>

namespace trimscope::audit {

class SystemSnapshot;

// Gives rules a tr() with the "TrimAudit" context that lupdate understands.
class AuditText
{
    Q_DECLARE_TR_FUNCTIONS(TrimAudit)
};

struct AuditContext
{
    const SystemSnapshot &snapshot;
    QList<AuditTarget> targets;
    QList<FstabEntry> fstab;
    QList<CrypttabEntry> crypttab;
};

using TargetRule = QList<Finding> (*)(const AuditContext &context, const AuditTarget &target);
using SystemRule = QList<Finding> (*)(const AuditContext &context);

// A rule looks at one target or at the whole system; its id is stamped on what it finds.
struct Rule
{
    const char *id;
    TargetRule onTarget = nullptr;
    SystemRule onSystem = nullptr;
};

// Every rule, in one place (auditrules.cpp).
const QList<Rule> &auditRules();

Finding makeFinding(Severity severity, const QString &subject, const QString &title,
                    const QString &explanation, const QString &fix = {});

// Target rules, grouped by what they look at.
QList<Finding> ruleCryptDiscardsBlocked(const AuditContext &, const AuditTarget &);
QList<Finding> ruleLayerDiscardsBlocked(const AuditContext &, const AuditTarget &);
QList<Finding> ruleDiskNoDiscard(const AuditContext &, const AuditTarget &);
QList<Finding> ruleRotationalDiscardCapable(const AuditContext &, const AuditTarget &);
QList<Finding> ruleControllerIdeMode(const AuditContext &, const AuditTarget &);
QList<Finding> ruleLvmIssueDiscards(const AuditContext &, const AuditTarget &);
QList<Finding> rulePartitionAlign1MiB(const AuditContext &, const AuditTarget &);
QList<Finding> rulePartitionAlignGranularity(const AuditContext &, const AuditTarget &);
QList<Finding> ruleMountOnlineDiscard(const AuditContext &, const AuditTarget &);
QList<Finding> ruleBtrfsAsyncDiscard(const AuditContext &, const AuditTarget &); // rules_btrfs.cpp
QList<Finding> ruleMountStrictAtime(const AuditContext &, const AuditTarget &);
QList<Finding> ruleFstabNoTrim(const AuditContext &, const AuditTarget &);
QList<Finding> ruleFillLevelHigh(const AuditContext &, const AuditTarget &);
QList<Finding> ruleSwapOnSsd(const AuditContext &, const AuditTarget &);
QList<Finding> ruleSwapDiscard(const AuditContext &, const AuditTarget &);
// System rules.
QList<Finding> ruleFstrimTimerDisabled(const AuditContext &);
QList<Finding> ruleFstrimTimerStale(const AuditContext &);
QList<Finding> ruleFstrimTimerLastRun(const AuditContext &);
QList<Finding> ruleFstrimCron(const AuditContext &);
QList<Finding> ruleSeenThroughUdisks(const AuditContext &);

} // namespace trimscope::audit
