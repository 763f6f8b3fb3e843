#include "advice/advice.h"
#include "argumentparsing.h"
#include "audit/systemsnapshot.h"
#include "clioutput.h"
#include "commands.h"
#include "common/shellquote.h"
#include "common/units.h"
#include "hostsnapshot.h"
#include "inputfiles.h"
#include "report/adviceinput.h"
#include "reports.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDBusConnection>
#include <QFile>
#include <QJsonDocument>

namespace trimscope::cli {

namespace {

using namespace trimscope::advice;

class CliAdviseText
{
    Q_DECLARE_TR_FUNCTIONS(CliAdvise)
};

} // namespace

QString formatAdvice(const Advice &advice)
{
    QString text;
    const auto printLine = [&text](const QString &line) { text += line + QLatin1Char('\n'); };
    const auto printFindings = [&](const QList<audit::Finding> &findings) {
        for (const audit::Finding &f : findings) {
            // The apply id on the title's line: the Fix line holds only what a person pastes
            // (a subject in it, a mount point, could end the command there).
            printLine(f.fix.isEmpty()
                          ? QStringLiteral("  [%1] %2: %3")
                                .arg(audit::severityDisplayName(f.severity), f.subject, f.title)
                          : QStringLiteral("  [%1] %2: %3  [%4]")
                                .arg(audit::severityDisplayName(f.severity), f.subject, f.title,
                                     shellQuoted(QStringLiteral("audit:%1:%2").arg(f.id, f.subject))));
            if (!f.fix.isEmpty())
                printLine(QStringLiteral("      %1 %2").arg(
                    CliAdviseText::tr("Fix:"), indentShellText(f.fix, QStringLiteral("           "))));
        }
    };
    // The verdict for the measured drive first, with its numbers; this computer's configuration
    // after it, apart.
    printLine(
        advice.drive.isEmpty()
            ? QStringLiteral("%1: %2").arg(CliAdviseText::tr("Verdict"), verdictHeadline(advice))
            : CliAdviseText::tr("Verdict for %1: %2").arg(advice.drive, verdictHeadline(advice)));
    printLine(advice.sentence);
    for (const FilesystemVerdict &fs : advice.filesystems)
        printLine(QStringLiteral("  ") + fs.sentence);
    printLine(QString());
    if (!advice.numbers.isEmpty()) {
        printLine(CliAdviseText::tr("Numbers"));
        for (const Figure &figure : advice.numbers) {
            printLine(QStringLiteral("  %1: %2").arg(figure.label, figure.displayValue()));
            printLine(QStringLiteral("      ") + figure.how);
        }
        printLine(QString());
    }
    printLine(QStringLiteral("%1: %2").arg(CliAdviseText::tr("Confidence"), advice.confidence));
    for (const QString &reason : advice.confidenceReasons)
        printLine(QStringLiteral("  - ") + reason);
    if (!advice.whatWouldChange.isEmpty()) {
        printLine(CliAdviseText::tr("What would change the verdict"));
        for (const QString &change : advice.whatWouldChange)
            printLine(QStringLiteral("  - ") + change);
    }
    if (!advice.findings.isEmpty()) {
        printLine(QString());
        printLine(CliAdviseText::tr("Findings about the measured drive"));
        printFindings(advice.findings);
    }
    printLine(QString());
    printLine(CliAdviseText::tr("This computer"));
    if (!advice.configuration.summary.isEmpty())
        printLine(QStringLiteral("  ") + advice.configuration.summary);
    if (!advice.fixes.isEmpty()) {
        printLine(
            CliAdviseText::tr("What to do (apply the ones in [brackets] with 'trimscope-cli apply "
                              "ID')"));
        for (const Fix &fix : advice.fixes) {
            printLine(QStringLiteral("  %1  [%2]").arg(fix.title, shellQuoted(fix.id)));
            if (!fix.file.isEmpty())
                printLine(QStringLiteral("    %1 %2").arg(CliAdviseText::tr("In"), fix.file));
            printLine(QStringLiteral("      ") + indentShellText(fix.text, QStringLiteral("      ")));
            printLine(QStringLiteral("    ") + fix.explanation);
        }
    }
    if (!advice.computerFindings.isEmpty()) {
        printLine(
            CliAdviseText::tr("This computer's own audit findings (not about the measured drive)"));
        printFindings(advice.computerFindings);
    }
    return text;
}

int runAdvise(const QStringList &args)
{
    QCommandLineParser parser;
    const QCommandLineOption from(
        QStringLiteral("from"),
        CliAdviseText::tr("A sweep, filesystem, background-probe, audit or health result (JSON); "
                          "repeat for more runs of the same drive."),
        QStringLiteral("FILE"));
    const QCommandLineOption auditHere(QStringLiteral("audit"),
                                       CliAdviseText::tr("Audit this machine's TRIM stack too."));
    const QCommandLineOption auditSnapshot(QStringLiteral("audit-snapshot"),
                                           CliAdviseText::tr("Audit a saved snapshot (see audit "
                                                             "--save-snapshot)."),
                                           QStringLiteral("FILE"));
    const QCommandLineOption freeSpace(
        QStringLiteral("free"), CliAdviseText::tr("Free space a weekly fstrim trims (e.g. 60G)."),
        QStringLiteral("SIZE"));
    const QCommandLineOption json(QStringLiteral("json"),
                                  CliAdviseText::tr("Print the advice as JSON."));
    parser.addOptions({from, auditHere, auditSnapshot, freeSpace, json});
    if (!parseOptionsOnly(parser, QStringLiteral("advise"), args))
        return ExitRefused;

    AdviceInput input;
    for (const QString &path : parser.values(from)) {
        if (const Error error = loadAdviceInput(path, input); error.isError()) {
            printError(error);
            return ExitRefused;
        }
    }
    if (parser.isSet(freeSpace)) {
        const auto bytes = parseByteSize(parser.value(freeSpace));
        if (!bytes) {
            printError(
                CliAdviseText::tr("--free: '%1' is not a size").arg(parser.value(freeSpace)));
            return ExitRefused;
        }
        input.freeBytes = *bytes;
    }
    if (parser.isSet(auditSnapshot)) {
        const auto snapshot = readSnapshotFile(parser.value(auditSnapshot));
        if (!snapshot) {
            printError(snapshot.error());
            return ExitRefused;
        }
        input.audit = audit::runAudit(*snapshot);
    } else if (parser.isSet(auditHere)) {
        input.audit = audit::runAudit(apply::captureHostSnapshot(QDBusConnection::systemBus()));
    }
    // A watch or a timed fstrim of the drive in use is something to go on too.
    if (input.sweeps.isEmpty() && !input.audit && !input.watch && input.fstrimTimings.isEmpty())
        printError(
            CliAdviseText::tr("no sweep result given (--from FILE): the advice can only be vague"));

    const Advice advice = adviseTrim(input);
    if (parser.isSet(json))
        printOut(QString::fromUtf8(resultToJsonBytes(advice)));
    else
        printOut(formatAdvice(advice));
    return ExitOk;
}

} // namespace trimscope::cli
