// Helper1.SetCryptDiscard end to end: a LUKS2 device this test makes on a loop device (opened
// without allow-discards, with same_cpu_crypt to see that flags are kept), the helper activated
// on a private system bus with real polkitd, callers as root and as nobody, and the code the
// CLI and the GUI run (applyprobe: planrunner asking for the passphrase). What the kernel says
// (`dmsetup table`, /sys/block/dm-N/queue/discard_max_bytes) is checked after every call. Needs
// root, device-mapper with dm-crypt, cryptsetup and dmsetup. Where this machine's kernel has no
// device-mapper, the same binary runs again in a QEMU guest that boots Debian's kernel (the
// real-kernel test's guest, tests/realkernel), and its output is this run's; without QEMU or
// that kernel it skips with the reason.
#include "apply/applyplan.h"
#include "guestqemu.h"
#include "helpernow.h"
#include "plainloop.h"
#include "privatesystembus.h"
#include "privileged.h"
#include "processmemory.h"

#include <QDBusMessage>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <cstdio>
#include <memory>
#include <optional>
#include <unistd.h>

using namespace trimscope;
using namespace trimscope::test;

namespace {

const QString kName = QStringLiteral("trimscope-crypt-test");
const QString kLinearName = QStringLiteral("trimscope-linear-test");
const QByteArray kPassphrase = "trimscope crypt test passphrase";
const QString kService = QStringLiteral("io.github.trimscope.Helper1");
const QString kHelperPath = QStringLiteral("/io/github/trimscope/Helper1");

struct ToolRun
{
    int exitCode = -1;
    QString out;
};

ToolRun runTool(const QString &name, const QStringList &arguments, const QByteArray &input = {})
{
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(findSystemProgram(name), arguments);
    process.write(input);
    process.closeWriteChannel();
    if (!process.waitForFinished(120000)) {
        process.kill();
        process.waitForFinished();
        return {};
    }
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
            QString::fromUtf8(process.readAll()).trimmed()};
}

// Why device-mapper cannot be used here, or nothing.
QString deviceMapperUnavailable()
{
    for (const char *tool : {"cryptsetup", "dmsetup"}) {
        if (findSystemProgram(QString::fromLatin1(tool)).isEmpty())
            return QStringLiteral("%1 is not installed (packages cryptsetup-bin, dmsetup)")
                .arg(QString::fromLatin1(tool));
    }
    const ToolRun version = runTool(QStringLiteral("dmsetup"), {QStringLiteral("version")});
    if (version.exitCode != 0)
        return QStringLiteral("this kernel has no device-mapper (dmsetup version: %1)")
            .arg(version.out.section(QLatin1Char('\n'), 0, 0));
    return {};
}

// The table's optional parameters of `name`, counted, as dmsetup prints them ("2 allow_discards
// same_cpu_crypt").
QString tableFlags(const QString &name)
{
    const ToolRun table = runTool(QStringLiteral("dmsetup"), {QStringLiteral("table"), name});
    return table.out.section(QLatin1Char(' '), 8);
}

qulonglong discardMaxBytes(const QString &name)
{
    const QDir blocks(QStringLiteral("/sys/block"));
    for (const QString &block : blocks.entryList({QStringLiteral("dm-*")}, QDir::Dirs)) {
        QFile nameFile(blocks.filePath(block + QStringLiteral("/dm/name")));
        if (!nameFile.open(QIODevice::ReadOnly) || nameFile.readAll().trimmed() != name.toUtf8())
            continue;
        QFile limit(blocks.filePath(block + QStringLiteral("/queue/discard_max_bytes")));
        return limit.open(QIODevice::ReadOnly) ? limit.readAll().trimmed().toULongLong() : 0;
    }
    return 0;
}

} // namespace

class tst_HelperCrypt : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void init();

    void refreshAllowsAndUndoes_data();
    void refreshAllowsAndUndoes();
    void passphraseIsGoneAfterUse();
    void wrongPassphraseChangesNothing();
    void deniedCallerChangesNothing();
    void notACryptMappingIsRefused_data();
    void notACryptMappingIsRefused();
    void planRunnerAsksAndUndoes();
    void cancelledPromptSkipsTheStep();

private:
    QDBusMessage setCryptDiscard(const QString &name, bool allow, const QByteArray &passphrase);
    QString probe(const QStringList &arguments, const QByteArray &input, QString *all = nullptr);
    void closeMappings();

    PlainLoop m_loop;
    PlainLoop m_linearLoop;
    PrivateSystemBus m_bus;
    std::unique_ptr<QTemporaryDir> m_work;
};

void tst_HelperCrypt::initTestCase()
{
    if (const QString reason = PrivateSystemBus::unavailableReason(); !reason.isEmpty())
        TRIMSCOPE_SKIP_OR_FAIL(reason);
    if (const QString reason = PlainLoop::unavailableReason(); !reason.isEmpty())
        TRIMSCOPE_SKIP_OR_FAIL(reason);
    if (const QString reason = deviceMapperUnavailable(); !reason.isEmpty())
        TRIMSCOPE_SKIP_OR_FAIL(reason);
    closeMappings(); // left by a test that was killed
    m_work = std::make_unique<QTemporaryDir>(QStringLiteral("/tmp/trimscope-crypt-XXXXXX"));
    QVERIFY(m_work->isValid());
    QFile::setPermissions(m_work->path(), QFileDevice::Permissions(0x7777));
    // LUKS2's header takes 16 MiB; pbkdf2 with few iterations keeps every refresh fast.
    QVERIFY2(m_loop.start(40ull << 20), qPrintable(m_loop.errorString()));
    QVERIFY2(m_linearLoop.start(4ull << 20), qPrintable(m_linearLoop.errorString()));
    const ToolRun format =
        runTool(QStringLiteral("cryptsetup"),
                {QStringLiteral("luksFormat"), QStringLiteral("-q"), QStringLiteral("--type"),
                 QStringLiteral("luks2"), QStringLiteral("--pbkdf"), QStringLiteral("pbkdf2"),
                 QStringLiteral("--pbkdf-force-iterations"), QStringLiteral("1000"),
                 QStringLiteral("--key-file=-"), m_loop.devicePath()},
                kPassphrase);
    QVERIFY2(format.exitCode == 0, qPrintable(format.out));
    const ToolRun linear =
        runTool(QStringLiteral("dmsetup"),
                {QStringLiteral("create"), kLinearName, QStringLiteral("--table"),
                 QStringLiteral("0 2048 linear %1 0").arg(m_linearLoop.devicePath())});
    QVERIFY2(linear.exitCode == 0, qPrintable(linear.out));
    const PrivateSystemBus::Files files{
        QStringLiteral(TRIMSCOPE_BINARY_DIR "/helper/trimscope-helper"),
        QStringLiteral(TRIMSCOPE_SOURCE_DIR "/helper/io.github.trimscope.Helper1.conf"),
        QStringLiteral(TRIMSCOPE_SOURCE_DIR "/helper/io.github.trimscope.policy")};
    QVERIFY2(m_bus.start(files), qPrintable(m_bus.errorString()));
}

void tst_HelperCrypt::cleanupTestCase()
{
    if (const QByteArray log = m_bus.helperLog(); !log.isEmpty())
        qInfo("trimscope-helper's stderr:\n%s", log.constData());
    m_bus.stop();
    closeMappings();
    m_loop.stop();
    m_linearLoop.stop();
    m_work.reset();
}

void tst_HelperCrypt::closeMappings()
{
    runTool(QStringLiteral("cryptsetup"), {QStringLiteral("close"), kName});
    runTool(QStringLiteral("dmsetup"), {QStringLiteral("remove"), kLinearName});
}

// Every test starts from the device as it is opened at boot without "discard": flags kept,
// discards dropped.
void tst_HelperCrypt::init()
{
    runTool(QStringLiteral("cryptsetup"), {QStringLiteral("close"), kName});
    const ToolRun open =
        runTool(QStringLiteral("cryptsetup"),
                {QStringLiteral("open"), QStringLiteral("--type"), QStringLiteral("luks2"),
                 QStringLiteral("--key-file=-"), QStringLiteral("--perf-same_cpu_crypt"),
                 m_loop.devicePath(), kName},
                kPassphrase);
    QVERIFY2(open.exitCode == 0, qPrintable(open.out));
    QCOMPARE(tableFlags(kName), QStringLiteral("1 same_cpu_crypt"));
    QCOMPARE(discardMaxBytes(kName), 0ull);
    QVERIFY2(m_bus.denyTrimScopeForNobody(), qPrintable(m_bus.errorString()));
}

QDBusMessage tst_HelperCrypt::setCryptDiscard(const QString &name, bool allow,
                                              const QByteArray &passphrase)
{
    QDBusMessage call = QDBusMessage::createMethodCall(kService, kHelperPath, kService,
                                                       QStringLiteral("SetCryptDiscard"));
    const Expected<QDBusUnixFileDescriptor> pipe = apply::passphrasePipe(passphrase);
    if (!pipe)
        return call.createErrorReply(QStringLiteral("test.NoPipe"), pipe.error().message);
    call << name << allow << QVariant::fromValue(*pipe) << QVariantMap();
    return m_bus.rootConnection().call(call, QDBus::Block, 120000);
}

void tst_HelperCrypt::refreshAllowsAndUndoes_data()
{
    QTest::addColumn<bool>("twice"); // the same change asked for again changes nothing
    QTest::newRow("once") << false;
    QTest::newRow("asked twice") << true;
}

// Allowed: the table gains allow_discards, keeps same_cpu_crypt, and the queue passes discards;
// the undo takes it back, the flag still kept.
void tst_HelperCrypt::refreshAllowsAndUndoes()
{
    QFETCH(bool, twice);
    for (int i = 0; i < (twice ? 2 : 1); ++i) {
        const QDBusMessage reply = setCryptDiscard(kName, true, kPassphrase);
        QVERIFY2(reply.type() == QDBusMessage::ReplyMessage, qPrintable(reply.errorMessage()));
        QCOMPARE(tableFlags(kName), QStringLiteral("2 allow_discards same_cpu_crypt"));
        QVERIFY(discardMaxBytes(kName) > 0);
    }
    const QDBusMessage reply = setCryptDiscard(kName, false, kPassphrase);
    QVERIFY2(reply.type() == QDBusMessage::ReplyMessage, qPrintable(reply.errorMessage()));
    QCOMPARE(tableFlags(kName), QStringLiteral("1 same_cpu_crypt"));
    QCOMPARE(discardMaxBytes(kName), 0ull);
}

// After a refresh and its undo, the passphrase is nowhere in the helper's memory: not in the
// buffer it was read into, not in the bus's buffers (it came as a pipe), not in the pipe it was
// handed on through (issue 48: passed as bytes, two copies stayed in anonymous memory).
void tst_HelperCrypt::passphraseIsGoneAfterUse()
{
    for (const bool allow : {true, false}) {
        const QDBusMessage reply = setCryptDiscard(kName, allow, kPassphrase);
        QVERIFY2(reply.type() == QDBusMessage::ReplyMessage, qPrintable(reply.errorMessage()));
    }
    const qint64 pid = m_bus.helperPid();
    QVERIFY(pid > 0);
    // The scan sees what came with the call and nobody wiped: the mapping's name.
    QVERIFY(!findInProcessMemory(pid, kName.toUtf8()).isEmpty());
    const QStringList copies = findInProcessMemory(pid, kPassphrase);
    QVERIFY2(copies.isEmpty(), qPrintable(copies.join(QStringLiteral(", "))));
}

void tst_HelperCrypt::wrongPassphraseChangesNothing()
{
    const QDBusMessage reply = setCryptDiscard(kName, true, "not the passphrase");
    QCOMPARE(reply.errorName(), dbusErrorName(ErrorCode::WrongPassphrase));
    QVERIFY2(reply.errorMessage().contains(QLatin1String("passphrase")),
             qPrintable(reply.errorMessage()));
    QCOMPARE(tableFlags(kName), QStringLiteral("1 same_cpu_crypt"));
    QCOMPARE(discardMaxBytes(kName), 0ull);
}

// nobody, whom polkit says no: NotAuthorized, with the right passphrase all the same.
void tst_HelperCrypt::deniedCallerChangesNothing()
{
    const PrivateSystemBus::Run run =
        m_bus.runAsNobody(QStringLiteral("/usr/bin/python3"),
                          {QStringLiteral(TRIMSCOPE_SOURCE_DIR "/tests/helper/cryptcaller.py"),
                           kName, QStringLiteral("true"), QString::fromUtf8(kPassphrase)});
    QCOMPARE(run.out.trimmed(), QByteArray("io.github.trimscope.Error.NotAuthorized"));
    QCOMPARE(tableFlags(kName), QStringLiteral("1 same_cpu_crypt"));
    QCOMPARE(discardMaxBytes(kName), 0ull);
}

void tst_HelperCrypt::notACryptMappingIsRefused_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("error");
    QTest::newRow("linear") << kLinearName << dbusErrorName(ErrorCode::Unsupported);
    QTest::newRow("no such mapping")
        << "trimscope-no-such-mapping" << dbusErrorName(ErrorCode::NoSuchDevice);
    QTest::newRow("control") << "control" << dbusErrorName(ErrorCode::NoSuchDevice);
    QTest::newRow("an option") << "--help" << dbusErrorName(ErrorCode::InvalidArgument);
}

void tst_HelperCrypt::notACryptMappingIsRefused()
{
    QFETCH(QString, name);
    QFETCH(QString, error);
    const QString linearBefore =
        runTool(QStringLiteral("dmsetup"), {QStringLiteral("table"), kLinearName}).out;
    const QDBusMessage reply = setCryptDiscard(name, true, kPassphrase);
    QCOMPARE(reply.errorName(), error);
    QVERIFY(!reply.errorMessage().isEmpty());
    QCOMPARE(runTool(QStringLiteral("dmsetup"), {QStringLiteral("table"), kLinearName}).out,
             linearBefore);
    QCOMPARE(tableFlags(kName), QStringLiteral("1 same_cpu_crypt"));
}

QString tst_HelperCrypt::probe(const QStringList &arguments, const QByteArray &input, QString *all)
{
    QProcess process;
    m_bus.prepareAsNobody(process, QStringLiteral(TRIMSCOPE_BINARY_DIR "/tests/apply/applyprobe"),
                          arguments);
    process.start();
    process.write(input);
    process.closeWriteChannel();
    if (!process.waitForFinished(120000))
        process.kill();
    process.waitForFinished();
    const QString out =
        QString::fromUtf8(process.readAllStandardOutput() + process.readAllStandardError())
            .trimmed();
    qInfo("applyprobe %s: %s", qPrintable(arguments.first()),
          qPrintable(QString(out).replace(QLatin1Char('\n'), QStringLiteral(" | "))));
    if (all)
        *all = out;
    return out.section(QLatin1Char('\n'), -1);
}

// The plan's refresh as the CLI and the GUI carry it out, as nobody whom polkit allows: the
// passphrase is asked for when the step runs, the change recorded, and the undo asks again.
void tst_HelperCrypt::planRunnerAsksAndUndoes()
{
    QVERIFY2(m_bus.allowTrimScopeForNobody(), qPrintable(m_bus.errorString()));
    apply::ApplyPlan plan;
    plan.fixId = QStringLiteral("audit:discards-blocked-crypt:/dev/mapper/") + kName;
    plan.title = QStringLiteral("dm-crypt device %1 does not pass discards").arg(kName);
    plan.cryptRefreshes.append({kName, true});
    const QString planFile = m_work->filePath(QStringLiteral("plan.json"));
    QFile file(planFile);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QJsonDocument(plan.toJson()).toJson());
    file.close();
    const QString journal = m_work->filePath(QStringLiteral("applied.json"));
    QFile::remove(journal);

    // Wrong first: said in words, nothing changed, nothing recorded.
    QString said;
    QVERIFY(probe({QStringLiteral("apply"), planFile, journal}, "wrong\n", &said)
                .startsWith(QLatin1String("error WrongPassphrase Wrong passphrase")));
    QVERIFY2(said.startsWith(QStringLiteral("asked %1").arg(kName)), qPrintable(said));
    QCOMPARE(tableFlags(kName), QStringLiteral("1 same_cpu_crypt"));
    QVERIFY(!QFile::exists(journal));

    QCOMPARE(probe({QStringLiteral("apply"), planFile, journal}, kPassphrase + '\n'),
             QStringLiteral("ok"));
    QCOMPARE(tableFlags(kName), QStringLiteral("2 allow_discards same_cpu_crypt"));
    QVERIFY(discardMaxBytes(kName) > 0);
    QVERIFY(QFile::exists(journal));
    QFile recorded(journal);
    QVERIFY(recorded.open(QIODevice::ReadOnly));
    QVERIFY(!recorded.readAll().contains(kPassphrase)); // never stored

    QCOMPARE(probe({QStringLiteral("undo"), journal}, kPassphrase + '\n', &said),
             QStringLiteral("ok"));
    QVERIFY2(said.startsWith(QStringLiteral("asked %1").arg(kName)), qPrintable(said));
    QCOMPARE(tableFlags(kName), QStringLiteral("1 same_cpu_crypt"));
    QCOMPARE(discardMaxBytes(kName), 0ull);
}

// No passphrase given (end of input: the prompt cancelled): the step is skipped and says so,
// nothing changes, nothing is recorded.
void tst_HelperCrypt::cancelledPromptSkipsTheStep()
{
    QVERIFY2(m_bus.allowTrimScopeForNobody(), qPrintable(m_bus.errorString()));
    apply::ApplyPlan plan;
    plan.fixId = QStringLiteral("audit:discards-blocked-crypt:/dev/mapper/") + kName;
    plan.title = QStringLiteral("cancelled");
    plan.cryptRefreshes.append({kName, true});
    const QString planFile = m_work->filePath(QStringLiteral("plan.json"));
    QFile file(planFile);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(QJsonDocument(plan.toJson()).toJson());
    file.close();
    const QString journal = m_work->filePath(QStringLiteral("applied.json"));
    QFile::remove(journal);
    QString said;
    QCOMPARE(probe({QStringLiteral("apply"), planFile, journal}, QByteArray(), &said),
             QStringLiteral("ok"));
    QVERIFY2(
        said.contains(QStringLiteral("skipped /dev/mapper/%1 was not refreshed now").arg(kName)),
        qPrintable(said));
    QCOMPARE(tableFlags(kName), QStringLiteral("1 same_cpu_crypt"));
    QVERIFY(!QFile::exists(journal));
}

namespace {

// Runs this test binary in a QEMU guest booting Debian's kernel (tests/realkernel's
// prepare-guest.sh and guest-init.sh; about a minute under TCG) and prints its output: the
// guest's exit code, or nothing when no guest can run here (no QEMU, no kernel package), said
// on stderr.
std::optional<int> runInGuest(const QString &testBinary)
{
    const auto unavailable = [](const QString &why) {
        std::fprintf(stderr, "no QEMU guest for the device-mapper tests: %s\n", qPrintable(why));
        return std::nullopt;
    };
    if (QStandardPaths::findExecutable(QStringLiteral("qemu-system-x86_64")).isEmpty())
        return unavailable(QStringLiteral("qemu-system-x86_64 is not installed"));
    // The real-kernel test's cache, fetched once; flock: the two tests may prepare it at once.
    const QString cache = qEnvironmentVariable(
        "TRIMSCOPE_GUEST_CACHE", QStringLiteral(TRIMSCOPE_BINARY_DIR "/realkernel-cache"));
    QProcess prepare;
    prepare.start(QStringLiteral("flock"),
                  {cache + QStringLiteral(".lock"),
                   QStringLiteral(TRIMSCOPE_SOURCE_DIR "/tests/realkernel/prepare-guest.sh"),
                   cache});
    if (!prepare.waitForFinished(600000) || prepare.exitCode() != 0)
        return unavailable(QString::fromUtf8(prepare.readAllStandardError()).trimmed());
    QMap<QString, QString> kernel;
    for (const QString &line : QString::fromUtf8(prepare.readAllStandardOutput()).split('\n'))
        kernel.insert(line.section(QLatin1Char('='), 0, 0), line.section(QLatin1Char('='), 1));

    QTemporaryDir work(QDir::tempPath() + QStringLiteral("/trimscope-crypt-guest-XXXXXX"));
    QFile script(work.filePath(QStringLiteral("guest.sh")));
    if (!work.isValid() || !script.open(QIODevice::WriteOnly))
        return unavailable(QStringLiteral("cannot write the guest's script"));
    script.write(QStringLiteral("export OUT='%1' TEST='%2' MODULES_ROOT='%3' REQUIRE='%4'\n"
                                ". '" TRIMSCOPE_SOURCE_DIR "/tests/helper/crypt-guest.sh'\n")
                     .arg(work.path(), testBinary, kernel.value(QStringLiteral("MODULES_ROOT")),
                          privilegedTestsRequired() ? QStringLiteral("1") : QString())
                     .toUtf8());
    script.close();
    QProcess qemu;
    qemu.setProcessChannelMode(QProcess::MergedChannels);
    qemu.setStandardOutputFile(work.filePath(QStringLiteral("console.log")));
    qemu.start(QStringLiteral("qemu-system-x86_64"),
               guestQemuArguments(QStringLiteral("q35"), 1024,
                                  kernel.value(QStringLiteral("KERNEL")),
                                  kernel.value(QStringLiteral("INITRAMFS")), work.path()));
    if (!qemu.waitForStarted())
        return unavailable(qemu.errorString());
    if (!qemu.waitForFinished(540000)) {
        qemu.kill(); // ours: started above
        qemu.waitForFinished();
    }
    QFile out(work.filePath(QStringLiteral("test.out")));
    QFile rc(work.filePath(QStringLiteral("test.rc")));
    if (!out.open(QIODevice::ReadOnly) || !rc.open(QIODevice::ReadOnly)) {
        QFile console(work.filePath(QStringLiteral("console.log")));
        console.open(QIODevice::ReadOnly);
        std::fprintf(stderr, "the QEMU guest did not run the test; its console:\n%s\n",
                     console.readAll().right(3000).constData());
        return 1;
    }
    std::printf("(in a QEMU guest booting %s: this kernel has no device-mapper)\n%s",
                qPrintable(QFileInfo(kernel.value(QStringLiteral("KERNEL"))).fileName()),
                out.readAll().constData());
    return rc.readAll().trimmed().toInt();
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    if (::geteuid() == 0 && !qEnvironmentVariableIsSet("TRIMSCOPE_CRYPT_TEST_IN_GUEST") &&
        !deviceMapperUnavailable().isEmpty()) {
        if (const std::optional<int> rc = runInGuest(QCoreApplication::applicationFilePath()))
            return *rc;
    }
    tst_HelperCrypt test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}
#include "tst_helpercrypt.moc"
