// trimscope-helper end to end: a private system bus, real polkitd with rules we write, the
// helper started by D-Bus activation, clients running as nobody, an emulated drive whose FUSE
// counters tell whether anything was discarded.
#include "../support/qtry.h"
#include "emulateddrive.h"
#include "mountedloops.h"
#include "privatesystembus.h"
#include "privileged.h"
#include "report/resultfile.h"
#include "testmain.h"

#include <QDBusMessage>
#include <QDBusMetaType>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>
#include <memory>

using namespace trimscope;
using trimscope::test::EmulatedDrive;
using trimscope::test::MountedLoops;
using trimscope::test::PrivateSystemBus;

namespace {

const QString kService = QStringLiteral("io.github.trimscope.Helper1");
const QString kHelperPath = QStringLiteral("/io/github/trimscope/Helper1");
const QString kNotAuthorized = QStringLiteral("io.github.trimscope.Error.NotAuthorized");
const QString kInvalidArgument = QStringLiteral("io.github.trimscope.Error.InvalidArgument");
const QString kDeviceBusy = QStringLiteral("io.github.trimscope.Error.DeviceBusy");
const QString kCancelled = QStringLiteral("io.github.trimscope.Error.Cancelled");
constexpr quint64 kDriveBytes = 64ull << 20;
constexpr quint64 kFastDiscardUs = 2000;
constexpr quint64 kSlowDiscardUs = 10000;

QString sourcePath(const QString &relative)
{
    return QStringLiteral(TRIMSCOPE_SOURCE_DIR "/") + relative;
}

QString binaryPath(const QString &relative)
{
    return QStringLiteral(TRIMSCOPE_BINARY_DIR "/") + relative;
}

// "GDBus.Error:io.github.trimscope.Error.NotAuthorized: message" -> the error name.
QString gdbusErrorName(const QByteArray &stderrText)
{
    static const QRegularExpression pattern(QStringLiteral("GDBus\\.Error:([A-Za-z0-9_.]+):"));
    const auto match = pattern.match(QString::fromUtf8(stderrText));
    return match.hasMatch() ? match.captured(1) : QString();
}

// Interface name -> sorted "method X in:s in:a{sv} out:o" / "signal ..." / "property ..." lines;
// comments and annotations do not count.
QMap<QString, QStringList> interfaceShapes(const QByteArray &xml)
{
    QMap<QString, QStringList> shapes;
    QXmlStreamReader reader(xml);
    QString interface;
    QString member;
    while (!reader.atEnd()) {
        reader.readNext();
        if (reader.isStartElement()) {
            const auto name = reader.name();
            const auto attributes = reader.attributes();
            if (name == QLatin1String("interface")) {
                interface = attributes.value(QLatin1String("name")).toString();
                shapes[interface];
            } else if (name == QLatin1String("method") || name == QLatin1String("signal")) {
                member = name.toString() + QLatin1Char(' ') +
                         attributes.value(QLatin1String("name")).toString();
            } else if (name == QLatin1String("arg")) {
                const QString direction = attributes.value(QLatin1String("direction")).toString();
                member += QLatin1Char(' ') +
                          (direction.isEmpty() ? QString() : direction + QLatin1Char(':')) +
                          attributes.value(QLatin1String("type")).toString();
            } else if (name == QLatin1String("property")) {
                shapes[interface] << QStringLiteral("property %1 %2 %3")
                                         .arg(attributes.value(QLatin1String("name")).toString(),
                                              attributes.value(QLatin1String("type")).toString(),
                                              attributes.value(QLatin1String("access")).toString());
            }
        } else if (reader.isEndElement()) {
            const auto name = reader.name();
            if ((name == QLatin1String("method") || name == QLatin1String("signal")) &&
                !member.isEmpty()) {
                // gdbus prints signal args without direction; the XML may say "out".
                shapes[interface] << member.replace(QLatin1String(" out:"),
                                                    member.startsWith(QLatin1String("signal"))
                                                        ? QLatin1String(" ")
                                                        : QLatin1String(" out:"));
                member.clear();
            }
        }
    }
    if (reader.hasError()) {
        qWarning() << "not well-formed XML:" << reader.errorString() << "at line"
                   << reader.lineNumber();
        return {};
    }
    for (QStringList &lines : shapes)
        lines.sort();
    return shapes;
}

QByteArray readFile(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

class tst_HelperService : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();

    void introspectionMatchesXml();
    void everyMethodIsCoveredUnauthorized();
    void unauthorizedCallsDoNothing_data();
    void unauthorizedCallsDoNothing();
    void cancelByOtherUserIsRefusedWhenDenied();
    void badInputIsRefusedByName_data();
    void badInputIsRefusedByName();
    void sweepCompletesWithSamplesInOrder();
    void cliOutputIsTheSameThroughTheHelper();
    void vanishedClientStopsDiscards();
    void onlyTheOwnerMayCancel();
    void sweepThroughTheFlatpakBusFilter();
    void helperExitsWhenIdle();

private:
    quint64 discardCalls() const { return m_drive.stats().value(QStringLiteral("discard_calls")); }
    PrivateSystemBus::Run callAsNobody(const QString &path, const QString &method,
                                       const QStringList &arguments);
    QString substitute(const QString &text) const;
    // Starts helperprobe (as nobody unless asRoot; on `busAddress` when given) on the drive;
    // returns once it printed "started PATH" (stored in *jobPath), or nullptr.
    std::unique_ptr<QProcess> startProbe(const QStringList &arguments, QString *jobPath,
                                         bool asRoot = false, const QString &busAddress = {});
    bool waitForLine(QProcess &process, const QString &prefix, QString *line, int timeoutMs);

    EmulatedDrive m_drive;
    PrivateSystemBus m_bus;
    std::unique_ptr<QTemporaryDir> m_work;
    MountedLoops m_loops;     // a loop device mounted, and one whose partition is
    QStringList m_probeLines; // what waitForLine read, for failure messages
};

void tst_HelperService::initTestCase()
{
    if (const QString reason = PrivateSystemBus::unavailableReason(); !reason.isEmpty())
        TRIMSCOPE_SKIP_OR_FAIL(reason);
    TRIMSCOPE_REQUIRE_EMULATED_DRIVE();
    m_work = std::make_unique<QTemporaryDir>(QStringLiteral("/tmp/trimscope-helper-test-XXXXXX"));
    QVERIFY(m_work->isValid());
    // nobody writes result files here.
    QFile::setPermissions(m_work->path(), QFileDevice::Permissions(0x7777));
    QVERIFY2(m_drive.start(kDriveBytes, EmulatedDrive::Model{kFastDiscardUs, 0, 0, 0}),
             qPrintable(m_drive.errorString()));
    const PrivateSystemBus::Files files{
        binaryPath(QStringLiteral("helper/trimscope-helper")),
        sourcePath(QStringLiteral("helper/io.github.trimscope.Helper1.conf")),
        sourcePath(QStringLiteral("helper/io.github.trimscope.policy"))};
    QVERIFY2(m_bus.start(files, {QStringLiteral("TRIMSCOPE_HELPER_IDLE_SECONDS=3")}),
             qPrintable(m_bus.errorString()));
    QVERIFY2(m_loops.start(m_work->path()), qPrintable(m_loops.errorString()));
}

void tst_HelperService::cleanupTestCase()
{
    if (const QByteArray log = m_bus.helperLog(); !log.isEmpty())
        qInfo("trimscope-helper's stderr:\n%s", log.constData());
    m_bus.stop();
    m_loops.stop();
    m_drive.stop();
    m_work.reset();
}

PrivateSystemBus::Run tst_HelperService::callAsNobody(const QString &path, const QString &method,
                                                      const QStringList &arguments)
{
    return m_bus.runAsNobody(QStringLiteral("gdbus"),
                             QStringList{QStringLiteral("call"), QStringLiteral("--system"),
                                         QStringLiteral("--dest"), kService,
                                         QStringLiteral("--object-path"), path,
                                         QStringLiteral("--method"), method} +
                                 arguments);
}

QString tst_HelperService::substitute(const QString &text) const
{
    QString result = text;
    result.replace(QStringLiteral("@drive"), m_drive.devicePath());
    result.replace(QStringLiteral("@mountedloop"), m_loops.mountedLoop());
    result.replace(QStringLiteral("@mountedpoint"), m_loops.mountPoint());
    result.replace(QStringLiteral("@partedloop"), m_loops.partitionedLoop());
    result.replace(QStringLiteral("@work"), m_work->path());
    return result;
}

bool tst_HelperService::waitForLine(QProcess &process, const QString &prefix, QString *line,
                                    int timeoutMs)
{
    QDeadlineTimer deadline(timeoutMs);
    while (!deadline.hasExpired()) {
        while (process.canReadLine()) {
            const QString text = QString::fromUtf8(process.readLine()).trimmed();
            m_probeLines << text;
            if (text.startsWith(prefix)) {
                if (line)
                    *line = text;
                return true;
            }
        }
        if (process.state() == QProcess::NotRunning && !process.canReadLine())
            return false;
        process.waitForReadyRead(100);
    }
    return false;
}

std::unique_ptr<QProcess> tst_HelperService::startProbe(const QStringList &arguments,
                                                        QString *jobPath, bool asRoot,
                                                        const QString &busAddress)
{
    m_probeLines.clear();
    auto process = std::make_unique<QProcess>();
    process->setProcessChannelMode(QProcess::SeparateChannels);
    const QString probe = binaryPath(QStringLiteral("tests/helper/helperprobe"));
    const QStringList all = QStringList{m_drive.devicePath()} + arguments;
    if (asRoot) {
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("DBUS_SYSTEM_BUS_ADDRESS"), m_bus.address());
        process->setProcessEnvironment(environment);
        process->setProgram(probe);
        process->setArguments(all);
    } else {
        m_bus.prepareAsNobody(*process, probe, all);
    }
    if (!busAddress.isEmpty()) {
        QProcessEnvironment environment = process->processEnvironment();
        environment.insert(QStringLiteral("DBUS_SYSTEM_BUS_ADDRESS"), busAddress);
        process->setProcessEnvironment(environment);
    }
    process->start();
    QString line;
    if (!waitForLine(*process, QStringLiteral("started "), &line, 20000)) {
        qWarning() << "helperprobe did not start a job:"
                   << m_probeLines.mid(m_probeLines.size() - 3) << process->readAllStandardError();
        process->kill();
        process->waitForFinished();
        return nullptr;
    }
    *jobPath = line.section(QLatin1Char(' '), 1);
    return process;
}

void tst_HelperService::introspectionMatchesXml()
{
    const auto expected = interfaceShapes(
        readFile(sourcePath(QStringLiteral("helper/io.github.trimscope.Helper1.xml"))));
    QVERIFY(expected.contains(kService));
    const PrivateSystemBus::Run run = m_bus.runAsNobody(
        QStringLiteral("gdbus"),
        {QStringLiteral("introspect"), QStringLiteral("--system"), QStringLiteral("--dest"),
         kService, QStringLiteral("--object-path"), kHelperPath, QStringLiteral("--xml")});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const auto actual = interfaceShapes(run.out);
    QCOMPARE(actual.value(kService), expected.value(kService));
    // Job1 is checked on a live job in onlyTheOwnerMayCancel.
}

void tst_HelperService::everyMethodIsCoveredUnauthorized()
{
    // The unauthorized tests below name these; a new method must join them.
    const auto shapes = interfaceShapes(
        readFile(sourcePath(QStringLiteral("helper/io.github.trimscope.Helper1.xml"))));
    QStringList methods;
    for (const QStringList &lines : shapes) {
        for (const QString &line : lines) {
            if (line.startsWith(QLatin1String("method ")))
                methods << line.section(QLatin1Char(' '), 1, 1);
        }
    }
    methods.sort();
    QVERIFY(shapes.contains(QStringLiteral("io.github.trimscope.Job1")));
    // ReadHealth and StartJob: tst_helperjobs; SetCryptDiscard on an open LUKS device:
    // tst_helpercrypt.
    QCOMPARE(methods, (QStringList{QStringLiteral("Cancel"), QStringLiteral("ListDevices"),
                                   QStringLiteral("ReadHealth"), QStringLiteral("SetCryptDiscard"),
                                   QStringLiteral("SetMountDiscard"), QStringLiteral("StartJob"),
                                   QStringLiteral("StartSweep")}));
}

void tst_HelperService::unauthorizedCallsDoNothing_data()
{
    QTest::addColumn<QString>("method");
    QTest::addColumn<QStringList>("arguments");
    // A path that names no device is refused before anyone is asked: there is nothing to name in
    // a prompt; so is a job that cannot run (an unknown kind, bad options: nobody is asked to
    // confirm an erasure that would not happen, issue 32). Everything else is "not authorized".
    QTest::addColumn<QString>("error");
    const QString helper = QStringLiteral("io.github.trimscope.Helper1.");
    QTest::newRow("ListDevices") << helper + QStringLiteral("ListDevices") << QStringList{}
                                 << kNotAuthorized;
    QTest::newRow("StartSweep, valid")
        << helper + QStringLiteral("StartSweep")
        << QStringList{QStringLiteral("@drive"), QStringLiteral("{'max_bytes': <uint64 "
                                                                "1048576>, 'repeats': <2>}")}
        << kNotAuthorized;
    QTest::newRow("StartSweep, defaults")
        << helper + QStringLiteral("StartSweep")
        << QStringList{QStringLiteral("@drive"), QStringLiteral("@a{sv} {}")} << kNotAuthorized;
    QTest::newRow("StartSweep, bad path")
        << helper + QStringLiteral("StartSweep")
        << QStringList{QStringLiteral("loop0"), QStringLiteral("@a{sv} {}")}
        << QStringLiteral("io.github.trimscope.Error.InvalidArgument");
    QTest::newRow("StartSweep, bad options")
        << helper + QStringLiteral("StartSweep")
        << QStringList{QStringLiteral("@drive"), QStringLiteral("{'repeats': <0>}")}
        << QStringLiteral("io.github.trimscope.Error.InvalidArgument");
    // The mounted loop device's filesystem (ext4): a remount nobody may not ask for.
    QTest::newRow("SetMountDiscard")
        << helper + QStringLiteral("SetMountDiscard")
        << QStringList{QStringLiteral("@mountedpoint"), QStringLiteral("true"),
                       QStringLiteral("@a{sv} {}")}
        << kNotAuthorized;
    QTest::newRow("SetMountDiscard, nothing mounted there")
        << helper + QStringLiteral("SetMountDiscard")
        << QStringList{QStringLiteral("/nonexistent"), QStringLiteral("false"),
                       QStringLiteral("@a{sv} {}")}
        << QStringLiteral("io.github.trimscope.Error.NoSuchDevice");
    QTest::newRow("SetMountDiscard, not a clean path")
        << helper + QStringLiteral("SetMountDiscard")
        << QStringList{QStringLiteral("/tmp/../"), QStringLiteral("false"),
                       QStringLiteral("@a{sv} {}")}
        << QStringLiteral("io.github.trimscope.Error.InvalidArgument");
    // Nothing to ask about: a passphrase argument that is no pipe (gdbus passes no descriptor,
    // so the handle leads nowhere), or no name of a mapping. (No such mapping, with a pipe:
    // tst_helperbus, tst_helperhardening.)
    QTest::newRow("SetCryptDiscard, no pipe")
        << helper + QStringLiteral("SetCryptDiscard")
        << QStringList{QStringLiteral("trimscope-no-such-mapping"), QStringLiteral("true"),
                       QStringLiteral("@h 0"), QStringLiteral("@a{sv} {}")}
        << QStringLiteral("io.github.trimscope.Error.InvalidArgument");
    QTest::newRow("SetCryptDiscard, a path as name")
        << helper + QStringLiteral("SetCryptDiscard")
        << QStringList{QStringLiteral("../mapper/root"), QStringLiteral("true"),
                       QStringLiteral("@h 0"), QStringLiteral("@a{sv} {}")}
        << QStringLiteral("io.github.trimscope.Error.InvalidArgument");
}

void tst_HelperService::unauthorizedCallsDoNothing()
{
    QFETCH(QString, method);
    QFETCH(QStringList, arguments);
    QFETCH(QString, error);
    QVERIFY2(m_bus.denyTrimScopeForNobody(), qPrintable(m_bus.errorString()));
    for (QString &argument : arguments)
        argument = substitute(argument);
    const quint64 before = discardCalls();
    const PrivateSystemBus::Run run = callAsNobody(kHelperPath, method, arguments);
    QVERIFY(run.exitCode != 0);
    QCOMPARE(gdbusErrorName(run.err), error);
    QTest::qWait(200);
    QCOMPARE(discardCalls(), before);
}

void tst_HelperService::cancelByOtherUserIsRefusedWhenDenied()
{
    QVERIFY2(m_bus.denyTrimScopeForNobody(), qPrintable(m_bus.errorString()));
    QString jobPath;
    // root is always authorized: its job runs while nobody, denied, tries to cancel it.
    auto probe =
        startProbe({QStringLiteral("--min"), QStringLiteral("4096"), QStringLiteral("--max"),
                    QStringLiteral("1048576"), QStringLiteral("--repeat"), QStringLiteral("20")},
                   &jobPath, /*asRoot=*/true);
    QVERIFY(probe);
    const PrivateSystemBus::Run run =
        callAsNobody(jobPath, QStringLiteral("io.github.trimscope.Job1.Cancel"), {});
    QCOMPARE(gdbusErrorName(run.err), kNotAuthorized);
    QVERIFY(probe->state() == QProcess::Running);
    probe->write("cancel\n");
    QString line;
    QVERIFY(waitForLine(*probe, QStringLiteral("completed "), &line, 10000));
    QCOMPARE(line.section(QLatin1Char(' '), 1, 2), QStringLiteral("0 ") + kCancelled);
    QVERIFY(probe->waitForFinished(5000));
}

void tst_HelperService::badInputIsRefusedByName_data()
{
    QTest::addColumn<QString>("device");
    QTest::addColumn<QString>("options");
    QTest::addColumn<QString>("error");
    const QString none = QStringLiteral("@a{sv} {}");
    const auto named = [](const char *name) {
        return QStringLiteral("io.github.trimscope.Error.") + QLatin1String(name);
    };
    const QString small = QStringLiteral("'min_bytes': <uint64 4096>, 'max_bytes': <uint64 65536>");
    // Paths
    QTest::newRow("relative path") << "loop0" << none << named("InvalidArgument");
    QTest::newRow("empty path") << "" << none << named("InvalidArgument");
    QTest::newRow("dot-dot") << "/dev/../etc/passwd" << none << named("InvalidArgument");
    QTest::newRow("outside /dev") << "/etc/passwd" << none << named("NotABlockDevice");
    QTest::newRow("regular file") << "@work/plain.img" << none << named("NotABlockDevice");
    QTest::newRow("symlink to regular file") << "@work/link" << none << named("NotABlockDevice");
    QTest::newRow("missing node") << "/dev/trimscope-no-such-device" << none
                                  << named("NoSuchDevice");
    QTest::newRow("character device") << "/dev/null" << none << named("NotABlockDevice");
    QTest::newRow("mounted loop device") << "@mountedloop" << none << named("DeviceInUse");
    QTest::newRow("disk with a mounted partition") << "@partedloop" << none << named("DeviceInUse");
    QTest::newRow("mounted partition") << "@partedloopp1" << none << named("DeviceInUse");
    // Options (on the emulated drive, which would otherwise be a valid target). A size 0 is the
    // plan's default, as its file form says: not refused.
    QTest::newRow("size not a power of two")
        << "@drive"
        << "{'max_bytes': <uint64 3000>}" << named("InvalidArgument");
    QTest::newRow("size 2^63") << "@drive"
                               << "{'max_bytes': <uint64 9223372036854775808>}"
                               << named("InvalidArgument");
    QTest::newRow("size 128 GiB") << "@drive"
                                  << "{'max_bytes': <uint64 137438953472>}"
                                  << named("InvalidArgument");
    QTest::newRow("negative size") << "@drive"
                                   << "{'max_bytes': <int64 -4096>}" << named("InvalidArgument");
    QTest::newRow("min above max")
        << "@drive"
        << "{'min_bytes': <uint64 65536>, 'max_bytes': <uint64 4096>}" << named("InvalidArgument");
    QTest::newRow("repeats 0") << "@drive"
                               << "{" + small + ", 'repeats': <0>}" << named("InvalidArgument");
    QTest::newRow("repeats 10^9") << "@drive"
                                  << "{" + small + ", 'repeats': <1000000000>}"
                                  << named("InvalidArgument");
    QTest::newRow("repeats 2^40") << "@drive"
                                  << "{" + small + ", 'repeats': <uint64 1099511627776>}"
                                  << named("InvalidArgument");
    QTest::newRow("unknown option")
        << "@drive"
        << "{" + small + ", 'force': <true>}" << named("InvalidArgument");
    QTest::newRow("repeats as string")
        << "@drive"
        << "{" + small + ", 'repeats': <'5'>}" << named("InvalidArgument");
    QTest::newRow("size a fraction") << "@drive"
                                     << "{'max_bytes': <65536.5>}" << named("InvalidArgument");
    QTest::newRow("repeats with adaptive")
        << "@drive"
        << "{" + small + ", 'repeats': <3>, 'adaptive': <true>}" << named("InvalidArgument");
    QTest::newRow("adaptive as int")
        << "@drive"
        << "{" + small + ", 'adaptive': <1>}" << named("InvalidArgument");
    QTest::newRow("order unknown")
        << "@drive"
        << "{" + small + ", 'order': <'random'>}" << named("InvalidArgument");
    QTest::newRow("order as int") << "@drive"
                                  << "{" + small + ", 'order': <1>}" << named("InvalidArgument");
    QTest::newRow("seed negative")
        << "@drive"
        << "{" + small + ", 'seed': <int64 -1>}" << named("InvalidArgument");
    QTest::newRow("seed not a number")
        << "@drive"
        << "{" + small + ", 'seed': <'x'>}" << named("InvalidArgument");
    QTest::newRow("time budget as string")
        << "@drive"
        << "{" + small + ", 'time_budget_seconds': <'1'>}" << named("InvalidArgument");
    QTest::newRow("time budget negative")
        << "@drive"
        << "{" + small + ", 'time_budget_seconds': <-1.0>}" << named("InvalidArgument");
    QTest::newRow("nested variant") << "@drive"
                                    << "{'repeats': <<2>>}" << named("InvalidArgument");
    QTest::newRow("options of the wrong D-Bus type") << "@drive"
                                                     << "@a{ss} {'repeats': '2'}"
                                                     << "org.freedesktop.DBus.Error.UnknownMethod";
}

void tst_HelperService::badInputIsRefusedByName()
{
    QFETCH(QString, device);
    QFETCH(QString, options);
    QFETCH(QString, error);
    QVERIFY2(m_bus.allowTrimScopeForNobody(), qPrintable(m_bus.errorString()));
    if (QTest::currentDataTag() == QLatin1String("symlink to regular file")) {
        QFile::remove(m_work->path() + QStringLiteral("/link"));
        QVERIFY(QFile::link(m_work->path() + QStringLiteral("/plain.img"),
                            m_work->path() + QStringLiteral("/link")));
    }
    const quint64 before = discardCalls();
    if (options.startsWith(QLatin1String("@a{ss}"))) {
        // gdbus checks signatures itself, so this one goes out raw (as root, who is authorized:
        // QtDBus must refuse the signature before our code runs).
        QDBusMessage call = QDBusMessage::createMethodCall(
            kService, kHelperPath, QStringLiteral("io.github.trimscope.Helper1"),
            QStringLiteral("StartSweep"));
        qDBusRegisterMetaType<QMap<QString, QString>>();
        call << substitute(device)
             << QVariant::fromValue(
                    QMap<QString, QString>{{QStringLiteral("repeats"), QStringLiteral("2")}});
        const QDBusMessage reply = m_bus.rootConnection().call(call, QDBus::Block, 30000);
        QCOMPARE(reply.type(), QDBusMessage::ErrorMessage);
        QCOMPARE(reply.errorName(), error);
    } else {
        const PrivateSystemBus::Run run =
            callAsNobody(kHelperPath, QStringLiteral("io.github.trimscope.Helper1.StartSweep"),
                         {substitute(device), substitute(options)});
        QVERIFY2(run.exitCode != 0, run.out.constData());
        QCOMPARE(gdbusErrorName(run.err), error);
    }
    QTest::qWait(100);
    QCOMPARE(discardCalls(), before);
}

void tst_HelperService::sweepCompletesWithSamplesInOrder()
{
    QVERIFY2(m_bus.allowTrimScopeForNobody(), qPrintable(m_bus.errorString()));
    const QString jsonPath = m_work->path() + QStringLiteral("/probe.json");
    const quint64 before = discardCalls();
    QString jobPath;
    auto probe = startProbe(
        {QStringLiteral("--min"), QStringLiteral("4096"), QStringLiteral("--max"),
         QStringLiteral("1048576"), QStringLiteral("--repeat"), QStringLiteral("2"),
         QStringLiteral("--seed"), QStringLiteral("42"), QStringLiteral("--json"), jsonPath},
        &jobPath);
    QVERIFY(probe);
    QVERIFY(jobPath.startsWith(QLatin1String("/io/github/trimscope/Job/")));
    QVERIFY(probe->waitForFinished(60000));
    const QByteArray output = probe->readAllStandardOutput();
    QVERIFY2(probe->exitCode() == 0,
             (output.right(300) + probe->readAllStandardError()).constData());
    QStringList sampleLines;
    QString completed;
    const QStringList lines = QString::fromUtf8(output).split(QLatin1Char('\n'));
    for (const QString &line : lines) {
        if (line.startsWith(QLatin1String("sample ")))
            sampleLines << line;
        else if (line.startsWith(QLatin1String("completed ")))
            completed = line;
    }
    QCOMPARE(completed.section(QLatin1Char(' '), 1, 2), QStringLiteral("1 -"));

    const QByteArray json = readFile(jsonPath);
    const Expected<SweepResult> result = readResult<SweepResult>(json);
    QVERIFY2(result, qPrintable(result.error().message));
    QVERIFY(result->complete());
    QCOMPARE(result->samples.size(), 9 * 2);
    QCOMPARE(sampleLines.size(), result->samples.size());
    for (int i = 0; i < sampleLines.size(); ++i) {
        const QStringList fields = sampleLines.at(i).split(QLatin1Char(' '));
        QCOMPARE(fields.value(1).toInt(), i); // in measurement order, none missing
        QCOMPARE(fields.value(2).toULongLong(), result->samples.at(i).bytes);
        QCOMPARE(fields.value(3).toULongLong(), result->samples.at(i).offset);
        QCOMPARE(fields.value(4).toDouble(), result->samples.at(i).seconds);
    }
    QCOMPARE(discardCalls() - before, quint64(result->samples.size()));
}

void tst_HelperService::cliOutputIsTheSameThroughTheHelper()
{
    QVERIFY2(m_bus.allowTrimScopeForNobody(), qPrintable(m_bus.errorString()));
    const QString cli = binaryPath(QStringLiteral("app/cli/trimscope-cli"));
    const QStringList common{
        QStringLiteral("sweep"),  m_drive.devicePath(),       QStringLiteral("--destroy-data"),
        QStringLiteral("--min"),  QStringLiteral("4K"),       QStringLiteral("--max"),
        QStringLiteral("1M"),     QStringLiteral("--repeat"), QStringLiteral("2"),
        QStringLiteral("--seed"), QStringLiteral("7"),        QStringLiteral("--json")};
    const QString viaHelper = m_work->path() + QStringLiteral("/cli-helper.json");
    const QString inProcess = m_work->path() + QStringLiteral("/cli-root.json");

    const PrivateSystemBus::Run helperRun =
        m_bus.runAsNobody(cli, common + QStringList{viaHelper}, 60000);
    QVERIFY2(helperRun.exitCode == 0, helperRun.err.constData());
    QProcess root;
    root.start(cli, common + QStringList{inProcess});
    QVERIFY(root.waitForFinished(60000));
    QVERIFY2(root.exitCode() == 0, root.readAllStandardError().constData());

    const QJsonObject a = QJsonDocument::fromJson(readFile(viaHelper)).object();
    const QJsonObject b = QJsonDocument::fromJson(readFile(inProcess)).object();
    QVERIFY(!a.isEmpty() && !b.isEmpty());
    QCOMPARE(a.keys(), b.keys());
    for (const QString &key : {QStringLiteral("schema"), QStringLiteral("schema_version"),
                               QStringLiteral("drive"), QStringLiteral("plan")}) {
        if (a.contains(key) || b.contains(key))
            QCOMPARE(a.value(key), b.value(key));
    }
    // The same seed gives the same regions in the same order, whoever runs the sweep.
    const Expected<SweepResult> ra = readResult<SweepResult>(readFile(viaHelper));
    const Expected<SweepResult> rb = readResult<SweepResult>(readFile(inProcess));
    QVERIFY(ra && rb);
    QCOMPARE(ra->samples.size(), rb->samples.size());
    for (int i = 0; i < ra->samples.size(); ++i) {
        QCOMPARE(ra->samples.at(i).bytes, rb->samples.at(i).bytes);
        QCOMPARE(ra->samples.at(i).offset, rb->samples.at(i).offset);
    }
    // The report on stdout has the same lines, timings aside.
    const auto shape = [](const QByteArray &text) {
        QString s = QString::fromUtf8(text);
        // Timings pick their unit by magnitude (µs, ms, s; KiB/s, MiB/s): one token each.
        s.replace(QRegularExpression(QStringLiteral("[0-9.]+\\s*(ns|µs|us|ms|s|[KMGT]?i?B/s)\\b")),
                  QStringLiteral("T"));
        s.replace(QRegularExpression(QStringLiteral("[0-9.]+")), QStringLiteral("#"));
        s.replace(QRegularExpression(QStringLiteral("[ \t]+")), QStringLiteral(" "));
        return s;
    };
    const QString rootShape = shape(root.readAllStandardOutput());
    if (shape(helperRun.out) != rootShape)
        qWarning("through the helper:\n%s\nin process:\n%s", qPrintable(shape(helperRun.out)),
                 qPrintable(rootShape));
    QCOMPARE(shape(helperRun.out), rootShape);
}

void tst_HelperService::vanishedClientStopsDiscards()
{
    QVERIFY2(m_bus.allowTrimScopeForNobody(), qPrintable(m_bus.errorString()));
    QVERIFY(m_drive.setModel(EmulatedDrive::Model{kSlowDiscardUs, 0, 0, 0}));
    const auto restoreModel = qScopeGuard([this] {
        m_drive.setModel(EmulatedDrive::Model{kFastDiscardUs, 0, 0, 0});
    });
    QString jobPath;
    // About 1000 discards of 10 ms: far longer than the test waits.
    auto probe =
        startProbe({QStringLiteral("--min"), QStringLiteral("4096"), QStringLiteral("--max"),
                    QStringLiteral("65536"), QStringLiteral("--repeat"), QStringLiteral("200")},
                   &jobPath);
    QVERIFY(probe);
    QVERIFY(waitForLine(*probe, QStringLiteral("sample 5 "), nullptr, 10000));
    probe->kill(); // SIGKILL: the client cannot say goodbye
    probe->waitForFinished();
    QTest::qWait(1000);
    const quint64 afterOneSecond = discardCalls();
    QTest::qWait(1000);
    QCOMPARE(discardCalls(), afterOneSecond);
    // The job is gone, and the device free for the next one.
    QTRY_VERIFY_WITH_TIMEOUT(
        gdbusErrorName(
            m_bus
                .runAsNobody(QStringLiteral("gdbus"),
                             {QStringLiteral("call"), QStringLiteral("--system"),
                              QStringLiteral("--dest"), kService, QStringLiteral("--object-path"),
                              jobPath, QStringLiteral("--method"),
                              QStringLiteral("org.freedesktop.DBus.Properties.Get"),
                              QStringLiteral("io.github.trimscope.Job1"), QStringLiteral("Kind")})
                .err)
            .startsWith(QLatin1String("org.freedesktop.DBus.Error.")),
        5000);
}

void tst_HelperService::onlyTheOwnerMayCancel()
{
    QVERIFY2(m_bus.allowTrimScopeForNobody(), qPrintable(m_bus.errorString()));
    QString jobPath;
    auto probe =
        startProbe({QStringLiteral("--min"), QStringLiteral("4096"), QStringLiteral("--max"),
                    QStringLiteral("65536"), QStringLiteral("--repeat"), QStringLiteral("200")},
                   &jobPath);
    QVERIFY(probe);

    // The live job introspects as the XML says.
    const auto expected = interfaceShapes(
        readFile(sourcePath(QStringLiteral("helper/io.github.trimscope.Helper1.xml"))));
    const PrivateSystemBus::Run introspection = m_bus.runAsNobody(
        QStringLiteral("gdbus"),
        {QStringLiteral("introspect"), QStringLiteral("--system"), QStringLiteral("--dest"),
         kService, QStringLiteral("--object-path"), jobPath, QStringLiteral("--xml")});
    const QString job1 = QStringLiteral("io.github.trimscope.Job1");
    QCOMPARE(interfaceShapes(introspection.out).value(job1), expected.value(job1));

    // Another client (same user, other connection) may not cancel it.
    const PrivateSystemBus::Run other =
        callAsNobody(jobPath, QStringLiteral("io.github.trimscope.Job1.Cancel"), {});
    QCOMPARE(gdbusErrorName(other.err), kNotAuthorized);
    // One destructive job per device.
    const PrivateSystemBus::Run second =
        callAsNobody(kHelperPath, QStringLiteral("io.github.trimscope.Helper1.StartSweep"),
                     {m_drive.devicePath(), QStringLiteral("@a{sv} {}")});
    QCOMPARE(gdbusErrorName(second.err), kDeviceBusy);
    QVERIFY(probe->state() == QProcess::Running);

    // Two Progress signals, for their spacing below.
    QVERIFY(waitForLine(*probe, QStringLiteral("progress "), nullptr, 5000));
    QVERIFY(waitForLine(*probe, QStringLiteral("progress "), nullptr, 5000));

    // The owner may.
    probe->write("cancel\n");
    QString line;
    QVERIFY(waitForLine(*probe, QStringLiteral("completed "), &line, 10000));
    QCOMPARE(line.section(QLatin1Char(' '), 1, 2), QStringLiteral("0 ") + kCancelled);
    QVERIFY(probe->waitForFinished(5000));
    // Progress: at most four a second (the helper spaces them 250 ms; allow delivery jitter).
    qint64 previous = -1;
    int progressSignals = 0;
    for (const QString &text : std::as_const(m_probeLines)) {
        if (!text.startsWith(QLatin1String("progress ")))
            continue;
        ++progressSignals;
        const qint64 at = text.section(QLatin1Char(' '), 2, 2).toLongLong();
        if (previous >= 0)
            QVERIFY2(at - previous >= 150, qPrintable(text));
        previous = at;
    }
    QVERIFY(progressSignals >= 2);
    const quint64 stopped = discardCalls();
    QTest::qWait(300);
    QCOMPARE(discardCalls(), stopped);
}

// The Flatpak talks to the host's helper through its bus filter: xdg-dbus-proxy with exactly the
// manifest's --system-talk-name grants. The client asks who owns the helper's name, has the bus
// start it (it had idled out), sends StartJob to its unique name and takes the job's signals from
// that name: all of it passes the filter. Without the helper's grant the sandbox sees no helper.
void tst_HelperService::sweepThroughTheFlatpakBusFilter()
{
    if (QStandardPaths::findExecutable(QStringLiteral("xdg-dbus-proxy")).isEmpty())
        TRIMSCOPE_SKIP_OR_FAIL(QStringLiteral("xdg-dbus-proxy (the Flatpak's bus filter) is not "
                                              "installed"));
    QVERIFY2(m_bus.allowTrimScopeForNobody(), qPrintable(m_bus.errorString()));
    const QStringList grants = PrivateSystemBus::flatpakSystemTalkNames();
    QVERIFY2(grants.contains(kService), qPrintable(grants.join(QLatin1Char(' '))));
    QTRY_COMPARE_WITH_TIMEOUT(m_bus.helperPid(), qint64(0), 10000); // idled out: activation

    QProcess proxy;
    const QString address =
        m_bus.startFilteringProxy(proxy, grants, m_work->filePath(QStringLiteral("sandbox")));
    QVERIFY2(!address.isEmpty(), "xdg-dbus-proxy did not start");
    QString jobPath;
    auto probe =
        startProbe({QStringLiteral("--min"), QStringLiteral("4096"), QStringLiteral("--max"),
                    QStringLiteral("65536"), QStringLiteral("--repeat"), QStringLiteral("2")},
                   &jobPath, false, address);
    QVERIFY(probe);
    QVERIFY(probe->waitForFinished(60000));
    const QStringList lines = QString::fromUtf8(probe->readAllStandardOutput())
                                  .split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QVERIFY2(probe->exitCode() == 0, qPrintable(lines.join(QLatin1Char('\n'))));
    QCOMPARE(lines.filter(QRegularExpression(QStringLiteral("^sample "))).size(), 5 * 2);
    QCOMPARE(lines.value(lines.size() - 1), QStringLiteral("completed 1 - "));
    proxy.terminate();
    proxy.waitForFinished(5000);

    // Control: without the grant, GetNameOwner and the activation see no helper.
    QStringList withoutHelper = grants;
    withoutHelper.removeAll(kService);
    QProcess closedProxy;
    const QString closed = m_bus.startFilteringProxy(
        closedProxy, withoutHelper, m_work->filePath(QStringLiteral("sandbox-closed")));
    QVERIFY2(!closed.isEmpty(), "xdg-dbus-proxy did not start");
    QProcess refused;
    m_bus.prepareAsNobody(refused, binaryPath(QStringLiteral("tests/helper/helperprobe")),
                          {m_drive.devicePath(), QStringLiteral("--min"), QStringLiteral("4096"),
                           QStringLiteral("--max"), QStringLiteral("4096")});
    QProcessEnvironment environment = refused.processEnvironment();
    environment.insert(QStringLiteral("DBUS_SYSTEM_BUS_ADDRESS"), closed);
    refused.setProcessEnvironment(environment);
    refused.start();
    QVERIFY(refused.waitForFinished(30000));
    const QString answer = QString::fromUtf8(refused.readAllStandardOutput()).trimmed();
    QVERIFY2(answer.startsWith(QLatin1String("completed 0 ")) &&
                 answer.contains(QLatin1String("the helper is not installed")),
             qPrintable(answer));
    closedProxy.terminate();
    closedProxy.waitForFinished(5000);
}

void tst_HelperService::helperExitsWhenIdle()
{
    // TRIMSCOPE_HELPER_IDLE_SECONDS=3 for this bus; the default is 60.
    const PrivateSystemBus::Run run =
        callAsNobody(kHelperPath, QStringLiteral("org.freedesktop.DBus.Peer.Ping"), {});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QVERIFY(m_bus.helperPid() > 0);
    QTest::qWait(1000);
    QVERIFY(m_bus.helperPid() > 0);
    QTRY_COMPARE_WITH_TIMEOUT(m_bus.helperPid(), qint64(0), 5000);
}

TRIMSCOPE_TEST_GUILESS_MAIN(tst_HelperService)
#include "tst_helperservice.moc"
