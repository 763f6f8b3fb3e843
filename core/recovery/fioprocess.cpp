#include "fioprocess.h"

#include "common/childprocess.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QProcess>
#include <QProcessEnvironment>

namespace trimscope::recovery {

namespace {

constexpr int kStopGraceMs = 10000;
constexpr int kExitAfterSignal = 128;

QString lastLine(const QByteArray &text)
{
    const QList<QByteArray> lines = text.trimmed().split('\n');
    return lines.isEmpty() ? QString() : QString::fromLocal8Bit(lines.last()).trimmed();
}

} // namespace

QString findFioProgram()
{
    for (const char *dir : {"/usr/bin", "/bin", "/usr/local/bin"}) {
        const QFileInfo info(QLatin1String(dir) + QStringLiteral("/fio"));
        if (info.isFile() && info.isExecutable())
            return info.canonicalFilePath();
    }
    return {};
}

Expected<FioRunResult> runFioProcess(const QString &program, const QStringList &args,
                                     const CancelToken &cancel,
                                     const std::function<void(double)> &onTick,
                                     const std::function<bool()> &stopWhen, int pollMs)
{
    Expected<QByteArray> out = runFioProcessOutput(program, args, cancel, onTick, stopWhen, pollMs);
    if (!out)
        return out.error();
    Expected<FioRunResult> parsed = parseFioJson(*out);
    if (!parsed && parsed.error().code == ErrorCode::InvalidArgument)
        return makeError(ErrorCode::IoError, parsed.error().message);
    return parsed;
}

Expected<QByteArray> runFioProcessOutput(const QString &program, const QStringList &args,
                                         const CancelToken &cancel,
                                         const std::function<void(double)> &onTick,
                                         const std::function<bool()> &stopWhen, int pollMs)
{
    QProcess process;
    QProcessEnvironment environment;
    environment.insert(QStringLiteral("PATH"), QStringLiteral("/usr/sbin:/usr/bin:/sbin:/bin"));
    environment.insert(QStringLiteral("LC_ALL"), QStringLiteral("C"));
    process.setProcessEnvironment(environment);
    process.setProgram(program);
    process.setArguments(args);
    killWithParent(process);
    process.start(QIODevice::ReadOnly);
    if (!process.waitForStarted())
        return makeError(ErrorCode::Unsupported,
                         QStringLiteral("cannot run %1: %2").arg(program, process.errorString()));

    QElapsedTimer timer;
    timer.start();
    bool stopping = false;
    bool stoppedByCaller = false;
    // Without an event loop, waitForFinished() is what moves the output into our buffers.
    while (!process.waitForFinished(pollMs)) {
        if (process.state() == QProcess::NotRunning)
            break;
        const bool callerStops = stopWhen && stopWhen();
        if ((cancel.isCancelled() || callerStops) && !stopping) {
            stoppedByCaller = callerStops && !cancel.isCancelled();
            stopping = true;
            stopChild(process, kStopGraceMs);
            break;
        }
        if (onTick)
            onTick(double(timer.elapsed()) / 1000.0);
    }
    const QByteArray out = process.readAllStandardOutput();
    const QByteArray err = process.readAllStandardError();
    if ((stopping && !stoppedByCaller) || cancel.isCancelled())
        return makeError(ErrorCode::Cancelled, QStringLiteral("cancelled"));
    // fio stopped by SIGTERM ends its jobs, reports and exits 128; one killed after the grace
    // period did not report.
    const int expectedExit = stoppedByCaller ? kExitAfterSignal : 0;
    if (process.exitStatus() != QProcess::NormalExit ||
        (process.exitCode() != 0 && process.exitCode() != expectedExit)) {
        const QString why = lastLine(err);
        return makeError(ErrorCode::IoError,
                         QStringLiteral("fio failed (exit code %1)%2")
                             .arg(process.exitCode())
                             .arg(why.isEmpty() ? QString() : QStringLiteral(": ") + why));
    }
    return out;
}

} // namespace trimscope::recovery
