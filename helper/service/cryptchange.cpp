#include "cryptchange.h"

#include "common/childprocess.h"
#include "fsbench/externaltool.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <fcntl.h>
#include <unistd.h>

namespace trimscope::helper {

namespace {

// A refresh derives the key from the passphrase again: pbkdf2 or argon2 may take seconds.
constexpr int kCryptsetupTimeoutMs = 120000;
constexpr int kDmsetupTimeoutMs = 30000;
// cryptsetup(8), RETURN CODES: "2 no permission (bad passphrase)".
constexpr int kCryptsetupBadPassphrase = 2;

QByteArray readSysfs(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll().trimmed() : QByteArray();
}

// The dm-N whose device-mapper name is `name`, or an empty string: sysfs is what the kernel
// has, whether or not udev made a /dev/mapper link.
QString blockOfMapping(const QString &name)
{
    const QStringList blocks = QDir(QStringLiteral("/sys/block"))
                                   .entryList({QStringLiteral("dm-*")}, QDir::Dirs | QDir::System);
    for (const QString &block : blocks) {
        if (QString::fromUtf8(readSysfs(QStringLiteral("/sys/block/%1/dm/name").arg(block))) ==
            name)
            return block;
    }
    return {};
}

struct Finished
{
    bool ran = false; // started and exited by itself
    int exitCode = -1;
    QString said; // stdout and stderr
};

// Runs `program`, with `standardInput` (a pipe's read end, or -1 for nothing) as its input.
Finished run(const QString &program, const QStringList &arguments, int timeoutMs,
             int standardInput = -1)
{
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.setStandardInputFile(QProcess::nullDevice());
    killWithParent(process, standardInput);
    process.start(program, arguments);
    if (!process.waitForFinished(timeoutMs)) {
        stopChild(process, 1000);
        return {};
    }
    return {process.exitStatus() == QProcess::NormalExit, process.exitCode(),
            QString::fromLocal8Bit(process.readAll()).trimmed()};
}

QString inWords(const Finished &finished)
{
    return finished.said.isEmpty() ? QStringLiteral("exit code %1").arg(finished.exitCode)
                                   : finished.said;
}

// cryptsetup refresh with the passphrase written into a pipe first (at most a few KiB: the
// pipe holds it all before the child reads), so that it is in no argument, no environment and
// no buffer of QProcess.
Finished runCryptsetup(const QString &program, const QStringList &arguments,
                       const QByteArray &passphrase)
{
    int pipeFds[2];
    if (::pipe2(pipeFds, O_CLOEXEC) != 0)
        return {false, -1, QStringLiteral("cannot make a pipe")};
    const ssize_t written = ::write(pipeFds[1], passphrase.constData(), size_t(passphrase.size()));
    ::close(pipeFds[1]);
    if (written != passphrase.size()) {
        ::close(pipeFds[0]);
        return {false, -1, QStringLiteral("cannot pass the passphrase on")};
    }
    const Finished finished = run(program, arguments, kCryptsetupTimeoutMs, pipeFds[0]);
    ::close(pipeFds[0]);
    return finished;
}

// A mapping's table options as words: "allow_discards same_cpu_crypt", "none".
QString tableOptions(const apply::CryptMapping &mapping)
{
    QStringList options = mapping.flags;
    if (mapping.allowDiscards)
        options.prepend(QStringLiteral("allow_discards"));
    return options.isEmpty() ? QStringLiteral("none") : options.join(QLatin1Char(' '));
}

// The kernel's answer after a refresh: the table as asked, and the queue agreeing with it.
Error checkRefreshed(const apply::CryptMapping &before, bool allowDiscards)
{
    const Expected<apply::CryptMapping> now = systemCryptMapping(before.name);
    if (!now)
        return now.error();
    const apply::CryptMapping asked{before.name, before.flags, allowDiscards};
    if (*now != asked)
        return makeError(ErrorCode::IoError,
                         QStringLiteral("/dev/mapper/%1 was refreshed, but its table options are "
                                        "%2 (asked for: %3)")
                             .arg(before.name, tableOptions(*now), tableOptions(asked)));
    const qulonglong maxBytes = readSysfs(QStringLiteral("/sys/block/%1/queue/discard_max_bytes")
                                              .arg(blockOfMapping(before.name)))
                                    .toULongLong();
    if ((maxBytes > 0) != allowDiscards)
        return makeError(ErrorCode::IoError,
                         QStringLiteral("/dev/mapper/%1's table options are %2, but its queue "
                                        "says otherwise (discard_max_bytes %3)")
                             .arg(before.name, tableOptions(*now))
                             .arg(maxBytes));
    return {};
}

} // namespace

Expected<apply::CryptMapping> systemCryptMapping(const QString &name)
{
    if (!apply::isMappingName(name))
        return apply::cryptMapping(name, {}, {}); // refused in words
    const QString block = blockOfMapping(name);
    if (block.isEmpty())
        return makeError(ErrorCode::NoSuchDevice,
                         QStringLiteral("no device-mapper device is called %1 now").arg(name));
    const QString dmsetup = fsbench::findSystemTool(QStringLiteral("dmsetup"));
    if (dmsetup.isEmpty())
        return makeError(ErrorCode::Unsupported,
                         QStringLiteral("dmsetup is not installed (package dmsetup)"));
    const Finished table = run(dmsetup, {QStringLiteral("table"), name}, kDmsetupTimeoutMs);
    if (!table.ran || table.exitCode != 0)
        return makeError(ErrorCode::IoError, QStringLiteral("dmsetup could not read the table of "
                                                            "%1: %2")
                                                 .arg(name, inWords(table)));
    return apply::cryptMapping(
        name, QString::fromUtf8(readSysfs(QStringLiteral("/sys/block/%1/dm/uuid").arg(block))),
        table.said);
}

Error refreshCryptDiscard(const apply::CryptMapping &mapping, bool allowDiscards,
                          const QByteArray &passphrase)
{
    const QString program = fsbench::findSystemTool(QStringLiteral("cryptsetup"));
    if (program.isEmpty())
        return makeError(ErrorCode::Unsupported,
                         QStringLiteral("cryptsetup is not installed (package cryptsetup-bin)"));
    const Expected<QStringList> arguments = apply::cryptRefreshArguments(mapping, allowDiscards);
    if (!arguments)
        return arguments.error();
    const Finished refreshed = runCryptsetup(program, *arguments, passphrase);
    if (refreshed.ran && refreshed.exitCode == kCryptsetupBadPassphrase)
        return makeError(ErrorCode::WrongPassphrase,
                         QStringLiteral("the passphrase opens no key slot of %1; nothing was "
                                        "changed")
                             .arg(mapping.name));
    if (!refreshed.ran || refreshed.exitCode != 0)
        return makeError(ErrorCode::IoError,
                         QStringLiteral("cryptsetup could not refresh %1: %2")
                             .arg(mapping.name, refreshed.ran || !refreshed.said.isEmpty()
                                                    ? inWords(refreshed)
                                                    : QStringLiteral("it did not finish")));
    const Error check = checkRefreshed(mapping, allowDiscards);
    if (!check.isError())
        return {};
    // Back as it was: a mapping half as asked is worse than one unchanged. The same flags were
    // just accepted, so their arguments are at hand.
    const Expected<QStringList> back = apply::cryptRefreshArguments(mapping, mapping.allowDiscards);
    const Finished restored = runCryptsetup(program, *back, passphrase);
    const bool putBack = restored.ran && restored.exitCode == 0 &&
                         !checkRefreshed(mapping, mapping.allowDiscards).isError();
    return makeError(check.code, check.message + (putBack ? QStringLiteral("; it was put back as "
                                                                           "it was")
                                                          : QStringLiteral("; it could not be put "
                                                                           "back as it was")));
}

} // namespace trimscope::helper
