#pragma once

#include "historyalerts.h"

#include <QString>

// The words of an alert, built from the decision afterwards (historyalerts.h decides).
namespace trimscope::history {

struct AlertText
{
    QString summary; // one line: the notification's title
    QString body;    // what happened and what to do
};

// `drive`: how the person knows the drive ("Samsung SSD 870 EVO 1TB (sda)").
AlertText alertText(const Alert &alert, const QString &drive);

} // namespace trimscope::history
