#pragma once

// Times a GUI program from launch to its first frame, as bench/startup/startup.py does: the
// program writes its own time marks (TRIMSCOPE_STARTUP_MARKS, app/gui/startupmark.h) on the
// clock read here just before the fork, so dynamic loading, Qt's start and the first paint all
// count, and with each the CPU time its main thread has used since exec. Each launch is a first
// start in a home of its own (settings, saved runs), on a private Xvfb when there is one (else Qt's
// offscreen platform). Every process started is killed.

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QThread>
#include <optional>
#include <time.h>

class LaunchTimer
{
public:
    LaunchTimer()
    {
        if (QStandardPaths::findExecutable(QStringLiteral("Xvfb")).isEmpty())
            return;
        // The server picks a free display and says which; the size TrimScope is used at.
        m_xvfb.start(QStringLiteral("Xvfb"),
                     {QStringLiteral("-displayfd"), QStringLiteral("1"), QStringLiteral("-screen"),
                      QStringLiteral("0"), QStringLiteral("1366x768x24"),
                      QStringLiteral("-nolisten"), QStringLiteral("tcp")});
        if (m_xvfb.waitForReadyRead(10000))
            m_display = QLatin1Char(':') + QString::fromLatin1(m_xvfb.readLine()).trimmed();
    }
    ~LaunchTimer()
    {
        m_xvfb.kill();
        m_xvfb.waitForFinished();
    }
    LaunchTimer(const LaunchTimer &) = delete;
    LaunchTimer &operator=(const LaunchTimer &) = delete;

    QString platform() const
    {
        return m_display.isEmpty() ? QStringLiteral("offscreen") : QStringLiteral("xcb (Xvfb)");
    }

    struct FirstFrame
    {
        double wallMs; // from launch to the first frame on screen ("painted")
        double cpuMs;  // of that, on the program's main thread
    };
    // `program`'s first frame; nullopt when it showed none within 20 s. `tab`: the tab the last
    // session showed (-1: none, a first start); `savedRuns`: copies of `savedRun` in its run store.
    std::optional<FirstFrame> firstFrame(const QString &program, int tab = -1, int savedRuns = 0,
                                         const QString &savedRun = {})
    {
        QTemporaryDir home;
        const QDir dir(home.path());
        if (tab >= 0) {
            dir.mkpath(QStringLiteral("config/trimscope"));
            QFile conf(dir.filePath(QStringLiteral("config/trimscope/trimscope.conf")));
            if (!conf.open(QIODevice::WriteOnly))
                return std::nullopt;
            conf.write(QByteArrayLiteral("[window]\ntab=") + QByteArray::number(tab) + '\n');
        }
        const QString runs = dir.filePath(QStringLiteral("data/trimscope/runs"));
        dir.mkpath(runs);
        for (int i = 0; i < savedRuns; ++i)
            QFile::copy(savedRun, QDir(runs).filePath(QStringLiteral("run-%1.json").arg(i)));
        const QString marks = dir.filePath(QStringLiteral("marks"));
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("HOME"), home.path());
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), dir.filePath(QStringLiteral("config")));
        env.insert(QStringLiteral("XDG_DATA_HOME"), dir.filePath(QStringLiteral("data")));
        env.insert(QStringLiteral("XDG_CACHE_HOME"), dir.filePath(QStringLiteral("cache")));
        env.insert(QStringLiteral("TRIMSCOPE_STARTUP_MARKS"), marks);
        env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
        env.remove(QStringLiteral("LANGUAGE"));
        if (m_display.isEmpty()) {
            env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        } else {
            env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("xcb"));
            env.insert(QStringLiteral("DISPLAY"), m_display);
        }
        QProcess process;
        process.setProcessEnvironment(env);
        process.setStandardOutputFile(QProcess::nullDevice());
        process.setStandardErrorFile(QProcess::nullDevice());
        const qint64 launched = realtimeNs();
        process.start(program, {});
        std::optional<std::pair<qint64, qint64>> painted;
        for (int waited = 0; !painted && waited < 20000; waited += 2) {
            QThread::msleep(2);
            painted = markIn(marks, "painted");
            if (!painted && process.state() == QProcess::NotRunning)
                break;
        }
        process.kill();
        process.waitForFinished();
        if (!painted)
            return std::nullopt;
        return FirstFrame{double(painted->first - launched) / 1e6, double(painted->second) / 1e6};
    }

private:
    static qint64 realtimeNs()
    {
        timespec now{};
        clock_gettime(CLOCK_REALTIME, &now);
        return qint64(now.tv_sec) * 1'000'000'000 + now.tv_nsec;
    }

    // The mark's time and CPU time, in ns.
    static std::optional<std::pair<qint64, qint64>> markIn(const QString &path,
                                                           const QByteArray &name)
    {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            return std::nullopt;
        for (const QByteArray &line : file.readAll().split('\n')) {
            const QList<QByteArray> fields = line.split(' ');
            if (fields.size() == 3 && fields[0] == name)
                return std::pair(fields[1].toLongLong(), fields[2].toLongLong());
        }
        return std::nullopt;
    }

    QProcess m_xvfb;
    QString m_display;
};
