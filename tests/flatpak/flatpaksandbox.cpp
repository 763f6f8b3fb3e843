#include "flatpaksandbox.h"
#include "procstat.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QRegularExpression>
#include <QThread>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

namespace trimscope::test {

namespace {

constexpr uid_t kNobody = 65534;
const QString kStandInSdk = QStringLiteral("io.github.trimscope.StandIn.Sdk");
const QString kStandInPlatform = QStringLiteral("io.github.trimscope.StandIn.Platform");
const QString kRemote = QStringLiteral("standin");

QString sourcePath(const QString &relative)
{
    return QStringLiteral(TRIMSCOPE_SOURCE_DIR "/") + relative;
}

QStringList asNobody(const QString &program, const QStringList &arguments)
{
    return QStringList{QStringLiteral("--reuid=65534"), QStringLiteral("--regid=65534"),
                       QStringLiteral("--clear-groups"), program} +
           arguments;
}

// Can nobody's bubblewrap make a sandbox (a user namespace) here, started through `prefix`
// (a program that runs the rest of its arguments) when that is not empty? Not inside a chroot:
// the kernel refuses unprivileged user namespaces to a chrooted process (CI's roots).
bool bwrapWorksFor(const QString &prefix, const QString &bwrap)
{
    QStringList arguments = asNobody(
        bwrap, {QStringLiteral("--ro-bind"), QStringLiteral("/"), QStringLiteral("/"),
                QStringLiteral("--proc"), QStringLiteral("/proc"), QStringLiteral("--dev"),
                QStringLiteral("/dev"), QStringLiteral("--unshare-pid"), QStringLiteral("true")});
    QString program = QStringLiteral("setpriv");
    if (!prefix.isEmpty()) {
        arguments.prepend(program);
        program = prefix;
    }
    QProcess process;
    process.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    process.start(program, arguments);
    return process.waitForFinished(30000) && process.exitStatus() == QProcess::NormalExit &&
           process.exitCode() == 0;
}

bool makeOwnedDir(const QString &path, mode_t mode)
{
    return QDir().mkpath(path) &&
           ::chown(QFile::encodeName(path).constData(), kNobody, kNobody) == 0 &&
           ::chmod(QFile::encodeName(path).constData(), mode) == 0;
}

// ccache's cache directory for this environment, empty without ccache here and in the Sdk.
QString ccacheDir(const QString &runtimeRoot)
{
    if (QStandardPaths::findExecutable(QStringLiteral("ccache")).isEmpty() ||
        !QFileInfo::exists(runtimeRoot + QStringLiteral("/usr/bin/ccache")))
        return {};
    QProcess config;
    config.start(QStringLiteral("ccache"), {QStringLiteral("-k"), QStringLiteral("cache_dir")});
    if (!config.waitForFinished(30000) || config.exitCode() != 0)
        return {};
    const QString dir = QString::fromUtf8(config.readAllStandardOutput()).trimmed();
    return !dir.isEmpty() && (QFileInfo(dir).isDir() || QDir().mkpath(dir)) ? dir : QString();
}

// CPU seconds (user and system) of the children this process has waited for.
double childrenCpuSeconds()
{
    rusage usage{};
    ::getrusage(RUSAGE_CHILDREN, &usage);
    return double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
           double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

// CPU seconds of a running process and of the children it has waited for (/proc/PID/stat's
// utime, stime, cutime, cstime): flatpak-builder waits for each command it runs.
double cpuSecondsOf(qint64 pid)
{
    const auto stat = readProcStat(pid);
    if (!stat || stat->field(17).isEmpty())
        return 0;
    double ticks = 0;
    for (int field = 14; field <= 17; ++field)
        ticks += stat->field(field).toDouble();
    return ticks / double(::sysconf(_SC_CLK_TCK));
}

// flatpak-builder's lines that start a phase (a module's build, a command it runs, cleanup,
// stripping, finishing, exporting), stamped in the log with the time and CPU spent so far.
bool isPhaseLine(const QByteArray &line)
{
    static const QRegularExpression phase(QStringLiteral(
        "^(Starting|Building module|Running:|Cleaning|Cleanup|Committing|Stripping|Finishing|"
        "Exporting|Pruning|Installing|Skipping|Removing)"));
    return phase.match(QString::fromUtf8(line)).hasMatch();
}

} // namespace

FlatpakSandbox::FlatpakSandbox(const QString &workDir, const QString &runtimeRoot)
    : m_work(workDir), m_installation(workDir + QStringLiteral("/installation")),
      m_root(runtimeRoot)
{
}

QVersionNumber FlatpakSandbox::qtVersionOf(const QString &root)
{
    const QStringList cores =
        QDir(root + QStringLiteral("/usr/lib/x86_64-linux-gnu"))
            .entryList({QStringLiteral("libQt6Core.so.6.*")}, QDir::Files | QDir::System);
    return cores.isEmpty()
               ? QVersionNumber()
               : QVersionNumber::fromString(cores.constFirst().mid(int(qstrlen("libQt6Core.so."))));
}

QString FlatpakSandbox::unavailableReason()
{
    if (::geteuid() != 0)
        return QStringLiteral("needs root (a Flatpak installation of its own, nobody's sandbox)");
    for (const char *tool :
         {"flatpak", "flatpak-builder", "bwrap", "ostree", "xdg-dbus-proxy", "setpriv"}) {
        if (QStandardPaths::findExecutable(QString::fromLatin1(tool)).isEmpty())
            return QStringLiteral("%1 is not installed").arg(QString::fromLatin1(tool));
    }
    QProcess asRoot;
    asRoot.start(QStringLiteral("bwrap"),
                 {QStringLiteral("--ro-bind"), QStringLiteral("/"), QStringLiteral("/"),
                  QStringLiteral("--unshare-pid"), QStringLiteral("true")});
    if (!asRoot.waitForFinished(30000) || asRoot.exitCode() != 0)
        return QStringLiteral("bubblewrap cannot make a sandbox here, even as root");
    return {};
}

bool FlatpakSandbox::fail(const QString &message)
{
    m_error = message;
    return false;
}

QProcessEnvironment FlatpakSandbox::toolEnvironment() const
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("FLATPAK_SYSTEM_DIR"), m_installation);
    // A user installation nobody else sees: flatpak-builder looks there too.
    environment.insert(QStringLiteral("FLATPAK_USER_DIR"), m_work + QStringLiteral("/root-user"));
    environment.remove(QStringLiteral("DBUS_SESSION_BUS_ADDRESS"));
    return environment;
}

bool FlatpakSandbox::tool(const QString &program, const QStringList &arguments, int timeoutMs)
{
    QProcess process;
    process.setProcessEnvironment(toolEnvironment());
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.setWorkingDirectory(m_work);
    QElapsedTimer timer;
    timer.start();
    const double cpuBefore = childrenCpuSeconds();
    QByteArray output;
    qsizetype stamped = 0; // output before this was looked at for phase lines
    QObject::connect(&process, &QProcess::readyRead, [&] {
        output += process.readAll();
        for (qsizetype end; (end = output.indexOf('\n', stamped)) >= 0; stamped = end + 1) {
            const QByteArray line = output.mid(stamped, end - stamped);
            if (isPhaseLine(line))
                qInfo("  %6.1f s, CPU %6.1f s: %s", double(timer.elapsed()) / 1000,
                      cpuSecondsOf(process.processId()), line.left(160).constData());
        }
    });
    // flatpak-builder's sandboxes want a user namespace too, which a chroot denies even root.
    if (m_ownroot.isEmpty())
        process.start(program, arguments);
    else
        process.start(m_ownroot, QStringList{program} + arguments);
    const bool finished = process.waitForFinished(timeoutMs);
    if (!finished) {
        process.kill();
        process.waitForFinished();
    }
    output += process.readAll();
    const QString command = program + QLatin1Char(' ') + arguments.join(QLatin1Char(' '));
    if (!finished || process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0) {
        // Qt Test shortens a failure's message: the output's end goes to the log first.
        qWarning("%s", output.right(4000).constData());
        const QList<QByteArray> lines = output.trimmed().split('\n');
        return fail(QStringLiteral("%1 failed after %2 s: %3")
                        .arg(command.left(120))
                        .arg(double(timer.elapsed()) / 1000, 0, 'f', 1)
                        .arg(QString::fromUtf8(lines.constLast())));
    }
    qInfo("%.1f s (CPU %.1f s): %s", double(timer.elapsed()) / 1000,
          childrenCpuSeconds() - cpuBefore, qPrintable(command.left(200)));
    return true;
}

bool FlatpakSandbox::installRuntime()
{
    if (!QDir().mkpath(m_installation))
        return fail(QStringLiteral("cannot create %1").arg(m_installation));
    const QString repo = m_installation + QStringLiteral("/repo");
    QProcess listing;
    listing.setProcessEnvironment(toolEnvironment());
    listing.start(QStringLiteral("flatpak"),
                  {QStringLiteral("--system"), QStringLiteral("list"), QStringLiteral("--runtime"),
                   QStringLiteral("--columns=ref")});
    listing.waitForFinished(60000);
    const QString installed = QString::fromUtf8(listing.readAllStandardOutput());
    const QStringList refs = installed.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    for (const QString &ref : refs) {
        if (ref.startsWith(kStandInSdk + QLatin1Char('/')))
            m_branch = ref.section(QLatin1Char('/'), 2, 2);
    }
    if (!m_branch.isEmpty() && installed.contains(kStandInPlatform)) {
        qInfo("the stand-in runtime //%s is installed already", qPrintable(m_branch));
        return true;
    }
    // Made from this root's /usr: in CI's Debian 13 root that has every build dependency.
    QProcess standIn;
    standIn.setProcessEnvironment(toolEnvironment());
    standIn.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    QElapsedTimer timer;
    timer.start();
    const double cpuBefore = childrenCpuSeconds();
    standIn.start(sourcePath(QStringLiteral("packaging/flatpak/standin-runtime.sh")),
                  {m_root, repo, m_work + QStringLiteral("/standin-tree")});
    if (!standIn.waitForFinished(1200000) || standIn.exitCode() != 0)
        return fail(QStringLiteral("standin-runtime.sh failed"));
    m_branch = QString::fromUtf8(standIn.readAllStandardOutput()).trimmed().split('\n').last();
    qInfo("%.1f s (CPU %.1f s): the stand-in Sdk and Platform //%s from this root's /usr",
          double(timer.elapsed()) / 1000, childrenCpuSeconds() - cpuBefore,
          qPrintable(m_branch));
    return tool(QStringLiteral("flatpak"),
                {QStringLiteral("--system"), QStringLiteral("remote-add"),
                 QStringLiteral("--if-not-exists"), QStringLiteral("--no-gpg-verify"), kRemote,
                 QStringLiteral("file://") + repo},
                60000) &&
           tool(QStringLiteral("flatpak"),
                {QStringLiteral("--system"), QStringLiteral("install"), QStringLiteral("-y"),
                 QStringLiteral("--noninteractive"), kRemote,
                 kStandInSdk + QStringLiteral("//") + m_branch,
                 kStandInPlatform + QStringLiteral("//") + m_branch},
                600000);
}

bool FlatpakSandbox::buildAndInstall()
{
    const QString manifest = m_work + QStringLiteral("/io.github.trimscope.TrimScope.json");
    // flatpak-builder compiles in its sandbox, under /run/build/trimscope. Nothing that
    // tools/build.sh compiled under this checkout is found again in the compiler cache: CMake
    // (before 4.0's UNITY_BUILD_RELOCATABLE) names the sources in each unity batch and the
    // precompiled header by absolute path, so their contents differ. The cache still serves the
    // next run of this test (the same paths): 30 of 34 compiles hit, 35 s for the whole test.
    QStringList ccache;
    QStringList buildSettings{
        // The Sdk's compiler is checked out of OSTree (no mtimes): compare contents.
        QStringLiteral("--env=CCACHE_COMPILERCHECK=content"),
        // Every source is compiled with a precompiled header, which ccache caches only when told
        // it may not see the header's macros and time stamps (as in tools/build.sh).
        QStringLiteral("--env=CCACHE_SLOPPINESS=pch_defines,time_macros,include_file_mtime,"
                       "include_file_ctime"),
        // No debug info (the manifest's RelWithDebInfo writes it and eu-strip splits it off)
        // and no optimization (CMake's Release is -O3, which costs GCC 1.6 times the CPU of -O0:
        // core/advice/advice.cpp 11.5 against 7.1 s): neither changes anything the test looks
        // at, which is that the manifest builds, installs and runs in the sandbox.
        QStringLiteral("--config-opt=-DCMAKE_BUILD_TYPE=Release"),
        QStringLiteral("--config-opt=-DCMAKE_CXX_FLAGS_RELEASE=-O0 -DNDEBUG"),
        QStringLiteral("--config-opt=-DCMAKE_C_FLAGS_RELEASE=-O0 -DNDEBUG"),
        // Each target's sources in one compile instead of batches of 16: at -O0 most of a
        // compile is the Qt headers, read once per batch (GCC 12, these settings: 378 CPU s for
        // the whole build in batches, 264 s so). It is also the strictest unity build: a name
        // two sources of one target both keep in an anonymous namespace fails here, where
        // batches of 16 may keep the two apart.
        QStringLiteral("--config-opt=-DCMAKE_UNITY_BUILD_BATCH_SIZE=0")};
    const QString stateDir = m_work + QStringLiteral("/builder-state");
    if (const QString cacheDir = ccacheDir(m_root); !cacheDir.isEmpty()) {
        QDir().mkpath(stateDir);
        QFile::remove(stateDir + QStringLiteral("/ccache"));
        QFile::link(cacheDir, stateDir + QStringLiteral("/ccache"));
        ccache << QStringLiteral("--ccache");
        qInfo("compiler cache: %s", qPrintable(cacheDir));
    }
    QStringList derive{
        sourcePath(QStringLiteral("packaging/flatpak/manifest_for_runtime.py")),
        sourcePath(QStringLiteral("packaging/flatpak/io.github.trimscope.TrimScope.yml")),
        manifest,
        QStringLiteral("--runtime"),
        kStandInPlatform,
        QStringLiteral("--sdk"),
        kStandInSdk,
        QStringLiteral("--runtime-version"),
        m_branch,
        QStringLiteral("--provided-by-runtime"),
        QStringLiteral("libatasmart")};
    derive << buildSettings << QStringLiteral("--make-arg=-l0")
           << QStringLiteral("--no-appstream-compose");
    return tool(QStringLiteral("/usr/bin/python3"), derive, 60000) &&
           tool(QStringLiteral("flatpak-builder"),
                QStringList{QStringLiteral("--system"), QStringLiteral("--force-clean"),
                            QStringLiteral("--disable-rofiles-fuse"),
                            QStringLiteral("--state-dir=") + stateDir,
                            QStringLiteral("--repo=") + m_installation + QStringLiteral("/repo"),
                            QStringLiteral("--jobs=%1").arg(QThread::idealThreadCount())} +
                    ccache + QStringList{m_work + QStringLiteral("/app-build"), manifest},
                3600000) &&
           tool(QStringLiteral("flatpak"),
                {QStringLiteral("--system"), QStringLiteral("install"), QStringLiteral("-y"),
                 QStringLiteral("--noninteractive"), QStringLiteral("--reinstall"), kRemote,
                 QString::fromLatin1(kAppId)},
                600000);
}

bool FlatpakSandbox::isAppInstalled() const
{
    QProcess info;
    info.setProcessEnvironment(toolEnvironment());
    info.start(QStringLiteral("flatpak"),
               {QStringLiteral("--system"), QStringLiteral("info"), QString::fromLatin1(kAppId)});
    return info.waitForFinished(60000) && info.exitStatus() == QProcess::NormalExit &&
           info.exitCode() == 0;
}

QString FlatpakSandbox::setUpBubblewrap()
{
    const QString bwrap = QStandardPaths::findExecutable(QStringLiteral("bwrap"));
    if (bwrapWorksFor({}, bwrap))
        return QStringLiteral("bubblewrap makes nobody's sandbox in a user namespace");
    // Inside a chroot (CI's roots) the kernel refuses nobody a user namespace, and Debian 13's
    // bubblewrap will not run setuid: run flatpak with the chroot as the root of a mount
    // namespace of its own (tests/flatpak/ownroot.c).
    const QString ownroot = QStringLiteral(TRIMSCOPE_BINARY_DIR "/tests/flatpak/ownroot");
    if (!bwrapWorksFor(ownroot, bwrap))
        return {};
    m_ownroot = ownroot;
    return QStringLiteral("no user namespace for nobody in this chroot: flatpak runs through "
                          "ownroot, with the chroot as its mount namespace's root");
}

QString FlatpakSandbox::home() const
{
    return m_work + QStringLiteral("/home");
}

void FlatpakSandbox::prepareRun(QProcess &process, const QString &command,
                                const QStringList &arguments,
                                const QProcessEnvironment &environment) const
{
    // nobody's home as a desktop session leaves it: a Documents folder named in user-dirs.dirs
    // (flatpak's xdg-documents and Qt's DocumentsLocation both read it), a runtime directory.
    makeOwnedDir(home(), 0755);
    makeOwnedDir(home() + QStringLiteral("/.config"), 0755);
    makeOwnedDir(documents(), 0755);
    makeOwnedDir(m_work + QStringLiteral("/run"), 0700);
    QFile dirs(home() + QStringLiteral("/.config/user-dirs.dirs"));
    if (dirs.open(QIODevice::WriteOnly | QIODevice::Truncate))
        dirs.write("XDG_DOCUMENTS_DIR=\"$HOME/Documents\"\n");
    dirs.close();

    QProcessEnvironment basic;
    for (const char *keep : {"PATH", "DBUS_SYSTEM_BUS_ADDRESS", "DISPLAY"}) {
        const QString name = QString::fromLatin1(keep);
        if (qEnvironmentVariableIsSet(keep))
            basic.insert(name, qEnvironmentVariable(keep));
    }
    basic.insert(QStringLiteral("HOME"), home());
    basic.insert(QStringLiteral("XDG_RUNTIME_DIR"), m_work + QStringLiteral("/run"));
    basic.insert(QStringLiteral("FLATPAK_SYSTEM_DIR"), m_installation);
    basic.insert(QStringLiteral("LANG"), QStringLiteral("C.UTF-8"));
    basic.insert(environment);
    process.setProcessEnvironment(basic);
    process.setWorkingDirectory(home());
    QStringList runArguments{QStringLiteral("run"), QStringLiteral("--system")};
    if (!command.isEmpty())
        runArguments << QStringLiteral("--command=") + command;
    runArguments << QString::fromLatin1(kAppId) << arguments;
    QStringList commandLine = asNobody(QStringLiteral("flatpak"), runArguments);
    if (m_ownroot.isEmpty()) {
        process.setProgram(QStringLiteral("setpriv"));
    } else {
        process.setProgram(m_ownroot);
        commandLine.prepend(QStringLiteral("setpriv"));
    }
    process.setArguments(commandLine);
}

FlatpakSandbox::Run FlatpakSandbox::run(const QString &command, const QStringList &arguments,
                                        const QProcessEnvironment &environment, int timeoutMs) const
{
    QProcess process;
    prepareRun(process, command, arguments, environment);
    process.start();
    Run result;
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished();
        result.err = "timed out";
        return result;
    }
    result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    result.out = process.readAllStandardOutput();
    result.err = process.readAllStandardError();
    return result;
}

} // namespace trimscope::test
