#include "advice/advice.h"
#include "apply/planner.h"
#include "argumentparsing.h"
#include "audit/systemsnapshot.h"
#include "clioutput.h"
#include "commands.h"
#include "common/shellquote.h"
#include "common/units.h"
#include "helpernow.h"
#include "hostsnapshot.h"
#include "inputfiles.h"
#include "report/adviceinput.h"
#include "reports.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDBusConnection>
#include <QFile>
#include <QJsonDocument>
#include <algorithm>
#include <optional>

namespace trimscope::cli {

namespace {

using namespace trimscope::advice;

class CliAdviseText
{
    Q_DECLARE_TR_FUNCTIONS(CliAdvise)
};

// Something the advice offers to change: a fix, or an audit finding with one.
bool offersChanges(const Advice &advice)
{
    const auto hasFix = [](const audit::Finding &f) { return !f.fix.isEmpty(); };
    return !advice.fixes.isEmpty() ||
           std::any_of(advice.findings.cbegin(), advice.findings.cend(), hasFix) ||
           std::any_of(advice.computerFindings.cbegin(), advice.computerFindings.cend(), hasFix);
}

} // namespace

QString formatAdvice(const Advice &advice, const QStringList &applicable)
{
    QString text;
    const auto printLine = [&text](const QString &line) { text += line + QLatin1Char('\n'); };
    const auto printFindings = [&](const QList<audit::Finding> &findings) {
        for (const audit::Finding &f : findings) {
            // The apply id on the title's line, only where `apply` carries it out here: the Fix
            // line holds only what a person pastes (a subject in it, a mount point, could end
            // the command there).
            const QString id = apply::findingFixId(f);
            printLine(applicable.contains(id)
                          ? QStringLiteral("  [%1] %2: %3  [%4]")
                                .arg(audit::severityDisplayName(f.severity), f.subject, f.title,
                                     shellQuoted(id))
                          : QStringLiteral("  [%1] %2: %3")
                                .arg(audit::severityDisplayName(f.severity), f.subject, f.title));
            if (!f.fix.isEmpty())
                printLine(QStringLiteral("      %1 %2")
                              .arg(CliAdviseText::tr("Fix:"),
                                   indentShellText(f.fix, QStringLiteral("           "))));
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
        // An ID in brackets is one `apply` carries out here; the rest are lines to copy.
        printLine(applicable.isEmpty()
                      ? CliAdviseText::tr("What to do (lines to copy)")
                      : CliAdviseText::tr("What to do (apply the ones in [brackets] with "
                                          "'trimscope-cli apply ID'; copy the others)"));
        for (const Fix &fix : advice.fixes) {
            printLine(applicable.contains(fix.id)
                          ? QStringLiteral("  %1  [%2]").arg(fix.title, shellQuoted(fix.id))
                          : QStringLiteral("  ") + fix.title);
            if (!fix.file.isEmpty())
                printLine(QStringLiteral("    %1 %2").arg(CliAdviseText::tr("In"), fix.file));
            printLine(QStringLiteral("      ") +
                      indentShellText(fix.text, QStringLiteral("      ")));
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
    const AuditOptions auditChoice = auditOptions();
    const QCommandLineOption freeSpace(
        QStringLiteral("free"), CliAdviseText::tr("Free space a weekly fstrim trims (e.g. 60G)."),
        QStringLiteral("SIZE"));
    const QCommandLineOption json(QStringLiteral("json"),
                                  CliAdviseText::tr("Print the advice as JSON."));
    parser.addOptions({from, auditChoice.here, auditChoice.snapshot, freeSpace, json});
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
    // The computer the audit reads: a saved snapshot's, or this one.
    Expected<std::optional<audit::SystemSnapshot>> audited = auditedComputer(parser, auditChoice);
    if (!audited) {
        printError(audited.error());
        return ExitRefused;
    }
    std::optional<audit::SystemSnapshot> computer = std::move(audited).value();
    if (computer)
        input.audit = audit::runAudit(*computer);
    // A watch or a timed fstrim of the drive in use is something to go on too.
    if (input.sweeps.isEmpty() && !input.audit && !input.watch && input.fstrimTimings.isEmpty())
        printError(
            CliAdviseText::tr("no sweep result given (--from FILE): the advice can only be vague"));

    const Advice advice = adviseTrim(input);
    if (parser.isSet(json)) {
        printOut(QString::fromUtf8(resultToJsonBytes(advice)));
        return ExitOk;
    }
    // What `apply` would carry out, decided by its own planner: on the computer the audit read
    // (a saved snapshot's), else on this one as it is now, which is what apply changes.
    QStringList applicable;
    if (offersChanges(advice)) {
        const bool saved = parser.isSet(auditChoice.snapshot);
        if (!computer)
            computer = apply::captureHostSnapshot(QDBusConnection::systemBus());
        applicable = apply::applicableFixIds(apply::applyInputFrom(
            advice, *computer, !saved && apply::helperCanChangeNow(QDBusConnection::systemBus())));
    }
    printOut(formatAdvice(advice, applicable));
    return ExitOk;
}

} // namespace trimscope::cli
