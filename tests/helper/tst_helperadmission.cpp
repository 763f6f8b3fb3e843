// What trimscope-helper admits, end to end (issue 32): a private system bus, real polkitd with
// rules we write, the helper started by D-Bus activation, callers running as nobody, real loop
// devices whose backing files tell whether anything was discarded. A medium swapped behind the
// same device number while the prompt is open is not touched; a job that cannot run is refused
// before anyone is asked; a device in use is refused at StartJob, whatever the kind; listing
// drives is not granted to every session.
#include "../support/qtry.h"
#include "plainloop.h"
#include "privatesystembus.h"
#include "privileged.h"
#include "swappableloop.h"
#include "testmain.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QTest>
#include <fcntl.h>
#include <unistd.h>

using trimscope::test::PlainLoop;
using trimscope::test::PrivateSystemBus;
using trimscope::test::SwappableLoop;

namespace {

const QString kService = QStringLiteral("io.github.trimscope.Helper1");
const QString kHelperPath = QStringLiteral("/io/github/trimscope/Helper1");
constexpr quint64 kMiB = 1 << 20;

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

QString named(const char *error)
{
    return QStringLiteral("io.github.trimscope.Error.") + QLatin1String(error);
}

// Every TrimScope action YES for nobody; the benchmark's only after the rule has waited: it
// writes DIR/asked, then waits (at most 8 s, polkit.spawn allows 10) until DIR/go exists, as an
// administrator reading the prompt would.
QString waitingRules(const QString &dir)
{
    return QStringLiteral(R"(polkit.addRule(function(action, subject) {
    if (action.id.indexOf("io.github.trimscope.") != 0 || subject.user != "nobody")
        return polkit.Result.NOT_HANDLED;
    if (action.id == "io.github.trimscope.benchmark")
        polkit.spawn(["/bin/sh", "-c",
                      "touch DIR/asked; i=0; while [ ! -e DIR/go ] && [ $i -lt 80 ]; " +
                      "do sleep 0.1; i=$((i+1)); done; rm -f DIR/asked DIR/go"]);
    return polkit.Result.YES;
});
)")
        .replace(QStringLiteral("DIR"), dir);
}

} // namespace

class tst_HelperAdmission : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();

    void aMediumSwappedDuringThePromptIsNotTouched_data();
    void aMediumSwappedDuringThePromptIsNotTouched();
    void aJobThatCannotRunIsRefusedBeforeAsking();
    void aDeviceInUseIsRefusedAtStart_data();
    void aDeviceInUseIsRefusedAtStart();
    void listingIsNotGrantedToEverySession();

private:
    PrivateSystemBus::Run startJob(const QString &kind, const QString &device,
                                   const QString &options = QStringLiteral("@a{sv} {}"));

    PrivateSystemBus m_bus;
};

void tst_HelperAdmission::initTestCase()
{
    if (const QString reason = PrivateSystemBus::unavailableReason(); !reason.isEmpty())
        TRIMSCOPE_SKIP_OR_FAIL(reason);
    if (const QString reason = PlainLoop::unavailableReason(); !reason.isEmpty())
        TRIMSCOPE_SKIP_OR_FAIL(reason);
    const PrivateSystemBus::Files files{
        binaryPath(QStringLiteral("helper/trimscope-helper")),
        sourcePath(QStringLiteral("helper/io.github.trimscope.Helper1.conf")),
        sourcePath(QStringLiteral("helper/io.github.trimscope.policy"))};
    QVERIFY2(m_bus.start(files, {QStringLiteral("TRIMSCOPE_HELPER_IDLE_SECONDS=30")}),
             qPrintable(m_bus.errorString()));
}

void tst_HelperAdmission::cleanupTestCase()
{
    if (const QByteArray log = m_bus.helperLog(); !log.isEmpty())
        qInfo("trimscope-helper's stderr:\n%s", log.constData());
    m_bus.stop();
}

PrivateSystemBus::Run tst_HelperAdmission::startJob(const QString &kind, const QString &device,
                                                    const QString &options)
{
    return m_bus.runAsNobody(
        QStringLiteral("gdbus"),
        {QStringLiteral("call"), QStringLiteral("--system"), QStringLiteral("--dest"), kService,
         QStringLiteral("--object-path"), kHelperPath, QStringLiteral("--method"),
         QStringLiteral("io.github.trimscope.Helper1.StartJob"), kind, device, options});
}

void tst_HelperAdmission::aMediumSwappedDuringThePromptIsNotTouched_data()
{
    QTest::addColumn<bool>("swap");
    QTest::newRow("the medium the prompt named") << false;
    QTest::newRow("another medium at the same number") << true;
}

// The attack as found: a 64 MiB medium at /dev/loopN when the prompt opens, a 96 MiB one at the
// same node and number when the administrator says yes.
void tst_HelperAdmission::aMediumSwappedDuringThePromptIsNotTouched()
{
    QFETCH(bool, swap);
    SwappableLoop loop;
    QVERIFY2(loop.start(64 * kMiB, 96 * kMiB), qPrintable(loop.errorString()));
    const QString dir = loop.directory();
    QVERIFY2(m_bus.setRules(waitingRules(dir), QStringLiteral("io.github.trimscope.list"), true),
             qPrintable(m_bus.errorString()));
    const qint64 firstBefore = loop.allocatedBytes(0);
    const qint64 secondBefore = loop.allocatedBytes(1);

    QProcess cli;
    cli.setProcessChannelMode(QProcess::SeparateChannels);
    m_bus.prepareAsNobody(cli, binaryPath(QStringLiteral("app/cli/trimscope-cli")),
                          {QStringLiteral("sweep"), loop.devicePath(),
                           QStringLiteral("--destroy-data"), QStringLiteral("--min"),
                           QStringLiteral("1M"), QStringLiteral("--max"), QStringLiteral("8M"),
                           QStringLiteral("--repeat"), QStringLiteral("1")});
    cli.start();
    const auto stopCli = qScopeGuard([&cli] {
        if (cli.state() != QProcess::NotRunning) {
            cli.kill();
            cli.waitForFinished();
        }
    });
    QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(dir + QStringLiteral("/asked")), 20000);
    if (swap)
        QVERIFY2(loop.swap(), qPrintable(loop.errorString()));
    QFile go(dir + QStringLiteral("/go"));
    QVERIFY(go.open(QIODevice::WriteOnly));
    go.close();
    QVERIFY(cli.waitForFinished(60000));
    const QByteArray err = cli.readAllStandardError();
    if (swap) {
        QVERIFY2(cli.exitCode() != 0, err.constData());
        QVERIFY2(err.contains("another medium"), err.constData());
        QCOMPARE(loop.allocatedBytes(1), secondBefore);
    } else {
        QVERIFY2(cli.exitCode() == 0, err.constData());
        // The control: a sweep on the approved medium shows as holes in its file.
        QVERIFY(loop.allocatedBytes(0) < firstBefore);
    }
}

// An unknown kind, an invalid plan: refused by name before polkit is asked, so no administrator
// is asked to confirm that "all data will be destroyed" for nothing. With every question
// answered NO, the refusal can only be InvalidArgument if nobody was asked.
void tst_HelperAdmission::aJobThatCannotRunIsRefusedBeforeAsking()
{
    PlainLoop loop;
    QVERIFY2(loop.start(32 * kMiB), qPrintable(loop.errorString()));
    QVERIFY2(m_bus.denyTrimScopeForNobody(), qPrintable(m_bus.errorString()));
    const PrivateSystemBus::Run bogus = startJob(QStringLiteral("bogus-kind"), loop.devicePath());
    QCOMPARE(gdbusErrorName(bogus.err), named("InvalidArgument"));
    const PrivateSystemBus::Run badOption =
        startJob(QStringLiteral("sweep"), loop.devicePath(),
                 QStringLiteral("{'repeats': <uint32 0>, 'force': <true>}"));
    QCOMPARE(gdbusErrorName(badOption.err), named("InvalidArgument"));
    // A valid job is asked about, and refused as the rules say.
    const PrivateSystemBus::Run valid = startJob(QStringLiteral("sweep"), loop.devicePath());
    QCOMPARE(gdbusErrorName(valid.err), named("NotAuthorized"));
}

void tst_HelperAdmission::aDeviceInUseIsRefusedAtStart_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<bool>("writer"); // held open for writing without O_EXCL, not exclusively
    QTest::newRow("sweep, held exclusively") << QStringLiteral("sweep") << false;
    QTest::newRow("diagnose, held exclusively") << QStringLiteral("diagnose") << false;
    QTest::newRow("sweep, open for writing") << QStringLiteral("sweep") << true;
    QTest::newRow("diagnose, open for writing") << QStringLiteral("diagnose") << true;
}

// The D-Bus API promises DeviceInUse from StartJob for a device another program holds
// exclusively, or writes to: every kind is admitted the same way before its job object exists,
// and the helper takes no override for a writer.
void tst_HelperAdmission::aDeviceInUseIsRefusedAtStart()
{
    QFETCH(QString, kind);
    QFETCH(bool, writer);
    PlainLoop loop;
    QVERIFY2(loop.start(32 * kMiB), qPrintable(loop.errorString()));
    // Our own writes are not counted (the helper passes over its own process only): a child
    // holds the device open for writing, as a virtual machine would.
    QProcess holder;
    int held = -1;
    if (writer) {
        holder.start(
            QStringLiteral("sh"),
            {QStringLiteral("-c"), QStringLiteral("exec 3<>%1 sleep 60").arg(loop.devicePath())});
        QVERIFY(holder.waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(
            QFile::symLinkTarget(QStringLiteral("/proc/%1/fd/3").arg(holder.processId())) ==
                loop.devicePath(),
            5000);
    } else {
        held =
            ::open(QFile::encodeName(loop.devicePath()).constData(), O_RDONLY | O_EXCL | O_CLOEXEC);
        QVERIFY(held >= 0);
    }
    const auto release = qScopeGuard([&] {
        if (held >= 0)
            ::close(held);
        holder.kill();
        holder.waitForFinished();
    });
    QVERIFY2(m_bus.allowTrimScopeForNobody(), qPrintable(m_bus.errorString()));
    const PrivateSystemBus::Run run = startJob(kind, loop.devicePath());
    QVERIFY2(run.exitCode != 0, run.out.constData());
    QCOMPARE(gdbusErrorName(run.err), named("DeviceInUse"));
}

// Without a rule of ours, a caller outside an active local session (nobody here: no logind, so
// polkit applies allow_any) is not simply told the drives, their serials and mount points.
void tst_HelperAdmission::listingIsNotGrantedToEverySession()
{
    QVERIFY2(m_bus.setRules(QStringLiteral("// no rules of ours\n"),
                            QStringLiteral("io.github.trimscope.list"), false),
             "polkit grants io.github.trimscope.list to a caller outside an active session");
}

TRIMSCOPE_TEST_GUILESS_MAIN(tst_HelperAdmission)
#include "tst_helperadmission.moc"
