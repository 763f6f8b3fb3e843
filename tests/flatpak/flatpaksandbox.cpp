#include "flatpaksandbox.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QThread>
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

// Can nobody's bubblewrap make a sandbox (a user namespace) here? Not inside a chroot: the
// kernel refuses unprivileged user namespaces to a chrooted process (CI's roots).
bool bwrapWorksFor(const QString &bwrap, bool asNobody_)
{
    QProcess process;
    QStringList arguments{QStringLiteral("--ro-bind"), QStringLiteral("/"),
                          QStringLiteral("/"),         QStringLiteral("--proc"),
                          QStringLiteral("/proc"),     QStringLiteral("--dev"),
                          QStringLiteral("/dev"),      QStringLiteral("--unshare-pid"),
                          QStringLiteral("true")};
    if (asNobody_)
        process.start(QStringLiteral("setpriv"), asNobody(bwrap, arguments));
    else
        process.start(bwrap, arguments);
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
    if (!bwrapWorksFor(QStandardPaths::findExecutable(QStringLiteral("bwrap")), false))
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
    // Where the nobody's sandbox needs a setuid bubblewrap (see prepareRun), flatpak-builder's
    // own sandboxes take the distribution's.
    environment.remove(QStringLiteral("FLATPAK_BWRAP"));
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
    process.start(program, arguments);
    const bool finished = process.waitForFinished(timeoutMs);
    if (!finished) {
        process.kill();
        process.waitForFinished();
    }
    const QByteArray output = process.readAll();
    const QString command = program + QLatin1Char(' ') + arguments.join(QLatin1Char(' '));
    if (!finished || process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0) {
        return fail(QStringLiteral("%1 failed after %2 s:\n%3")
                        .arg(command)
                        .arg(double(timer.elapsed()) / 1000, 0, 'f', 1)
                        .arg(QString::fromUtf8(output.right(6000))));
    }
    qInfo("%.1f s: %s", double(timer.elapsed()) / 1000, qPrintable(command.left(200)));
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
    standIn.start(sourcePath(QStringLiteral("packaging/flatpak/standin-runtime.sh")),
                  {m_root, repo, m_work + QStringLiteral("/standin-tree")});
    if (!standIn.waitForFinished(1200000) || standIn.exitCode() != 0)
        return fail(QStringLiteral("standin-runtime.sh failed"));
    m_branch = QString::fromUtf8(standIn.readAllStandardOutput()).trimmed().split('\n').last();
    qInfo("%.1f s: the stand-in Sdk and Platform //%s from this root's /usr",
          double(timer.elapsed()) / 1000, qPrintable(m_branch));
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
    // The compiler cache of this root's own build (tools/build.sh), when ccache is here: the
    // sandbox's compiler is the same file (the Sdk is this root's /usr, so compare contents: OSTree
    // keeps no mtimes), and sources and build files are named relative to the checkout in both
    // builds (CCACHE_BASEDIR), so what tools/build.sh compiled is not compiled again.
    QStringList ccache;
    QStringList environment{QStringLiteral("--env=CCACHE_BASEDIR=/run/build/trimscope"),
                            QStringLiteral("--env=CCACHE_NOHASHDIR=1"),
                            QStringLiteral("--env=CCACHE_COMPILERCHECK=content")};
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
    derive << environment << QStringLiteral("--make-arg=-l0")
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

QString FlatpakSandbox::setUpBubblewrap()
{
    const QString bwrap = QStandardPaths::findExecutable(QStringLiteral("bwrap"));
    if (bwrapWorksFor(bwrap, true))
        return QStringLiteral("bubblewrap makes nobody's sandbox in a user namespace");
    // As distributions without unprivileged user namespaces ship it: setuid root. flatpak takes
    // it from FLATPAK_BWRAP.
    m_setuidBwrap = m_work + QStringLiteral("/bwrap-setuid");
    QFile::remove(m_setuidBwrap);
    if (!QFile::copy(bwrap, m_setuidBwrap) ||
        ::chmod(QFile::encodeName(m_setuidBwrap).constData(), 04755) != 0 ||
        !bwrapWorksFor(m_setuidBwrap, true)) {
        m_setuidBwrap.clear();
        return {};
    }
    return QStringLiteral("no user namespace for nobody here (a chroot?): bubblewrap runs setuid "
                          "root, as on systems that forbid unprivileged user namespaces");
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
    if (!m_setuidBwrap.isEmpty())
        basic.insert(QStringLiteral("FLATPAK_BWRAP"), m_setuidBwrap);
    basic.insert(environment);
    process.setProcessEnvironment(basic);
    process.setWorkingDirectory(home());
    QStringList runArguments{QStringLiteral("run"), QStringLiteral("--system")};
    if (!command.isEmpty())
        runArguments << QStringLiteral("--command=") + command;
    runArguments << QString::fromLatin1(kAppId) << arguments;
    process.setProgram(QStringLiteral("setpriv"));
    process.setArguments(asNobody(QStringLiteral("flatpak"), runArguments));
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
