// The udisks2 tier end to end, against the distribution's real daemons: a private system bus,
// real polkitd with rules we write, real udisksd seeing the machine's block devices through udev,
// and the GUI's UdisksBackend / UdisksJobRunner running as nobody (tests/udisks/udisksprobe,
// under setpriv) on an emulated drive whose TRIM latency we chose. What nobody is told, and what
// reached the drive (the FUSE daemon's counters, /sys/block/loopN/stat), are checked here as root.
#include "backends/errorwords.h"
#include "clirun.h"
#include "device/admission.h"
#include "device/deviceprobe.h"
#include "device/safetypolicy.h"
#include "emulateddrive.h"
#include "mountedloops.h"
#include "privatesystembus.h"
#include "privileged.h"
#include "rawdiscardloop.h"
#include "testmain.h"
#include "udisksdaemon.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QVersionNumber>
#include <algorithm>
#include <cerrno>
#include <fcntl.h>
#include <unistd.h>

using namespace trimscope;
using namespace trimscope::test;

namespace {

constexpr quint64 MiB = 1 << 20;
constexpr quint64 kDriveBytes = 256 * MiB;
// 2 ms per command and 1 ms per MiB: 2.06 ms for 64 KiB, 6 ms for 4 MiB.
const EmulatedDrive::Model kModel{2000, 1000, 0, 0};
const QString kOpenDevice = QStringLiteral("org.freedesktop.udisks2.open-device");
const QString kOpenDeviceSystem = QStringLiteral("org.freedesktop.udisks2.open-device-system");
const QString kNotAuthorizedNoAgent =
    QStringLiteral("io.github.trimscope.Error.NotAuthorizedNoAgent");
const QString kNotAuthorizedByPolicy =
    QStringLiteral("io.github.trimscope.Error.NotAuthorizedByPolicy");
const QString kDeviceInUse = QStringLiteral("io.github.trimscope.Error.DeviceInUse");

QString binaryPath(const QString &relative)
{
    return QStringLiteral(TRIMSCOPE_BINARY_DIR "/") + relative;
}

// Field 12 of /sys/block/NAME/stat: discard requests that reached the device.
quint64 kernelDiscards(const QString &device)
{
    QFile stat(QStringLiteral("/sys/block/%1/stat").arg(device.section(QLatin1Char('/'), -1)));
    if (!stat.open(QIODevice::ReadOnly))
        return 0;
    const QList<QByteArray> fields = stat.readAll().simplified().split(' ');
    return fields.size() > 11 ? fields.at(11).toULongLong() : 0;
}

QJsonObject readJson(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(file.readAll()).object()
                                          : QJsonObject();
}

double median(QList<double> values)
{
    std::sort(values.begin(), values.end());
    const qsizetype n = values.size();
    return n == 0 ? 0 : (n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2);
}

QString rulesFor(const QString &result)
{
    return QStringLiteral(R"(polkit.addRule(function(action, subject) {
    if ((action.id == "org.freedesktop.udisks2.open-device" ||
         action.id == "org.freedesktop.udisks2.open-device-system") && subject.user == "nobody")
        return polkit.Result.%1;
});
)")
        .arg(result);
}

} // namespace

class tst_UdisksBackend : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void init();

    void listsTheEmulatedDrive();
    void refusesLikeTheHelper_data();
    void refusesLikeTheHelper();
    void sweepFollowsTheModel();
    void cancelsCleanly();
    void deniedSaysSoAndDiscardsNothing_data();
    void deniedSaysSoAndDiscardsNothing();
    void cancelWhilePolkitIsAskedAgain();
    void cliFallsBackToUdisks();
    void healthSaysWhyNot();
    void flatpakGrantsSuffice();
    void screenshotsOfTheDriveList_data();
    void screenshotsOfTheDriveList();

private:
    bool allow() { return setRules(QStringLiteral("YES"), true); }
    QString m_rule; // what polkit answers nobody now
    bool setRules(const QString &result, bool expectAuthorized);
    bool setRules(const QString &javaScript, const QString &name, bool expectAuthorized);
    // `busAddress`: the system bus the probe sees (a Flatpak's filtering proxy); the bus itself
    // when empty.
    std::unique_ptr<QProcess> startProbe(const QStringList &arguments,
                                         const QString &busAddress = {});
    bool waitForLine(QProcess &process, const QString &prefix, QString *line, int timeoutMs);
    // Writes "cancel" to a sweeping probe and waits for its "completed" line (10 s at most):
    // milliseconds until then, -1 without one.
    qint64 cancelProbe(QProcess &probe, QString *completed);
    QStringList runProbe(const QStringList &arguments, int timeoutMs = 60000,
                         const QString &busAddress = {});
    // xdg-dbus-proxy run as nobody (as a Flatpak runs it for the app) in front of the bus,
    // letting through calls to `talkNames` only; its socket's address, empty on failure.
    QString startSandboxProxy(QProcess &proxy, const QStringList &talkNames, const QString &name)
    {
        return m_bus.startFilteringProxy(proxy, talkNames, m_work->filePath(name));
    }

    EmulatedDrive m_drive;
    PrivateSystemBus m_bus;
    UdisksDaemon m_udisks;
    std::unique_ptr<QTemporaryDir> m_work;
    MountedLoops m_loops;                     // a loop device mounted, and one whose partition is
    QStringList m_lines;                      // what waitForLine read, for failure messages
    QString m_language = QStringLiteral("C"); // the probe's LANGUAGE
};

void tst_UdisksBackend::initTestCase()
{
    if (const QString reason = PrivateSystemBus::unavailableReason(); !reason.isEmpty())
        TRIMSCOPE_SKIP_OR_FAIL(reason);
    if (const QString reason = UdisksDaemon::unavailableReason(); !reason.isEmpty())
        TRIMSCOPE_SKIP_OR_FAIL(reason);
    TRIMSCOPE_REQUIRE_EMULATED_DRIVE();
    m_work = std::make_unique<QTemporaryDir>(QStringLiteral("/tmp/trimscope-udisks-test-XXXXXX"));
    QVERIFY(m_work->isValid());
    QFile::setPermissions(m_work->path(), QFileDevice::Permissions(0x7777)); // nobody writes
    QVERIFY2(m_drive.start(kDriveBytes, kModel), qPrintable(m_drive.errorString()));
    QVERIFY2(m_loops.start(m_work->path()), qPrintable(m_loops.errorString()));
    // Nothing of ours on the bus: no helper, only the distribution's udisks2 and polkit.
    QVERIFY2(m_bus.start({}), qPrintable(m_bus.errorString()));
    QVERIFY2(m_udisks.start(m_bus.address(), m_bus.rootConnection()),
             qPrintable(m_udisks.errorString()));
    qInfo("udisksd %s; systemd-udevd %s", qPrintable(m_udisks.version()),
          m_udisks.startedUdevd() ? "started by this test" : "already running");
    for (const QString &device :
         {m_drive.devicePath(), m_loops.mountedLoop(), m_loops.partitionedLoop()})
        QVERIFY2(m_udisks.waitForBlock(device),
                 qPrintable(QStringLiteral("udisks2 does not list %1").arg(device)));
    QVERIFY2(allow(), qPrintable(m_bus.errorString()));
}

void tst_UdisksBackend::cleanupTestCase()
{
    if (QTest::currentTestFailed() || !m_lines.isEmpty())
        qInfo("last probe lines:\n%s", qPrintable(m_lines.mid(m_lines.size() - 10).join('\n')));
    m_udisks.stop();
    m_bus.stop();
    m_loops.stop();
    m_drive.stop();
    m_work.reset();
}

// Every test starts with nobody allowed to open devices through udisks.
void tst_UdisksBackend::init()
{
    if (m_rule != QLatin1String("YES"))
        QVERIFY2(allow(), qPrintable(m_bus.errorString()));
}

bool tst_UdisksBackend::setRules(const QString &result, bool expectAuthorized)
{
    return setRules(result.isEmpty() ? QStringLiteral("// no rule\n") : rulesFor(result), result,
                    expectAuthorized);
}

bool tst_UdisksBackend::setRules(const QString &javaScript, const QString &name,
                                 bool expectAuthorized)
{
    m_rule = QStringLiteral("?");
    if (!m_bus.setRules(javaScript, kOpenDeviceSystem, expectAuthorized))
        return false;
    m_rule = name;
    return true;
}

std::unique_ptr<QProcess> tst_UdisksBackend::startProbe(const QStringList &arguments,
                                                        const QString &busAddress)
{
    m_lines.clear();
    auto process = std::make_unique<QProcess>();
    process->setProcessChannelMode(QProcess::SeparateChannels);
    m_bus.prepareAsNobody(*process, binaryPath(QStringLiteral("tests/udisks/udisksprobe")),
                          arguments);
    QProcessEnvironment environment = process->processEnvironment();
    environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    environment.insert(QStringLiteral("LANG"), QStringLiteral("C.UTF-8"));
    environment.insert(QStringLiteral("LANGUAGE"), m_language);
    if (!busAddress.isEmpty())
        environment.insert(QStringLiteral("DBUS_SYSTEM_BUS_ADDRESS"), busAddress);
    process->setProcessEnvironment(environment);
    process->start();
    return process;
}

bool tst_UdisksBackend::waitForLine(QProcess &process, const QString &prefix, QString *line,
                                    int timeoutMs)
{
    const QDeadlineTimer deadline(timeoutMs);
    while (!deadline.hasExpired()) {
        while (process.canReadLine()) {
            const QString text = QString::fromUtf8(process.readLine()).trimmed();
            m_lines << text;
            if (text.startsWith(prefix)) {
                if (line)
                    *line = text;
                return true;
            }
        }
        if (process.state() == QProcess::NotRunning && !process.canReadLine())
            return false;
        process.waitForReadyRead(50);
    }
    return false;
}

qint64 tst_UdisksBackend::cancelProbe(QProcess &probe, QString *completed)
{
    QElapsedTimer latency;
    latency.start();
    probe.write("cancel\n");
    return waitForLine(probe, QStringLiteral("completed "), completed, 10000) ? latency.elapsed()
                                                                              : -1;
}

QStringList tst_UdisksBackend::runProbe(const QStringList &arguments, int timeoutMs,
                                        const QString &busAddress)
{
    auto process = startProbe(arguments, busAddress);
    if (!process->waitForFinished(timeoutMs)) {
        process->kill();
        process->waitForFinished();
    }
    const QStringList lines = QString::fromUtf8(process->readAllStandardOutput())
                                  .split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    m_lines = lines;
    const QByteArray err = process->readAllStandardError();
    if (!err.trimmed().isEmpty())
        m_lines << QStringLiteral("stderr: ") + QString::fromUtf8(err);
    return lines;
}

void tst_UdisksBackend::listsTheEmulatedDrive()
{
    const QStringList lines = runProbe({QStringLiteral("list")});
    QVERIFY2(lines.value(0).startsWith(QStringLiteral("status 1 ")),
             qPrintable(m_lines.join('\n')));
    // The emulated drive: discard, nothing in the way.
    const QString drive = QStringLiteral("drive %1 discard=1 reasons=- ").arg(m_drive.devicePath());
    QVERIFY2(std::any_of(lines.cbegin(), lines.cend(),
                         [&](const QString &l) { return l.trimmed() == drive.trimmed(); }),
             qPrintable(m_lines.join('\n')));
    // What this backend can do here: benchmarks (polkit says yes for nobody), and NVMe health
    // only where udisks has NVMe.Controller (2.10).
    QVERIFY2(lines.contains(QStringLiteral("can TRIM benchmark and background-TRIM probe | ")),
             qPrintable(m_lines.join('\n')));
    const bool nvmeInterface =
        QVersionNumber::fromString(m_udisks.version()) >= QVersionNumber(2, 10);
    const QString nvme = QStringLiteral("health of NVMe drives");
    QVERIFY2(std::any_of(lines.cbegin(), lines.cend(),
                         [&](const QString &l) {
                             return nvmeInterface
                                        ? l.startsWith(QStringLiteral("can ") + nvme)
                                        : l == QStringLiteral("cannot %1 | needs udisks 2.10 or "
                                                              "newer; this system has %2 | update "
                                                              "udisks2, or install the TrimScope "
                                                              "helper")
                                                   .arg(nvme, m_udisks.version());
                         }),
             qPrintable(m_lines.join('\n')));
    QVERIFY2(lines.contains(QStringLiteral(
                 "cannot file-system experiments and write tests | they need the device node "
                 "itself, which udisks2 does not lend | install the TrimScope helper")),
             qPrintable(m_lines.join('\n')));
}

void tst_UdisksBackend::refusesLikeTheHelper_data()
{
    QTest::addColumn<QString>("which");
    QTest::addColumn<QString>("reason");
    QTest::newRow("mounted loop device") << "mounted"
                                         << "mounted";
    QTest::newRow("disk with a mounted partition") << "parted"
                                                   << "partition-mounted";
    QTest::newRow("the disk that holds /") << "root"
                                           << "holds-root";
}

// Refused by the policy the helper applies (core/device), by the same named error and words, and
// before udisks or polkit are asked: with the action denied, it is still "in use", not "not
// authorized". Nothing reaches the device.
void tst_UdisksBackend::refusesLikeTheHelper()
{
    QFETCH(QString, which);
    QFETCH(QString, reason);
    QString device;
    if (which == QLatin1String("mounted")) {
        device = m_loops.mountedLoop();
    } else if (which == QLatin1String("parted")) {
        device = m_loops.partitionedLoop();
    } else {
        for (const BlockDevice &disk : DeviceProbe().listDisks()) {
            if (disk.holdsRoot)
                device = disk.path;
        }
        if (device.isEmpty())
            QSKIP("no whole disk holds / here (an overlay or network root)");
    }
    // What the helper answers: the same gate, asked as root here.
    const Expected<BlockDevice> helperView = examineForWriting(device, {});
    QVERIFY(!helperView.hasValue());
    const Error expected = helperView.error();
    QCOMPARE(dbusErrorName(expected.code), kDeviceInUse);

    QVERIFY2(setRules(QStringLiteral("NO"), false), qPrintable(m_bus.errorString()));
    const QStringList listed = runProbe({QStringLiteral("list")});
    const auto entry = std::find_if(listed.cbegin(), listed.cend(), [&](const QString &line) {
        return line.startsWith(QStringLiteral("drive %1 ").arg(device));
    });
    // udisks lists the loop devices; the root disk only where udev has processed it.
    const bool viaBackend = entry != listed.cend();
    if (viaBackend) {
        const QString reasons = entry->section(QLatin1Char(' '), 3, 3);
        QVERIFY2(reasons.section(QLatin1Char('='), 1).split(QLatin1Char(',')).contains(reason),
                 qPrintable(*entry));
        QVERIFY2(entry->endsWith(expected.message),
                 qPrintable(*entry + QStringLiteral(" vs ") + expected.message));
    } else {
        QVERIFY2(which == QLatin1String("root"), qPrintable(m_lines.join('\n')));
        qInfo("udisks2 does not list %s here; asked through the runner alone, as the CLI does",
              qPrintable(device));
    }
    const quint64 before = kernelDiscards(device);
    QStringList arguments{QStringLiteral("sweep"), device,
                          QStringLiteral("--min"), QStringLiteral("4096"),
                          QStringLiteral("--max"), QStringLiteral("65536")};
    if (!viaBackend)
        arguments << QStringLiteral("--by-path");
    const QStringList lines = runProbe(arguments);
    const QString completed = lines.isEmpty() ? QString() : lines.constLast();
    QCOMPARE(completed.section(QLatin1Char(' '), 0, 2),
             QStringLiteral("completed 0 ") + kDeviceInUse);
    QCOMPARE(completed.section(QLatin1Char(' '), 3), gui::errorInWords(expected));
    // Not a word about udisks or polkit: nothing was asked.
    QVERIFY2(!lines.join('\n').contains(QStringLiteral("Asking udisks2 to open")),
             qPrintable(lines.join('\n')));
    if (which != QLatin1String("root")) // / is mounted with -o discard: it discards on its own
        QCOMPARE(kernelDiscards(device), before);
}

void tst_UdisksBackend::sweepFollowsTheModel()
{
    const QString json = m_work->path() + QStringLiteral("/sweep.json");
    const quint64 callsBefore = m_drive.stats().value(QStringLiteral("discard_calls"));
    const quint64 kernelBefore = kernelDiscards(m_drive.devicePath());
    auto probe = startProbe({QStringLiteral("sweep"), m_drive.devicePath(), QStringLiteral("--min"),
                             QString::number(64 * 1024), QStringLiteral("--max"),
                             QString::number(4 * MiB), QStringLiteral("--repeat"),
                             QStringLiteral("7"), QStringLiteral("--json"), json});
    // While it runs, the drive is ours alone: udisks opened it O_EXCL for us.
    QVERIFY2(waitForLine(*probe, QStringLiteral("sample "), nullptr, 60000),
             qPrintable(m_lines.join('\n')));
    const int exclusive =
        ::open(QFile::encodeName(m_drive.devicePath()).constData(), O_RDWR | O_EXCL | O_CLOEXEC);
    const int openError = errno;
    if (exclusive >= 0)
        ::close(exclusive);
    QVERIFY2(exclusive < 0 && openError == EBUSY, "the drive was not held exclusively");
    QString line;
    QVERIFY2(waitForLine(*probe, QStringLiteral("completed "), &line, 120000),
             qPrintable(m_lines.join('\n')));
    QCOMPARE(line, QStringLiteral("completed 1 -"));
    QVERIFY(probe->waitForFinished(10000));
    QCOMPARE(probe->exitCode(), 0);

    const QJsonObject result = readJson(json);
    QCOMPARE(result.value(QStringLiteral("complete")).toBool(), true);
    const QJsonArray points = result.value(QStringLiteral("points")).toArray();
    QCOMPARE(points.size(), 7); // 4M .. 64K
    quint64 samples = 0;
    for (const QJsonValue &point : points)
        samples += quint64(point.toObject().value(QStringLiteral("samples_s")).toArray().size());
    QCOMPARE(samples, quint64(49));
    // Every discard the file names (the samples, then the empty-space check's) reached the
    // drive once, and nothing else did.
    const SweepDiscards sent = sweepDiscards(result);
    QCOMPARE(sent.count - sent.checkCount, samples);
    QCOMPARE(m_drive.stats().value(QStringLiteral("discard_calls")) - callsBefore, sent.count);
    QCOMPARE(kernelDiscards(m_drive.devicePath()) - kernelBefore, sent.count);

    // The reference: the same ranges, in the same order, through a bare ioctl loop (as root).
    QList<DiscardRange> ranges;
    for (const QJsonValue &value : result.value(QStringLiteral("trace")).toArray()) {
        const QJsonObject sample = value.toObject();
        ranges.append({quint64(sample.value(QStringLiteral("offset")).toDouble()),
                       quint64(sample.value(QStringLiteral("bytes")).toDouble())});
    }
    QCOMPARE(quint64(ranges.size()), samples);
    QString rawError;
    const QList<double> rawSeconds =
        timeRawDiscards(m_drive.devicePath(), ranges, &rawError, true); // written, as the sweep's
    QVERIFY2(!rawSeconds.isEmpty(), qPrintable(rawError));
    const QMap<quint64, QList<double>> raw = samplesBySize(ranges, rawSeconds);
    for (const QJsonValue &value : points) {
        const QJsonObject point = value.toObject();
        const auto size = quint64(point.value(QStringLiteral("bytes")).toDouble());
        const double model = m_drive.modelSeconds(size);
        QList<double> ours;
        for (const QJsonValue &sample : point.value(QStringLiteral("samples_s")).toArray())
            ours.append(sample.toDouble());
        qInfo("%8llu bytes: median %.3f ms through udisks, %.3f ms raw ioctl, model %.3f ms",
              static_cast<unsigned long long>(size), median(ours) * 1e3,
              median(raw.value(size)) * 1e3, model * 1e3);
        const QString outside = checkSweepTiming(ours, model, raw.value(size));
        QVERIFY2(outside.isEmpty(),
                 qPrintable(QStringLiteral("%1 bytes: %2").arg(size).arg(outside)));
    }
}

void tst_UdisksBackend::cancelsCleanly()
{
    // 20 ms per discard, far more of them than the test waits for.
    QVERIFY(m_drive.setModel({20000, 0, 0, 0}));
    const quint64 callsBefore = m_drive.stats().value(QStringLiteral("discard_calls"));
    auto probe =
        startProbe({QStringLiteral("sweep"), m_drive.devicePath(), QStringLiteral("--min"),
                    QStringLiteral("65536"), QStringLiteral("--max"), QStringLiteral("65536"),
                    QStringLiteral("--repeat"), QStringLiteral("500")});
    for (int i = 0; i < 5; ++i)
        QVERIFY2(waitForLine(*probe, QStringLiteral("sample "), nullptr, 30000),
                 qPrintable(m_lines.join('\n')));
    QString line;
    const qint64 cancelMs = cancelProbe(*probe, &line);
    QVERIFY2(cancelMs >= 0, qPrintable(m_lines.join('\n')));
    QCOMPARE(line.section(QLatin1Char(' '), 0, 2),
             QStringLiteral("completed 0 io.github.trimscope.Error.Cancelled"));
    QVERIFY(probe->waitForFinished(10000));
    const quint64 calls = m_drive.stats().value(QStringLiteral("discard_calls"));
    QTest::qWait(300);
    QCOMPARE(m_drive.stats().value(QStringLiteral("discard_calls")), calls); // nothing after
    qInfo("cancel answered after %lld ms (one discard costs 20 ms); %llu discards ran", cancelMs,
          static_cast<unsigned long long>(calls - callsBefore));
    // Honoured between two ioctls: one discard in flight at most, plus the way back.
    QVERIFY2(cancelMs < 500, qPrintable(QString::number(cancelMs)));
    QVERIFY(calls - callsBefore < 100);
    // The fd went with the job: the drive is free again.
    const int exclusive =
        ::open(QFile::encodeName(m_drive.devicePath()).constData(), O_RDWR | O_EXCL | O_CLOEXEC);
    QVERIFY(exclusive >= 0);
    ::close(exclusive);
    QVERIFY(m_drive.setModel(kModel));
}

// What the window says (errorInWords, as the probe prints it) begins with the refusal's own
// headline: without an authentication agent (no rule, so polkit wants a password and udisks2
// answers NotAuthorizedCanObtain: the Flatpak's path) it began "the administrator password was
// not given or was wrong" and said nothing of what to do (issue 47, item 18).
void tst_UdisksBackend::deniedSaysSoAndDiscardsNothing_data()
{
    QTest::addColumn<QString>("rule");
    QTest::addColumn<QString>("error");
    QTest::addColumn<QString>("headline");
    QTest::addColumn<QString>("words");
    QTest::addColumn<QString>("capability");
    // A rule's NO is the policy's: udisks2's plain NotAuthorized, told from a password that was
    // not accepted by what polkit answers without a prompt. It began "the administrator password
    // was not given or was wrong" too.
    QTest::newRow("a rule says no")
        << "NO" << kNotAuthorizedByPolicy
        << "Not authorized: this computer's polkit policy, set by its administrator, forbids this "
           "to your user, and no password can change that. Ask the administrator to allow it "
           "with a polkit rule, or run trimscope-cli as root."
        << "(polkit denies org.freedesktop.udisks2.open-device-system to this user, so udisks2 "
           "did not open %1. An administrator can allow it with a polkit rule, or install the "
           "TrimScope helper.)"
        << "cannot TRIM benchmark and background-TRIM probe | denied by polkit: "
           "org.freedesktop.udisks2.open-device-system | an administrator can allow it with a "
           "polkit rule, or install the TrimScope helper";
    QTest::newRow("a password, and no agent to ask it")
        << "" << kNotAuthorizedNoAgent
        << "Not authorized: polkit wants an administrator password, and no authentication agent "
           "is running to ask you for it. Start TrimScope from a desktop session (its agent "
           "shows the password dialog), or run "
        << "(udisks2 did not open %1: polkit wants an administrator password for "
           "org.freedesktop.udisks2.open-device-system, and no authentication agent answered.)"
        << "can TRIM benchmark and background-TRIM probe | udisks2 asks for an administrator "
           "password first";
}

void tst_UdisksBackend::deniedSaysSoAndDiscardsNothing()
{
    QFETCH(QString, rule);
    QFETCH(QString, error);
    QFETCH(QString, headline);
    QFETCH(QString, words);
    QFETCH(QString, capability);
    QVERIFY2(setRules(rule, false), qPrintable(m_bus.errorString()));
    const QStringList listed = runProbe({QStringLiteral("list")});
    QVERIFY2(listed.contains(capability), qPrintable(m_lines.join('\n')));

    const quint64 calls = m_drive.stats().value(QStringLiteral("discard_calls"));
    const quint64 kernel = kernelDiscards(m_drive.devicePath());
    const QStringList lines =
        runProbe({QStringLiteral("sweep"), m_drive.devicePath(), QStringLiteral("--min"),
                  QStringLiteral("4096"), QStringLiteral("--max"), QStringLiteral("65536")});
    const QString completed = lines.isEmpty() ? QString() : lines.constLast();
    QCOMPARE(completed.section(QLatin1Char(' '), 0, 2), QStringLiteral("completed 0 ") + error);
    const QString said = completed.section(QLatin1Char(' '), 3);
    QVERIFY2(said.startsWith(headline), qPrintable(said));
    QVERIFY2(said.endsWith(words.arg(m_drive.devicePath())), qPrintable(said));
    QTest::qWait(200);
    QCOMPARE(m_drive.stats().value(QStringLiteral("discard_calls")), calls);
    QCOMPARE(kernelDiscards(m_drive.devicePath()), kernel);
}

// udisks2's plain NotAuthorized sends the runner to polkit again (without a prompt: would a
// password do?). That question was a blocking call on the window's thread, inside OpenDevice's
// reply handler: a cancel while polkit answered waited for it (2 s at most) and the job ended
// NotAuthorized. Here polkit takes 3 s over that second question (udisks2's own check, which
// names the device, is answered at once); the cancel sent meanwhile ends the job Cancelled, at
// once.
void tst_UdisksBackend::cancelWhilePolkitIsAskedAgain()
{
    const QString asked = m_work->filePath(QStringLiteral("asked-again"));
    QFile::remove(asked);
    const QString rules = QStringLiteral(R"(polkit.addRule(function(action, subject) {
    if ((action.id == "org.freedesktop.udisks2.open-device" ||
         action.id == "org.freedesktop.udisks2.open-device-system") && subject.user == "nobody") {
        if (!action.lookup("device"))
            polkit.spawn(["/bin/sh", "-c", "touch '%1'; sleep 3"]);
        return polkit.Result.NO;
    }
});
)")
                              .arg(asked);
    // The probe's check for the rule has no device either: it waits 3 s once.
    QVERIFY2(setRules(rules, QStringLiteral("NO, slow second answer"), false),
             qPrintable(m_bus.errorString()));
    QFile::remove(asked);
    const quint64 calls = m_drive.stats().value(QStringLiteral("discard_calls"));
    auto probe = startProbe({QStringLiteral("sweep"), m_drive.devicePath(), QStringLiteral("--min"),
                             QStringLiteral("65536"), QStringLiteral("--max"),
                             QStringLiteral("65536"), QStringLiteral("--by-path")});
    QVERIFY2(QTest::qWaitFor([&] { return QFileInfo::exists(asked); }, 20000),
             "polkit was not asked again");
    QString line;
    const qint64 cancelMs = cancelProbe(*probe, &line);
    QVERIFY2(cancelMs >= 0, qPrintable(m_lines.join('\n')));
    qInfo("cancel answered after %lld ms while polkit took 3 s over its second answer", cancelMs);
    QCOMPARE(line.section(QLatin1Char(' '), 0, 2),
             QStringLiteral("completed 0 io.github.trimscope.Error.Cancelled"));
    // Before polkit's answer (3 s), and before the old 2 s timeout of the blocking question.
    QVERIFY2(cancelMs < 2000, qPrintable(QString::number(cancelMs)));
    QVERIFY(probe->waitForFinished(10000));
    QCOMPARE(m_drive.stats().value(QStringLiteral("discard_calls")), calls);
}

// trimscope-cli as a user without the helper: the same runner, through udisks.
void tst_UdisksBackend::cliFallsBackToUdisks()
{
    const QString json = m_work->path() + QStringLiteral("/cli.json");
    const quint64 calls = m_drive.stats().value(QStringLiteral("discard_calls"));
    const PrivateSystemBus::Run run = m_bus.runAsNobody(
        cliPath(), {QStringLiteral("sweep"), m_drive.devicePath(), QStringLiteral("--destroy-data"),
                    QStringLiteral("--min"), QStringLiteral("64K"), QStringLiteral("--max"),
                    QStringLiteral("256K"), QStringLiteral("--repeat"), QStringLiteral("3"),
                    QStringLiteral("--json"), json});
    QVERIFY2(run.exitCode == 0, (run.out + run.err).constData());
    // 3 sizes x 3 samples, then the empty-space check's 3 pairs: a TRIM of empty space at each of
    // 64K, 128K and 256K, at the first two after a TRIM of the region written again.
    QCOMPARE(m_drive.stats().value(QStringLiteral("discard_calls")) - calls, quint64(9 + 9 + 6));
    QCOMPARE(readJson(json).value(QStringLiteral("complete")).toBool(), true);

    // No rule and no authentication agent: the CLI says what to do, as with the helper.
    QVERIFY2(setRules(QString(), false), qPrintable(m_bus.errorString()));
    const PrivateSystemBus::Run noAgent = m_bus.runAsNobody(
        cliPath(), {QStringLiteral("sweep"), m_drive.devicePath(), QStringLiteral("--destroy-data"),
                    QStringLiteral("--min"), QStringLiteral("64K"), QStringLiteral("--max"),
                    QStringLiteral("256K")});
    QVERIFY(noAgent.exitCode != 0);
    QVERIFY2(noAgent.err.contains("no authentication agent asked for the password: run this with "
                                  "sudo"),
             (noAgent.out + noAgent.err).constData());
    QVERIFY2(setRules(QStringLiteral("NO"), false), qPrintable(m_bus.errorString()));
    const PrivateSystemBus::Run denied = m_bus.runAsNobody(
        cliPath(), {QStringLiteral("sweep"), m_drive.devicePath(), QStringLiteral("--destroy-data"),
                    QStringLiteral("--min"), QStringLiteral("64K"), QStringLiteral("--max"),
                    QStringLiteral("256K")});
    QVERIFY(denied.exitCode != 0);
    QVERIFY2(denied.err.contains("polkit denies org.freedesktop.udisks2.open-device-system"),
             (denied.out + denied.err).constData());
    // No password helps against the policy: the CLI says who can (it said nothing more).
    QVERIFY2(denied.err.contains("no password can change that: ask the administrator to allow it "
                                 "with a polkit rule, or run this as root"),
             (denied.out + denied.err).constData());
    QCOMPARE(m_drive.stats().value(QStringLiteral("discard_calls")) - calls, quint64(9 + 9 + 6));
}

void tst_UdisksBackend::healthSaysWhyNot()
{
    const QStringList lines = runProbe({QStringLiteral("health"), m_drive.devicePath()});
    QCOMPARE(lines.value(0),
             QStringLiteral("health-error io.github.trimscope.Error.Unsupported Not supported "
                            "for this drive. %1 has no SMART data: udisks2 knows no drive behind "
                            "it (a loop device or a virtual disk).")
                 .arg(m_drive.devicePath()));
    // The CLI as a user without the helper knows from sysfs that a loop device has no health,
    // before it asks udisks2 or anyone for a password (issue 46).
    const PrivateSystemBus::Run cli =
        m_bus.runAsNobody(cliPath(), {QStringLiteral("health"), m_drive.devicePath()});
    QVERIFY2(cli.exitCode != 0, (cli.out + cli.err).constData());
    QVERIFY2(cli.err.contains(QStringLiteral("%1 is a loop device: a stand-in for a file has no "
                                             "SMART or NVMe health")
                                  .arg(m_drive.devicePath())
                                  .toUtf8()),
             (cli.out + cli.err).constData());
    // A loop device has no SMART data. ATA health through a live udisksd, on a drive udisks
    // knows, is read in tst_realkernel's QEMU guest (ataHealthThroughUdisks); udisks' replies,
    // recorded there, are parsed in tst_udisksreply.
}

// The Flatpak's finish-args grant exactly what this tier needs: through xdg-dbus-proxy letting
// through only the manifest's --system-talk-name list (as the sandbox's bus does), the backend
// lists the same drives and says the same about what it can do as on the open bus, and a sweep
// gets its fd from udisks and discards. Without the PolicyKit1 grant it could not say what
// polkit will answer (the control run below), so that grant is needed, not a spare.
void tst_UdisksBackend::flatpakGrantsSuffice()
{
    if (QStandardPaths::findExecutable(QStringLiteral("xdg-dbus-proxy")).isEmpty())
        TRIMSCOPE_SKIP_OR_FAIL(QStringLiteral("xdg-dbus-proxy (the Flatpak's bus filter) is not "
                                              "installed"));
    const QStringList talkNames = PrivateSystemBus::flatpakSystemTalkNames();
    qInfo("the manifest's system bus grants: %s", qPrintable(talkNames.join(QLatin1Char(' '))));
    QVERIFY(talkNames.contains(QStringLiteral("org.freedesktop.UDisks2")));

    // Denied: the backend says so through the sandbox's bus just as on the open one.
    for (const QString &rule : {QStringLiteral("NO"), QStringLiteral("YES")}) {
        QVERIFY2(setRules(rule, rule == QLatin1String("YES")), qPrintable(m_bus.errorString()));
        QStringList open = runProbe({QStringLiteral("list")});
        QProcess proxy;
        const QString address = startSandboxProxy(proxy, talkNames, QStringLiteral("sandbox"));
        QVERIFY2(!address.isEmpty(), "xdg-dbus-proxy did not start");
        QStringList sandboxed = runProbe({QStringLiteral("list")}, 60000, address);
        proxy.terminate();
        proxy.waitForFinished(5000);
        // Other loop devices may come and go between the two listings on a shared machine:
        // compare the capabilities and this test's own devices.
        const auto ours = [this](QStringList lines) {
            lines.removeIf([this](const QString &line) {
                if (line.startsWith(QLatin1String("can ")) ||
                    line.startsWith(QLatin1String("cannot ")))
                    return false;
                for (const QString &device :
                     {m_drive.devicePath(), m_loops.mountedLoop(), m_loops.partitionedLoop()}) {
                    if (line.startsWith(QStringLiteral("drive %1 ").arg(device)))
                        return false;
                }
                return true;
            });
            lines.sort();
            return lines;
        };
        open = ours(open);
        sandboxed = ours(sandboxed);
        QCOMPARE(open.size(), 7); // 4 capabilities, 3 drives
        QVERIFY2(sandboxed == open, qPrintable(QStringLiteral("open bus:\n%1\nsandbox:\n%2")
                                                   .arg(open.join(QLatin1Char('\n')),
                                                        sandboxed.join(QLatin1Char('\n')))));
        QVERIFY2(open.contains(rule == QLatin1String("NO")
                                   ? QStringLiteral("cannot TRIM benchmark and background-TRIM "
                                                    "probe | denied by polkit: "
                                                    "org.freedesktop.udisks2.open-device-system "
                                                    "| an administrator can allow it with a "
                                                    "polkit rule, or install the TrimScope "
                                                    "helper")
                                   : QStringLiteral("can TRIM benchmark and background-TRIM "
                                                    "probe | ")),
                 qPrintable(open.join(QLatin1Char('\n'))));
    }

    // A sweep through the sandbox's bus: the fd passes the proxy, the discards reach the drive.
    QProcess proxy;
    const QString address = startSandboxProxy(proxy, talkNames, QStringLiteral("sandbox"));
    QVERIFY2(!address.isEmpty(), "xdg-dbus-proxy did not start");
    const quint64 calls = m_drive.stats().value(QStringLiteral("discard_calls"));
    const quint64 kernel = kernelDiscards(m_drive.devicePath());
    const QStringList lines =
        runProbe({QStringLiteral("sweep"), m_drive.devicePath(), QStringLiteral("--min"),
                  QStringLiteral("65536"), QStringLiteral("--max"), QStringLiteral("262144"),
                  QStringLiteral("--repeat"), QStringLiteral("3")},
                 60000, address);
    QCOMPARE(lines.value(lines.size() - 1).trimmed(), QStringLiteral("completed 1 -"));
    // 3 sizes x 3 samples, then the empty-space check's 3 pairs: a TRIM of empty space at each of
    // 64K, 128K and 256K, at the first two after a TRIM of the region written again.
    QCOMPARE(m_drive.stats().value(QStringLiteral("discard_calls")) - calls, quint64(9 + 9 + 6));
    QCOMPARE(kernelDiscards(m_drive.devicePath()) - kernel, quint64(9 + 9 + 6));
    proxy.terminate();
    proxy.waitForFinished(5000);

    // Control: without the PolicyKit1 grant the backend cannot tell what polkit will answer.
    if (talkNames.contains(QStringLiteral("org.freedesktop.PolicyKit1"))) {
        QStringList withoutPolkit = talkNames;
        withoutPolkit.removeAll(QStringLiteral("org.freedesktop.PolicyKit1"));
        QProcess narrow;
        const QString narrowAddress =
            startSandboxProxy(narrow, withoutPolkit, QStringLiteral("narrow"));
        QVERIFY2(!narrowAddress.isEmpty(), "xdg-dbus-proxy did not start");
        const QStringList listed = runProbe({QStringLiteral("list")}, 60000, narrowAddress);
        narrow.terminate();
        narrow.waitForFinished(5000);
        QVERIFY2(listed.contains(QStringLiteral("can TRIM benchmark and background-TRIM probe | "
                                                "udisks2 asks polkit first")),
                 qPrintable(listed.join(QLatin1Char('\n'))));
    }
}

void tst_UdisksBackend::screenshotsOfTheDriveList_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("rule");
    QTest::addColumn<QString>("row");
    // What the row adds where udisks is 2.10 or newer: its NVMe.Controller reads NVMe health.
    QTest::addColumn<QString>("nvmeRow");
    // The group's one line (its tooltip holds each why and remedy): the part this row adds.
    QTest::newRow("English, allowed")
        << "C"
        << "YES"
        << "Can: TRIM benchmark and background-TRIM probe; health of ATA drives"
        << "; health of NVMe drives";
    QTest::newRow("English, denied") << "C"
                                     << "NO"
                                     << "Cannot: TRIM benchmark and background-TRIM probe"
                                     << "";
    QTest::newRow("German, allowed")
        << "de"
        << "YES"
        << "Kann: TRIM-Benchmark und Hintergrund-TRIM-Test; Zustand von ATA-Laufwerken"
        << "; Zustand von NVMe-Laufwerken";
}

// The app's own main window, as nobody, with udisks2 and polkit answering on the bus: the drive
// list says per backend what it can do here and, for what it cannot, why not and the remedy.
// The PNGs land in the build tree for a person to look at.
void tst_UdisksBackend::screenshotsOfTheDriveList()
{
    QFETCH(QString, language);
    QFETCH(QString, rule);
    QFETCH(QString, row);
    QFETCH(QString, nvmeRow);
    if (QVersionNumber::fromString(m_udisks.version()) >= QVersionNumber(2, 10))
        row += nvmeRow;
    QVERIFY2(setRules(rule, rule == QLatin1String("YES")), qPrintable(m_bus.errorString()));
    const QString name = QStringLiteral("udisks-%1-%2")
                             .arg(language == QLatin1String("C") ? QStringLiteral("en") : language,
                                  rule == QLatin1String("YES") ? QStringLiteral("allowed")
                                                               : QStringLiteral("denied"));
    m_language = language;
    const QStringList lines =
        runProbe({QStringLiteral("screenshot"), m_work->path() + QLatin1Char('/') + name});
    m_language = QStringLiteral("C");
    QVERIFY2(lines.contains(QStringLiteral("saved %1/%2").arg(m_work->path(), name)),
             qPrintable(m_lines.join('\n')));
    const QString out = QStringLiteral(TRIMSCOPE_BINARY_DIR "/tests/udisks/screenshots");
    QVERIFY(QDir().mkpath(out));
    for (const QString &part : {QStringLiteral("window"), QStringLiteral("drivelist")}) {
        const QString file = QStringLiteral("%1-%2.png").arg(name, part);
        QFile::remove(out + QLatin1Char('/') + file);
        QVERIFY(
            QFile::copy(m_work->path() + QLatin1Char('/') + file, out + QLatin1Char('/') + file));
    }
    QFile rows(out + QLatin1Char('/') + name + QStringLiteral("-rows.txt"));
    QVERIFY(rows.open(QIODevice::WriteOnly | QIODevice::Truncate));
    rows.write(lines.join(QLatin1Char('\n')).toUtf8() + '\n');
    rows.close();
    QVERIFY2(std::any_of(lines.cbegin(), lines.cend(),
                         [&](const QString &l) {
                             return l.startsWith(QStringLiteral("row ")) && l.contains(row);
                         }),
             qPrintable(rows.fileName()));
    // The emulated drive is listed under the udisks backend.
    QVERIFY2(std::any_of(lines.cbegin(), lines.cend(),
                         [&](const QString &l) {
                             return l.startsWith(QStringLiteral("row ")) &&
                                    l.contains(m_drive.devicePath().section(QLatin1Char('/'), -1));
                         }),
             qPrintable(rows.fileName()));
    qInfo("saved %s/%s-{window,drivelist}.png", qPrintable(out), qPrintable(name));
}

TRIMSCOPE_TEST_GUILESS_MAIN(tst_UdisksBackend)
#include "tst_udisksbackend.moc"
