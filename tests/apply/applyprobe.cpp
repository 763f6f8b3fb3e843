// Carries out an apply plan, or undoes the last one, with the code the CLI and the GUI use
// (app/apply's planrunner), on whatever system bus DBUS_SYSTEM_BUS_ADDRESS names: tests run it
// as nobody against a systemd booted as process 1 in a container.
//   applyprobe apply PLAN.json JOURNAL   one line: "ok" or "error <code> <message>"
//   applyprobe undo JOURNAL
//   applyprobe systemd-refusal METHOD ERROR-NAME   systemd's error ERROR-NAME to Manager.METHOD,
//     in words as the apply code says it (polkit asked again as this user): "error <code>
//     <message>"
// A passphrase a step asks for is read from standard input, one line each ("asked NAME" first).
#include "apply/applyplan.h"
#include "common/inputfile.h"
#include "planrunner.h"
#include "systemdunits.h"

#include <QCoreApplication>
#include <QDBusConnection>
#include <QJsonDocument>
#include <cstdio>

using namespace trimscope;
using namespace trimscope::apply;

namespace {

// One line of standard input per passphrase asked for; none (end of input) is a cancel.
std::optional<QByteArray> passphraseFromStdin(const QString &mappingName)
{
    std::printf("asked %s\n", qPrintable(mappingName));
    std::fflush(stdout);
    char line[4100];
    if (!std::fgets(line, sizeof line, stdin))
        return std::nullopt;
    QByteArray passphrase(line);
    if (passphrase.endsWith('\n'))
        passphrase.chop(1);
    return passphrase;
}

int report(const ApplyOutcome &outcome)
{
    for (const QString &line : outcome.done)
        std::printf("done %s\n", qPrintable(line));
    for (const QString &line : outcome.putBack)
        std::printf("put back %s\n", qPrintable(line));
    for (const QString &line : outcome.leftOver)
        std::printf("left over %s\n", qPrintable(line));
    for (const QString &line : outcome.skipped)
        std::printf("skipped %s\n", qPrintable(line));
    if (outcome.applied()) {
        std::printf("ok\n");
        return 0;
    }
    std::printf(
        "error %s %s\n", qPrintable(errorCodeName(outcome.error.code)),
        qPrintable(QString(outcome.error.message).replace(QLatin1Char('\n'), QLatin1Char(' '))));
    return 1;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments().mid(1);
    const QDBusConnection bus = QDBusConnection::systemBus();
    if (args.size() == 3 && args.at(0) == QLatin1String("apply")) {
        const Expected<QByteArray> bytes = readInputFile(args.at(1), InputFileKind::Result);
        const Expected<ApplyPlan> plan =
            bytes ? ApplyPlan::fromJson(QJsonDocument::fromJson(*bytes).object())
                  : Expected<ApplyPlan>(bytes.error());
        if (!plan) {
            std::printf("error %s\n", qPrintable(plan.error().message));
            return 2;
        }
        return report(applyAndRecord(*plan, bus, args.at(2), passphraseFromStdin));
    }
    if (args.size() == 2 && args.at(0) == QLatin1String("undo"))
        return report(undoLast(bus, args.at(1), passphraseFromStdin));
    if (args.size() == 3 && args.at(0) == QLatin1String("systemd-refusal")) {
        ApplyOutcome outcome;
        outcome.error = systemdErrorInWords(
            bus, QDBusMessage::createError(args.at(2), QStringLiteral("Access denied")), args.at(1),
            QStringLiteral("systemd did not enable fstrim.timer"));
        return report(outcome);
    }
    std::fprintf(stderr, "usage: applyprobe apply PLAN.json JOURNAL | undo JOURNAL | "
                         "systemd-refusal METHOD ERROR-NAME\n");
    return 2;
}
