#include "clirun.h"

#include <QDebug>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QTimer>

namespace trimscope::test {

QString cliPath()
{
    return QStringLiteral(TRIMSCOPE_CLI_BINARY);
}

CliRun runCli(const QStringList &args, int timeoutMs)
{
    CliRun run;
    QProcess process;
    QElapsedTimer timer;
    timer.start();
    process.start(cliPath(), args);
    const bool finished = process.waitForFinished(timeoutMs);
    if (!finished) {
        process.kill();
        process.waitForFinished();
    }
    run.seconds = double(timer.nsecsElapsed()) / 1e9;
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    run.out = process.readAllStandardOutput();
    run.err = process.readAllStandardError();
    // Said, so a failure reads as the timeout it was (a killed CLI's buffered output is lost).
    if (!finished)
        run.err += QStringLiteral("\n[test] trimscope-cli %1 killed after %2 s, its time limit\n")
                       .arg(args.value(0))
                       .arg(timeoutMs / 1000)
                       .toUtf8();
    return run;
}

CliRun runCliTimed(const QStringList &args, QList<TimedLine> &lines, int timeoutMs)
{
    CliRun run;
    QProcess process;
    QElapsedTimer timer;
    QByteArray partial[2];
    const auto take = [&](bool fromStderr) {
        const QByteArray bytes =
            fromStderr ? process.readAllStandardError() : process.readAllStandardOutput();
        (fromStderr ? run.err : run.out) += bytes;
        QByteArray &rest = partial[fromStderr ? 1 : 0];
        rest += bytes;
        for (qsizetype end = rest.indexOf('\n'); end >= 0; end = rest.indexOf('\n')) {
            lines.append({double(timer.nsecsElapsed()) / 1e9, fromStderr, rest.left(end)});
            rest.remove(0, end + 1);
        }
    };
    QEventLoop loop;
    QObject::connect(&process, &QProcess::readyReadStandardOutput, &loop, [&] { take(false); });
    QObject::connect(&process, &QProcess::readyReadStandardError, &loop, [&] { take(true); });
    QObject::connect(&process, &QProcess::finished, &loop, &QEventLoop::quit);
    QObject::connect(&process, &QProcess::errorOccurred, &loop, [&](QProcess::ProcessError e) {
        if (e == QProcess::FailedToStart)
            loop.quit();
    });
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    timer.start();
    process.start(cliPath(), args);
    loop.exec();
    const bool finished = process.state() == QProcess::NotRunning;
    if (!finished) {
        process.kill();
        process.waitForFinished();
    }
    take(false);
    take(true);
    run.seconds = double(timer.nsecsElapsed()) / 1e9;
    run.exitCode =
        finished && process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    if (!finished)
        run.err += QStringLiteral("\n[test] trimscope-cli %1 killed after %2 s, its time limit\n")
                       .arg(args.value(0))
                       .arg(timeoutMs / 1000)
                       .toUtf8();
    return run;
}

int runTool(const QString &program, const QStringList &args, int timeoutMs)
{
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(program, args);
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished();
        return -1;
    }
    if (process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0)
        qWarning().noquote() << program << args.join(QLatin1Char(' '))
                             << "failed:" << process.readAll();
    return process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
}

QString sampleResult(const QString &name)
{
    return QStringLiteral(TRIMSCOPE_SOURCE_DIR "/tests/data/results/") + name;
}

QByteArray readBytes(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace trimscope::test
