#pragma once

// A private bus whose udisksd and trimscope-helper are slow-system-bus.py's stand-ins: each call
// answered after `delaySeconds`, as polkit answers while a person types the password. This
// process's "system bus" from start() on (DBUS_SYSTEM_BUS_ADDRESS), for the GUI's connection and
// its workers' own. Needs dbus-daemon and /usr/bin/python3 with python3-gi (unavailableReason).
#include <QByteArray>
#include <QObject>
#include <QProcess>
#include <QStandardPaths>
#include <QStringList>
#include <QTemporaryDir>

namespace trimscope::gui::test {

class SlowSystem
{
public:
    static constexpr const char *kPython = "/usr/bin/python3";

    static QString unavailableReason()
    {
        if (QStandardPaths::findExecutable(QStringLiteral("dbus-daemon")).isEmpty())
            return QStringLiteral("no dbus-daemon");
        QProcess probe;
        probe.start(QString::fromLatin1(kPython),
                    {QStringLiteral("-c"), QStringLiteral("from gi.repository import Gio")});
        if (!probe.waitForFinished(20000) || probe.exitCode() != 0)
            return QStringLiteral("no python3-gi in /usr/bin/python3");
        return {};
    }

    ~SlowSystem()
    {
        stopStandIns();
        stop(m_busDaemon);
    }

    // The bus; the stand-ins follow with startStandIns().
    bool startBus()
    {
        if (!m_busDir.isValid())
            return false;
        m_address = QStringLiteral("unix:path=") + m_busDir.filePath(QStringLiteral("bus"));
        m_busDaemon.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        m_busDaemon.start(QStandardPaths::findExecutable(QStringLiteral("dbus-daemon")),
                          {QStringLiteral("--session"), QStringLiteral("--nofork"),
                           QStringLiteral("--address=") + m_address,
                           QStringLiteral("--print-address")});
        if (!m_busDaemon.waitForReadyRead(10000))
            return false;
        qputenv("DBUS_SYSTEM_BUS_ADDRESS", m_address.toLocal8Bit());
        return true;
    }

    // Fresh stand-ins (/ without discard, nothing changed); true once both names are owned.
    bool startStandIns(double delaySeconds)
    {
        stopStandIns();
        m_output.clear();
        m_standIns.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        m_standIns.start(QString::fromLatin1(kPython),
                         {QStringLiteral(TRIMSCOPE_SOURCE_DIR "/tests/gui/slow-system-bus.py"),
                          m_address, QString::number(delaySeconds)});
        if (!m_standIns.waitForStarted())
            return false;
        while (!m_output.contains('\n')) {
            if (!m_standIns.waitForReadyRead(20000))
                return false;
            m_output += m_standIns.readAllStandardOutput();
        }
        const bool ready = m_output.startsWith("ready\n");
        m_output = m_output.mid(m_output.indexOf('\n') + 1);
        return ready;
    }

    void stopStandIns() { stop(m_standIns); }

    // What the stand-ins changed since the last call, one line each ("SetMountDiscard / true").
    QStringList calls()
    {
        m_output += m_standIns.readAllStandardOutput();
        const QStringList lines =
            QString::fromUtf8(m_output).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        m_output.clear();
        return lines;
    }

private:
    static void stop(QProcess &process)
    {
        if (process.state() == QProcess::NotRunning)
            return;
        process.closeWriteChannel(); // the stand-ins end when stdin closes
        if (!process.waitForFinished(5000)) {
            process.terminate();
            if (!process.waitForFinished(5000))
                process.kill();
            process.waitForFinished(5000);
        }
    }

    QTemporaryDir m_busDir;
    QProcess m_busDaemon;
    QProcess m_standIns;
    QString m_address;
    QByteArray m_output;
};

} // namespace trimscope::gui::test
