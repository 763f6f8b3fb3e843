#pragma once

#include "applyplan.h"
#include "common/expected.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>

namespace trimscope::apply {

// One applied fix: what was changed, when, and the values before (the plan's "before" items,
// the unit's masked state, the mount's discard option, the mapping's allow-discards), so that it
// can be undone.
struct AppliedChange
{
    QDateTime when; // UTC
    ApplyPlan plan; // exactly the steps that were carried out

    QJsonObject toJson() const;
    static Expected<AppliedChange> fromJson(const QJsonObject &json);
};

// Every applied fix not undone yet, oldest first: `apply --undo` and the GUI's Undo take back
// the newest.
struct ApplyJournal
{
    static constexpr int SchemaVersion = 1;
    QList<AppliedChange> changes;

    QJsonObject toJson() const;
    static Expected<ApplyJournal> fromJson(const QJsonObject &json);
};

// The plan that puts back what `change` changed: every line as it was, the unit as it was, the
// mounts with their old discard option, the encrypted devices refreshed as they were; in the
// reverse order.
ApplyPlan undoPlan(const AppliedChange &change);

// $XDG_DATA_HOME/trimscope/applied.json (~/.local/share/trimscope/applied.json): the user's, as
// the changes were made through the user's own polkit authorizations.
QString defaultJournalPath();

// An absent file is an empty journal; a file that is not ours is an error in words.
Expected<ApplyJournal> loadJournal(const QString &path);
// Whole or not at all (writeFileAtomically), the directory made when missing.
Error saveJournal(const QString &path, const ApplyJournal &journal);

} // namespace trimscope::apply
