#include "reporthtml.h"

#include "common/units.h"
#include "curveplot.h"
#include "health/healthwords.h"
#include "health/trimreadwords.h"
#include "reporttext.h"
#include "trimscope_config.h"

#include <algorithm>
#include <cmath>

namespace trimscope::report {

namespace {

using Rows = QList<std::pair<QString, QString>>;

// The one way text enters the page: bounded, then escaped.
QString esc(const QString &text)
{
    return boundedForLayout(text).toHtmlEscaped();
}

// A drive's facts as a person compares them with their own drive's. Its block layer's facts only
// where a run on it recorded them (a health report alone knows none).
Rows identityRows(const DriveInfo &d, bool blockFacts)
{
    const QString none = ReportText::tr("not reported");
    Rows rows;
    rows.append({ReportText::tr("Model"), d.displayMakerAndModel()});
    rows.append({ReportText::tr("Serial number"), d.serial.isEmpty() ? none : d.serial});
    rows.append({ReportText::tr("Firmware"), d.firmware.isEmpty() ? none : d.firmware});
    if (d.sizeBytes > 0)
        rows.append({ReportText::tr("Capacity"), formatBytes(d.sizeBytes)});
    if (!blockFacts)
        return rows;
    // A simulated drive's bus is the word "simulated" in files; say it in the reader's language
    // (the German report read "Angeschlossen über SIMULATED").
    if (d.simulated)
        rows.append(
            {ReportText::tr("Connected by"), ReportText::tr("nothing: simulated in this program")});
    else if (!d.transport.isEmpty())
        rows.append({ReportText::tr("Connected by"), d.transport.toUpper()});
    rows.append({ReportText::tr("Sectors"),
                 ReportText::tr("%1 logical, %2 physical")
                     .arg(formatBytes(d.logicalBlockSize), formatBytes(d.physicalBlockSize))});
    rows.append({ReportText::tr("Discard"),
                 d.discardMaxBytes == 0 ? ReportText::tr("the kernel sends this drive no discard")
                                        : ReportText::tr("granularity %1, at most %2 per command")
                                              .arg(formatBytes(d.discardGranularity),
                                                   formatBytes(d.discardMaxBytes))});
    if (!d.path.isEmpty() && !d.simulated)
        rows.append({ReportText::tr("Device"), d.path});
    if (d.simulated)
        rows.append({ReportText::tr("Simulated"),
                     ReportText::tr("yes: every figure here comes from a model of the drive, "
                                    "not from a drive")});
    return rows;
}

Rows healthRows(const health::DriveHealth &h)
{
    Rows rows;
    rows.append({ReportText::tr("Overall"), health::overallText(h.overall.value_or(QString()))});
    if (h.trimSupported)
        rows.append({ReportText::tr("TRIM supported"),
                     *h.trimSupported ? ReportText::tr("yes") : ReportText::tr("no")});
    // What a read after TRIM returns and the kernel's quirks, in the CLI's words.
    const health::TrimReadFacts trim = health::trimReadFacts(h);
    if (!trim.afterTrim.isEmpty())
        rows.append({health::afterTrimLabel(), trim.afterTrim});
    if (!trim.kernel.isEmpty())
        rows.append({health::kernelLabel(), trim.kernel});
    if (h.powerOnHours)
        rows.append({ReportText::tr("Powered on"),
                     ReportText::tr("%1 h").arg(formatCount(std::llround(*h.powerOnHours)))});
    if (h.temperatureCelsius)
        rows.append({ReportText::tr("Temperature"),
                     ReportText::tr("%1 °C").arg(formatNumber(*h.temperatureCelsius, 3))});
    if (h.percentUsed)
        rows.append({ReportText::tr("Wear (rated life used)"), formatPercent(*h.percentUsed)});
    if (h.hostWritesBytes && *h.hostWritesBytes >= 0)
        rows.append({ReportText::tr("Written by the host"),
                     formatBytes(quint64(std::llround(*h.hostWritesBytes)))});
    if (h.lifespan.years)
        rows.append({ReportText::tr("Rated life at this write rate"),
                     ReportText::tr("about %1 years").arg(formatNumber(*h.lifespan.years, 2))});
    return rows;
}

QString factsTable(const Rows &rows)
{
    QString html = QStringLiteral("<table class=\"facts\" cellspacing=\"0\" cellpadding=\"1\">");
    for (const auto &[key, value] : rows)
        html += QStringLiteral("<tr><td class=\"key\">%1</td><td>%2</td></tr>")
                    .arg(esc(key), esc(value));
    return html + QStringLiteral("</table>");
}

// A quiet background per verdict: green where nothing needs doing, amber for a change, grey
// where the figures do not decide.
QString verdictColor(advice::Verdict verdict)
{
    switch (verdict) {
    case advice::Verdict::OnlineDiscardFine:
        return QStringLiteral("#e3f2e6");
    case advice::Verdict::PreferPeriodicFstrim:
        return QStringLiteral("#fdf0d8");
    case advice::Verdict::FixStackFirst:
        return QStringLiteral("#fbe3e1");
    default:
        return QStringLiteral("#ececec");
    }
}

QString verdictBlock(const ReportInput &input)
{
    const advice::Advice &a = input.advice;
    QString html = QStringLiteral("<table class=\"verdict\" width=\"100%\" cellspacing=\"0\" "
                                  "cellpadding=\"8\" bgcolor=\"%1\"><tr><td>")
                       .arg(verdictColor(a.verdict));
    html += QStringLiteral("<p class=\"headline\">%1</p>")
                .arg(esc(ReportText::tr("Verdict: %1").arg(advice::verdictHeadline(a))));
    html += QStringLiteral("<p>%1</p>").arg(esc(a.sentence));
    if (!a.filesystems.isEmpty()) {
        html += QStringLiteral("<ul>");
        for (const advice::FilesystemVerdict &fs : a.filesystems)
            html += QStringLiteral("<li>%1</li>").arg(esc(fs.sentence));
        html += QStringLiteral("</ul>");
    }
    const QString confidence =
        a.confidenceReasons.isEmpty()
            ? ReportText::tr("Confidence: %1.").arg(advice::confidenceDisplayName(a.confidence))
            : ReportText::tr("Confidence: %1 (%2).")
                  .arg(advice::confidenceDisplayName(a.confidence),
                       a.confidenceReasons.join(QStringLiteral("; ")));
    html += QStringLiteral("<p class=\"small\">%1 %2</p>").arg(esc(confidence), esc(input.basedOn));
    return html + QStringLiteral("</td></tr></table>");
}

QString driveAndHealth(const ReportInput &input)
{
    QString health;
    if (input.health && input.healthIsExample)
        health = QStringLiteral("<p>%1 %2</p>%3")
                     .arg(esc(ReportText::tr("A simulated drive has no health data.")),
                          esc(ReportText::tr("Example data from a real %1, as the Health tab "
                                             "shows it:")
                                  .arg(input.health->model)),
                          factsTable(healthRows(*input.health)));
    else if (input.health)
        health = factsTable(healthRows(*input.health));
    else
        health =
            QStringLiteral("<p>%1</p>")
                .arg(esc(input.drive.simulated
                             ? ReportText::tr("A simulated drive has no health data.")
                             : ReportText::tr("Not read. (TrimScope's Health tab, or "
                                              "trimscope-cli health --json FILE, reads it.)")));
    return QStringLiteral("<table class=\"columns\" width=\"100%\" cellspacing=\"0\" "
                          "cellpadding=\"0\"><tr><td width=\"55%\"><h2>%1</h2>%2</td>"
                          "<td width=\"45%\"><h2>%3</h2>%4</td></tr></table>")
        .arg(esc(ReportText::tr("Drive")), factsTable(identityRows(input.drive, input.blockFacts)),
             esc(ReportText::tr("Health")), health);
}

QString curveCaption(const ReportInput &input)
{
    if (input.sweeps.isEmpty())
        return ReportText::tr("No TRIM sweep of this drive is part of the report.");
    QStringList lines;
    for (const SweepResult &sweep : input.sweeps) {
        int sizes = 0, trims = 0;
        for (const SizePoint &point : sweep.points) {
            if (point.stats.count > 0) {
                ++sizes;
                trims += int(point.stats.count);
            }
        }
        lines.append(ReportText::tr("%1: %2 TRIM commands at %3 sizes")
                         .arg(sweepLegendLabel(sweep), formatCount(trims), formatCount(sizes)));
    }
    // A simulated drive's sweeps are its model's (issue 47 item 13).
    const bool simulated = std::all_of(input.sweeps.cbegin(), input.sweeps.cend(),
                                       [](const SweepResult &s) { return s.drive.simulated; });
    return (simulated ? ReportText::tr("Each line is a simulated TRIM sweep: the median time the "
                                       "drive's model gives one TRIM command at each discard "
                                       "size, the band from its 5th to its 95th percentile. %1.")
                      : ReportText::tr("Each line is a TRIM sweep: the median time of one TRIM "
                                       "command at each discard size, the band from its 5th to "
                                       "its 95th percentile. %1."))
        .arg(lines.join(QStringLiteral("; ")));
}

QString numbersTable(const advice::Advice &a)
{
    if (a.numbers.isEmpty())
        return QString();
    QString html = QStringLiteral("<h2>%1</h2><table class=\"numbers\" width=\"100%\" "
                                  "cellspacing=\"0\" cellpadding=\"2\">")
                       .arg(esc(ReportText::tr("Numbers behind the verdict")));
    for (const advice::Figure &figure : a.numbers)
        html += QStringLiteral("<tr><td>%1</td><td class=\"value\" align=\"right\">%2</td></tr>")
                    .arg(esc(figure.label), esc(figure.displayValue()));
    return html + QStringLiteral("</table>");
}

QString changes(const advice::Advice &a)
{
    QString html = QStringLiteral("<h2>%1</h2>").arg(esc(ReportText::tr("What to change")));
    if (a.fixes.isEmpty())
        return html + QStringLiteral("<p>%1</p>").arg(esc(ReportText::tr("Nothing.")));
    html += QStringLiteral("<ol>");
    for (const advice::Fix &fix : a.fixes) {
        const QString where =
            fix.scope == advice::FixScope::MeasuredDrive
                ? ReportText::tr("for filesystems on this drive, in the computer it is in")
                : ReportText::tr("on the computer that made this report");
        html += QStringLiteral("<li><b>%1</b> <span class=\"small\">(%2)</span><br>")
                    .arg(esc(fix.title), esc(where));
        if (!fix.file.isEmpty())
            html += esc(ReportText::tr("In %1:").arg(fix.file)) + QLatin1Char(' ');
        html += QStringLiteral("<code>%1</code><br><span class=\"small\">%2</span></li>")
                    .arg(esc(fix.text), esc(fix.explanation));
    }
    return html + QStringLiteral("</ol>");
}

QString findings(const advice::Advice &a)
{
    if (a.findings.isEmpty())
        return QString();
    QString html = QStringLiteral("<h2>%1</h2><ul>").arg(esc(ReportText::tr("Findings")));
    for (const audit::Finding &f : a.findings)
        html += QStringLiteral("<li>%1</li>")
                    .arg(esc(ReportText::tr("%1, %2: %3")
                                 .arg(audit::severityDisplayName(f.severity), f.subject, f.title)));
    return html + QStringLiteral("</ul>");
}

// Shared by a browser and QTextDocument; each ignores what it does not know.
const char kStyle[] = R"(
body { font-family: sans-serif; font-size: 9.5pt; color: #222222; }
h1 { font-size: 15pt; margin: 0; }
h2 { font-size: 11pt; margin-top: 10px; margin-bottom: 3px; }
p { margin-top: 2px; margin-bottom: 2px; }
ul, ol { margin-top: 2px; margin-bottom: 2px; }
li { margin-bottom: 2px; }
.meta { color: #555555; font-size: 8.5pt; }
.headline { font-size: 13pt; font-weight: bold; }
.small { color: #555555; font-size: 8.5pt; }
.key { color: #555555; padding-right: 8px; }
.facts td { vertical-align: top; }
.numbers td { border-bottom: 1px solid #dddddd; }
.value { white-space: nowrap; }
code { font-family: monospace; font-size: 8.5pt; background-color: #f1f1f1; }
.footer { color: #777777; font-size: 8pt; margin-top: 8px; }
@media screen { body { max-width: 190mm; margin: 10mm auto; } }
@page { size: A4; margin: 12mm; }
img.curve { width: 100%; height: auto; }
)";

} // namespace

QString boundedForLayout(const QString &text)
{
    constexpr qsizetype kMaxChars = 1000; // the longest text of a real report: about 400
    if (text.size() <= kMaxChars)
        return text;
    qsizetype cut = kMaxChars - 1;
    if (text.at(cut - 1).isHighSurrogate())
        --cut; // never half a character
    return text.left(cut) + QChar(0x2026);
}

QString reportHtml(const ReportInput &input, const CurveImage &curve)
{
    const QString driveName = input.drive.displayName().isEmpty()
                                  ? ReportText::tr("an unnamed drive")
                                  : input.drive.displayName();
    const QString title = ReportText::tr("TRIM report: %1").arg(driveName);
    QString html =
        QStringLiteral("<!DOCTYPE html>\n<html lang=\"%1\"><head><meta "
                       "charset=\"utf-8\"><title>%2</title><style>%3</style></head>"
                       "<body>")
            .arg(
                esc(ReportText::tr("en", "the language code of this translation, for HTML's lang")),
                esc(title), QString::fromUtf8(kStyle));
    html += QStringLiteral("<h1>%1</h1>").arg(esc(title));
    html += QStringLiteral("<p class=\"meta\">%1</p>")
                .arg(esc(ReportText::tr("Made %1 with TrimScope %2")
                             .arg(reportDateTime(input.created), input.toolVersion)));
    html += verdictBlock(input);
    html += driveAndHealth(input);
    html += QStringLiteral("<h2>%1</h2>").arg(esc(ReportText::tr("TRIM time per discard size")));
    html += QStringLiteral("<p><img class=\"curve\" src=\"%1\" width=\"%2\" height=\"%3\" "
                           "alt=\"%4\"></p>")
                .arg(curve.source, QString::number(std::lround(curve.size.width())),
                     QString::number(std::lround(curve.size.height())),
                     esc(ReportText::tr("TRIM time per discard size")));
    html += QStringLiteral("<p class=\"small\">%1</p>").arg(esc(curveCaption(input)));
    html += numbersTable(input.advice);
    html += changes(input.advice);
    html += findings(input.advice);
    html += QStringLiteral("<p class=\"footer\">%1</p>")
                .arg(esc(ReportText::tr("TrimScope %1 measures how an SSD handles TRIM: %2")
                             .arg(input.toolVersion, QStringLiteral(TRIMSCOPE_HOMEPAGE_URL))));
    return html + QStringLiteral("</body></html>\n");
}

} // namespace trimscope::report
