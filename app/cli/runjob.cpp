#include "runjob.h"

#include "cancelonsignals.h"
#include "clioutput.h"
#include "commands.h"
#include "common/units.h"
#include "report/resultfile.h"
#include "report/sweepcsv.h"
#include "reports.h"
#include "runnerchoice.h"
#include "runoutcome.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QTimer>
#include <memory>

namespace trimscope::cli {

namespace {

class CliRunJobText
{
    Q_DECLARE_TR_FUNCTIONS(CliRunJob)
};

// A line of progress at least this often where no bar is drawn: well within 10 s.
constexpr int kProgressLineMs = 5000;

// "3/40" for a sweep's samples, "ext4 discard delete (2/6)" for a phase.
QString progressDetail(const JobProgress &progress)
{
    if (progress.phase.isEmpty())
        return QStringLiteral("%1/%2").arg(progress.done).arg(progress.planned);
    return QStringLiteral("%1 (%2/%3)")
        .arg(progress.phase)
        .arg(std::min(progress.done + 1, std::max(progress.planned, 1)))
        .arg(progress.planned);
}

JobOutcome run(const JobCommand &command)
{
    const std::unique_ptr<QProcess> agent = startTerminalAuthAgent();
    const std::unique_ptr<JobRunner> runner = chooseRunner(command.plan, command.target);
    ProgressBar progressBar(command.title);
    QEventLoop loop;
    JobOutcome outcome;
    QString lastDetail;
    QObject::connect(runner.get(), &JobRunner::progressed, &loop, [&](const JobProgress &progress) {
        lastDetail = progressDetail(progress);
        progressBar.update(progress.fraction, progress.etaSeconds, lastDetail);
    });
    // Started here, on the event loop's thread: the job runs on its own, so a line comes on time
    // however long the job's step takes.
    std::unique_ptr<QTimer> lines;
    QElapsedTimer clock;
    clock.start();
    if (command.progressLines && !stderrIsTerminal()) {
        lines = std::make_unique<QTimer>();
        lines->setInterval(kProgressLineMs);
        QObject::connect(lines.get(), &QTimer::timeout, &loop, [&] {
            std::fprintf(
                stderr, "%s\n",
                qPrintable(
                    CliRunJobText::tr("%1: %2 so far, %3")
                        .arg(command.title, formatSeconds(double(clock.elapsed()) / 1000),
                             lastDetail.isEmpty() ? CliRunJobText::tr("starting") : lastDetail)));
            std::fflush(stderr);
        });
        lines->start();
    }
    // Waiting for a password, a mount a crashed run left: worth a line where someone watches.
    QObject::connect(runner.get(), &JobRunner::statusMessage, &loop, [&](const QString &text) {
        if (!text.isEmpty() && stderrIsTerminal()) {
            progressBar.finish();
            printError(text);
        }
    });
    QObject::connect(runner.get(), &JobRunner::finished, &loop, [&](const JobOutcome &ended) {
        outcome = ended;
        loop.quit();
    });
    const CancelOnSignals cancelOnSignals([&] { runner->cancel(); });
    runner->start();
    loop.exec();
    progressBar.finish();
    return outcome;
}

} // namespace

int runJobCommand(const JobCommand &command)
{
    // The last gate before a device is touched, for every kind: the files it will write.
    for (const QString &path : {command.jsonPath, command.csvPath}) {
        if (const Error error = checkResultPathWritable(path); error.isError()) {
            printError(error);
            return ExitRefused;
        }
    }
    if (!command.opening.isEmpty())
        printOut(command.opening + QLatin1Char('\n'));
    const JobOutcome outcome = run(command);
    if (!outcome.result) {
        printError(outcome.error);
        return exitCodeFor(outcome.error);
    }
    const AnyResult &result = *outcome.result;
    const auto *sweep = std::get_if<SweepResult>(&result);
    return finishRun({command.jsonPath, resultToJsonBytes(result), command.csvPath,
                      sweep ? sweepResultToCsv(*sweep) : QByteArray(), formatReport(result),
                      command.cancelledNote},
                     outcome.stopReason, outcome.error);
}

} // namespace trimscope::cli
