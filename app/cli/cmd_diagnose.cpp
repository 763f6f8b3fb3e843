#include "argumentparsing.h"
#include "clioutput.h"
#include "commands.h"
#include "common/units.h"
#include "jobs/jobkind.h"
#include "reports.h"
#include "runjob.h"

#include <QCommandLineParser>
#include <QCoreApplication>

namespace trimscope::cli {

namespace {

class CliDiagnoseText
{
    Q_DECLARE_TR_FUNCTIONS(CliDiagnose)
};

} // namespace

QString formatDiagnosisReport(const DiagnosisResult &result)
{
    QString out;
    if (result.drive.simulated)
        out += CliDiagnoseText::tr(
            "*** SIMULATED DRIVE: no real device was touched; the figures are a "
            "model's ***\n");
    out += CliDiagnoseText::tr("Drive:   %1, %2, %3\n")
               .arg(result.drive.displayName(), result.drive.path,
                    formatBytes(result.drive.sizeBytes));
    out += CliDiagnoseText::tr("Budget:  %1\n").arg(formatSeconds(result.plan.budgetSeconds));
    out += QLatin1Char('\n');
    for (const DiagnosisPhaseRecord &phase : result.phases) {
        out += QStringLiteral("%1  %2  %3\n")
                   .arg(diagnosisPhaseDisplayName(phase.phase), -34)
                   .arg(phaseStatusDisplayName(phase.status), -9)
                   .arg(phase.status == PhaseStatus::NotRun ? QString()
                                                            : formatSeconds(phase.seconds));
        if (!phase.message.isEmpty() && phase.phase != DiagnosisPhase::Advice)
            out += QStringLiteral("    %1\n").arg(phase.message);
    }
    out += QLatin1Char('\n');
    if (result.advice)
        out += formatAdvice(*result.advice);
    return out;
}

namespace {

int runDiagnose(const QStringList &args)
{
    QCommandLineParser parser;
    const QCommandLineOption destroy = destroyDataOption();
    const QCommandLineOption simulate(QStringLiteral("simulate"),
                                      CliDiagnoseText::tr("simulated drive"),
                                      QStringLiteral("PROFILE"));
    const QCommandLineOption budget(
        QStringLiteral("budget"),
        CliDiagnoseText::tr("minutes to plan for, 1 to 1440 (default 10)"),
        QStringLiteral("MINUTES"));
    const QCommandLineOption filesystems(
        QStringLiteral("fs"), CliDiagnoseText::tr("filesystems to try (default ext4,xfs)"),
        QStringLiteral("LIST"));
    const QCommandLineOption json(QStringLiteral("json"),
                                  CliDiagnoseText::tr("write the diagnosis as JSON"),
                                  QStringLiteral("FILE"));
    parser.addOptions({destroy, simulate, budget, filesystems, json});
    parser.addPositionalArgument(QStringLiteral("DEVICE"), CliDiagnoseText::tr("block device"));
    if (!parseArguments(parser, QStringLiteral("diagnose"), args))
        return ExitRefused;
    const QStringList positional = parser.positionalArguments();
    const QString device = positional.value(0);
    if (positional.size() > 1 || device.isEmpty() == !parser.isSet(simulate)) {
        printError(CliDiagnoseText::tr("give either a DEVICE or --simulate PROFILE"));
        return ExitRefused;
    }

    DiagnosePlan plan;
    if (parser.isSet(budget)) {
        bool ok = false;
        const double minutes = parser.value(budget).toDouble(&ok);
        if (!ok) {
            printError(CliDiagnoseText::tr("--budget: '%1' is not a number of minutes")
                           .arg(parser.value(budget)));
            return ExitRefused;
        }
        plan.budgetSeconds = minutes * 60;
    }
    for (const QString &value : parser.values(filesystems))
        plan.filesystems += value.split(QLatin1Char(','), Qt::SkipEmptyParts);
    if (const Error error = validateDiagnosePlan(plan); error.isError()) {
        printError(error);
        return ExitRefused;
    }
    if (const Error error = checkResultPathWritable(parser.value(json)); error.isError()) {
        printError(error);
        return ExitRefused;
    }
    if (!device.isEmpty() &&
        !confirmDestroy(device, parser.isSet(destroy), CliDiagnoseText::tr("the diagnosis")))
        return ExitRefused;
    const bool simulated = device.isEmpty();
    JobCommand command{
        plan,
        simulated ? JobTarget(SimulatedTarget{parser.value(simulate)}) : DeviceTarget{device},
        simulated ? CliDiagnoseText::tr("Diagnosis (simulated)") : CliDiagnoseText::tr("Diagnosis"),
        parser.value(json),
        {},
        CliDiagnoseText::tr("cancelled; every phase that ran is kept, with advice from those, "
                            "and nothing is left mounted")};
    command.progressLines = true;
    return runJobCommand(command);
}

} // namespace

template <> const Command &commandOf<DiagnosePlan>()
{
    static const Command command{
        jobKindOf<DiagnosePlan>().name,
        "diagnose (DEVICE --destroy-data | --simulate PROFILE) [--budget MINUTES]\n"
        "        [--fs ext4,xfs,btrfs] [--json FILE]",
        "Online discard or fstrim for this drive, measured in one guided run: TRIM support, "
        "background TRIM, sweep, filesystems, verdict",
        &runDiagnose};
    return command;
}

} // namespace trimscope::cli
