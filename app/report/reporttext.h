#pragma once

#include <QCoreApplication>
#include <QDateTime>
#include <QString>

namespace trimscope::report {

// The translation context of every string of the shared report.
struct ReportText
{
    Q_DECLARE_TR_FUNCTIONS(Report)
};

// When something happened, as the window's lists of runs show it ("2026-11-28 00:41", local
// time), with the time zone: a report is read by people elsewhere.
QString reportDateTime(const QDateTime &when);

} // namespace trimscope::report
