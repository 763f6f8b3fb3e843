#include "clirun.h"

#include <QDebug>
#include <QElapsedTimer>
#include <QFile>

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
