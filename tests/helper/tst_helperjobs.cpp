// The helper's phase-based jobs (StartJob) and ReadHealth end to end: a private system bus, real
// polkitd with rules we write, the helper started by D-Bus activation, an emulated drive whose
// FUSE counters tell whether anything was discarded or written.
#include "clirun.h"
#include "device/procparsers.h"
#include "emulateddrive.h"
#include "fsbench/diskstats.h"
#include "joboptions.h"
#include "plainloop.h"
#include "privatesystembus.h"
#include "privileged.h"
#include "report/resultfile.h"
#include "testmain.h"

#include <QDBusConnection>
#include <QDBusMessage>
#include <QDBusMetaType>
#include <QDBusObjectPath>
#include <QDBusVariant>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <memory>

using namespace trimscope;
using trimscope::test::EmulatedDrive;
using trimscope::test::PlainLoop;
using trimscope::test::PrivateSystemBus;

namespace {

const QString kService = QStringLiteral("io.github.trimscope.Helper1");
const QString kHelperPath = QStringLiteral("/io/github/trimscope/Helper1");
const QString kHelperInterface = QStringLiteral("io.github.trimscope.Helper1");
const QString kJobInterface = QStringLiteral("io.github.trimscope.Job1");
// fsbench's tiny tree must fit with the file system's reserve: 4 MB + 25 % + 128 MiB.
constexpr quint64 kDriveBytes = 160ull << 20;
constexpr quint64 kDiscardUs = 2000;

QString named(const char *name)
{
    return QStringLiteral("io.github.trimscope.Error.") + QLatin1String(name);
}

QString sourcePath(const QString &relative)
{
    return QStringLiteral(TRIMSCOPE_SOURCE_DIR "/") + relative;
}

QString binaryPath(const QString &relative)
{
    return QStringLiteral(TRIMSCOPE_BINARY_DIR "/") + relative;
}

QString gdbusErrorName(const QByteArray &stderrText)
{
    static const QRegularExpression pattern(QStringLiteral("GDBus\\.Error:([A-Za-z0-9_.]+):"));
    const auto match = pattern.match(QString::fromUtf8(stderrText));
    return match.hasMatch() ? match.captured(1) : QString();
}

bool runTool(const QString &program, const QStringList &arguments, QString *out = nullptr)
{
    QProcess process;
    process.start(program, arguments);
    if (!process.waitForFinished(60000))
        return false;
    if (out)
        *out = QString::fromUtf8(process.readAllStandardOutput()).trimmed();
    return process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0;
}

QByteArray mountInfo()
{
    QFile file(QStringLiteral("/proc/self/mountinfo"));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// Sorted keys of an object, and of the first element of each array of objects, as "a.b" paths:
// the shape of a result document without its figures.
QStringList shapeOf(const QJsonObject &object, const QString &prefix = {})
{
    QStringList keys;
    for (auto it = object.begin(); it != object.end(); ++it) {
        const QString key = prefix + it.key();
        keys << key;
        if (it->isObject())
            keys << shapeOf(it->toObject(), key + QLatin1Char('.'));
        else if (it->isArray() && !it->toArray().isEmpty() && it->toArray().first().isObject())
            keys << shapeOf(it->toArray().first().toObject(), key + QStringLiteral("[]."));
    }
    keys.sort();
    return keys;
}

// Records one job's signals, filtered by path once the path is known.
class JobListener : public QObject
{
    Q_OBJECT
public:
    QString path;
    QStringList phases;
    int progressCount = 0;
    bool completed = false;
    QString stopReason;
    QString errorName;
    QString message;
    QByteArray resultJson;

public Q_SLOTS:
    void onProgress(const QDBusMessage &signal)
    {
        if (signal.path() != path)
            return;
        ++progressCount;
        const QString phase = signal.arguments().value(4).toString();
        if (!phase.isEmpty() && !phases.contains(phase))
            phases << phase;
    }
    void onCompleted(const QDBusMessage &signal)
    {
        if (signal.path() != path)
            return;
        const QVariantList arguments = signal.arguments();
        completed = true;
        stopReason = arguments.value(0).toString();
        errorName = arguments.value(1).toString();
        message = arguments.value(2).toString();
        resultJson = arguments.value(3).toString().toUtf8();
    }
};

} // namespace

class tst_HelperJobs : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();

    void unauthorizedCallsDoNothing_data();
    void unauthorizedCallsDoNothing();
    void badInputIsRefusedByName_data();
    void badInputIsRefusedByName();
    void jobsCompleteWithPhasesAndResult_data();
    void jobsCompleteWithPhasesAndResult();
    void fstrimTimingAsksItsOwnQuestion();

private:
    quint64 stat(const char *name) const
    {
        return m_drive.stats().value(QString::fromLatin1(name));
    }
    QString substitute(const QString &text) const;
    PrivateSystemBus::Run callAsNobody(const QString &method, const QStringList &arguments);
    bool nothingOfOursMounted() const;

    EmulatedDrive m_drive;
    PrivateSystemBus m_bus;
    std::unique_ptr<QTemporaryDir> m_work;
    QString m_mountedLoop;
    QString m_mountPoint;
    // A mounted ext4 on a loop device over tmpfs, for the timed fstrim (its discards punch holes
    // in /dev/shm, never in a file on the machine's own disk).
    PlainLoop m_trimLoop;
    QString m_trimMount;
};

void tst_HelperJobs::initTestCase()
{
    if (const QString reason = PrivateSystemBus::unavailableReason(); !reason.isEmpty())
        TRIMSCOPE_SKIP_OR_FAIL(reason);
    TRIMSCOPE_REQUIRE_EMULATED_DRIVE();
    m_work = std::make_unique<QTemporaryDir>(QStringLiteral("/tmp/trimscope-helperjobs-XXXXXX"));
    QVERIFY(m_work->isValid());
    QFile::setPermissions(m_work->path(), QFileDevice::Permissions(0x7777));
    QVERIFY2(m_drive.start(kDriveBytes, EmulatedDrive::Model{kDiscardUs, 0, 0, 0}),
             qPrintable(m_drive.errorString()));
    const PrivateSystemBus::Files files{
        binaryPath(QStringLiteral("helper/trimscope-helper")),
        sourcePath(QStringLiteral("helper/io.github.trimscope.Helper1.conf")),
        sourcePath(QStringLiteral("helper/io.github.trimscope.policy"))};
    QVERIFY2(m_bus.start(files), qPrintable(m_bus.errorString()));

    // A loop device with a mounted file system: refused by every destructive kind.
    const QString image = m_work->path() + QStringLiteral("/mounted.img");
    m_mountPoint = m_work->path() + QStringLiteral("/mnt");
    QVERIFY(
        runTool(QStringLiteral("truncate"), {QStringLiteral("-s"), QStringLiteral("16M"), image}));
    QVERIFY(runTool(QStringLiteral("losetup"),
                    {QStringLiteral("-f"), QStringLiteral("--show"), image}, &m_mountedLoop));
    QVERIFY(QDir().mkpath(m_mountPoint));
    QVERIFY(runTool(QStringLiteral("mkfs.ext4"), {QStringLiteral("-q"), m_mountedLoop}));
    QVERIFY(runTool(QStringLiteral("mount"), {m_mountedLoop, m_mountPoint}));

    QVERIFY2(m_trimLoop.start(64ull << 20), qPrintable(m_trimLoop.errorString()));
    m_trimMount = m_work->path() + QStringLiteral("/trim");
    QVERIFY(QDir().mkpath(m_trimMount));
    QVERIFY(runTool(QStringLiteral("mkfs.ext4"),
                    {QStringLiteral("-q"), QStringLiteral("-E"), QStringLiteral("nodiscard"),
                     m_trimLoop.devicePath()}));
    QVERIFY(runTool(QStringLiteral("mount"), {m_trimLoop.devicePath(), m_trimMount}));
}

void tst_HelperJobs::cleanupTestCase()
{
    if (const QByteArray log = m_bus.helperLog(); !log.isEmpty())
        qInfo("trimscope-helper's stderr:\n%s", log.constData());
    m_bus.stop();
    if (m_work) {
        if (!m_trimMount.isEmpty())
            runTool(QStringLiteral("umount"), {m_trimMount});
        runTool(QStringLiteral("umount"), {m_mountPoint});
        if (!m_mountedLoop.isEmpty())
            runTool(QStringLiteral("losetup"), {QStringLiteral("-d"), m_mountedLoop});
    }
    m_drive.stop();
    m_trimLoop.stop();
    m_work.reset();
}

QString tst_HelperJobs::substitute(const QString &text) const
{
    QString result = text;
    result.replace(QStringLiteral("@drive"), m_drive.devicePath());
    result.replace(QStringLiteral("@mountedloop"), m_mountedLoop);
    result.replace(QStringLiteral("@trimloop"), m_trimLoop.devicePath());
    result.replace(QStringLiteral("@trimmount"), m_trimMount);
    result.replace(
        QStringLiteral("@trimfs"),
        QStringLiteral("'filesystem_major': <uint32 %1>, 'filesystem_minor': <uint32 %2>")
            .arg(m_trimLoop.majorMinor().section(u':', 0, 0),
                 m_trimLoop.majorMinor().section(u':', 1, 1)));
    return result;
}

PrivateSystemBus::Run tst_HelperJobs::callAsNobody(const QString &method,
                                                   const QStringList &arguments)
{
    QStringList all{QStringLiteral("call"),          QStringLiteral("--system"),
                    QStringLiteral("--dest"),        kService,
                    QStringLiteral("--object-path"), kHelperPath,
                    QStringLiteral("--method"),      kHelperInterface + QLatin1Char('.') + method};
    for (const QString &argument : arguments)
        all << substitute(argument);
    return m_bus.runAsNobody(QStringLiteral("gdbus"), all);
}

bool tst_HelperJobs::nothingOfOursMounted() const
{
    // Only mounts of our drive (or its partitions) count: other tests and sessions on this
    // machine may have fsbench mounts of their own at the same time.
    const QString device = m_drive.devicePath();
    const QRegularExpression ours(
        QStringLiteral("^%1(p[0-9]+)?$").arg(QRegularExpression::escape(device)));
    const QList<trimscope::MountInfoEntry> mounts =
        trimscope::parseMountInfo(QString::fromUtf8(mountInfo()));
    return std::none_of(mounts.cbegin(), mounts.cend(), [&](const trimscope::MountInfoEntry &m) {
        return ours.match(m.source).hasMatch();
    });
}

void tst_HelperJobs::unauthorizedCallsDoNothing_data()
{
    QTest::addColumn<QString>("method");
    QTest::addColumn<QStringList>("arguments");
    // A path that names no device is refused before anyone is asked: there is nothing to name in
    // a prompt; so is a job that cannot run (an unknown kind, bad options: nobody is asked to
    // confirm an erasure that would not happen, issue 32). Everything else is "not authorized".
    QTest::addColumn<QString>("error");
    const QString none = QStringLiteral("@a{sv} {}");
    QTest::newRow("ReadHealth") << "ReadHealth" << QStringList{QStringLiteral("@drive")}
                                << QStringLiteral("NotAuthorized");
    QTest::newRow("ReadHealth, bad path") << "ReadHealth" << QStringList{QStringLiteral("loop0")}
                                          << QStringLiteral("InvalidArgument");
    QTest::newRow("StartJob fsbench")
        << "StartJob"
        << QStringList{QStringLiteral("fsbench"), QStringLiteral("@drive"),
                       QStringLiteral("{'filesystems': <['ext4']>, 'tree.preset': <'tiny'>}")}
        << QStringLiteral("NotAuthorized");
    QTest::newRow("StartJob mkfs-timing")
        << "StartJob" << QStringList{QStringLiteral("mkfs-timing"), QStringLiteral("@drive"), none}
        << QStringLiteral("NotAuthorized");
    QTest::newRow("StartJob recovery")
        << "StartJob"
        << QStringList{QStringLiteral("recovery"), QStringLiteral("@drive"),
                       QStringLiteral("{'fill_passes': <1>}")}
        << QStringLiteral("NotAuthorized");
    QTest::newRow("StartJob fill-curve")
        << "StartJob" << QStringList{QStringLiteral("fill-curve"), QStringLiteral("@drive"), none}
        << QStringLiteral("NotAuthorized");
    QTest::newRow("StartJob sweep")
        << "StartJob" << QStringList{QStringLiteral("sweep"), QStringLiteral("@drive"), none}
        << QStringLiteral("NotAuthorized");
    QTest::newRow("StartJob fstrim-timing")
        << "StartJob"
        << QStringList{QStringLiteral("fstrim-timing"), QStringLiteral("@trimloop"),
                       QStringLiteral("{@trimfs}")}
        << QStringLiteral("NotAuthorized");
    QTest::newRow("StartJob, unknown kind")
        << "StartJob" << QStringList{QStringLiteral("format"), QStringLiteral("@drive"), none}
        << QStringLiteral("InvalidArgument");
    QTest::newRow("StartJob, bad options")
        << "StartJob"
        << QStringList{QStringLiteral("recovery"), QStringLiteral("@drive"),
                       QStringLiteral("{'fill_passes': <99>}")}
        << QStringLiteral("InvalidArgument");
}

void tst_HelperJobs::unauthorizedCallsDoNothing()
{
    QFETCH(QString, method);
    QFETCH(QStringList, arguments);
    QFETCH(QString, error);
    QVERIFY2(m_bus.denyTrimScopeForNobody(), qPrintable(m_bus.errorString()));
    const quint64 discards = stat("discard_calls");
    const quint64 writes = stat("write_calls");
    const PrivateSystemBus::Run run = callAsNobody(method, arguments);
    QVERIFY(run.exitCode != 0);
    QCOMPARE(gdbusErrorName(run.err), named(qPrintable(error)));
    QTest::qWait(300);
    QCOMPARE(stat("discard_calls"), discards);
    QCOMPARE(stat("write_calls"), writes);
    QVERIFY(nothingOfOursMounted());
}

void tst_HelperJobs::badInputIsRefusedByName_data()
{
    QTest::addColumn<QString>("method");
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("error");
    const QString none = QStringLiteral("@a{sv} {}");
    const auto job = [](const char *kind, const char *device, const QString &options) {
        return QStringList{QString::fromLatin1(kind), QString::fromLatin1(device), options};
    };
    // loop devices have no SMART: a named error, not a crash (the helper must answer the next).
    QTest::newRow("ReadHealth, loop device")
        << "ReadHealth" << QStringList{QStringLiteral("@drive")} << named("Unsupported");
    QTest::newRow("ReadHealth, relative path")
        << "ReadHealth" << QStringList{QStringLiteral("loop0")} << named("InvalidArgument");
    QTest::newRow("ReadHealth, missing node")
        << "ReadHealth" << QStringList{QStringLiteral("/dev/trimscope-no-such-device")}
        << named("NoSuchDevice");
    QTest::newRow("ReadHealth, character device")
        << "ReadHealth" << QStringList{QStringLiteral("/dev/null")} << named("NotABlockDevice");
    QTest::newRow("unknown kind") << "StartJob" << job("format", "@drive", none)
                                  << named("InvalidArgument");
    QTest::newRow("empty kind") << "StartJob" << job("", "@drive", none)
                                << named("InvalidArgument");
    for (const char *kind : {"fsbench", "mkfs-timing", "recovery", "fill-curve"}) {
        QTest::addRow("%s: unknown key", kind)
            << "StartJob" << job(kind, "@drive", QStringLiteral("{'force': <true>}"))
            << named("InvalidArgument");
        QTest::addRow("%s: relative path", kind)
            << "StartJob" << job(kind, "loop0", none) << named("InvalidArgument");
        QTest::addRow("%s: dot-dot", kind)
            << "StartJob" << job(kind, "/dev/../etc/passwd", none) << named("InvalidArgument");
        QTest::addRow("%s: mounted device", kind)
            << "StartJob" << job(kind, "@mountedloop", none) << named("DeviceInUse");
    }
    // The timed fstrim names its filesystem by number, and it must live on the device named.
    QTest::newRow("fstrim-timing: no filesystem")
        << "StartJob" << job("fstrim-timing", "@trimloop", none) << named("InvalidArgument");
    QTest::newRow("fstrim-timing: filesystem as a path")
        << "StartJob"
        << job("fstrim-timing", "@trimloop", QStringLiteral("{'filesystem': <'@trimmount'>}"))
        << named("InvalidArgument");
    QTest::newRow("fstrim-timing: no such filesystem mounted")
        << "StartJob"
        << job("fstrim-timing", "@trimloop",
               QStringLiteral("{'filesystem_major': <4095>, 'filesystem_minor': <1048575>}"))
        << named("NoSuchDevice");
    QTest::newRow("fstrim-timing: filesystem on another device")
        << "StartJob" << job("fstrim-timing", "@drive", QStringLiteral("{@trimfs}"))
        << named("InvalidArgument");
    QTest::newRow("fsbench: filesystems as string")
        << "StartJob" << job("fsbench", "@drive", QStringLiteral("{'filesystems': <'ext4'>}"))
        << named("InvalidArgument");
    QTest::newRow("fsbench: files as string")
        << "StartJob" << job("fsbench", "@drive", QStringLiteral("{'tree.files': <'10'>}"))
        << named("InvalidArgument");
    QTest::newRow("fsbench: tree too large for the drive")
        << "StartJob" << job("fsbench", "@drive", QStringLiteral("{'tree.preset': <'kernel'>}"))
        << named("InvalidArgument");
    QTest::newRow("mkfs-timing: with_discard as int")
        << "StartJob" << job("mkfs-timing", "@drive", QStringLiteral("{'with_discard': <1>}"))
        << named("InvalidArgument");
    QTest::newRow("recovery: fill_passes 9")
        << "StartJob" << job("recovery", "@drive", QStringLiteral("{'fill_passes': <9>}"))
        << named("InvalidArgument");
    QTest::newRow("recovery: preset (not a key of its plan)")
        << "StartJob" << job("recovery", "@drive", QStringLiteral("{'preset': <'smoke'>}"))
        << named("InvalidArgument");
    QTest::newRow("fill-curve: drop as string")
        << "StartJob"
        << job("fill-curve", "@drive", QStringLiteral("{'cliff_drop_fraction': <'0.3'>}"))
        << named("InvalidArgument");
    QTest::newRow("fill-curve: sample leaves too few points")
        << "StartJob"
        << job("fill-curve", "@drive", QStringLiteral("{'sample_bytes': <uint64 104857600>}"))
        << named("InvalidArgument");
}

void tst_HelperJobs::badInputIsRefusedByName()
{
    QFETCH(QString, method);
    QFETCH(QStringList, arguments);
    QFETCH(QString, error);
    QVERIFY2(m_bus.allowTrimScopeForNobody(), qPrintable(m_bus.errorString()));
    const quint64 discards = stat("discard_calls");
    const quint64 writes = stat("write_calls");
    const PrivateSystemBus::Run run = callAsNobody(method, arguments);
    QVERIFY2(run.exitCode != 0, run.out.constData());
    QCOMPARE(gdbusErrorName(run.err), error);
    QCOMPARE(stat("discard_calls"), discards);
    QCOMPARE(stat("write_calls"), writes);
    QVERIFY(nothingOfOursMounted());
}

void tst_HelperJobs::jobsCompleteWithPhasesAndResult_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("device");
    QTest::addColumn<QVariantMap>("options");
    QTest::addColumn<QStringList>("cliArguments"); // the same run by the CLI as root, or none
    QTest::addColumn<QString>("schema");
    QTest::addColumn<QStringList>("expectedPhases");
    const QStringList ext4{QStringLiteral("ext4")};
    const QString drive = QStringLiteral("@drive");
    QTest::newRow("fsbench, tiny, ext4 discard")
        << QStringLiteral("fsbench") << drive
        << QVariantMap{{QStringLiteral("filesystems"), ext4},
                       {QStringLiteral("variants"), QStringList{QStringLiteral("discard")}},
                       {QStringLiteral("tree.preset"), QStringLiteral("tiny")}}
        << QStringList{} << QStringLiteral("io.github.trimscope.filesystems")
        << QStringList{QStringLiteral("ext4 discard mkfs"), QStringLiteral("ext4 discard delete")};
    QTest::newRow("mkfs-timing, ext4")
        << QStringLiteral("mkfs-timing") << drive
        << QVariantMap{{QStringLiteral("filesystems"), ext4}}
        << QStringList{QStringLiteral("mkfs-timing"), QStringLiteral("@drive"),
                       QStringLiteral("--destroy-data"), QStringLiteral("--fs"),
                       QStringLiteral("ext4")}
        << QStringLiteral("io.github.trimscope.mkfs-timing")
        << QStringList{QStringLiteral("ext4 discard mkfs"), QStringLiteral("ext4 nodiscard mkfs")};
    QTest::newRow("recovery, smoke, one fill, no idle")
        << QStringLiteral("recovery") << drive << helper::optionsFromPlan(JobPlan([] {
               recovery::RecoveryPlan plan = *recovery::recoveryPreset(QStringLiteral("smoke"));
               plan.fillPasses = 1;
               plan.idleSeconds = 0;
               plan.randomSeconds = 1;
               return plan;
           }()))
        << QStringList{} << QStringLiteral("io.github.trimscope.recovery")
        << QStringList{QStringLiteral("fob"), QStringLiteral("fill 1"),
                       QStringLiteral("after-trim")};
    // The drive trimmed, then filled once start to end (kDriveBytes: the same fill as the
    // recovery row's one pass); every option off its default but trim_first, whose discards
    // are what this test sees served.
    QTest::newRow("fill-curve, 16 MiB samples")
        << QStringLiteral("fill-curve") << drive << helper::optionsFromPlan(JobPlan([] {
               recovery::FillCurvePlan plan;
               plan.sampleBytes = 16 << 20;
               plan.cliffDropFraction = 0.4;
               plan.blockBytes = 512 << 10;
               plan.queueDepth = 4;
               return plan;
           }()))
        << QStringList{} << QStringLiteral("io.github.trimscope.fill-curve")
        << QStringList{QStringLiteral("precondition"), QStringLiteral("fill 1")};
    // Not destructive: the free space of a mounted ext4, in 16 MiB pieces.
    QTest::newRow("fstrim-timing, mounted ext4")
        << QStringLiteral("fstrim-timing") << QStringLiteral("@trimloop")
        << QVariantMap{{QStringLiteral("filesystem_major"),
                        m_trimLoop.majorMinor().section(u':', 0, 0).toUInt()},
                       {QStringLiteral("filesystem_minor"),
                        m_trimLoop.majorMinor().section(u':', 1, 1).toUInt()},
                       {QStringLiteral("piece_bytes"), QVariant::fromValue(qulonglong(16 << 20))}}
        << QStringList{QStringLiteral("fstrim-timing"), QStringLiteral("@trimmount"),
                       QStringLiteral("--piece"), QStringLiteral("16M")}
        << QStringLiteral("io.github.trimscope.fstrim-timing")
        << QStringList{QStringLiteral("piece 1"), QStringLiteral("piece 3")};
}

void tst_HelperJobs::jobsCompleteWithPhasesAndResult()
{
    QFETCH(QString, kind);
    QFETCH(QString, device);
    QFETCH(QVariantMap, options);
    QFETCH(QStringList, cliArguments);
    QFETCH(QString, schema);
    QFETCH(QStringList, expectedPhases);
    QVERIFY2(m_bus.allowTrimScopeForNobody(), qPrintable(m_bus.errorString()));
    const QString devicePath = substitute(device);
    // What the device served: the emulated drive's own counters, else the kernel's.
    const auto discardsServed = [&]() -> quint64 {
        if (devicePath == m_drive.devicePath())
            return stat("discard_calls");
        const auto stats = fsbench::readDiskStats(m_trimLoop.sysName());
        return stats ? stats->discardIos : 0;
    };

    QDBusConnection bus = m_bus.rootConnection();
    JobListener listener;
    QVERIFY(bus.connect(kService, QString(), kJobInterface, QStringLiteral("Progress"), &listener,
                        SLOT(onProgress(QDBusMessage))));
    QVERIFY(bus.connect(kService, QString(), kJobInterface, QStringLiteral("Completed"), &listener,
                        SLOT(onCompleted(QDBusMessage))));
    const auto disconnect = qScopeGuard([&] {
        bus.disconnect(kService, QString(), kJobInterface, QStringLiteral("Progress"), &listener,
                       SLOT(onProgress(QDBusMessage)));
        bus.disconnect(kService, QString(), kJobInterface, QStringLiteral("Completed"), &listener,
                       SLOT(onCompleted(QDBusMessage)));
    });
    const quint64 discardsBefore = discardsServed();
    QDBusMessage call = QDBusMessage::createMethodCall(kService, kHelperPath, kHelperInterface,
                                                       QStringLiteral("StartJob"));
    call << kind << devicePath << options;
    const QDBusMessage reply = bus.call(call, QDBus::Block, 30000);
    QVERIFY2(reply.type() == QDBusMessage::ReplyMessage, qPrintable(reply.errorMessage()));
    listener.path = reply.arguments().value(0).value<QDBusObjectPath>().path();
    QVERIFY(!listener.path.isEmpty());

    QDBusMessage get = QDBusMessage::createMethodCall(
        kService, listener.path, QStringLiteral("org.freedesktop.DBus.Properties"),
        QStringLiteral("Get"));
    get << kJobInterface << QStringLiteral("Kind");
    const QDBusMessage kindReply = bus.call(get);
    QCOMPARE(kindReply.arguments().value(0).value<QDBusVariant>().variant().toString(), kind);

    QVERIFY2(QTest::qWaitFor([&] { return listener.completed; }, 120000),
             qPrintable(listener.phases.join(QStringLiteral(", "))));
    QVERIFY2(listener.stopReason == QLatin1String("completed"),
             qPrintable(listener.stopReason + u' ' + listener.errorName + QStringLiteral(": ") +
                        listener.message));
    for (const QString &phase : expectedPhases)
        QVERIFY2(listener.phases.contains(phase),
                 qPrintable(phase + QStringLiteral(" not in ") +
                            listener.phases.join(QStringLiteral(", "))));
    QVERIFY(discardsServed() > discardsBefore);
    QVERIFY(nothingOfOursMounted());

    const QJsonObject result = QJsonDocument::fromJson(listener.resultJson).object();
    QCOMPARE(result.value(QStringLiteral("schema")).toString(), schema);
    QCOMPARE(result.value(QStringLiteral("complete")).toBool(), true);
    QCOMPARE(
        result.value(QStringLiteral("drive")).toObject().value(QStringLiteral("path")).toString(),
        devicePath);
    // The plan crossed the bus through its one codec: each option sent is in the result's plan
    // as sent (compared in the wire's form, which types every number alike).
    const Expected<QJsonObject> sent = helper::jsonFromOptions(options);
    QVERIFY(sent);
    const QVariantMap asSent = helper::optionsFromJson(*sent);
    const QVariantMap recorded =
        helper::optionsFromJson(result.value(QStringLiteral("plan")).toObject());
    for (auto it = asSent.cbegin(); it != asSent.cend(); ++it)
        QVERIFY2(recorded.value(it.key()) == it.value(),
                 qPrintable(QStringLiteral("option %1 sent as %2, recorded as %3")
                                .arg(it.key(), it.value().toString(),
                                     recorded.value(it.key()).toString())));
    if (kind == QLatin1String("recovery") || kind == QLatin1String("fill-curve")) {
        // Byte for byte the core result: it parses and writes back unchanged.
        const Expected<AnyResult> parsed = trimscope::readAnyResult(listener.resultJson);
        QVERIFY2(parsed, qPrintable(parsed ? QString() : parsed.error().message));
        QCOMPARE(trimscope::resultToJsonBytes(*parsed), listener.resultJson);
    }
    if (!cliArguments.isEmpty()) {
        // The CLI, run as root on the same drive, writes a document of the same shape.
        QTest::qWait(2500); // the job object lingers; the device is free already
        const QString jsonPath =
            m_work->path() + QStringLiteral("/cli-") + kind + QStringLiteral(".json");
        for (QString &argument : cliArguments)
            argument = substitute(argument);
        QProcess cli;
        cli.start(binaryPath(QStringLiteral("app/cli/trimscope-cli")),
                  cliArguments << QStringLiteral("--json") << jsonPath);
        QVERIFY(cli.waitForFinished(60000));
        QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());
        QFile file(jsonPath);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(shapeOf(result), shapeOf(QJsonDocument::fromJson(file.readAll()).object()));
    }
}

// The timed fstrim asks its own polkit question (it destroys nothing): a rule that grants only
// that action lets nobody start it and nothing else.
void tst_HelperJobs::fstrimTimingAsksItsOwnQuestion()
{
    QVERIFY2(m_bus.setRules(QStringLiteral(R"(polkit.addRule(function(action, subject) {
    if (subject.user == "nobody" && action.id == "io.github.trimscope.fstrim-timing")
        return polkit.Result.YES;
    if (subject.user == "nobody" && action.id.indexOf("io.github.trimscope.") == 0)
        return polkit.Result.NO;
});
)"),
                            QStringLiteral("io.github.trimscope.fstrim-timing"), true),
             qPrintable(m_bus.errorString()));
    const quint64 discards = stat("discard_calls");
    const PrivateSystemBus::Run sweep =
        callAsNobody(QStringLiteral("StartJob"), {QStringLiteral("sweep"), QStringLiteral("@drive"),
                                                  QStringLiteral("@a{sv} {}")});
    QCOMPARE(gdbusErrorName(sweep.err), named("NotAuthorized"));
    const PrivateSystemBus::Run trim = callAsNobody(
        QStringLiteral("StartJob"), {QStringLiteral("fstrim-timing"), QStringLiteral("@trimloop"),
                                     QStringLiteral("{@trimfs}")});
    QVERIFY2(trim.exitCode == 0, trim.err.constData());
    QVERIFY(trim.out.contains("/io/github/trimscope/Job/"));
    QCOMPARE(stat("discard_calls"), discards);
    QTest::qWait(2500); // the job ends and its object goes before the bus stops
}

TRIMSCOPE_TEST_GUILESS_MAIN(tst_HelperJobs)
#include "tst_helperjobs.moc"
