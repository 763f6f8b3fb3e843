#pragma once

#include "reportinput.h"

#include <QSizeF>

namespace trimscope::report {

// Where the report's curve comes from in its HTML: an image source (a data: URI for the
// self-contained file, a resource name for the PDF's layout) shown `size` big (CSS pixels).
struct CurveImage
{
    QString source;
    QSizeF size;
};

// The report as one HTML page: title, the verdict with its sentence and per-filesystem answers,
// the drive's identity and health side by side, the curve, the numbers behind the verdict, what
// to change, and who made it when. Every text is escaped; only the structure is HTML. The same
// markup serves a browser (its style sheet) and QTextDocument (tables with bgcolor and
// cellpadding, which its HTML subset draws), so the PDF and the HTML file say the same.
QString reportHtml(const ReportInput &input, const CurveImage &curve);

// Every text the report lays out, cut to at most 1000 characters with an ellipsis.
// QTextDocument's layout of a long line grows far faster than its length (a 100 KB drive model
// took 9.9 s in the PDF, 1 MB did not finish) and a result file can say anything; no real
// model, serial, mount point or sentence of ours comes near the cut.
QString boundedForLayout(const QString &text);

} // namespace trimscope::report
