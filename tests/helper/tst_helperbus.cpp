// The helper's bus machinery without root, polkit or a device: the service library on a private
// session bus (dbus-daemon --session), authorization answered by a test double, and jobs that are
// a simulated sweep or scripted bodies. What it proves: every method asks first and a "no" starts
// nothing; a job's samples and result reach its owner; progress is throttled but every phase
// arrives; only the owner may cancel; an owner leaving the bus cancels its job; one job per
// device. The root tests (tst_helperservice, tst_helperjobs) prove the same against polkitd and
// loop devices.
#include "../support/qtry.h"
#include "authorizer.h"
#include "device/deviceprobe.h"
#include "devicemap.h"
#include "helperclient.h"
#include "helperprotocol.h"
#include "helperservice.h"
#include "jobs/preparejob.h"
#include "report/resultfile.h"
#include "sampleplans.h"
#include "testmain.h"

#include <QDBusConnectionInterface>
#include <QDBusMessage>
#include <QDBusPendingCallWatcher>
#include <QDBusPendingReply>
#include <QDBusUnixFileDescriptor>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <atomic>
#include <fcntl.h>
#include <optional>
#include <thread>
#include <unistd.h>

using namespace trimscope;
using namespace trimscope::helper;

Q_DECLARE_METATYPE(trimscope::DeviceIdentity)
Q_DECLARE_METATYPE(trimscope::health::DriveHealth)

namespace {

// The one outcome a client's `completed` carries.
JobOutcome outcomeOf(const QSignalSpy &completed)
{
    return completed.at(0).at(0).value<JobOutcome>();
}

// A fixed answer in polkit's place, recording what was asked. Hold keeps every question open
// until release() answers them all "yes", as an admin who takes their time would.
class FixedAuthorizer final : public Authorizer
{
public:
    enum class Answer { Allow, Deny, Dismiss, Hold };
    using Authorizer::Authorizer;

    Answer answer = Answer::Allow;
    QStringList asked;
    QList<QMap<QString, QString>> details;

    void release()
    {
        const auto held = std::exchange(m_held, {});
        for (const auto &answered : held)
            answered({});
    }

protected:
    void decide(const QDBusMessage &, const QString &actionId,
                const QMap<QString, QString> &promptDetails,
                std::function<void(const Decision &)> answered) override
    {
        asked.append(actionId);
        details.append(promptDetails);
        switch (answer) {
        case Answer::Allow:
            return answered({});
        case Answer::Deny:
            return answered({ErrorCode::NotAuthorized, QStringLiteral("not authorized (test)")});
        case Answer::Dismiss:
            return answered(
                {ErrorCode::NotAuthorizedDismissed, QStringLiteral("dismissed (test)")});
        case Answer::Hold:
            m_held.append(std::move(answered));
            return;
        }
    }

private:
    QList<std::function<void(const Decision &)>> m_held;
};

// Notes the name of every signal it is sent.
class Listener : public QObject
{
    Q_OBJECT
public:
    QStringList heard;
public slots:
    void hear(const QDBusMessage &message) { heard.append(message.member()); }
};

const QStringList kPhases = {QStringLiteral("ext4 discard mkfs"),
                             QStringLiteral("ext4 discard create"),
                             QStringLiteral("ext4 discard delete")};

// SetCryptDiscard's passphrase argument: the read end of a pipe holding `passphrase`, its write
// end closed; "@open": a pipe whose write end stays open; "@devnull": a character device.
QVariant passphraseArgument(const QByteArray &passphrase)
{
    if (passphrase == "@devnull") {
        const int fd = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
        const QDBusUnixFileDescriptor descriptor(fd);
        ::close(fd);
        return QVariant::fromValue(descriptor);
    }
    int ends[2];
    if (::pipe2(ends, O_CLOEXEC) != 0)
        return {};
    if (::write(ends[1], passphrase.constData(), size_t(passphrase.size())) != passphrase.size())
        return {};
    static QList<int> keptOpen; // until the test ends
    if (passphrase == "@open")
        keptOpen << ends[1];
    else
        ::close(ends[1]);
    const QDBusUnixFileDescriptor descriptor(ends[0]);
    ::close(ends[0]);
    return QVariant::fromValue(descriptor);
}

} // namespace

class TestHelperBus : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void init();
    void sweepReachesItsOwner();
    void everyKindCrossesTheBus_data();
    void everyKindCrossesTheBus();
    void everyResultCrossesTheBus_data();
    void everyResultCrossesTheBus();
    void anOlderSweepCallerIsServed_data();
    void anOlderSweepCallerIsServed();
    void progressIsThrottledButEveryPhaseArrives();
    void theFirstEstimateIsSentAtOnce();
    void onlyTheOwnerMayCancel();
    void ownerLeavingTheBusCancels();
    void oneJobPerDevice();
    void everyMethodAsksFirst_data();
    void everyMethodAsksFirst();
    void ownerCancelsWithoutAPrompt();
    void onlyTheOwnerHearsItsJob();
    void onlyTheOwnerReadsItsJob_data();
    void onlyTheOwnerReadsItsJob();
    void aPartitionOfABusyDiskIsBusy();
    void theJobRunsOnTheDeviceThePromptNamed();
    void openQuestionsPerCallerAreCapped();
    void oversizedArgumentsAreRefusedBeforeAsking_data();
    void oversizedArgumentsAreRefusedBeforeAsking();
    void openQuestionsKeepTheHelperFromIdling();
    void aChangedNodeIsRefusedAfterApproval_data();
    void aChangedNodeIsRefusedAfterApproval();
    void remountNamesTheMountAndChecksItAgain();
    void cryptRefreshNamesTheMappingAndChecksItAgain();
    void cryptRefreshRefusesBeforeAsking_data();
    void cryptRefreshRefusesBeforeAsking();
    void healthTravelsOnce_data();
    void healthTravelsOnce();

private:
    // "/dev/sim": a simulated sweep ("/dev/simtimed": in a tenth of real time). "/dev/phases": 3000
    // progress reports over three phases in about a second. "/dev/endless": runs until cancelled.
    // Anything else: NoSuchDevice.
    JobSetup setup();
    QDBusConnection connect(const QString &name);
    QDBusMessage call(QDBusConnection &bus, const QString &path, const QString &interface,
                      const QString &method, const QVariantList &arguments = {});

    QTemporaryDir m_dir;
    QProcess m_daemon;
    QString m_address;
    std::unique_ptr<FixedAuthorizer> m_authorizer;
    std::unique_ptr<HelperService> m_service;
    std::atomic<int> m_prepared{0};
    QString m_mounted =
        QStringLiteral("36 1 8:2 / /srv/data rw,relatime shared:1 - ext4 /dev/sdz2 rw\n");
    QStringList m_preparedOn;       // the IdentifiedDevice::path each prepare was given
    QList<JobPlan> m_preparedPlans; // and the plan
    // The active LUKS mappings by name ("sda3_crypt", opened with same_cpu_crypt), and what
    // each refresh was given.
    QMap<QString, apply::CryptMapping> m_cryptMappings{
        {QStringLiteral("sda3_crypt"),
         {QStringLiteral("sda3_crypt"), {QStringLiteral("same_cpu_crypt")}, false}}};
    QList<std::tuple<apply::CryptMapping, bool, QByteArray>> m_refreshed;
    QString m_linkTarget; // what "/dev/disk/by-id/link" identifies as, now
    std::atomic<bool> m_sawCancel{false};
    int m_connections = 0;
};

JobSetup TestHelperBus::setup()
{
    JobSetup setup;
    // "/dev/disk/by-id/link" is whatever m_linkTarget says at the moment of asking; "/dev/Xp1" is
    // a partition of "/dev/X".
    setup.identify = [this](const QString &path) -> Expected<IdentifiedDevice> {
        if (!path.startsWith(QLatin1String("/dev/")))
            return makeError(ErrorCode::InvalidArgument, QStringLiteral("not under /dev"));
        IdentifiedDevice device;
        device.path = path == QLatin1String("/dev/disk/by-id/link") ? m_linkTarget : path;
        device.wholeDisk = device.path.mid(5);
        if (device.wholeDisk.endsWith(QLatin1String("p1")))
            device.wholeDisk.chop(2);
        device.promptDetails = {{QStringLiteral("device"), device.path}};
        return device;
    };
    setup.prepare = [this](const JobPlan &plan,
                           const IdentifiedDevice &identified) -> Expected<JobBody> {
        ++m_prepared;
        m_preparedOn.append(identified.path);
        m_preparedPlans.append(plan);
        const QString device = identified.path.endsWith(QLatin1String("p1"))
                                   ? identified.path.chopped(2)
                                   : identified.path;
        if (device == QLatin1String("/dev/sim"))
            return prepareJob(plan, SimulatedTarget{QStringLiteral("ocz-agility3"), 0});
        // In a tenth of the model's time: each discard takes real time, as on a drive.
        if (device == QLatin1String("/dev/simtimed"))
            return prepareJob(plan, SimulatedTarget{QStringLiteral("ocz-agility3"), 0.1});
        if (device == QLatin1String("/dev/phases"))
            return JobBody([](const CancelToken &, const JobReporter &report) {
                for (int i = 0; i < 3000; ++i) {
                    report.progress({i / 3000.0, 1, i / 1000, 3, kPhases.at(i / 1000), 0});
                    std::this_thread::sleep_for(std::chrono::microseconds(300));
                }
                return JobOutcome();
            });
        if (device == QLatin1String("/dev/endless"))
            return JobBody([this](const CancelToken &cancel, const JobReporter &report) {
                for (int i = 0; !cancel.isCancelled() && i < 6000; ++i) {
                    report.progress({0, -1, 0, 1, QStringLiteral("waiting"), 0});
                    std::this_thread::sleep_for(std::chrono::milliseconds(5));
                }
                m_sawCancel = cancel.isCancelled();
                return JobOutcome{StopReason::Cancelled, {}, {}};
            });
        return makeError(ErrorCode::NoSuchDevice, QStringLiteral("no such test device"));
    };
    // One ext4 filesystem at /srv/data (m_mounted), a remount only counts.
    setup.mountinfo = [this] { return m_mounted; };
    setup.remount = [this](const apply::RemountTarget &, bool) {
        ++m_prepared;
        return Error();
    };
    setup.cryptMapping = [this](const QString &name) -> Expected<apply::CryptMapping> {
        if (!m_cryptMappings.contains(name))
            return makeError(ErrorCode::NoSuchDevice, QStringLiteral("no such mapping"));
        return m_cryptMappings.value(name);
    };
    // Runs on a pool thread; the test reads it after the reply.
    setup.refreshCrypt = [this](const apply::CryptMapping &mapping, bool allow,
                                const QByteArray &passphrase) {
        ++m_prepared;
        m_refreshed.append({mapping, allow, QByteArray(passphrase.constData(), passphrase.size())});
        if (passphrase == "slow")
            std::this_thread::sleep_for(std::chrono::milliseconds(500));
        return passphrase == "right"
                   ? Error()
                   : makeError(ErrorCode::WrongPassphrase, QStringLiteral("no key slot takes it"));
    };
    return setup;
}

void TestHelperBus::initTestCase()
{
    const QString daemon = QStandardPaths::findExecutable(QStringLiteral("dbus-daemon"));
    if (daemon.isEmpty())
        QFAIL("dbus-daemon is not installed (package dbus)");
    // A session bus of our own on a socket in our directory; --print-address says when it is up.
    m_daemon.start(daemon, {QStringLiteral("--session"), QStringLiteral("--nofork"),
                            QStringLiteral("--print-address=1"), QStringLiteral("--nopidfile"),
                            QStringLiteral("--address=unix:path=") + m_dir.filePath("bus")});
    QVERIFY(m_daemon.waitForStarted());
    QTRY_VERIFY_WITH_TIMEOUT(m_daemon.canReadLine(), 10000);
    m_address = QString::fromUtf8(m_daemon.readLine()).trimmed();
    QVERIFY(!m_address.isEmpty());

    QDBusConnection bus = connect(QStringLiteral("service"));
    QVERIFY2(bus.isConnected(), qPrintable(bus.lastError().message()));
    m_authorizer = std::make_unique<FixedAuthorizer>(bus);
    m_service = std::make_unique<HelperService>(bus, *m_authorizer, 3600, setup());
    QString error;
    QVERIFY2(m_service->exportOnBus(&error), qPrintable(error));
}

void TestHelperBus::cleanupTestCase()
{
    m_service.reset();
    m_authorizer.reset();
    m_daemon.terminate();
    m_daemon.waitForFinished(5000);
}

void TestHelperBus::init()
{
    m_authorizer->answer = FixedAuthorizer::Answer::Allow;
    m_authorizer->release();
    m_authorizer->asked.clear();
    m_authorizer->details.clear();
    m_prepared = 0;
    m_preparedOn.clear();
    m_refreshed.clear();
    m_sawCancel = false;
}

QDBusConnection TestHelperBus::connect(const QString &name)
{
    return QDBusConnection::connectToBus(m_address, name);
}

QDBusMessage TestHelperBus::call(QDBusConnection &bus, const QString &path,
                                 const QString &interface, const QString &method,
                                 const QVariantList &arguments)
{
    QDBusMessage message =
        QDBusMessage::createMethodCall(QString::fromLatin1(kServiceName), path, interface, method);
    message.setArguments(arguments);
    // The service answers from this thread's event loop: wait for the reply asynchronously.
    QDBusPendingCallWatcher watcher(bus.asyncCall(message));
    QSignalSpy finished(&watcher, &QDBusPendingCallWatcher::finished);
    if (!watcher.isFinished())
        finished.wait(10000);
    return watcher.reply();
}

void TestHelperBus::sweepReachesItsOwner()
{
    QDBusConnection bus = connect(QStringLiteral("owner%1").arg(++m_connections));
    // Beside the client, on its own connection: every Job1 signal the owner is sent, the names
    // the helper once repeated itself in too (Sample, CompletedWithReason).
    Listener raw;
    for (const char *signal : {"Samples", "Sample", "Progress", "CompletedWithReason", "Completed"})
        QVERIFY(bus.connect(QString(), QString(), QString::fromLatin1(kJobInterface),
                            QString::fromLatin1(signal), &raw, SLOT(hear(QDBusMessage))));
    HelperClient client(bus);
    QVERIFY(client.isHelperAvailable());
    QList<Sample> samples;
    bool inOrder = true;
    QObject::connect(&client, &HelperClient::samplesReceived, this,
                     [&](uint first, const QList<Sample> &batch) {
                         inOrder = inOrder && first == uint(samples.size());
                         samples.append(batch);
                     });
    QSignalSpy completed(&client, &HelperClient::completed);
    SweepPlan plan;
    plan.maxBytes = 1 << 20;
    plan.repeats = 3;
    client.startJob(QStringLiteral("/dev/sim"), plan);
    QVERIFY(completed.wait(20000));
    const JobOutcome outcome = outcomeOf(completed);
    QCOMPARE(outcome.stopReason, StopReason::Completed);
    QCOMPARE(m_authorizer->asked, QStringList{QString::fromLatin1(kActionBenchmark)});
    // The result arrives typed: the client read it once.
    QVERIFY(outcome.result);
    const auto *result = std::get_if<SweepResult>(&*outcome.result);
    QVERIFY(result);
    QVERIFY(result->drive.simulated);
    // Every sample once, in measurement order.
    QVERIFY(inOrder);
    QCOMPARE(samples.size(), result->samples.size());
    for (qsizetype i = 0; i < samples.size(); ++i)
        QCOMPARE(samples.at(i).seconds, result->samples.at(i).seconds);
    // The bus said each thing once: samples in batches only, the end in one Completed.
    QTest::qWait(100);
    QCOMPARE(raw.heard.count(QStringLiteral("Completed")), 1);
    QVERIFY(raw.heard.contains(QStringLiteral("Samples")));
    QVERIFY2(!raw.heard.contains(QStringLiteral("Sample")) &&
                 !raw.heard.contains(QStringLiteral("CompletedWithReason")),
             qPrintable(raw.heard.join(u',')));
}

void TestHelperBus::everyKindCrossesTheBus_data()
{
    test::addSamplePlanRows();
}

// Every kind's plan, as a client sends it (HelperClient::startJob: the plan's options, marshalled
// as a{sv}), reaches the helper's prepare as the same plan.
void TestHelperBus::everyKindCrossesTheBus()
{
    QFETCH(QString, kind);
    QFETCH(QString, sample);
    const JobPlan plan = test::samplePlan(sample);
    HelperClient client(connect(QStringLiteral("owner%1").arg(++m_connections)));
    QSignalSpy completed(&client, &HelperClient::completed);
    m_preparedPlans.clear();
    client.startJob(QStringLiteral("/dev/nothing"), plan); // prepared, then refused
    QVERIFY(completed.wait(10000));
    QCOMPARE(m_preparedPlans.size(), 1);
    QCOMPARE(jobKind(m_preparedPlans.at(0)), kind);
    QCOMPARE(test::planJson(m_preparedPlans.at(0)), test::planJson(plan));
}

void TestHelperBus::everyResultCrossesTheBus_data()
{
    QTest::addColumn<QString>("kind");
    for (const QString &kind : jobKinds()) {
        withJobKind(test::samplePlan(kind), [&](const auto &descriptor, const auto &) {
            if (descriptor.runsSimulated)
                QTest::newRow(qPrintable(kind)) << kind;
        });
    }
}

// Every kind a simulated drive runs, run by the helper from the plan a client sent: its result
// crosses the bus (Completed's result file, read once by the client) holding that plan. The
// diagnosis too: its phases are the other kinds, but its own plan (budget, filesystems) travels
// only here.
void TestHelperBus::everyResultCrossesTheBus()
{
    QFETCH(QString, kind);
    const JobPlan plan = test::samplePlan(kind);
    HelperClient client(connect(QStringLiteral("owner%1").arg(++m_connections)));
    QSignalSpy completed(&client, &HelperClient::completed);
    client.startJob(QStringLiteral("/dev/sim"), plan);
    QVERIFY(completed.wait(60000));
    const JobOutcome outcome = outcomeOf(completed);
    QVERIFY2(outcome.stopReason == StopReason::Completed, qPrintable(outcome.error.message));
    QVERIFY(outcome.result);
    std::visit(
        [&](const auto &sent) {
            using Result = JobResultType<std::decay_t<decltype(sent)>>;
            const Result *result = std::get_if<Result>(&*outcome.result);
            QVERIFY(result);
            // The sweep's and the stall test's as they resolved them on the drive: the sweep's
            // request among it, the stall test's regions of size 0 ("the default") placed. The
            // diagnosis records its plan as sent: it plans its phases from the budget and the
            // filesystems (which a simulated drive skips) but keeps the plan itself unchanged.
            QJsonObject recorded = test::recordedPlan(*result);
            QJsonObject expected = sent.toJson();
            if constexpr (std::is_same_v<Result, SweepResult>)
                recorded = SweepPlan::fromJson(recorded).toJson();
            if constexpr (std::is_same_v<Result, stall::StallResult>)
                expected = stall::resolveStallPlan(sent, result->drive.sizeBytes).toJson();
            QCOMPARE(recorded, expected);
        },
        plan);
}

void TestHelperBus::anOlderSweepCallerIsServed_data()
{
    QTest::addColumn<QVariantMap>("options");
    QTest::addColumn<QJsonObject>("expected");
    // As Helper1.xml documented StartSweep's options before they were the plan's file form,
    // and as gdbus types them: sizes and the seed t, repeats i, the budget d.
    SweepPlan plan;
    plan.maxBytes = 1 << 20;
    plan.repeats = 3;
    plan.order = SweepOrder::Descending;
    plan.prewrite = false;
    plan.seed = 42;
    plan.timeBudgetSeconds = 30;
    QTest::newRow("the documented form")
        << QVariantMap{{QStringLiteral("max_bytes"), QVariant::fromValue(qulonglong(1) << 20)},
                       {QStringLiteral("repeats"), 3},
                       {QStringLiteral("order"), QStringLiteral("descending")},
                       {QStringLiteral("prewrite"), false},
                       {QStringLiteral("seed"), QVariant::fromValue(qulonglong(42))},
                       {QStringLiteral("time_budget_s"), 30.0}}
        << plan.toJson();
    SweepPlan seeded;
    seeded.seed = ~quint64(0); // not a double's: every bit must arrive
    QTest::newRow("seed 2^64 - 1 as t")
        << QVariantMap{{QStringLiteral("seed"), QVariant::fromValue(~qulonglong(0))}}
        << seeded.toJson();
    SweepPlan adaptive;
    adaptive.adaptive = true;
    QTest::newRow("adaptive alone")
        << QVariantMap{{QStringLiteral("adaptive"), true}} << adaptive.toJson();
}

// A caller from before the sweep's options became its plan's file form (StartSweep with the
// seed as t) still gets the plan it asked for.
void TestHelperBus::anOlderSweepCallerIsServed()
{
    QFETCH(QVariantMap, options);
    QFETCH(QJsonObject, expected);
    QDBusConnection bus = connect(QStringLiteral("older%1").arg(++m_connections));
    m_preparedPlans.clear();
    // Prepared, then refused: "/dev/nothing" names no device.
    call(bus, QString::fromLatin1(kHelperPath), QString::fromLatin1(kHelperInterface),
         QStringLiteral("StartSweep"), {QStringLiteral("/dev/nothing"), options});
    QCOMPARE(m_preparedPlans.size(), 1);
    QCOMPARE(std::get<SweepPlan>(m_preparedPlans.at(0)).toJson(), expected);
}

void TestHelperBus::progressIsThrottledButEveryPhaseArrives()
{
    HelperClient client(connect(QStringLiteral("owner%1").arg(++m_connections)));
    QList<JobProgress> reports;
    QObject::connect(&client, &HelperClient::jobProgressReceived, this,
                     [&](const JobProgress &progress) { reports.append(progress); });
    QSignalSpy completed(&client, &HelperClient::completed);
    QElapsedTimer clock;
    clock.start();
    client.startJob(QStringLiteral("/dev/phases"), fsbench::FsBenchPlan());
    QVERIFY(completed.wait(20000));
    const double seconds = double(clock.elapsed()) / 1000.0;
    QStringList phases;
    for (const JobProgress &report : std::as_const(reports))
        if (!phases.contains(report.phase))
            phases.append(report.phase);
    QCOMPARE(phases, kPhases);
    // At most four a second, plus one at each change of phase: not the 3000 the body made.
    const auto bound = qsizetype(4 * seconds) + 1 + kPhases.size();
    QVERIFY2(reports.size() <= bound, qPrintable(QStringLiteral("%1 reports in %2 s (bound %3)")
                                                     .arg(reports.size())
                                                     .arg(seconds)
                                                     .arg(bound)));
}

// Issue 47, item 11: the sweep's first estimate of what is left (after one sample of its largest
// and one of its smallest size) came within 250 ms of the job's start, and the helper's throttle
// dropped it: the window showed no time left until a later report, or none at all. The whole
// simulated sweep here takes under 250 ms (a tenth of its model's time): before, the first
// report with an estimate the client heard was the last (fraction 1).
void TestHelperBus::theFirstEstimateIsSentAtOnce()
{
    QElapsedTimer clock;
    clock.start();
    HelperClient client(connect(QStringLiteral("owner%1").arg(++m_connections)));
    QList<JobProgress> reports;
    QObject::connect(&client, &HelperClient::jobProgressReceived, this,
                     [&](const JobProgress &progress) { reports.append(progress); });
    QSignalSpy completed(&client, &HelperClient::completed);
    SweepPlan plan;
    plan.maxBytes = 1 << 20;
    plan.repeats = 5;
    client.startJob(QStringLiteral("/dev/simtimed"), plan);
    QVERIFY(completed.wait(20000));
    QCOMPARE(outcomeOf(completed).stopReason, StopReason::Completed);
    qInfo("the sweep took %lld ms, %lld reports", qint64(clock.elapsed()), qint64(reports.size()));
    const auto first = std::find_if(reports.cbegin(), reports.cend(),
                                    [](const JobProgress &p) { return p.etaSeconds >= 0; });
    QVERIFY2(first != reports.cend(), "no estimate reached the client");
    // The estimate the runner made at its second sample, or (the runner's reports of one phase
    // are merged while the helper's thread is busy) one a few samples after: never the end's.
    QVERIFY2(first->fraction < 1 && first->done <= first->planned / 4,
             qPrintable(QStringLiteral("first estimate heard after %1 of %2 discards (fraction %3)")
                            .arg(first->done)
                            .arg(first->planned)
                            .arg(first->fraction)));
}

void TestHelperBus::onlyTheOwnerMayCancel()
{
    HelperClient owner(connect(QStringLiteral("owner%1").arg(++m_connections)));
    QSignalSpy started(&owner, &HelperClient::started);
    QSignalSpy completed(&owner, &HelperClient::completed);
    owner.startJob(QStringLiteral("/dev/endless"), fsbench::FsBenchPlan());
    QVERIFY(started.wait(10000));
    const QString job = started.at(0).at(0).toString();

    QDBusConnection other = connect(QStringLiteral("other%1").arg(++m_connections));
    const QDBusMessage refused =
        call(other, job, QString::fromLatin1(kJobInterface), QStringLiteral("Cancel"));
    QCOMPARE(refused.type(), QDBusMessage::ErrorMessage);
    QCOMPARE(refused.errorName(), dbusErrorName(ErrorCode::NotAuthorized));
    QVERIFY(!completed.wait(300)); // still running
    QVERIFY(!m_sawCancel);

    owner.cancel();
    QVERIFY(completed.wait(10000));
    QCOMPARE(outcomeOf(completed).stopReason, StopReason::Cancelled);
    QCOMPARE(outcomeOf(completed).error.code, ErrorCode::Cancelled);
    QVERIFY(m_sawCancel);
    // Cancelling again: the job is already stopping (or gone).
    const QDBusMessage again =
        call(other, job, QString::fromLatin1(kJobInterface), QStringLiteral("Cancel"));
    QCOMPARE(again.type(), QDBusMessage::ErrorMessage);
}

void TestHelperBus::ownerLeavingTheBusCancels()
{
    const QString name = QStringLiteral("leaving%1").arg(++m_connections);
    {
        HelperClient owner(connect(name));
        QSignalSpy started(&owner, &HelperClient::started);
        owner.startJob(QStringLiteral("/dev/endless"), fsbench::FsBenchPlan());
        QVERIFY(started.wait(10000));
    }
    QVERIFY(!m_sawCancel);
    QElapsedTimer clock;
    clock.start();
    QDBusConnection::disconnectFromBus(name);
    QTRY_VERIFY_WITH_TIMEOUT(m_sawCancel, 5000);
    qInfo("cancelled %lld ms after its owner left", qint64(clock.elapsed()));
}

void TestHelperBus::oneJobPerDevice()
{
    HelperClient first(connect(QStringLiteral("owner%1").arg(++m_connections)));
    QSignalSpy started(&first, &HelperClient::started);
    QSignalSpy firstDone(&first, &HelperClient::completed);
    first.startJob(QStringLiteral("/dev/endless"), fsbench::FsBenchPlan());
    QVERIFY(started.wait(10000));
    HelperClient second(connect(QStringLiteral("owner%1").arg(++m_connections)));
    QSignalSpy refused(&second, &HelperClient::completed);
    second.startJob(QStringLiteral("/dev/endless"), fsbench::FsBenchPlan());
    QVERIFY(refused.wait(10000));
    QCOMPARE(outcomeOf(refused).error.code, ErrorCode::DeviceBusy);
    QCOMPARE(m_prepared.load(), 1);
    first.cancel();
    QVERIFY(firstDone.wait(10000));
}

void TestHelperBus::everyMethodAsksFirst_data()
{
    QTest::addColumn<QString>("method");
    QTest::addColumn<QVariantList>("arguments");
    QTest::addColumn<int>("answer");
    QTest::addColumn<QString>("action");
    const QVariantList job{QStringLiteral("sweep"), QStringLiteral("/dev/sim"), QVariantMap()};
    const auto benchmark = QString::fromLatin1(kActionBenchmark);
    for (const auto &[answer, name] : {std::pair{FixedAuthorizer::Answer::Deny, "denied"},
                                       std::pair{FixedAuthorizer::Answer::Dismiss, "dismissed"}}) {
        QTest::addRow("StartJob %s", name) << "StartJob" << job << int(answer) << benchmark;
        // A timed fstrim destroys nothing: its own question, asked every time all the same.
        QTest::addRow("StartJob fstrim-timing %s", name)
            << "StartJob"
            << QVariantList{QStringLiteral("fstrim-timing"), QStringLiteral("/dev/sim"),
                            QVariantMap{{QStringLiteral("filesystem_major"), 8},
                                        {QStringLiteral("filesystem_minor"), 2}}}
            << int(answer) << QString::fromLatin1(kActionFstrimTiming);
        QTest::addRow("StartSweep %s", name)
            << "StartSweep" << QVariantList{QStringLiteral("/dev/sim"), QVariantMap()}
            << int(answer) << benchmark;
        QTest::addRow("ReadHealth %s", name)
            << "ReadHealth" << QVariantList{QStringLiteral("/dev/sim")} << int(answer)
            << QString::fromLatin1(kActionReadHealth);
        QTest::addRow("ListDevices %s", name)
            << "ListDevices" << QVariantList{} << int(answer) << QString::fromLatin1(kActionList);
        QTest::addRow("SetMountDiscard %s", name)
            << "SetMountDiscard" << QVariantList{QStringLiteral("/srv/data"), true, QVariantMap()}
            << int(answer) << QString::fromLatin1(kActionApplyNow);
        QTest::addRow("SetCryptDiscard %s", name)
            << "SetCryptDiscard"
            << QVariantList{QStringLiteral("sda3_crypt"), true, passphraseArgument("right"),
                            QVariantMap()}
            << int(answer) << QString::fromLatin1(kActionApplyNow);
    }
}

void TestHelperBus::everyMethodAsksFirst()
{
    QFETCH(QString, method);
    QFETCH(QVariantList, arguments);
    QFETCH(int, answer);
    QFETCH(QString, action);
    m_authorizer->answer = FixedAuthorizer::Answer(answer);
    QDBusConnection bus = connect(QStringLiteral("caller%1").arg(++m_connections));
    const QDBusMessage reply = call(bus, QString::fromLatin1(kHelperPath),
                                    QString::fromLatin1(kHelperInterface), method, arguments);
    QCOMPARE(reply.type(), QDBusMessage::ErrorMessage);
    QCOMPARE(reply.errorName(),
             dbusErrorName(FixedAuthorizer::Answer(answer) == FixedAuthorizer::Answer::Deny
                               ? ErrorCode::NotAuthorized
                               : ErrorCode::NotAuthorizedDismissed));
    QCOMPARE(m_authorizer->asked, QStringList{action});
    QCOMPARE(m_prepared.load(), 0);
    // The timed fstrim's prompt names the filesystem where a person knows it: its mount point.
    if (action == QLatin1String(kActionFstrimTiming))
        QCOMPARE(m_authorizer->details.last().value(QStringLiteral("mount_point")),
                 QStringLiteral("/srv/data"));
}

// Samples and the result (the drive's serial, what was measured) reach the owner only: a
// bystander listening to every job signal on the bus hears nothing.
void TestHelperBus::onlyTheOwnerHearsItsJob()
{
    QDBusConnection bystander = connect(QStringLiteral("bystander%1").arg(++m_connections));
    Listener listener;
    for (const char *signal : {"Samples", "Progress", "Completed"}) {
        QVERIFY(bystander.connect(QString(), QString(), QString::fromLatin1(kJobInterface),
                                  QString::fromLatin1(signal), &listener,
                                  SLOT(hear(QDBusMessage))));
    }
    HelperClient owner(connect(QStringLiteral("owner%1").arg(++m_connections)));
    int samples = 0;
    QObject::connect(&owner, &HelperClient::samplesReceived, this, [&] { ++samples; });
    QSignalSpy completed(&owner, &HelperClient::completed);
    SweepPlan plan;
    plan.maxBytes = 1 << 20;
    plan.repeats = 2;
    owner.startJob(QStringLiteral("/dev/sim"), plan);
    QVERIFY(completed.wait(20000));
    QCOMPARE(outcomeOf(completed).stopReason, StopReason::Completed);
    QVERIFY(samples > 0);
    QTest::qWait(200); // anything broadcast would have arrived by now
    QVERIFY2(listener.heard.isEmpty(), qPrintable(listener.heard.join(u',')));
}

void TestHelperBus::onlyTheOwnerReadsItsJob_data()
{
    QTest::addColumn<QString>("method");
    QTest::addColumn<QString>("property");
    for (const char *property :
         {"Kind", "Device", "Progress", "Phase", "ExpectedEndTime", "Cancelable", "StartedByUid"})
        QTest::newRow(property) << QStringLiteral("Get") << QString::fromLatin1(property);
    QTest::newRow("GetAll") << QStringLiteral("GetAll") << QString();
}

// A job's properties name the device and how far the work is: the owner reads them, a bystander
// gets NotAuthorized and no value.
void TestHelperBus::onlyTheOwnerReadsItsJob()
{
    QFETCH(QString, method);
    QFETCH(QString, property);
    QDBusConnection ownerBus = connect(QStringLiteral("owner%1").arg(++m_connections));
    HelperClient owner(ownerBus);
    QSignalSpy started(&owner, &HelperClient::started);
    QSignalSpy completed(&owner, &HelperClient::completed);
    owner.startJob(QStringLiteral("/dev/endless"), fsbench::FsBenchPlan());
    QVERIFY(started.wait(10000));
    const QString job = started.at(0).at(0).toString();
    // Whatever fails below, the device is free for the next row.
    const auto stop = qScopeGuard([&] {
        owner.cancel();
        completed.wait(10000);
    });

    const QString properties = QStringLiteral("org.freedesktop.DBus.Properties");
    QVariantList arguments{QString::fromLatin1(kJobInterface)};
    if (!property.isEmpty())
        arguments.append(property);
    const QDBusMessage ownersView = call(ownerBus, job, properties, method, arguments);
    QCOMPARE(ownersView.type(), QDBusMessage::ReplyMessage);
    if (property == QLatin1String("Device"))
        QCOMPARE(ownersView.arguments().at(0).value<QDBusVariant>().variant().toString(),
                 QStringLiteral("/dev/endless"));

    QDBusConnection bystander = connect(QStringLiteral("bystander%1").arg(++m_connections));
    const QDBusMessage refused = call(bystander, job, properties, method, arguments);
    QCOMPARE(refused.type(), QDBusMessage::ErrorMessage);
    QCOMPARE(refused.errorName(), dbusErrorName(ErrorCode::NotAuthorized));
    QVERIFY(refused.arguments().size() == 1); // the message only, no value
}

// The owner stops its own job even when everything else is denied to it: Cancel asks no prompt.
void TestHelperBus::ownerCancelsWithoutAPrompt()
{
    HelperClient owner(connect(QStringLiteral("owner%1").arg(++m_connections)));
    QSignalSpy started(&owner, &HelperClient::started);
    QSignalSpy completed(&owner, &HelperClient::completed);
    owner.startJob(QStringLiteral("/dev/endless"), fsbench::FsBenchPlan());
    QVERIFY(started.wait(10000));
    m_authorizer->answer = FixedAuthorizer::Answer::Deny;
    m_authorizer->asked.clear();
    owner.cancel();
    QVERIFY(completed.wait(10000));
    QCOMPARE(outcomeOf(completed).error.code, ErrorCode::Cancelled);
    QVERIFY(m_sawCancel);
    QVERIFY2(m_authorizer->asked.isEmpty(), qPrintable(m_authorizer->asked.join(u',')));
}

// DeviceBusy is decided per whole disk: a job on a partition waits for its disk's job.
void TestHelperBus::aPartitionOfABusyDiskIsBusy()
{
    HelperClient first(connect(QStringLiteral("owner%1").arg(++m_connections)));
    QSignalSpy started(&first, &HelperClient::started);
    QSignalSpy firstDone(&first, &HelperClient::completed);
    first.startJob(QStringLiteral("/dev/endless"), fsbench::FsBenchPlan());
    QVERIFY(started.wait(10000));
    HelperClient second(connect(QStringLiteral("owner%1").arg(++m_connections)));
    QSignalSpy refused(&second, &HelperClient::completed);
    second.startJob(QStringLiteral("/dev/endlessp1"), fsbench::FsBenchPlan());
    QVERIFY(refused.wait(10000));
    QCOMPARE(outcomeOf(refused).error.code, ErrorCode::DeviceBusy);
    QCOMPARE(m_prepared.load(), 1);
    first.cancel();
    QVERIFY(firstDone.wait(10000));
}

// A link repointed while the prompt was open: the job runs on the device the prompt named (or
// not at all), never on what the link names after the approval.
void TestHelperBus::theJobRunsOnTheDeviceThePromptNamed()
{
    m_linkTarget = QStringLiteral("/dev/sim");
    m_authorizer->answer = FixedAuthorizer::Answer::Hold;
    HelperClient client(connect(QStringLiteral("owner%1").arg(++m_connections)));
    QSignalSpy completed(&client, &HelperClient::completed);
    SweepPlan plan;
    plan.maxBytes = 1 << 20;
    plan.repeats = 1;
    client.startJob(QStringLiteral("/dev/disk/by-id/link"), plan);
    QTRY_COMPARE(m_authorizer->asked.size(), 1);
    QCOMPARE(m_authorizer->details.at(0).value(QStringLiteral("device")), u"/dev/sim");
    m_linkTarget = QStringLiteral("/dev/other-drive"); // repointed during the prompt
    m_authorizer->release();
    QVERIFY(completed.wait(20000));
    QCOMPARE(m_preparedOn, QStringList{QStringLiteral("/dev/sim")});
}

// Questions wait in root's memory until answered: a caller gets a few at a time, then "no"
// without anyone being asked; other callers are not affected.
void TestHelperBus::openQuestionsPerCallerAreCapped()
{
    m_authorizer->answer = FixedAuthorizer::Answer::Hold;
    QDBusConnection greedy = connect(QStringLiteral("greedy%1").arg(++m_connections));
    QList<QDBusPendingCall> calls;
    for (int i = 0; i < Authorizer::kMaxOpenPerCaller + 2; ++i) {
        QDBusMessage message = QDBusMessage::createMethodCall(
            QString::fromLatin1(kServiceName), QString::fromLatin1(kHelperPath),
            QString::fromLatin1(kHelperInterface), QStringLiteral("ListDevices"));
        calls.append(greedy.asyncCall(message));
    }
    QTRY_COMPARE(m_authorizer->asked.size(), Authorizer::kMaxOpenPerCaller);
    // The service answers from this thread's event loop: waiting here with waitForFinished()
    // would keep it from answering the calls it had not read yet (under load, until NoReply).
    for (int i = Authorizer::kMaxOpenPerCaller; i < calls.size(); ++i) {
        QTRY_VERIFY_WITH_TIMEOUT(calls.at(i).isFinished(), 20000);
        QCOMPARE(calls.at(i).reply().errorName(), dbusErrorName(ErrorCode::NotAuthorized));
    }
    QCOMPARE(m_authorizer->asked.size(), Authorizer::kMaxOpenPerCaller);
    QCOMPARE(m_authorizer->openQuestions(), Authorizer::kMaxOpenPerCaller);

    QDBusConnection modest = connect(QStringLiteral("modest%1").arg(++m_connections));
    QDBusMessage message = QDBusMessage::createMethodCall(
        QString::fromLatin1(kServiceName), QString::fromLatin1(kHelperPath),
        QString::fromLatin1(kHelperInterface), QStringLiteral("ListDevices"));
    QDBusPendingCall modestCall = modest.asyncCall(message);
    QTRY_COMPARE(m_authorizer->asked.size(), Authorizer::kMaxOpenPerCaller + 1);
    m_authorizer->release();
    QTRY_COMPARE(m_authorizer->openQuestions(), 0);
    QTRY_VERIFY_WITH_TIMEOUT(modestCall.isFinished(), 20000);
    QCOMPARE(modestCall.reply().type(), QDBusMessage::ReplyMessage);
}

void TestHelperBus::oversizedArgumentsAreRefusedBeforeAsking_data()
{
    QTest::addColumn<QString>("device");
    QTest::addColumn<QVariantMap>("options");
    const QString big(100 * 1024, QLatin1Char('x'));
    QTest::newRow("long device") << QStringLiteral("/dev/") + big << QVariantMap();
    QTest::newRow("big option value")
        << QStringLiteral("/dev/sim") << QVariantMap{{QStringLiteral("seed"), big}};
    QVariantMap many;
    for (int i = 0; i < 1000; ++i)
        many.insert(QStringLiteral("k%1").arg(i), i);
    QTest::newRow("many options") << QStringLiteral("/dev/sim") << many;
    QTest::newRow("big nested list")
        << QStringLiteral("/dev/sim")
        << QVariantMap{{QStringLiteral("filesystems"), QVariantList(20000, QVariant(big.left(8)))}};
}

void TestHelperBus::oversizedArgumentsAreRefusedBeforeAsking()
{
    QFETCH(QString, device);
    QFETCH(QVariantMap, options);
    QDBusConnection bus = connect(QStringLiteral("caller%1").arg(++m_connections));
    const QDBusMessage reply =
        call(bus, QString::fromLatin1(kHelperPath), QString::fromLatin1(kHelperInterface),
             QStringLiteral("StartJob"), {QStringLiteral("sweep"), device, options});
    QCOMPARE(reply.errorName(), dbusErrorName(ErrorCode::InvalidArgument));
    QVERIFY(m_authorizer->asked.isEmpty());
    QCOMPARE(m_prepared.load(), 0);
}

// An admin who takes longer than the idle time to answer still finds the helper there.
void TestHelperBus::openQuestionsKeepTheHelperFromIdling()
{
    QDBusConnection bus = connect(QStringLiteral("service"));
    m_service.reset();
    m_service = std::make_unique<HelperService>(bus, *m_authorizer, 1, setup());
    QString error;
    QVERIFY2(m_service->exportOnBus(&error), qPrintable(error));
    QSignalSpy idle(m_service.get(), &HelperService::idle);

    m_authorizer->answer = FixedAuthorizer::Answer::Hold;
    QDBusConnection caller = connect(QStringLiteral("slowadmin%1").arg(++m_connections));
    QDBusMessage message = QDBusMessage::createMethodCall(
        QString::fromLatin1(kServiceName), QString::fromLatin1(kHelperPath),
        QString::fromLatin1(kHelperInterface), QStringLiteral("ListDevices"));
    QDBusPendingCall pending = caller.asyncCall(message);
    QTRY_COMPARE(m_authorizer->asked.size(), 1);
    QVERIFY2(!idle.wait(2500), "idled out while a prompt was open");
    m_authorizer->release();
    QTRY_VERIFY_WITH_TIMEOUT(pending.isFinished(), 20000);
    QCOMPARE(pending.reply().type(), QDBusMessage::ReplyMessage);
    QVERIFY(idle.wait(3000)); // and idles once the answer is in

    m_service.reset();
    m_service = std::make_unique<HelperService>(bus, *m_authorizer, 3600, setup());
    QVERIFY2(m_service->exportOnBus(&error), qPrintable(error));
}

void TestHelperBus::aChangedNodeIsRefusedAfterApproval_data()
{
    // A block device node of this machine, only stat()ed and probed in sysfs (never opened). The
    // row "unchanged" needs a node whose medium stays the same between this function and the row:
    // a loop device (or nbd, ram, zram) can be re-attached meanwhile by another test running in
    // parallel (CI saw "disk sequence 8304, now 8306" on /dev/loop1), and a removable drive's
    // medium can be swapped. So prefer a fixed disk such as the machine's root disk, and take one
    // of those only when nothing else exists.
    QString path;
    DeviceIdentity identity;
    std::optional<BlockDevice> fallback;
    const auto mediumCanChange = [](const BlockDevice &device) {
        static const QStringList attachable{QStringLiteral("loop"), QStringLiteral("nbd"),
                                            QStringLiteral("ram"), QStringLiteral("zram")};
        return device.removable || device.noMedium ||
               std::any_of(attachable.begin(), attachable.end(),
                           [&](const QString &prefix) { return device.name.startsWith(prefix); });
    };
    for (const QString &entry :
         QDir(QStringLiteral("/sys/class/block")).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        const Expected<BlockDevice> device = DeviceProbe().probeName(entry);
        if (!device || !QFile::exists(device->path))
            continue;
        if (!mediumCanChange(*device)) {
            path = device->path;
            identity = identityOf(*device);
            break;
        }
        if (!fallback)
            fallback = *device;
    }
    if (path.isEmpty() && fallback) {
        path = fallback->path;
        identity = identityOf(*fallback);
    }
    qInfo("checking against %s", qPrintable(path));
    if (path.isEmpty())
        QSKIP("no block device node in /dev to stat");
    QTest::addColumn<QString>("path");
    QTest::addColumn<DeviceIdentity>("identity");
    QTest::addColumn<bool>("same");
    const auto changed = [&](auto change) {
        DeviceIdentity other = identity;
        change(other);
        return other;
    };
    QTest::newRow("unchanged") << path << identity << true;
    QTest::newRow("other minor") << path << changed([](auto &i) { ++i.minor; }) << false;
    QTest::newRow("other major") << path << changed([](auto &i) { ++i.major; }) << false;
    // The same number, another medium: a stick swapped, a loop device re-attached.
    if (identity.diskSeq != 0)
        QTest::newRow("other disk sequence")
            << path << changed([](auto &i) { ++i.diskSeq; }) << false;
    QTest::newRow("other size") << path << changed([](auto &i) { i.sizeBytes += 512; }) << false;
    QTest::newRow("other serial") << path << changed([](auto &i) { i.serial += QLatin1Char('x'); })
                                  << false;
    QTest::newRow("gone") << QStringLiteral("/dev/trimscope-no-such-node") << identity << false;
    QTest::newRow("not a block device") << QStringLiteral("/dev/null") << changed([](auto &i) {
        i.major = 1;
        i.minor = 3;
    }) << false;
}

void TestHelperBus::aChangedNodeIsRefusedAfterApproval()
{
    QFETCH(QString, path);
    QFETCH(DeviceIdentity, identity);
    QFETCH(bool, same);
    IdentifiedDevice device;
    device.path = path;
    device.identity = identity;
    const Error error = checkStillTheSameDevice(device);
    QVERIFY2(error.isError() != same, qPrintable(error.message));
    if (!same) {
        QCOMPARE(error.code, ErrorCode::NoSuchDevice);
        QVERIFY2(error.message.contains(path), qPrintable(error.message));
    }
}

// SetMountDiscard asks polkit with the mount point and the option, and remounts only the
// filesystem that is still there once the answer comes: another one mounted there meanwhile is
// refused by name, nothing remounted.
void TestHelperBus::remountNamesTheMountAndChecksItAgain()
{
    const QString mounted = m_mounted;
    m_authorizer->answer = FixedAuthorizer::Answer::Allow;
    QDBusConnection bus = connect(QStringLiteral("caller%1").arg(++m_connections));
    const QVariantList arguments{
        QStringLiteral("/srv/data"), false,
        QVariantMap{{QStringLiteral("device"), QStringLiteral("/dev/sdz2")}}};
    QDBusMessage reply =
        call(bus, QString::fromLatin1(kHelperPath), QString::fromLatin1(kHelperInterface),
             QStringLiteral("SetMountDiscard"), arguments);
    QVERIFY2(reply.type() == QDBusMessage::ReplyMessage, qPrintable(reply.errorMessage()));
    QCOMPARE(m_authorizer->asked, QStringList{QString::fromLatin1(kActionApplyNow)});
    QCOMPARE(m_authorizer->details.last().value(QStringLiteral("mount_point")),
             QStringLiteral("/srv/data"));
    QCOMPARE(m_authorizer->details.last().value(QStringLiteral("option")),
             QStringLiteral("nodiscard"));
    QCOMPARE(m_prepared.load(), 1);

    // Mounted over while the question is open.
    m_authorizer->answer = FixedAuthorizer::Answer::Hold;
    QDBusPendingCall pending =
        bus.asyncCall(QDBusMessage::createMethodCall(
                          QString::fromLatin1(kServiceName), QString::fromLatin1(kHelperPath),
                          QString::fromLatin1(kHelperInterface), QStringLiteral("SetMountDiscard"))
                      << arguments.at(0) << arguments.at(1) << arguments.at(2));
    QTRY_COMPARE(m_authorizer->asked.size(), 2);
    m_mounted += QStringLiteral("37 36 0:40 / /srv/data rw - tmpfs tmpfs rw\n");
    m_authorizer->release();
    QTRY_VERIFY_WITH_TIMEOUT(pending.isFinished(), 20000);
    m_mounted = mounted;
    QVERIFY(pending.isError());
    QCOMPARE(pending.error().name(), dbusErrorName(ErrorCode::NoSuchDevice));
    QCOMPARE(m_prepared.load(), 1);

    // A device other than the caller saw: refused before anyone is asked.
    m_authorizer->answer = FixedAuthorizer::Answer::Allow;
    reply = call(bus, QString::fromLatin1(kHelperPath), QString::fromLatin1(kHelperInterface),
                 QStringLiteral("SetMountDiscard"),
                 {QStringLiteral("/srv/data"), true,
                  QVariantMap{{QStringLiteral("device"), QStringLiteral("/dev/sdy1")}}});
    QCOMPARE(reply.errorName(), dbusErrorName(ErrorCode::NoSuchDevice));
    QCOMPARE(m_authorizer->asked.size(), 2);
    // Unknown options too.
    reply = call(bus, QString::fromLatin1(kHelperPath), QString::fromLatin1(kHelperInterface),
                 QStringLiteral("SetMountDiscard"),
                 {QStringLiteral("/srv/data"), true, QVariantMap{{QStringLiteral("force"), true}}});
    QCOMPARE(reply.errorName(), dbusErrorName(ErrorCode::InvalidArgument));
    QCOMPARE(m_authorizer->asked.size(), 2);
}

// SetCryptDiscard asks polkit naming the mapping and the option, refreshes the mapping as it is
// once the answer comes (its flags then, not those of the question), hands the passphrase on
// byte for byte, and says a wrong one by name; a mapping closed while the question is open is
// not refreshed.
void TestHelperBus::cryptRefreshNamesTheMappingAndChecksItAgain()
{
    m_authorizer->answer = FixedAuthorizer::Answer::Allow;
    QDBusConnection bus = connect(QStringLiteral("caller%1").arg(++m_connections));
    const auto refresh = [&](const QByteArray &passphrase, bool allow) {
        return call(
            bus, QString::fromLatin1(kHelperPath), QString::fromLatin1(kHelperInterface),
            QStringLiteral("SetCryptDiscard"),
            {QStringLiteral("sda3_crypt"), allow, passphraseArgument(passphrase), QVariantMap()});
    };
    QDBusMessage reply = refresh("right", true);
    QVERIFY2(reply.type() == QDBusMessage::ReplyMessage, qPrintable(reply.errorMessage()));
    QCOMPARE(m_authorizer->asked, QStringList{QString::fromLatin1(kActionApplyNow)});
    QCOMPARE(m_authorizer->details.last().value(QStringLiteral("subject")),
             QStringLiteral("/dev/mapper/sda3_crypt"));
    QCOMPARE(m_authorizer->details.last().value(QStringLiteral("option")),
             QStringLiteral("allow-discards"));
    QCOMPARE(m_refreshed.size(), 1);
    QCOMPARE(std::get<0>(m_refreshed.last()).flags, QStringList{QStringLiteral("same_cpu_crypt")});
    QCOMPARE(std::get<1>(m_refreshed.last()), true);
    QCOMPARE(std::get<2>(m_refreshed.last()), QByteArray("right"));

    reply = refresh("wrong", false);
    QCOMPARE(reply.errorName(), dbusErrorName(ErrorCode::WrongPassphrase));
    QCOMPARE(m_authorizer->details.last().value(QStringLiteral("option")),
             QStringLiteral("no-allow-discards"));
    QCOMPARE(std::get<1>(m_refreshed.last()), false);

    // Closed while the question is open: not refreshed.
    m_authorizer->answer = FixedAuthorizer::Answer::Hold;
    QDBusPendingCall pending = bus.asyncCall(
        QDBusMessage::createMethodCall(
            QString::fromLatin1(kServiceName), QString::fromLatin1(kHelperPath),
            QString::fromLatin1(kHelperInterface), QStringLiteral("SetCryptDiscard"))
        << QStringLiteral("sda3_crypt") << true << passphraseArgument("right") << QVariantMap());
    QTRY_COMPARE(m_authorizer->asked.size(), 3);
    const auto mappings = std::exchange(m_cryptMappings, {});
    m_authorizer->release();
    QTRY_VERIFY_WITH_TIMEOUT(pending.isFinished(), 20000);
    m_cryptMappings = mappings;
    QVERIFY(pending.isError());
    QCOMPARE(pending.error().name(), dbusErrorName(ErrorCode::NoSuchDevice));
    QCOMPARE(m_refreshed.size(), 2);

    // One refresh of a mapping at a time: a second while the first runs is DeviceBusy.
    m_authorizer->answer = FixedAuthorizer::Answer::Allow;
    const auto slowCall = [&] {
        return bus.asyncCall(QDBusMessage::createMethodCall(QString::fromLatin1(kServiceName),
                                                            QString::fromLatin1(kHelperPath),
                                                            QString::fromLatin1(kHelperInterface),
                                                            QStringLiteral("SetCryptDiscard"))
                             << QStringLiteral("sda3_crypt") << true << passphraseArgument("slow")
                             << QVariantMap());
    };
    QDBusPendingCall first = slowCall();
    QTRY_COMPARE(m_prepared.load(), 3); // running (m_prepared is the atomic count of refreshes)
    QDBusPendingCall second = slowCall();
    // The service answers from this thread's event loop.
    QTRY_VERIFY(second.isFinished() && first.isFinished());
    QCOMPARE(second.error().name(), dbusErrorName(ErrorCode::DeviceBusy));
    QCOMPARE(first.error().name(), dbusErrorName(ErrorCode::WrongPassphrase)); // it ran
    QCOMPARE(m_refreshed.size(), 3);
}

void TestHelperBus::cryptRefreshRefusesBeforeAsking_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QByteArray>("passphrase");
    QTest::addColumn<QVariantMap>("options");
    QTest::addColumn<QString>("error");
    const QString invalid = dbusErrorName(ErrorCode::InvalidArgument);
    QTest::newRow("no such mapping") << "sdb1_crypt" << QByteArray("right") << QVariantMap()
                                     << dbusErrorName(ErrorCode::NoSuchDevice);
    QTest::newRow("empty passphrase") << "sda3_crypt" << QByteArray() << QVariantMap() << invalid;
    QTest::newRow("passphrase too long")
        << "sda3_crypt" << QByteArray(4097, 'x') << QVariantMap() << invalid;
    QTest::newRow("a character device for a pipe")
        << "sda3_crypt" << QByteArray("@devnull") << QVariantMap() << invalid;
    QTest::newRow("a pipe left open")
        << "sda3_crypt" << QByteArray("@open") << QVariantMap() << invalid;
    QTest::newRow("an option") << "sda3_crypt" << QByteArray("right")
                               << QVariantMap{{QStringLiteral("force"), true}} << invalid;
    QTest::newRow("name too long")
        << QString(5000, QLatin1Char('a')) << QByteArray("right") << QVariantMap() << invalid;
}

void TestHelperBus::cryptRefreshRefusesBeforeAsking()
{
    QFETCH(QString, name);
    QFETCH(QByteArray, passphrase);
    QFETCH(QVariantMap, options);
    QFETCH(QString, error);
    m_authorizer->answer = FixedAuthorizer::Answer::Allow;
    QDBusConnection bus = connect(QStringLiteral("caller%1").arg(++m_connections));
    const QDBusMessage reply = call(
        bus, QString::fromLatin1(kHelperPath), QString::fromLatin1(kHelperInterface),
        QStringLiteral("SetCryptDiscard"), {name, true, passphraseArgument(passphrase), options});
    QCOMPARE(reply.errorName(), error);
    QVERIFY(m_authorizer->asked.isEmpty());
    QVERIFY(m_refreshed.isEmpty());
}

// ReadHealth's answer holds the report once, under "json" (what HelperClient reads), and no
// summary figure beside it that could disagree with the report (issue 45, item 4).
void TestHelperBus::healthTravelsOnce_data()
{
    QTest::addColumn<health::DriveHealth>("health");
    QFile recorded(QStringLiteral(TRIMSCOPE_SOURCE_DIR "/tests/data/results/health-ata.json"));
    QVERIFY(recorded.open(QIODevice::ReadOnly));
    const Expected<health::DriveHealth> ata = readResult<health::DriveHealth>(recorded.readAll());
    QVERIFY(ata);
    QTest::newRow("ata, recorded") << *ata;
    health::NvmeSmartLog log;
    log.compositeTemperatureKelvin = 314;
    log.percentageUsed = 3;
    health::DriveHealth nvme = health::summarizeNvme(log, std::nullopt, 512e9, {});
    nvme.model = QStringLiteral("Emulated NVMe");
    QTest::newRow("nvme, summarized") << nvme;
}

void TestHelperBus::healthTravelsOnce()
{
    QFETCH(health::DriveHealth, health);
    const QVariantMap answer = healthToMap(health);
    QCOMPARE(answer.keys(), QStringList{QStringLiteral("json")});
    const Expected<health::DriveHealth> read =
        readResult<health::DriveHealth>(answer.value(QStringLiteral("json")).toString().toUtf8());
    QVERIFY2(read, qPrintable(read ? QString() : read.error().message));
    QCOMPARE(resultToJsonBytes(*read), resultToJsonBytes(health));
}

TRIMSCOPE_TEST_GUILESS_MAIN(TestHelperBus)
#include "tst_helperbus.moc"
