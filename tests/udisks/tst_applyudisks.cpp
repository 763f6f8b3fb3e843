// `trimscope-cli apply` end to end against the distribution's real udisksd and polkitd on a
// private system bus. udisksd runs in a mount namespace of its own with an overlay on /etc, so
// the fstab and crypttab it reads and rewrites are scratch files of this test, never the
// machine's; the CLI runs as nobody in that namespace (nsenter), so its audit reads them too.
// The filesystems are ext4 on loop devices this test creates (and a LUKS device, where
// cryptsetup is installed). Every file is checked byte for byte after each apply and undo, and
// against what udisks2 is known to write (apply/applyplan.h); a denial, a line udisks2 cannot
// change and a concurrent edit between preview and apply each end in words, the files as they
// were.
#include "apply/applyplan.h"
#include "audit/fstrimstatus.h"
#include "clirun.h"
#include "measuredsweep.h"
#include "mountedfs.h"
#include "plainloop.h"
#include "privatesystembus.h"
#include "privileged.h"
#include "report/resultfile.h"
#include "testmain.h"
#include "udisksdaemon.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <unistd.h>

using namespace trimscope;
using namespace trimscope::test;

namespace {

// The simulated drives whose verdicts are said to be measured here: online discard is fine on
// the first, fstrim is advised for the second.
const QString kFastDrive = QStringLiteral("corsair-performance-pro");
const QString kSlowDrive = QStringLiteral("ocz-agility3");

const QString kModify = QStringLiteral("org.freedesktop.udisks2.modify-system-configuration");
const QString kCryptName = QStringLiteral("trimscope-apply-test");

const QString kApplyNow = QStringLiteral("io.github.trimscope.apply-now");

// What polkit answers nobody: udisks2's right to edit /etc, and our helper's to remount.
QString rulesAnswering(const QString &modify, const QString &applyNow)
{
    return QStringLiteral(R"(polkit.addRule(function(action, subject) {
    if (action.id == "%1" && subject.user == "nobody")
        return polkit.Result.%2;
    if (action.id == "%3" && subject.user == "nobody")
        return polkit.Result.%4;
});
)")
        .arg(kModify, modify, kApplyNow, applyNow);
}

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray("<unreadable>");
}

bool writeAll(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate) &&
           file.write(bytes) == bytes.size();
}

// A prepared process run to its end (a minute at most), `input` on its stdin.
CliRun runToEnd(QProcess &process, const QByteArray &input)
{
    QElapsedTimer timer;
    timer.start();
    process.start();
    process.write(input);
    process.closeWriteChannel();
    CliRun run;
    if (!process.waitForFinished(60000)) {
        process.kill();
        process.waitForFinished();
    }
    run.seconds = double(timer.elapsed()) / 1000;
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    run.out = process.readAllStandardOutput();
    run.err = process.readAllStandardError();
    return run;
}

} // namespace

class tst_ApplyUdisks : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void init();

    void dryRunShowsAndChangesNothing();
    void onlineDiscardOffAppliedAndUndone();
    void onlineDiscardOnForTheMeasuredDrive();
    void denialChangesNothing_data();
    void denialChangesNothing();
    void lineUdisksDoesNotKnow_data();
    void lineUdisksDoesNotKnow();
    void concurrentEditBetweenPreviewAndApply();
    void remountThatFailsChangesNothing();
    void cryptMappingAppliedAndUndone();
    void guiAppliesAndUndoes();
    void auditAndApplyThroughUdisks();

private:
    struct Mounted
    {
        QString image;
        QString device;
        QString mountPoint;
        QString uuid;
    };
    // A loop device on an image in the work directory: on a disk, so that the audit sees a
    // stack that reaches one (a loop device on tmpfs has none, and is no SSD's business).
    bool attach(Mounted &mounted, const QString &name);
    bool mountExt4(Mounted &mounted, const QString &name, const QString &options);
    bool setRules(const QString &modify, const QString &applyNow = QStringLiteral("YES"));
    QString etcPath(const QString &name) const { return m_udisks.rootPath() + "/etc/" + name; }
    // A profile's sweep (test::sweepMeasuredOn) said to be measured on `device`, written to a
    // file of the test's; empty on failure.
    QString sweepFileOn(const QString &profile, const QString &device) const;
    bool setEtc(const QByteArray &fstab, const QByteArray &crypttab);
    // Waits until udisks2 lists `line` (after an edit of ours) in some Block's Configuration.
    bool waitForUdisksToRead(const QByteArray &file);
    // Waits until udisks2's Block.Configuration of `device` carries an item with these options.
    bool udisksShows(const QString &device, const QString &options);
    // trimscope-cli apply ARGUMENTS (or another program of ours) as nobody in udisksd's mount
    // namespace.
    void prepareCli(QProcess &process, const QStringList &arguments,
                    const QString &program = {}) const;
    CliRun cli(const QStringList &arguments, const QByteArray &input = {});
    // trimscope-cli ARGUMENTS as nobody in this machine's mount namespace, looking at the host
    // as the Flatpak does (TRIMSCOPE_HOST_VIEW=udisks): only udisks2 knows the scratch files.
    CliRun cliThroughUdisks(const QStringList &arguments);
    // tests/apply's applyprobe (app/apply's plan runner) as nobody: its last line.
    QString probe(const QStringList &arguments);
    QByteArray journal() const;

    PrivateSystemBus m_bus;
    UdisksDaemon m_udisks;
    std::unique_ptr<QTemporaryDir> m_work;
    Mounted m_withDiscard;    // ext4 mounted with discard: the audit's finding
    Mounted m_withoutDiscard; // ext4 mounted without: a fast measured drive wants discard
    Mounted m_gone;           // ext4 with discard, unmounted here before its remount
    Mounted m_luks;           // a LUKS device (not opened), where cryptsetup is installed
    QString m_cryptUuid;
    QString m_rule;
    QByteArray m_fstab; // the scratch files each test starts from
    QByteArray m_crypttab;
    QString m_sweepFile; // a fast drive's sweep, placed on m_withoutDiscard's loop device
    // A slow drive's sweep placed on m_withDiscard's loop device: the measurement that turning
    // its online discard off rests on (apply offers no discard change on the audit's rule alone).
    QString m_slowSweepFile;
};

bool tst_ApplyUdisks::attach(Mounted &mounted, const QString &name)
{
    mounted.image = m_work->filePath(name + QStringLiteral(".img"));
    if (runTool(QStringLiteral("truncate"),
                {QStringLiteral("-s"), QStringLiteral("32M"), mounted.image}) != 0)
        return false;
    QProcess losetup;
    losetup.start(findSystemProgram(QStringLiteral("losetup")),
                  {QStringLiteral("-f"), QStringLiteral("--show"), mounted.image});
    if (!losetup.waitForFinished(30000) || losetup.exitCode() != 0)
        return false;
    mounted.device = QString::fromUtf8(losetup.readAllStandardOutput()).trimmed();
    return mounted.device.startsWith(QLatin1String("/dev/loop"));
}

bool tst_ApplyUdisks::mountExt4(Mounted &mounted, const QString &name, const QString &options)
{
    mounted.mountPoint = m_work->filePath(name);
    if (!attach(mounted, name) || !QDir().mkpath(mounted.mountPoint) ||
        runTool(QStringLiteral("mkfs.ext4"), {QStringLiteral("-q"), QStringLiteral("-E"),
                                              QStringLiteral("nodiscard"), mounted.device}) != 0 ||
        runTool(QStringLiteral("mount"),
                {QStringLiteral("-o"), options, mounted.device, mounted.mountPoint}) != 0)
        return false;
    mounted.uuid = blkidValue(mounted.device);
    return !mounted.uuid.isEmpty();
}

void tst_ApplyUdisks::initTestCase()
{
    if (const QString reason = PrivateSystemBus::unavailableReason(); !reason.isEmpty())
        TRIMSCOPE_SKIP_OR_FAIL(reason);
    if (const QString reason = UdisksDaemon::unavailableReason(); !reason.isEmpty())
        TRIMSCOPE_SKIP_OR_FAIL(reason);
    if (const QString reason = PlainLoop::unavailableReason(); !reason.isEmpty())
        TRIMSCOPE_SKIP_OR_FAIL(reason);
    if (QStandardPaths::findExecutable(QStringLiteral("nsenter")).isEmpty())
        TRIMSCOPE_SKIP_OR_FAIL(QStringLiteral("nsenter is not installed (package util-linux)"));
    m_work = std::make_unique<QTemporaryDir>(QStringLiteral("/tmp/trimscope-apply-XXXXXX"));
    QVERIFY(m_work->isValid());
    QFile::setPermissions(m_work->path(), QFileDevice::Permissions(0x7755));
    // nobody keeps its record of applied fixes here ($XDG_DATA_HOME).
    QVERIFY(QDir().mkpath(m_work->filePath(QStringLiteral("nobody"))));
    QVERIFY(::chown(QFile::encodeName(m_work->filePath(QStringLiteral("nobody"))).constData(),
                    65534, 65534) == 0);

    QVERIFY(mountExt4(m_withDiscard, QStringLiteral("online"), QStringLiteral("discard")));
    QVERIFY(mountExt4(m_withoutDiscard, QStringLiteral("periodic"), QStringLiteral("defaults")));
    QVERIFY(mountExt4(m_gone, QStringLiteral("gone"), QStringLiteral("discard")));

    // A LUKS device on another loop device: udisks2 ties a crypttab line to it by its UUID, no
    // mapping needs to be open (this machine's kernel may have no device mapper at all).
    if (!findSystemProgram(QStringLiteral("cryptsetup")).isEmpty()) {
        QVERIFY(attach(m_luks, QStringLiteral("luks")));
        const QString key = m_work->filePath(QStringLiteral("key"));
        QVERIFY(writeAll(key, "trimscope apply test key"));
        QCOMPARE(
            runTool(findSystemProgram(QStringLiteral("cryptsetup")),
                    {QStringLiteral("luksFormat"), QStringLiteral("-q"), QStringLiteral("--type"),
                     QStringLiteral("luks2"), QStringLiteral("--pbkdf"), QStringLiteral("pbkdf2"),
                     QStringLiteral("--pbkdf-force-iterations"), QStringLiteral("1000"),
                     QStringLiteral("--key-file"), key, m_luks.device}),
            0);
        m_cryptUuid = blkidValue(m_luks.device);
        QVERIFY(!m_cryptUuid.isEmpty());
    }

    // The scratch files: the loop filesystems' lines among lines of a usual fstab.
    m_fstab = QStringLiteral("# /etc/fstab of tst_applyudisks (scratch)\n"
                             "proc /proc proc defaults\n"
                             "UUID=%1\t%2\text4\tdefaults,discard\t0\t2\n"
                             "UUID=%3  %4  ext4  defaults  0  2\n"
                             "tmpfs /tmp tmpfs nosuid,nodev 0 0\n"
                             "UUID=%5 %6 ext4 discard 0 2\n")
                  .arg(m_withDiscard.uuid, m_withDiscard.mountPoint, m_withoutDiscard.uuid,
                       m_withoutDiscard.mountPoint, m_gone.uuid, m_gone.mountPoint)
                  .toUtf8();
    m_crypttab = QStringLiteral("# <target name> <source device> <key file> <options>\n"
                                "%1\tUUID=%2\tnone\tluks\n")
                     .arg(kCryptName, m_cryptUuid.isEmpty() ? QStringLiteral("none") : m_cryptUuid)
                     .toUtf8();
    // In udisksd's /etc, beside them a weekly fstrim from cron: this machine's process 1 is not
    // systemd, so fstrim.timer never fires here, and turning online discard off is planned only
    // where something else trims.
    QVERIFY2(m_udisks.setScratchEtc(m_work->filePath(QStringLiteral("etc")),
                                    {{QStringLiteral("fstab"), m_fstab},
                                     {QStringLiteral("crypttab"), m_crypttab},
                                     {QStringLiteral("cron.d/fstrim"),
                                      (audit::fstrimCronLine() + QLatin1Char('\n')).toUtf8()}}),
             qPrintable(m_udisks.errorString()));
    const QByteArray machineFstab = readAll(QStringLiteral("/etc/fstab"));

    // Our helper on the bus too: it remounts, so that a change holds now.
    QVERIFY2(m_bus.start(
                 {QStringLiteral(TRIMSCOPE_BINARY_DIR "/helper/trimscope-helper"),
                  QStringLiteral(TRIMSCOPE_SOURCE_DIR "/helper/io.github.trimscope.Helper1.conf"),
                  QStringLiteral(TRIMSCOPE_SOURCE_DIR "/helper/io.github.trimscope.policy")}),
             qPrintable(m_bus.errorString()));
    QVERIFY2(m_udisks.start(m_bus.address(), m_bus.rootConnection()),
             qPrintable(m_udisks.errorString()));
    qInfo("udisksd %s; systemd-udevd %s", qPrintable(m_udisks.version()),
          m_udisks.startedUdevd() ? "started by this test" : "already running");
    for (const QString &device : {m_withDiscard.device, m_withoutDiscard.device})
        QVERIFY2(m_udisks.waitForBlock(device),
                 qPrintable(QStringLiteral("udisks2 does not list %1").arg(device)));
    // udisksd sees the scratch files; the machine keeps its own.
    QCOMPARE(readAll(etcPath(QStringLiteral("fstab"))), m_fstab);
    QCOMPARE(readAll(QStringLiteral("/etc/fstab")), machineFstab);
    QVERIFY(waitForUdisksToRead(m_fstab));

    // A fast drive's sweep said to be measured on the loop device that holds the filesystem
    // mounted without discard, a slow one on the one mounted with it.
    m_sweepFile = sweepFileOn(kFastDrive, m_withoutDiscard.device);
    QVERIFY(!m_sweepFile.isEmpty());
    m_slowSweepFile = sweepFileOn(kSlowDrive, m_withDiscard.device);
    QVERIFY(!m_slowSweepFile.isEmpty());
}

QString tst_ApplyUdisks::sweepFileOn(const QString &profile, const QString &device) const
{
    const SweepResult sweep = test::sweepMeasuredOn(profile, device);
    const QString file =
        m_work->filePath(QStringLiteral("%1-on-%2.json").arg(profile, sweep.drive.name));
    return writeAll(file, resultToJsonBytes(sweep)) ? file : QString();
}

void tst_ApplyUdisks::cleanupTestCase()
{
    m_udisks.stop();
    m_bus.stop();
    for (Mounted *mounted : {&m_withDiscard, &m_withoutDiscard, &m_gone, &m_luks}) {
        if (!mounted->mountPoint.isEmpty() && isMounted(mounted->mountPoint))
            runTool(QStringLiteral("umount"), {mounted->mountPoint}, 30000);
        if (!mounted->device.isEmpty())
            runTool(findSystemProgram(QStringLiteral("losetup")),
                    {QStringLiteral("-d"), mounted->device});
    }
    m_work.reset();
}

// Every test starts from the scratch files, nobody allowed, and no record of applied fixes.
void tst_ApplyUdisks::init()
{
    QVERIFY(setEtc(m_fstab, m_crypttab));
    QFile::remove(m_work->filePath(QStringLiteral("nobody/trimscope/applied.json")));
    if (m_rule != QLatin1String("YESYES"))
        QVERIFY2(setRules(QStringLiteral("YES")), qPrintable(m_bus.errorString()));
}

bool tst_ApplyUdisks::setRules(const QString &modify, const QString &applyNow)
{
    m_rule.clear();
    if (!m_bus.setRules(rulesAnswering(modify, applyNow), kModify, modify == QLatin1String("YES")))
        return false;
    m_rule = modify + applyNow;
    return true;
}

bool tst_ApplyUdisks::setEtc(const QByteArray &fstab, const QByteArray &crypttab)
{
    const bool changed = readAll(etcPath(QStringLiteral("fstab"))) != fstab ||
                         readAll(etcPath(QStringLiteral("crypttab"))) != crypttab;
    if (!changed)
        return true;
    // Through udisksd's own view (its overlay), so that its file monitor sees the change.
    return writeAll(etcPath(QStringLiteral("fstab")), fstab) &&
           writeAll(etcPath(QStringLiteral("crypttab")), crypttab) && waitForUdisksToRead(fstab) &&
           (m_luks.device.isEmpty() || udisksShows(m_luks.device, QStringLiteral("luks")));
}

bool tst_ApplyUdisks::waitForUdisksToRead(const QByteArray &fstab)
{
    // udisks2 re-reads /etc/fstab when it changes (inotify): wait until its Block objects carry
    // the options of the loop filesystems' lines as the file has them.
    QString wanted;
    for (const QByteArray &line : fstab.split('\n')) {
        if (line.contains(m_withDiscard.uuid.toUtf8()))
            wanted = QString::fromUtf8(line);
    }
    const auto item = apply::fstabItemFromLine(wanted);
    if (!item)
        return true; // a line udisks2 does not know: nothing to wait for
    return udisksShows(m_withDiscard.device, item->opts);
}

bool tst_ApplyUdisks::udisksShows(const QString &device, const QString &options)
{
    return QTest::qWaitFor(
        [&] {
            QProcess gdbus;
            QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
            environment.insert(QStringLiteral("DBUS_SYSTEM_BUS_ADDRESS"), m_bus.address());
            gdbus.setProcessEnvironment(environment);
            gdbus.start(
                QStringLiteral("gdbus"),
                {QStringLiteral("call"), QStringLiteral("--system"), QStringLiteral("--dest"),
                 QStringLiteral("org.freedesktop.UDisks2"), QStringLiteral("--object-path"),
                 QStringLiteral("/org/freedesktop/UDisks2/block_devices/") +
                     device.section(QLatin1Char('/'), -1),
                 QStringLiteral("--method"), QStringLiteral("org.freedesktop.DBus.Properties.Get"),
                 QStringLiteral("org.freedesktop.UDisks2.Block"), QStringLiteral("Configuration")});
            gdbus.waitForFinished(5000);
            // gdbus prints byte strings as b'…'.
            return QString::fromUtf8(gdbus.readAllStandardOutput())
                .contains(QStringLiteral("b'%1'").arg(options));
        },
        10000);
}

void tst_ApplyUdisks::prepareCli(QProcess &process, const QStringList &arguments,
                                 const QString &program) const
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("DBUS_SYSTEM_BUS_ADDRESS"), m_bus.address());
    environment.insert(QStringLiteral("HOME"), QStringLiteral("/nonexistent"));
    environment.insert(QStringLiteral("XDG_DATA_HOME"), m_work->filePath(QStringLiteral("nobody")));
    environment.insert(QStringLiteral("LANG"), QStringLiteral("C.UTF-8"));
    environment.insert(QStringLiteral("LANGUAGE"), QStringLiteral("C"));
    process.setProcessEnvironment(environment);
    process.setWorkingDirectory(QStringLiteral("/"));
    process.setProgram(QStringLiteral("nsenter"));
    // --root as well as --mount: entering a mount namespace moves the caller to that namespace's
    // own root, which under .ci/run's chroot is the host's, where this build does not exist.
    const QString udisksProc = QStringLiteral("/proc/%1").arg(m_udisks.pid());
    process.setArguments(
        QStringList{QStringLiteral("--mount=%1/ns/mnt").arg(udisksProc),
                    QStringLiteral("--root=%1/root").arg(udisksProc), QStringLiteral("--"),
                    QStringLiteral("setpriv"), QStringLiteral("--reuid=65534"),
                    QStringLiteral("--regid=65534"), QStringLiteral("--clear-groups")} +
        (program.isEmpty() ? QStringList{cliPath(), QStringLiteral("apply")}
                           : QStringList{program}) +
        arguments);
}

CliRun tst_ApplyUdisks::cli(const QStringList &arguments, const QByteArray &input)
{
    QProcess process;
    prepareCli(process, arguments);
    return runToEnd(process, input);
}

CliRun tst_ApplyUdisks::cliThroughUdisks(const QStringList &arguments)
{
    QProcess process;
    prepareCli(process, {});
    QProcessEnvironment environment = process.processEnvironment();
    environment.insert(QStringLiteral("TRIMSCOPE_HOST_VIEW"), QStringLiteral("udisks"));
    process.setProcessEnvironment(environment);
    process.setProgram(QStringLiteral("setpriv"));
    process.setArguments(QStringList{QStringLiteral("--reuid=65534"),
                                     QStringLiteral("--regid=65534"),
                                     QStringLiteral("--clear-groups"), cliPath()} +
                         arguments);
    return runToEnd(process, {});
}

QString tst_ApplyUdisks::probe(const QStringList &arguments)
{
    const PrivateSystemBus::Run run = m_bus.runAsNobody(
        QStringLiteral(TRIMSCOPE_BINARY_DIR "/tests/apply/applyprobe"), arguments, 60000);
    // Its answer is stdout's last line. Qt's warnings go to stderr and may come after it: read
    // from out + err, "Trying to construct an instance of an invalid type" was taken for the
    // answer (2 of 3 runs on a busy machine, the denied crypttab line).
    const QStringList lines = QString::fromUtf8(run.out).trimmed().split(QLatin1Char('\n'));
    qInfo("applyprobe %s: %s%s", qPrintable(arguments.first()), qPrintable(lines.join(" | ")),
          run.err.trimmed().isEmpty()
              ? ""
              : qPrintable(QStringLiteral(" (stderr: %1)")
                               .arg(QString::fromUtf8(run.err.trimmed()).replace('\n', " | "))));
    return lines.last();
}

QByteArray tst_ApplyUdisks::journal() const
{
    QFile file(m_work->filePath(QStringLiteral("nobody/trimscope/applied.json")));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

void tst_ApplyUdisks::dryRunShowsAndChangesNothing()
{
    const QString id = QStringLiteral("audit:mount-online-discard:") + m_withDiscard.mountPoint;
    const CliRun run =
        cli({id, QStringLiteral("--from"), m_slowSweepFile, QStringLiteral("--dry-run")});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    // The line as it is (its fields one blank apart), and as udisks2 will write it.
    QVERIFY2(run.out.contains(QStringLiteral("UUID=%1 %2 ext4 defaults,discard 0 2")
                                  .arg(m_withDiscard.uuid, m_withDiscard.mountPoint)
                                  .toUtf8()),
             run.out.constData());
    QVERIFY2(run.out.contains(QStringLiteral("UUID=%1 %2 ext4 defaults,nodiscard 0 2")
                                  .arg(m_withDiscard.uuid, m_withDiscard.mountPoint)
                                  .toUtf8()),
             run.out.constData());
    QCOMPARE(readAll(etcPath(QStringLiteral("fstab"))), m_fstab);
    QVERIFY(journal().isEmpty());
    // What it can apply here on the slow drive's measurement: the loop filesystem's fix.
    const CliRun list = cli({QStringLiteral("--list"), QStringLiteral("--from"), m_slowSweepFile});
    QVERIFY2(list.out.contains(id.toUtf8()), list.out.constData());
}

void tst_ApplyUdisks::onlineDiscardOffAppliedAndUndone()
{
    const QString id = QStringLiteral("audit:mount-online-discard:") + m_withDiscard.mountPoint;
    const CliRun run =
        cli({id, QStringLiteral("--from"), m_slowSweepFile, QStringLiteral("--yes")});
    QVERIFY2(run.exitCode == 0, (run.out + run.err).constData());
    qInfo("apply took %.2f s", run.seconds);
    // The line left its place, the new one (nodiscard: a default cannot bring discard back) ends
    // the file, as udisksd writes it.
    const QByteArray applied =
        QStringLiteral("# /etc/fstab of tst_applyudisks (scratch)\n"
                       "proc /proc proc defaults\n"
                       "UUID=%3  %4  ext4  defaults  0  2\n"
                       "tmpfs /tmp tmpfs nosuid,nodev 0 0\n"
                       "UUID=%5 %6 ext4 discard 0 2\n"
                       "UUID=%1 %2 ext4 defaults,nodiscard 0 2\n")
            .arg(m_withDiscard.uuid, m_withDiscard.mountPoint, m_withoutDiscard.uuid,
                 m_withoutDiscard.mountPoint, m_gone.uuid, m_gone.mountPoint)
            .toUtf8();
    QCOMPARE(readAll(etcPath(QStringLiteral("fstab"))), applied);
    QCOMPARE(readAll(etcPath(QStringLiteral("crypttab"))), m_crypttab);
    // And now, not only from the next boot: remounted by the helper.
    QVERIFY(!mountedWithDiscard(m_withDiscard.mountPoint));
    // The same bytes core's model of udisksd predicts.
    const auto before =
        apply::fstabItemFromLine(QStringLiteral("UUID=%1 %2 ext4 defaults,discard 0 2")
                                     .arg(m_withDiscard.uuid, m_withDiscard.mountPoint));
    apply::FstabItem after = *before;
    after.opts = QStringLiteral("defaults,nodiscard");
    QCOMPARE(*apply::fstabAfterUpdate(m_fstab, *before, after), applied);
    // Recorded: what, when, the old values.
    const QJsonObject record = QJsonDocument::fromJson(journal()).object();
    QCOMPARE(record.value(QStringLiteral("changes")).toArray().size(), 1);
    const QJsonObject change = record.value(QStringLiteral("changes")).toArray().first().toObject();
    QVERIFY(QDateTime::fromString(change.value(QStringLiteral("when")).toString(), Qt::ISODate)
                .isValid());
    QCOMPARE(
        change.value(QStringLiteral("plan")).toObject().value(QStringLiteral("fix_id")).toString(),
        id);

    const CliRun undo = cli({QStringLiteral("--undo"), QStringLiteral("--yes")});
    QVERIFY2(undo.exitCode == 0, (undo.out + undo.err).constData());
    // The old values back, as udisks2 writes a line: at the end, one blank between fields.
    const QByteArray undone =
        QStringLiteral("# /etc/fstab of tst_applyudisks (scratch)\n"
                       "proc /proc proc defaults\n"
                       "UUID=%3  %4  ext4  defaults  0  2\n"
                       "tmpfs /tmp tmpfs nosuid,nodev 0 0\n"
                       "UUID=%5 %6 ext4 discard 0 2\n"
                       "UUID=%1 %2 ext4 defaults,discard 0 2\n")
            .arg(m_withDiscard.uuid, m_withDiscard.mountPoint, m_withoutDiscard.uuid,
                 m_withoutDiscard.mountPoint, m_gone.uuid, m_gone.mountPoint)
            .toUtf8();
    QCOMPARE(readAll(etcPath(QStringLiteral("fstab"))), undone);
    QVERIFY(mountedWithDiscard(m_withDiscard.mountPoint));
    QVERIFY(QJsonDocument::fromJson(journal())
                .object()
                .value(QStringLiteral("changes"))
                .toArray()
                .isEmpty());
    // Nothing left to undo, in words.
    const CliRun again = cli({QStringLiteral("--undo"), QStringLiteral("--yes")});
    QCOMPARE(again.exitCode, 2);
    QVERIFY2(again.err.contains("Nothing to undo"), again.err.constData());
}

void tst_ApplyUdisks::onlineDiscardOnForTheMeasuredDrive()
{
    const QString id = QStringLiteral("fstab-add-discard:") + m_withoutDiscard.mountPoint;
    // Without the measurement, nothing says discard is right for it.
    const CliRun unmeasured = cli({id, QStringLiteral("--yes")});
    QCOMPARE(unmeasured.exitCode, 2);
    QCOMPARE(readAll(etcPath(QStringLiteral("fstab"))), m_fstab);

    const CliRun run = cli({id, QStringLiteral("--from"), m_sweepFile, QStringLiteral("--yes")});
    QVERIFY2(run.exitCode == 0, (run.out + run.err).constData());
    const QByteArray applied =
        QStringLiteral("# /etc/fstab of tst_applyudisks (scratch)\n"
                       "proc /proc proc defaults\n"
                       "UUID=%1\t%2\text4\tdefaults,discard\t0\t2\n"
                       "tmpfs /tmp tmpfs nosuid,nodev 0 0\n"
                       "UUID=%5 %6 ext4 discard 0 2\n"
                       "UUID=%3 %4 ext4 defaults,discard 0 2\n")
            .arg(m_withDiscard.uuid, m_withDiscard.mountPoint, m_withoutDiscard.uuid,
                 m_withoutDiscard.mountPoint, m_gone.uuid, m_gone.mountPoint)
            .toUtf8();
    QCOMPARE(readAll(etcPath(QStringLiteral("fstab"))), applied);
    QVERIFY(mountedWithDiscard(m_withoutDiscard.mountPoint));
    const CliRun undo = cli({QStringLiteral("--undo"), QStringLiteral("--yes")});
    QVERIFY2(undo.exitCode == 0, (undo.out + undo.err).constData());
    QVERIFY(!mountedWithDiscard(m_withoutDiscard.mountPoint));
    QVERIFY(readAll(etcPath(QStringLiteral("fstab")))
                .endsWith(QStringLiteral("UUID=%1 %2 ext4 defaults 0 2\n")
                              .arg(m_withoutDiscard.uuid, m_withoutDiscard.mountPoint)
                              .toUtf8()));
}

void tst_ApplyUdisks::denialChangesNothing_data()
{
    QTest::addColumn<QString>("modify");   // polkit's answer to udisks2
    QTest::addColumn<QString>("applyNow"); // to our helper
    QTest::addColumn<QString>("said");
    // udisks2 says no after the helper remounted (the remount comes first: it is the step that
    // can be put back exactly): the remount is undone, the file untouched.
    QTest::newRow("udisks2 denied") << "NO"
                                    << "YES"
                                    << "polkit denies " + kModify;
    QTest::newRow("remount denied") << "YES"
                                    << "NO"
                                    << "not authorized";
}

void tst_ApplyUdisks::denialChangesNothing()
{
    QFETCH(QString, modify);
    QFETCH(QString, applyNow);
    QFETCH(QString, said);
    QVERIFY2(setRules(modify, applyNow), qPrintable(m_bus.errorString()));
    const QString id = QStringLiteral("audit:mount-online-discard:") + m_withDiscard.mountPoint;
    const CliRun run =
        cli({id, QStringLiteral("--from"), m_slowSweepFile, QStringLiteral("--yes")});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.toLower().contains(said.toLower().toUtf8()), run.err.constData());
    QVERIFY2(run.out.contains("Nothing was changed."), run.out.constData());
    QCOMPARE(readAll(etcPath(QStringLiteral("fstab"))), m_fstab);
    QCOMPARE(readAll(etcPath(QStringLiteral("crypttab"))), m_crypttab);
    QVERIFY(mountedWithDiscard(m_withDiscard.mountPoint));
    QVERIFY(journal().isEmpty());
}

void tst_ApplyUdisks::lineUdisksDoesNotKnow_data()
{
    QTest::addColumn<QString>("line"); // %1 the UUID, %2 the mount point
    QTest::addColumn<QByteArray>("why");
    // Four fields: libmount reads the line, udisksd's sscanf for six fields never matches it.
    QTest::newRow("four fields") << "UUID=%1 %2 ext4 defaults,discard"
                                 << QByteArray("dump and pass");
    // udisksd matches it and would write it back without the comment (issue 48).
    QTest::newRow("a trailing comment") << "UUID=%1 %2 ext4 defaults,discard 0 2 # data disk"
                                        << QByteArray("which udisks2 would drop");
}

void tst_ApplyUdisks::lineUdisksDoesNotKnow()
{
    QFETCH(QString, line);
    QFETCH(QByteArray, why);
    QByteArray fstab = m_fstab;
    fstab.replace(QStringLiteral("UUID=%1\t%2\text4\tdefaults,discard\t0\t2")
                      .arg(m_withDiscard.uuid, m_withDiscard.mountPoint)
                      .toUtf8(),
                  line.arg(m_withDiscard.uuid, m_withDiscard.mountPoint).toUtf8());
    QVERIFY(setEtc(fstab, m_crypttab));
    const CliRun run =
        cli({QStringLiteral("audit:mount-online-discard:") + m_withDiscard.mountPoint,
             QStringLiteral("--from"), m_slowSweepFile, QStringLiteral("--yes")});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains("udisks2 cannot change the line"), run.err.constData());
    QVERIFY2(run.err.contains(why), run.err.constData());
    QCOMPARE(readAll(etcPath(QStringLiteral("fstab"))), fstab);
    QVERIFY(journal().isEmpty());
}

void tst_ApplyUdisks::concurrentEditBetweenPreviewAndApply()
{
    QProcess process;
    prepareCli(process, {QStringLiteral("audit:mount-online-discard:") + m_withDiscard.mountPoint,
                         QStringLiteral("--from"), m_slowSweepFile});
    process.start();
    // The preview, then the question.
    QVERIFY(QTest::qWaitFor(
        [&] {
            process.waitForReadyRead(50);
            return process.peek(1 << 16).contains("Apply these changes? [y/N]");
        },
        30000));
    // Meanwhile someone edits the line (noatime added).
    QByteArray edited = m_fstab;
    edited.replace("defaults,discard\t0\t2", "defaults,discard,noatime\t0\t2");
    QVERIFY(writeAll(etcPath(QStringLiteral("fstab")), edited));
    process.write("y\n");
    process.closeWriteChannel();
    QVERIFY(process.waitForFinished(60000));
    const QByteArray out = process.readAllStandardOutput();
    const QByteArray err = process.readAllStandardError();
    QCOMPARE(process.exitCode(), 2);
    QVERIFY2(err.contains("changed since"), (out + err).constData());
    QVERIFY2(out.contains("Nothing was changed."), out.constData());
    QCOMPARE(readAll(etcPath(QStringLiteral("fstab"))), edited);
    QVERIFY(journal().isEmpty());
}

// The filesystem leaves (unmounted here, where the helper remounts) after udisksd's namespace,
// where the CLI plans, took its copy: the plan still remounts it, the helper finds nothing
// mounted there, and the change ends before its line is touched.
void tst_ApplyUdisks::remountThatFailsChangesNothing()
{
    QVERIFY(mountedWithDiscard(m_gone.mountPoint));
    QCOMPARE(runTool(QStringLiteral("umount"), {m_gone.mountPoint}), 0);
    const CliRun run = cli({QStringLiteral("audit:mount-online-discard:") + m_gone.mountPoint,
                            QStringLiteral("--from"), sweepFileOn(kSlowDrive, m_gone.device),
                            QStringLiteral("--yes")});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.out.contains("remount"), run.out.constData());
    QVERIFY2(run.err.contains("Nothing is mounted on " + m_gone.mountPoint.toUtf8()),
             run.err.constData());
    QVERIFY2(run.out.contains("Nothing was changed."), run.out.constData());
    QCOMPARE(readAll(etcPath(QStringLiteral("fstab"))), m_fstab);
    QVERIFY(journal().isEmpty());
}

// The crypttab fix of the plan core makes for a dm-crypt mapping that drops discards (planned
// from a recorded computer with one: tst_planner), carried out by the code the CLI runs
// (applyprobe), as nobody: the line gets "discard", and is put back.
void tst_ApplyUdisks::cryptMappingAppliedAndUndone()
{
    if (m_cryptUuid.isEmpty())
        TRIMSCOPE_SKIP_OR_FAIL(
            QStringLiteral("cryptsetup is not installed (package cryptsetup-bin)"));
    apply::ApplyPlan plan;
    plan.fixId = QStringLiteral("audit:discards-blocked-crypt:/dev/mapper/") + kCryptName;
    plan.title = QStringLiteral("dm-crypt device %1 does not pass discards").arg(kCryptName);
    const apply::CrypttabItem before{kCryptName, QStringLiteral("UUID=") + m_cryptUuid, QString(),
                                     QStringLiteral("luks")};
    apply::CrypttabItem after = before;
    after.options = QStringLiteral("luks,discard");
    plan.crypttab.append({QStringLiteral("/dev/mapper/") + kCryptName,
                          QStringLiteral("%1\tUUID=%2\tnone\tluks").arg(kCryptName, m_cryptUuid),
                          before, after, QString()});
    const QString planFile = m_work->filePath(QStringLiteral("crypt-plan.json"));
    QVERIFY(writeAll(planFile, QJsonDocument(plan.toJson()).toJson()));
    const QString journalFile = m_work->filePath(QStringLiteral("nobody/trimscope/applied.json"));

    QCOMPARE(probe({QStringLiteral("apply"), planFile, journalFile}), QStringLiteral("ok"));
    const QByteArray applied =
        QStringLiteral("# <target name> <source device> <key file> <options>\n"
                       "%1 UUID=%2 none luks,discard\n")
            .arg(kCryptName, m_cryptUuid)
            .toUtf8();
    QCOMPARE(readAll(etcPath(QStringLiteral("crypttab"))), applied);
    QCOMPARE(*apply::crypttabAfterUpdate(m_crypttab, before, after), applied);
    QCOMPARE(readAll(etcPath(QStringLiteral("fstab"))), m_fstab);
    QCOMPARE(probe({QStringLiteral("undo"), journalFile}), QStringLiteral("ok"));
    QCOMPARE(readAll(etcPath(QStringLiteral("crypttab"))),
             QStringLiteral("# <target name> <source device> <key file> <options>\n"
                            "%1 UUID=%2 none luks\n")
                 .arg(kCryptName, m_cryptUuid)
                 .toUtf8());

    // Denied: the file stays as it is (once udisks2 has read it back).
    QVERIFY(udisksShows(m_luks.device, QStringLiteral("luks")));
    QVERIFY2(setRules(QStringLiteral("NO")), qPrintable(m_bus.errorString()));
    const QByteArray now = readAll(etcPath(QStringLiteral("crypttab")));
    QFile::remove(journalFile);
    const QString line = QStringLiteral("%1 UUID=%2 none luks").arg(kCryptName, m_cryptUuid);
    plan.crypttab.first().lineBefore = line;
    QVERIFY(writeAll(planFile, QJsonDocument(plan.toJson()).toJson()));
    QVERIFY(probe({QStringLiteral("apply"), planFile, journalFile})
                .startsWith(QLatin1String("error NotAuthorized")));
    QCOMPARE(readAll(etcPath(QStringLiteral("crypttab"))), now);
    QVERIFY(!QFile::exists(journalFile));
}

// The same fix through the GUI (the Advice tab as it audits this computer, offscreen, as
// nobody): Apply shows the lines and asks once, the file changes as with the CLI, the Undo
// button puts it back.
void tst_ApplyUdisks::guiAppliesAndUndoes()
{
    QProcess probe;
    prepareCli(
        probe,
        {QStringLiteral("audit:mount-online-discard:") + m_withDiscard.mountPoint, m_slowSweepFile},
        QStringLiteral(TRIMSCOPE_BINARY_DIR "/tests/udisks/applyguiprobe"));
    QProcessEnvironment environment = probe.processEnvironment();
    environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    environment.insert(QStringLiteral("XDG_RUNTIME_DIR"),
                       m_work->filePath(QStringLiteral("nobody")));
    probe.setProcessEnvironment(environment);
    probe.start();
    QVERIFY(probe.waitForFinished(120000));
    const QStringList lines =
        QString::fromUtf8(probe.readAllStandardOutput()).split(QLatin1Char('\n'));
    const QString all = lines.join(QLatin1Char('\n'));
    QVERIFY2(probe.exitCode() == 0, qPrintable(all + probe.readAllStandardError()));
    QVERIFY2(lines.contains(QStringLiteral("offered 1")), qPrintable(all));
    QVERIFY2(all.contains(QStringLiteral("UUID=%1 %2 ext4 defaults,nodiscard 0 2")
                              .arg(m_withDiscard.uuid, m_withDiscard.mountPoint)),
             qPrintable(all));
    QVERIFY2(all.contains(QLatin1String("result Applied")), qPrintable(all));
    QVERIFY2(all.contains(QLatin1String("undone Undone")), qPrintable(all));
    QStringList files;
    for (const QString &line : lines) {
        if (line.startsWith(QLatin1String("fstab ")))
            files.append(line.mid(6));
    }
    QCOMPARE(files.size(), 2);
    const QString head = QStringLiteral("# /etc/fstab of tst_applyudisks (scratch)\n"
                                        "proc /proc proc defaults\n"
                                        "UUID=%1  %2  ext4  defaults  0  2\n"
                                        "tmpfs /tmp tmpfs nosuid,nodev 0 0\n"
                                        "UUID=%3 %4 ext4 discard 0 2\n")
                             .arg(m_withoutDiscard.uuid, m_withoutDiscard.mountPoint, m_gone.uuid,
                                  m_gone.mountPoint);
    QCOMPARE(QByteArray::fromBase64(files.at(0).toLatin1()),
             (head + QStringLiteral("UUID=%1 %2 ext4 defaults,nodiscard 0 2\n")
                         .arg(m_withDiscard.uuid, m_withDiscard.mountPoint))
                 .toUtf8());
    QCOMPARE(QByteArray::fromBase64(files.at(1).toLatin1()),
             (head + QStringLiteral("UUID=%1 %2 ext4 defaults,discard 0 2\n")
                         .arg(m_withDiscard.uuid, m_withDiscard.mountPoint))
                 .toUtf8());
    QVERIFY(mountedWithDiscard(m_withDiscard.mountPoint));
}

// From the Flatpak the sandbox's /etc and mount table are not the host's: the audit and the
// plans read the host through udisks2. Here the CLI runs in this machine's namespace, whose
// /etc/fstab knows nothing of the loop filesystems; only udisksd's scratch fstab does.
void tst_ApplyUdisks::auditAndApplyThroughUdisks()
{
    QVERIFY(!readAll(QStringLiteral("/etc/fstab")).contains(m_withDiscard.uuid.toUtf8()));
    const CliRun audit = cliThroughUdisks({QStringLiteral("audit"), QStringLiteral("--json")});
    QVERIFY2(audit.exitCode == 0, audit.err.constData());
    QStringList findings;
    const QJsonArray list =
        QJsonDocument::fromJson(audit.out).object().value(QStringLiteral("findings")).toArray();
    for (const QJsonValue &finding : list)
        findings.append(finding.toObject().value(QStringLiteral("id")).toString() +
                        QLatin1Char(' ') +
                        finding.toObject().value(QStringLiteral("subject")).toString());
    qInfo("through udisks2: %s", qPrintable(findings.join(QStringLiteral("; "))));
    QVERIFY2(findings.contains(QStringLiteral("mount-online-discard ") + m_withDiscard.mountPoint),
             audit.out.constData());
    QVERIFY2(
        !findings.contains(QStringLiteral("mount-online-discard ") + m_withoutDiscard.mountPoint),
        audit.out.constData());
    QVERIFY2(findings.contains(QStringLiteral("seen-through-udisks sandbox")),
             audit.out.constData());

    // The fix, planned on udisks2's line and carried out by it: the same bytes as from the host.
    const QString id = QStringLiteral("audit:mount-online-discard:") + m_withDiscard.mountPoint;
    const CliRun run = cliThroughUdisks({QStringLiteral("apply"), id, QStringLiteral("--from"),
                                         m_slowSweepFile, QStringLiteral("--yes")});
    QVERIFY2(run.exitCode == 0, (run.out + run.err).constData());
    const auto before =
        apply::fstabItemFromLine(QStringLiteral("UUID=%1 %2 ext4 defaults,discard 0 2")
                                     .arg(m_withDiscard.uuid, m_withDiscard.mountPoint));
    apply::FstabItem after = *before;
    after.opts = QStringLiteral("defaults,nodiscard");
    QCOMPARE(readAll(etcPath(QStringLiteral("fstab"))),
             *apply::fstabAfterUpdate(m_fstab, *before, after));
    QVERIFY2(run.out.contains(QStringLiteral("UUID=%1 %2 ext4 defaults,discard 0 2")
                                  .arg(m_withDiscard.uuid, m_withDiscard.mountPoint)
                                  .toUtf8()),
             run.out.constData());
    // No systemd answers on this bus: the timer is left alone, with a note that says what to
    // check both ways (the timer, and the cron line where systemd does not run), not enabled
    // blindly.
    QVERIFY2(run.out.contains("periodically once online discard is off could not be seen from "
                              "here (systemd did not answer"),
             run.out.constData());
    QVERIFY2(run.out.contains("on a computer without systemd, put this line in"),
             run.out.constData());

    const CliRun undo = cliThroughUdisks(
        {QStringLiteral("apply"), QStringLiteral("--undo"), QStringLiteral("--yes")});
    QVERIFY2(undo.exitCode == 0, (undo.out + undo.err).constData());
    QCOMPARE(readAll(etcPath(QStringLiteral("fstab"))),
             *apply::fstabAfterUpdate(*apply::fstabAfterUpdate(m_fstab, *before, after), after,
                                      *before));
}

TRIMSCOPE_TEST_GUILESS_MAIN(tst_ApplyUdisks)
#include "tst_applyudisks.moc"
