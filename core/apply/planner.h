#pragma once

#include "advice/advice.h"
#include "applyplan.h"
#include "audit/fstrimstatus.h"
#include "audit/trimaudit.h"

#include <QString>

namespace trimscope::audit {
class SystemSnapshot;
}

namespace trimscope::apply {

// What a plan is computed from: the advice whose fixes are offered, and this computer as it is
// now (the audit the advice was given, the crypttab, periodic TRIM). All read before anything
// changes, so the confirmation shows what will happen.
struct ApplyInput
{
    advice::Advice advice;
    audit::AuditReport audit;
    QString crypttab; // /etc/crypttab's text
    audit::FstrimStatus fstrim;
    // Our helper answers on the system bus: a remount can make the change hold now, not only
    // from the next boot.
    bool canChangeNow = false;
};

// The input from a snapshot of this computer (its audit, crypttab and fstrim status) and the
// advice given for it.
ApplyInput applyInputFrom(const advice::Advice &advice, const audit::SystemSnapshot &snapshot,
                          bool canChangeNow);

// The fix's id as the advice and the audit give it: advice fixes by their own id
// ("fstab-remove-discard:/", "enable-fstrim-timer"), audit findings as
// "audit:<finding id>:<subject>" ("audit:mount-online-discard:/").
QString findingFixId(const audit::Finding &finding);

// The change `fixId` makes, or why it cannot be applied, in words (Unsupported: a fix TrimScope
// does not carry out, only shows; InvalidArgument: not offered for this computer, or a line
// udisks2 cannot change). A fix is offered only where it is right:
// - advice fixes for this computer (scope ThisComputer: the filesystems on the measured drive or
//   its model; never those a spare or simulated drive's verdict would touch);
// - audit findings about those filesystems and their stack (all of them when no drive was
//   measured), except where the measured verdict says otherwise (online discard fine);
// - nothing for a filesystem whose discards a lower layer drops: the fix is that layer's;
// - discard off persistently (nodiscard in /etc/fstab where a default would put it back), never
//   a bare remount, which the next boot undoes.
// Pure: the same input gives the same plan.
Expected<ApplyPlan> planFix(const QString &fixId, const ApplyInput &input);

// The ids of every fix of `input.advice` planFix would carry out, in the advice's order.
QStringList applicableFixIds(const ApplyInput &input);

} // namespace trimscope::apply
