#include "argumentparsing.h"
#include "audit/systemsnapshot.h"
#include "clioutput.h"
#include "commands.h"
#include "common/units.h"
#include "inputfiles.h"
#include "common/atomicfile.h"
#include "reportfile.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QLocale>

namespace trimscope::cli {

namespace {

class CliReportText
{
    Q_DECLARE_TR_FUNCTIONS(CliReport)
};

} // namespace

int runReport(const QStringList &args)
{
    QCommandLineParser parser;
    const QCommandLineOption from(
        QStringLiteral("from"),
        CliReportText::tr(
            "A result of the drive (JSON): a diagnosis, sweeps, a health report, filesystem, "
            "probe or stall results, an audit; repeat for more."),
        QStringLiteral("FILE"));
    const QCommandLineOption pdf(QStringLiteral("pdf"),
                                 CliReportText::tr("Write the report as one PDF page."),
                                 QStringLiteral("FILE"));
    const QCommandLineOption html(
        QStringLiteral("html"),
        CliReportText::tr("Write the report as one self-contained HTML file."),
        QStringLiteral("FILE"));
    const AuditOptions auditChoice = auditOptions();
    parser.addOptions({from, pdf, html, auditChoice.here, auditChoice.snapshot});
    if (!parseOptionsOnly(parser, QStringLiteral("report"), args))
        return ExitRefused;
    if (!parser.isSet(from)) {
        printError(CliReportText::tr("report: no result given (--from FILE)"));
        return ExitRefused;
    }
    if (!parser.isSet(pdf) && !parser.isSet(html)) {
        printError(
            CliReportText::tr("report: say where it goes (--pdf FILE, --html FILE or both)"));
        return ExitRefused;
    }
    // Each target by its option's format, whatever its name ends in.
    QList<std::pair<QString, bool>> targets; // path, is PDF
    if (parser.isSet(pdf))
        targets.append({parser.value(pdf), true});
    if (parser.isSet(html))
        targets.append({parser.value(html), false});
    for (const auto &[path, isPdf] : std::as_const(targets)) {
        if (const Error error = checkResultPathWritable(path); error.isError()) {
            printError(error);
            return ExitRefused;
        }
    }

    QList<report::ReportSource> sources;
    for (const QString &path : parser.values(from)) {
        Expected<AnyResult> result = readResultFile(path);
        if (!result) {
            printError(result.error());
            return ExitRefused;
        }
        sources.append({path, std::move(result).value()});
    }
    const Expected<std::optional<audit::SystemSnapshot>> computer =
        auditedComputer(parser, auditChoice);
    if (!computer) {
        printError(computer.error());
        return ExitRefused;
    }
    std::optional<audit::AuditReport> audit;
    if (*computer)
        audit = audit::runAudit(**computer);

    // A report is read by people: numbers in their locale, as the window shows them.
    setNumberLocale(QLocale::system());
    const Expected<report::ReportInput> input = report::reportInputOf(sources, audit);
    if (!input) {
        printError(input.error());
        return ExitRefused;
    }
    for (const auto &[path, isPdf] : std::as_const(targets)) {
        const QByteArray bytes = isPdf ? report::reportPdf(*input) : report::reportHtmlFile(*input);
        if (const Error error = writeFileAtomically(path, bytes); error.isError()) {
            printError(error);
            return ExitFailure;
        }
        printOut(CliReportText::tr("Report written to %1").arg(path) + QLatin1Char('\n'));
    }
    return ExitOk;
}

} // namespace trimscope::cli
