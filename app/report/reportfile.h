#pragma once

#include "common/expected.h"
#include "reportinput.h"

#include <QByteArray>

namespace trimscope::report {

// The report as one A4 page of PDF: the HTML laid out by QTextDocument, the curve drawn as
// vectors where the HTML has its image, everything scaled down together when it would not fit
// on the page.
QByteArray reportPdf(const ReportInput &input);
// The report as one HTML file that needs nothing else: its style sheet inside, the curve a PNG
// inside a data: URI.
QByteArray reportHtmlFile(const ReportInput &input);

// "pdf" or "html" (also "htm") by the path's suffix, written whole or not at all (the atomic
// writer). InvalidArgument for another suffix.
Error writeReport(const ReportInput &input, const QString &path);

} // namespace trimscope::report
