#include "argumentparsing.h"
#include "audit/systemsnapshot.h"
#include "audit/trimaudit.h"
#include "clioutput.h"
#include "commands.h"
#include "common/shellquote.h"
#include "hostsnapshot.h"
#include "inputfiles.h"
#include "common/atomicfile.h"
#include "report/resultfile.h"
#include "reports.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDBusConnection>
#include <QFile>
#include <QJsonDocument>
#include <QSet>
#include <algorithm>

namespace trimscope::cli {

namespace {

using namespace trimscope::audit;

// lupdate finds CliAuditText::tr() calls under the "CliAudit" context.
class CliAuditText
{
    Q_DECLARE_TR_FUNCTIONS(CliAudit)
};

// Through the one atomic writer: no planted link followed, no truncated file left on a full disk.
bool writeFile(const QString &path, const QByteArray &bytes)
{
    if (const Error error = writeFileAtomically(path, bytes); error.isError()) {
        printError(error);
        return false;
    }
    return true;
}

void addFinding(QString &text, const Finding &finding, const QString &indent)
{
    const auto printLine = [&text](const QString &line) { text += line + QLatin1Char('\n'); };
    printLine(QStringLiteral("%1[%2] %3")
                  .arg(indent, severityDisplayName(finding.severity), finding.title));
    printLine(indent + QStringLiteral("    ") + finding.explanation);
    if (!finding.fix.isEmpty()) {
        const QString pad = indent + QStringLiteral("      ");
        printLine(indent + QStringLiteral("    ") + CliAuditText::tr("Fix:") + QLatin1Char(' ') +
                  indentShellText(finding.fix, pad));
    }
}

} // namespace

QString formatAuditReport(const AuditReport &report)
{
    QString text;
    const auto printLine = [&text](const QString &line) { text += line + QLatin1Char('\n'); };
    if (report.targets.isEmpty())
        printLine(CliAuditText::tr(
            "No mounted filesystem or swap on a solid-state or discard-capable device."));
    QSet<QString> shown;
    for (const AuditTarget &target : report.targets) {
        printLine(describeStack(target));
        // Findings about the layers under this target (its partition, disk, crypt device).
        for (const Finding &finding : report.findings) {
            const bool mine =
                finding.subject == target.subject ||
                std::any_of(target.stack.layers.cbegin(), target.stack.layers.cend(),
                            [&](const StackLayer &l) { return l.devicePath() == finding.subject; });
            if (mine && !shown.contains(finding.id + finding.subject)) {
                shown.insert(finding.id + finding.subject);
                addFinding(text, finding, QStringLiteral("  "));
            }
        }
        printLine(QString());
    }
    bool heading = false;
    for (const Finding &finding : report.findings) {
        if (shown.contains(finding.id + finding.subject))
            continue;
        if (!heading) {
            printLine(CliAuditText::tr("System"));
            heading = true;
        }
        addFinding(text, finding, QStringLiteral("  "));
    }
    printLine(CliAuditText::tr("%n finding(s) at warning level or above.", nullptr,
                               report.count(Severity::Warning)));
    return text;
}

int runAudit(const QStringList &args)
{
    QCommandLineParser parser;
    const QCommandLineOption json(QStringLiteral("json"),
                                  CliAuditText::tr("Print the report as JSON."));
    const QCommandLineOption snapshotFile(
        QStringLiteral("snapshot"),
        CliAuditText::tr("Audit a saved snapshot instead of this machine."),
        QStringLiteral("FILE"));
    const QCommandLineOption saveSnapshot(
        QStringLiteral("save-snapshot"),
        CliAuditText::tr("Save what was read, for a bug report or a test."),
        QStringLiteral("FILE"));
    parser.addOptions({json, snapshotFile, saveSnapshot});
    if (!parseOptionsOnly(parser, QStringLiteral("audit"), args))
        return ExitRefused;

    SystemSnapshot snapshot;
    if (parser.isSet(snapshotFile)) {
        auto loaded = readSnapshotFile(parser.value(snapshotFile));
        if (!loaded) {
            printError(loaded.error());
            return ExitRefused;
        }
        snapshot = std::move(loaded).value();
    } else {
        snapshot = apply::captureHostSnapshot(QDBusConnection::systemBus());
    }
    if (parser.isSet(saveSnapshot) &&
        !writeFile(parser.value(saveSnapshot), QJsonDocument(snapshot.toJson()).toJson()))
        return ExitFailure;

    const AuditReport report = runAudit(snapshot);
    if (parser.isSet(json))
        printOut(QString::fromUtf8(resultToJsonBytes(report)));
    else
        printOut(formatAuditReport(report));
    return ExitOk;
}

} // namespace trimscope::cli
