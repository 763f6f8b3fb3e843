// The helper's bus machinery without root, polkit or a device: the service library on a private
// session bus (dbus-daemon --session), authorization answered by a test double, and jobs that are
// a simulated sweep or scripted bodies. What it proves: every method asks first and a "no" starts
// nothing; a job's samples and result reach its owner; progress is throttled but every phase
// arrives; only the owner may cancel; an owner leaving the bus cancels its job; one job per
// device. The root tests (tst_helperservice, tst_helperjobs) prove the same against polkitd and
// loop devices.
#include "authorizer.h"
#include "helperclient.h"
#include "helperprotocol.h"
#include "helperservice.h"
#include "jobs/preparejob.h"
#include "report/resultfile.h"

#include <QDBusConnectionInterface>
#include <QDBusMessage>
#include <QDBusPendingCallWatcher>
#include <QDBusPendingReply>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <atomic>
#include <thread>

using namespace trimscope;
using namespace trimscope::helper;

namespace {

// A fixed answer in polkit's place, recording what was asked.
class FixedAuthorizer final : public Authorizer
{
public:
    enum class Answer { Allow, Deny, Dismiss };
    using Authorizer::Authorizer;

    Answer answer = Answer::Allow;
    QStringList asked;

    void authorize(const QDBusMessage &call, const QString &actionId,
                   const QMap<QString, QString> &, std::function<void()> onAuthorized) override
    {
        asked.append(actionId);
        switch (answer) {
        case Answer::Allow:
            onAuthorized();
            return;
        case Answer::Deny:
            deny(call, ErrorCode::NotAuthorized, QStringLiteral("not authorized (test)"));
            return;
        case Answer::Dismiss:
            deny(call, ErrorCode::NotAuthorizedDismissed, QStringLiteral("dismissed (test)"));
            return;
        }
    }
};

const QStringList kPhases = {QStringLiteral("ext4 discard mkfs"),
                             QStringLiteral("ext4 discard create"),
                             QStringLiteral("ext4 discard delete")};

} // namespace

class TestHelperBus : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void init();
    void sweepReachesItsOwner();
    void progressIsThrottledButEveryPhaseArrives();
    void onlyTheOwnerMayCancel();
    void ownerLeavingTheBusCancels();
    void oneJobPerDevice();
    void everyMethodAsksFirst_data();
    void everyMethodAsksFirst();

private:
    // "/dev/sim": a simulated sweep. "/dev/phases": 3000 progress reports over three phases in
    // about a second. "/dev/endless": runs until cancelled. Anything else: NoSuchDevice.
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
    std::atomic<bool> m_sawCancel{false};
    int m_connections = 0;
};

JobSetup TestHelperBus::setup()
{
    JobSetup setup;
    setup.resolveDevice = [](const QString &path) -> Expected<QString> {
        if (path.startsWith(QLatin1String("/dev/")))
            return path;
        return makeError(ErrorCode::InvalidArgument, QStringLiteral("not under /dev"));
    };
    setup.prepare = [this](const JobPlan &plan, const QString &device) -> Expected<JobBody> {
        ++m_prepared;
        if (device == QLatin1String("/dev/sim"))
            return prepareJob(plan, SimulatedTarget{QStringLiteral("ocz-agility3"), 0});
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
    m_authorizer->asked.clear();
    m_prepared = 0;
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
    HelperClient client(connect(QStringLiteral("owner%1").arg(++m_connections)));
    QVERIFY(client.isHelperAvailable());
    QList<Sample> samples;
    QObject::connect(&client, &HelperClient::sampleReceived, this,
                     [&](uint, const Sample &sample) { samples.append(sample); });
    QSignalSpy completed(&client, &HelperClient::completed);
    SweepPlan plan;
    plan.maxBytes = 1 << 20;
    plan.repeats = 3;
    client.startJob(QStringLiteral("/dev/sim"), plan);
    QVERIFY(completed.wait(20000));
    QVERIFY(completed.at(0).at(0).toBool());
    QCOMPARE(m_authorizer->asked, QStringList{QString::fromLatin1(kActionBenchmark)});
    const auto result = readResult<SweepResult>(completed.at(0).at(2).toByteArray());
    QVERIFY2(result, qPrintable(result ? QString() : result.error().message));
    QVERIFY(result->drive.simulated);
    QCOMPARE(samples.size(), result->samples.size());
    for (qsizetype i = 0; i < samples.size(); ++i)
        QCOMPARE(samples.at(i).seconds, result->samples.at(i).seconds);
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
    QVERIFY(!completed.at(0).at(0).toBool());
    QCOMPARE(completed.at(0).at(1).value<Error>().code, ErrorCode::Cancelled);
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
    QCOMPARE(refused.at(0).at(1).value<Error>().code, ErrorCode::DeviceBusy);
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
        QTest::addRow("StartSweep %s", name)
            << "StartSweep" << QVariantList{QStringLiteral("/dev/sim"), QVariantMap()}
            << int(answer) << benchmark;
        QTest::addRow("ReadHealth %s", name)
            << "ReadHealth" << QVariantList{QStringLiteral("/dev/sim")} << int(answer)
            << QString::fromLatin1(kActionReadHealth);
        QTest::addRow("ListDevices %s", name)
            << "ListDevices" << QVariantList{} << int(answer) << QString::fromLatin1(kActionList);
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
}

QTEST_GUILESS_MAIN(TestHelperBus)
#include "tst_helperbus.moc"
