#include "externaltool.h"

#include "common/childprocess.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QProcess>
#include <QProcessEnvironment>

namespace trimscope::fsbench {

namespace {

constexpr qsizetype kOutputTailBytes = 8192;
constexpr int kPollMs = 20;
constexpr int kTerminateGraceMs = 3000;

void keepTail(QByteArray &output, const QByteArray &more)
{
    output += more;
    if (output.size() > kOutputTailBytes)
        output = output.right(kOutputTailBytes);
}

} // namespace

QString ToolRun::failureMessage() const
{
    const QString name = QFileInfo(program).fileName();
    QString reason;
    if (!started)
        reason = QStringLiteral("%1 could not be started").arg(name);
    else if (cancelled)
        reason = QStringLiteral("%1 was cancelled").arg(name);
    else if (timedOut)
        reason = QStringLiteral("%1 did not finish in time").arg(name);
    else if (crashed)
        reason = QStringLiteral("%1 crashed").arg(name);
    else
        reason = QStringLiteral("%1 exited with code %2").arg(name).arg(exitCode);
    const QList<QByteArray> lines = output.trimmed().split('\n');
    const QString last = QString::fromLocal8Bit(lines.constLast()).trimmed();
    return last.isEmpty() ? reason : reason + QStringLiteral(": ") + last;
}

QString findSystemTool(const QString &name)
{
    if (name.isEmpty() || name.contains(QLatin1Char('/')))
        return {};
    for (const char *dir : {"/usr/sbin", "/usr/bin", "/sbin", "/bin"}) {
        const QFileInfo info(QLatin1String(dir) + QLatin1Char('/') + name);
        if (info.isFile() && info.isExecutable())
            return info.absoluteFilePath();
    }
    return {};
}

ToolRun runExternalTool(const QString &program, const QStringList &arguments,
                        const CancelToken *cancel, int timeoutMs)
{
    ToolRun run;
    run.program = program;
    run.arguments = arguments;
    if (cancel && cancel->isCancelled()) {
        run.cancelled = true;
        return run;
    }

    QProcess process;
    QProcessEnvironment environment;
    environment.insert(QStringLiteral("PATH"), QStringLiteral("/usr/sbin:/usr/bin:/sbin:/bin"));
    environment.insert(QStringLiteral("LC_ALL"), QStringLiteral("C"));
    process.setProcessEnvironment(environment);
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.setStandardInputFile(QProcess::nullDevice());
    killWithParent(process);

    QElapsedTimer timer;
    timer.start();
    process.start(program, arguments);
    if (!process.waitForStarted(10000)) {
        run.output = process.errorString().toLocal8Bit();
        return run;
    }
    run.started = true;
    // waitForFinished doubles as the poll interval; without an event loop it is also what
    // notices the exit.
    while (!process.waitForFinished(kPollMs)) {
        keepTail(run.output, process.readAll());
        if (process.state() == QProcess::NotRunning)
            break;
        const bool cancelNow = cancel && cancel->isCancelled();
        const bool timeUp = timer.elapsed() > timeoutMs;
        if (cancelNow || timeUp) {
            run.cancelled = cancelNow;
            run.timedOut = !cancelNow;
            stopChild(process, kTerminateGraceMs);
            break;
        }
    }
    run.seconds = double(timer.nsecsElapsed()) / 1e9;
    keepTail(run.output, process.readAll());
    run.crashed = process.exitStatus() == QProcess::CrashExit;
    run.exitCode = process.exitCode();
    return run;
}

} // namespace trimscope::fsbench
