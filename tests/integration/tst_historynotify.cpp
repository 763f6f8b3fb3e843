// Alerts through a real notification server: Xvfb, a private session bus and dunst; dbus-monitor
// counts the Notify calls. A simulated year recorded by the collector (trimscope-history-record
// --notify) sends exactly one per crossing the rules find in it, and recording it again sends
// none. The user's alert command gets each alert as separate arguments. The same through the
// Flatpak's session bus filter (xdg-dbus-proxy granting exactly the manifest's --talk-name list),
// as the login run in the sandbox sends them. "Open TrimScope" is offered only where the
// collector waits for it (--notify-wait): chosen through dunst, it starts TrimScope on the drive.
// Every process started is killed.
#include "../support/qtry.h"
#include "history/historyalerts.h"
#include "history/historysimulate.h"
#include "privileged.h"
#include "testmain.h"

#include <QDBusConnection>
#include <QDBusConnectionInterface>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <memory>

using namespace trimscope::history;

namespace {
const QString kProfile = QStringLiteral("ocz-agility3");
const QString kCollector = QStringLiteral(TRIMSCOPE_BINARY_DIR "/app/cli/trimscope-history-record");

// The session bus names the Flatpak manifest lets the sandbox talk to (--talk-name=NAME).
QStringList manifestTalkNames()
{
    QFile manifest(QStringLiteral(TRIMSCOPE_SOURCE_DIR
                                  "/packaging/flatpak/io.github.trimscope.TrimScope.yml"));
    if (!manifest.open(QIODevice::ReadOnly | QIODevice::Text))
        return {};
    QStringList names;
    const QRegularExpression grant(QStringLiteral(R"(^\s*-\s*--talk-name=(\S+)\s*$)"));
    for (const QString &line : QString::fromUtf8(manifest.readAll()).split(QLatin1Char('\n'))) {
        if (const QRegularExpressionMatch match = grant.match(line); match.hasMatch())
            names << match.captured(1);
    }
    return names;
}

// A started program, killed (by its own pid) when the test ends, however it ends.
struct Started
{
    std::unique_ptr<QProcess> process = std::make_unique<QProcess>();
    ~Started()
    {
        if (process->state() != QProcess::NotRunning) {
            process->kill();
            process->waitForFinished(3000);
        }
    }
};

// A desktop's notifications on a bus of their own: Xvfb, a private session bus, dunst owning
// org.freedesktop.Notifications, and dbus-monitor printing every Notify call.
struct Desktop
{
    Started xvfb;
    Started bus;
    Started dunst;
    Started monitor;
    QString address;
    QProcessEnvironment env;
};

void startDesktop(Desktop &desktop)
{
    // An X display for dunst (it draws the bubbles), chosen by the server itself.
    Started &xvfb = desktop.xvfb;
    xvfb.process->start(QStringLiteral("Xvfb"), {QStringLiteral("-displayfd"), QStringLiteral("1"),
                                                 QStringLiteral("-screen"), QStringLiteral("0"),
                                                 QStringLiteral("640x480x24")});
    QVERIFY(xvfb.process->waitForReadyRead(10000));
    const QString display =
        QLatin1Char(':') + QString::fromLatin1(xvfb.process->readLine()).trimmed();

    Started &bus = desktop.bus;
    bus.process->start(QStringLiteral("dbus-daemon"),
                       {QStringLiteral("--session"), QStringLiteral("--nofork"),
                        QStringLiteral("--print-address=1")});
    QVERIFY(bus.process->waitForReadyRead(10000));
    desktop.address = QString::fromLatin1(bus.process->readLine()).trimmed();
    desktop.env = QProcessEnvironment::systemEnvironment();
    desktop.env.insert(QStringLiteral("DISPLAY"), display);
    desktop.env.insert(QStringLiteral("DBUS_SESSION_BUS_ADDRESS"), desktop.address);

    desktop.dunst.process->setProcessEnvironment(desktop.env);
    desktop.dunst.process->setProcessChannelMode(QProcess::ForwardedErrorChannel);
    desktop.dunst.process->start(QStringLiteral("dunst"), {});
    // A name of each test row's own: each row has a bus of its own.
    QDBusConnection connection = QDBusConnection::connectToBus(
        desktop.address, QStringLiteral("probe %1 %2")
                             .arg(QLatin1String(QTest::currentTestFunction()),
                                  QLatin1String(QTest::currentDataTag())));
    QVERIFY(connection.isConnected());
    QTRY_VERIFY_WITH_TIMEOUT(connection.interface()->isServiceRegistered(
                                 QStringLiteral("org.freedesktop.Notifications")),
                             10000);

    desktop.monitor.process->start(
        QStringLiteral("dbus-monitor"),
        {QStringLiteral("--address"), desktop.address,
         QStringLiteral("interface='org.freedesktop.Notifications',member='Notify'")});
    QVERIFY(desktop.monitor.process->waitForStarted(5000));
    QTest::qWait(300); // its match rule in place before the first Notify
}

bool toolsInstalled(const QStringList &tools, QString *missing)
{
    for (const QString &tool : tools) {
        if (QStandardPaths::findExecutable(tool).isEmpty()) {
            *missing = tool;
            return false;
        }
    }
    return true;
}

// The alerts the rules find over the simulated year, day by day as the collector replays it.
int expectedAlerts(const QList<DriveReading> &year, const AlertThresholds &thresholds)
{
    int count = 0;
    QMap<QString, QString> sent;
    DriveState previous;
    for (const DriveReading &r : year) {
        DriveState current;
        current.day = r.day;
        current.trimReach = previous.trimReach;
        for (const HistoryEvent &e : r.events) {
            if (e.kind == EventKind::TrimReach) {
                const QJsonObject fs = e.details.value(QStringLiteral("filesystems")).toObject();
                current.trimReach.clear();
                for (auto it = fs.begin(); it != fs.end(); ++it)
                    current.trimReach.insert(it.key(), it.value().toBool());
            }
        }
        const QList<Alert> conditions = evaluateAlerts(previous, current, thresholds);
        count += int(newAlerts(conditions, sent).size());
        sent = standingAlerts(conditions);
        previous = current;
    }
    return count;
}
} // namespace

class TestHistoryNotify : public QObject
{
    Q_OBJECT
private slots:
    void onePerCrossing_data();
    void onePerCrossing();
    void openOfferedOnlyWhenWaited_data();
    void openOfferedOnlyWhenWaited();
};

void TestHistoryNotify::onePerCrossing_data()
{
    QTest::addColumn<bool>("sandboxBus");
    QTest::newRow("session bus") << false;
    QTest::newRow("the Flatpak's session bus filter") << true;
}

void TestHistoryNotify::onePerCrossing()
{
    QFETCH(bool, sandboxBus);
    QStringList tools{QStringLiteral("Xvfb"), QStringLiteral("dbus-daemon"),
                      QStringLiteral("dunst"), QStringLiteral("dbus-monitor")};
    if (sandboxBus)
        tools << QStringLiteral("xdg-dbus-proxy");
    if (QString missing; !toolsInstalled(tools, &missing))
        TRIMSCOPE_SKIP_OR_FAIL(QStringLiteral("%1 is not installed").arg(missing));
    QTemporaryDir dir;
    Desktop desktop;
    startDesktop(desktop);
    if (QTest::currentTestFailed())
        return;
    const QProcessEnvironment &env = desktop.env;
    const QString &address = desktop.address;
    Started &monitor = desktop.monitor;

    // The user's command: a script that logs its arguments, one per line.
    const QString log = dir.filePath(QStringLiteral("alerts.log"));
    const QString script = dir.filePath(QStringLiteral("on-alert"));
    {
        QFile f(script);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(
            QStringLiteral("#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done >> '%1'\n"
                           "echo -- >> '%1'\n")
                .arg(log)
                .toUtf8());
        f.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    }
    AlertThresholds thresholds;
    thresholds.wearSteps = {5, 10, 20};
    const QStringList args{QStringLiteral("--simulate"),
                           kProfile,
                           QStringLiteral("--days"),
                           QStringLiteral("365"),
                           QStringLiteral("--db"),
                           dir.filePath(QStringLiteral("h.sqlite")),
                           QStringLiteral("--notify"),
                           QStringLiteral("--wear-steps"),
                           QStringLiteral("5,10,20"),
                           QStringLiteral("--alert-command"),
                           script};
    const int expected =
        expectedAlerts(simulatedHistory(kProfile, QDate::currentDate(), 365), thresholds);
    QVERIFY2(expected >= 3, qPrintable(QString::number(expected))); // reallocated ×2, TRIM reach
    qInfo("the rules find %d crossings in the simulated year", expected);

    // The sandbox's session bus: only the portals and the manifest's --talk-name list pass.
    QProcessEnvironment collectorEnv = env;
    Started proxy;
    if (sandboxBus) {
        const QStringList names = manifestTalkNames();
        qInfo("the manifest's session bus grants: %s", qPrintable(names.join(QLatin1Char(' '))));
        const QString socket = dir.filePath(QStringLiteral("sandbox-bus"));
        QStringList proxyArgs{address, socket, QStringLiteral("--filter")};
        for (const QString &name : names)
            proxyArgs << QStringLiteral("--talk=") + name;
        proxy.process->setProcessChannelMode(QProcess::ForwardedChannels);
        proxy.process->start(QStringLiteral("xdg-dbus-proxy"), proxyArgs);
        QVERIFY(proxy.process->waitForStarted(5000));
        QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(socket), 10000);
        collectorEnv.insert(QStringLiteral("DBUS_SESSION_BUS_ADDRESS"),
                            QStringLiteral("unix:path=") + socket);
    }

    const auto runCollector = [&]() {
        QProcess cli;
        cli.setProcessEnvironment(collectorEnv);
        cli.start(kCollector, args);
        QVERIFY(cli.waitForFinished(60000));
        QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());
    };
    const auto notifyCalls = [&]() {
        QTest::qWait(500);
        return int(monitor.process->readAllStandardOutput().count("member=Notify"));
    };
    runCollector();
    QCOMPARE(notifyCalls(), expected);
    // The same year again: every crossing was delivered already.
    runCollector();
    QCOMPARE(notifyCalls(), 0);

    QFile logged(log);
    QVERIFY(logged.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = logged.readAll().split('\n');
    QCOMPARE(int(lines.count("--")), expected);
    // RULE STATE KEY NAME SUMMARY BODY, the summary one argument with its spaces.
    QVERIFY(lines.contains("reallocated_grew"));
    QVERIFY(lines.contains("simulated:" + kProfile.toUtf8()));
    QVERIFY(lines.contains("trim_reach_lost"));
}

void TestHistoryNotify::openOfferedOnlyWhenWaited_data()
{
    QTest::addColumn<int>("waitSeconds");
    QTest::addColumn<bool>("offered");
    // The timer's and the login run: they exit at once, so nothing would answer the action.
    QTest::newRow("not waited (timer, login)") << 0 << false;
    QTest::newRow("waited") << 30 << true;
}

void TestHistoryNotify::openOfferedOnlyWhenWaited()
{
    QFETCH(int, waitSeconds);
    QFETCH(bool, offered);
    if (QString missing; !toolsInstalled({QStringLiteral("Xvfb"), QStringLiteral("dbus-daemon"),
                                          QStringLiteral("dunst"), QStringLiteral("dbus-monitor"),
                                          QStringLiteral("dunstctl")},
                                         &missing))
        TRIMSCOPE_SKIP_OR_FAIL(QStringLiteral("%1 is not installed").arg(missing));
    QTemporaryDir dir;
    Desktop desktop;
    startDesktop(desktop);
    if (QTest::currentTestFailed())
        return;
    // TrimScope's window as the action starts it ("trimscope" on PATH): a stand-in that notes
    // the drive it was asked to open.
    const QString bin = dir.filePath(QStringLiteral("bin"));
    const QString opened = dir.filePath(QStringLiteral("opened"));
    QVERIFY(QDir().mkpath(bin));
    {
        QFile f(bin + QStringLiteral("/trimscope"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QStringLiteral("#!/bin/sh\nprintf '%s\\n' \"$@\" > '%1'\n").arg(opened).toUtf8());
        f.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    }
    QProcessEnvironment env = desktop.env;
    env.insert(QStringLiteral("PATH"), bin + QLatin1Char(':') + env.value(QStringLiteral("PATH")));

    // One day of the simulated drive, over a temperature warning of 0 °C: alerts on one day, so
    // the collector waits once.
    Started collector;
    collector.process->setProcessEnvironment(env);
    collector.process->start(kCollector,
                             {QStringLiteral("--simulate"), kProfile, QStringLiteral("--days"),
                              QStringLiteral("1"), QStringLiteral("--db"),
                              dir.filePath(QStringLiteral("h.sqlite")), QStringLiteral("--notify"),
                              QStringLiteral("--temperature-warning"), QStringLiteral("0"),
                              QStringLiteral("--notify-wait"), QString::number(waitSeconds)});
    QByteArray notify;
    QTRY_VERIFY_WITH_TIMEOUT(
        (notify += desktop.monitor.process->readAllStandardOutput()).contains("member=Notify"),
        30000);
    QTest::qWait(300); // the rest of the call printed
    notify += desktop.monitor.process->readAllStandardOutput();
    // dbus-monitor prints Notify's actions as an array of strings: key, label.
    QVERIFY2(notify.contains("string \"open\"") == offered, notify.constData());

    // Chosen as a person would, through the server: dunst invokes the only action of the
    // notification it shows.
    QProcess choose;
    choose.setProcessEnvironment(env);
    choose.start(QStringLiteral("dunstctl"), {QStringLiteral("action"), QStringLiteral("0")});
    QVERIFY(choose.waitForFinished(10000));
    // Without the offer it has long ended; with it, it ends on the choice.
    QTRY_COMPARE_WITH_TIMEOUT(collector.process->state(), QProcess::NotRunning,
                              waitSeconds * 1000 + 30000);
    QVERIFY2(collector.process->exitCode() == 0,
             collector.process->readAllStandardError().constData());
    if (offered) {
        // The collector returns on the choice, well before its wait is over, with TrimScope
        // started (detached) on the drive.
        QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(opened), 10000);
        QFile f(opened);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY2(f.readAll().startsWith("/dev/"), qPrintable(opened));
    }
}

TRIMSCOPE_TEST_GUILESS_MAIN(TestHistoryNotify)
#include "tst_historynotify.moc"
