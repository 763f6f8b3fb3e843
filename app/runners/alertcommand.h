#pragma once

#include "common/expected.h"
#include "history/alertwords.h"

#include <QString>

// An alert as it goes out, and the user's own command for it: no D-Bus here, so that the
// history's collector (trimscope-history-record) links none (issue 44: D-Bus and the libraries it
// brings are loaded only by a run that sends a desktop notification or reads udisks2,
// app/cli/historybus.h). The desktop notification is alertdelivery.h's.
namespace trimscope {

// One alert for one drive, ready to go out.
struct AlertMessage
{
    history::Alert alert;
    QString driveKey;  // the history's key ("wwn:…")
    QString driveName; // the kernel name it has now ("sda")
    history::AlertText text;
};

// Runs the user's command for an alert: PROGRAM RULE STATE DRIVE-KEY DRIVE-NAME SUMMARY BODY,
// each one argument, never through a shell. Waits at most 30 s; its exit status is returned as
// an error when not 0.
Error runAlertCommand(const QString &program, const AlertMessage &message);

} // namespace trimscope
