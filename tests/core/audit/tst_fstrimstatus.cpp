// What the machine records about fstrim: systemctl show output (recorded from systemd 252 in
// data/systemd/, see record.sh there), the timer's stamp file, the wants link and cron.
#include "audit/fstrimstatus.h"
#include "audit/systemsnapshot.h"
#include "testmain.h"

#include <QFile>
#include <QTest>
#include <QTimeZone>

using namespace trimscope::audit;

namespace {

QString readData(const QString &name)
{
    QFile file(QFINDTESTDATA(QStringLiteral("audit/data/systemd/%1").arg(name)));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("fixture %s missing", qPrintable(name));
    QString text = QString::fromUtf8(file.readAll());
    if (text.endsWith(QLatin1Char('\n')))
        text.chop(1); // as SystemSnapshot::capture() records command output
    return text;
}

const QString Wants = QStringLiteral("/etc/systemd/system/timers.target.wants/fstrim.timer");
const QString Stamp = QStringLiteral("mtime:/var/lib/systemd/timers/stamp-fstrim.timer");

// Fixture names of systemctl show output; empty = not recorded (no systemd, or no root).
SystemSnapshot snapshotWith(const QString &service, const QString &timer, bool wants,
                            const QString &stamp = {})
{
    SystemSnapshot s;
    s.insert(QStringLiteral("/proc/1/comm"), QStringLiteral("systemd"));
    if (wants)
        s.insert(Wants, QStringLiteral("/lib/systemd/system/fstrim.timer"));
    if (!stamp.isEmpty())
        s.insert(Stamp, stamp);
    if (!service.isEmpty())
        s.insert(systemctlShowKey(QStringLiteral("fstrim.service")), readData(service));
    if (!timer.isEmpty())
        s.insert(systemctlShowKey(QStringLiteral("fstrim.timer")), readData(timer));
    return s;
}

std::optional<QDateTime> at(qint64 seconds)
{
    return QDateTime::fromSecsSinceEpoch(seconds, QTimeZone::utc());
}

} // namespace

Q_DECLARE_METATYPE(std::optional<QDateTime>)
Q_DECLARE_METATYPE(std::optional<bool>)
Q_DECLARE_METATYPE(trimscope::audit::SystemSnapshot)

class tst_FstrimStatus : public QObject
{
    Q_OBJECT

private slots:
    void timestamps_data();
    void timestamps();
    void parsesShowOutput();
    void status_data();
    void status();
    void captureKeyMatchesArguments();
};

void tst_FstrimStatus::timestamps_data()
{
    QTest::addColumn<QString>("value");
    QTest::addColumn<std::optional<QDateTime>>("expected");
    QTest::newRow("unix") << "@1732345200" << at(1732345200);
    QTest::newRow("empty: never") << "" << std::optional<QDateTime>();
    QTest::newRow("n/a") << "n/a" << std::optional<QDateTime>();
    QTest::newRow("zero") << "@0" << std::optional<QDateTime>();
    QTest::newRow("pretty, UTC") << "Mon 2026-11-23 04:13:56 UTC" << at(1795407236);
    QTest::newRow("pretty, another zone is ambiguous")
        << "Mon 2026-11-23 05:13:56 CET" << std::optional<QDateTime>();
    QTest::newRow("pretty, bad date")
        << "Mon 2026-13-40 04:13:56 UTC" << std::optional<QDateTime>();
    QTest::newRow("garbage") << "@12x" << std::optional<QDateTime>();
}

void tst_FstrimStatus::timestamps()
{
    QFETCH(QString, value);
    QFETCH(std::optional<QDateTime>, expected);
    QCOMPARE(parseSystemdTimestamp(value), expected);
}

void tst_FstrimStatus::parsesShowOutput()
{
    const auto p = parseSystemctlShow(QStringLiteral("LoadState=loaded\nResult=exit-code\n"
                                                     "ExecMainStartTimestamp=\nX=a=b\n\nbroken"));
    QCOMPARE(p.value(QStringLiteral("LoadState")), QStringLiteral("loaded"));
    QCOMPARE(p.value(QStringLiteral("Result")), QStringLiteral("exit-code"));
    QVERIFY(p.contains(QStringLiteral("ExecMainStartTimestamp")));
    QCOMPARE(p.value(QStringLiteral("X")), QStringLiteral("a=b")); // only the first = splits
    QCOMPARE(p.size(), 4);
}

void tst_FstrimStatus::status_data()
{
    QTest::addColumn<SystemSnapshot>("snapshot");
    QTest::addColumn<bool>("enabled");
    QTest::addColumn<std::optional<QDateTime>>("lastRun");
    QTest::addColumn<QString>("source");
    QTest::addColumn<std::optional<bool>>("succeeded");
    QTest::addColumn<QString>("result");

    const std::optional<bool> unknown;
    // Values as in the recorded files (see data/systemd/record.sh).
    QTest::newRow("ran and succeeded")
        << snapshotWith(QStringLiteral("service-success.txt"), QStringLiteral("timer-enabled.txt"),
                        true)
        << true << at(1795407240) << "fstrim.service" << std::optional<bool>(true) << "success";
    QTest::newRow("ran and failed")
        << snapshotWith(QStringLiteral("service-failed.txt"), QStringLiteral("timer-enabled.txt"),
                        true)
        << true << at(1795407241) << "fstrim.service" << std::optional<bool>(false) << "exit-code";
    QTest::newRow("not run this boot: the timer's last trigger")
        << snapshotWith(QStringLiteral("service-never.txt"), QStringLiteral("timer-enabled.txt"),
                        true, QStringLiteral("2024-07-08T00:18:22Z"))
        << true << at(1795407236) << "fstrim.timer" << unknown << "";
    QTest::newRow("never triggered: the stamp file")
        << snapshotWith(QStringLiteral("service-never.txt"), QStringLiteral("timer-never.txt"),
                        true, QStringLiteral("2024-07-08T00:18:22Z"))
        << true
        << std::optional<QDateTime>(
               QDateTime::fromString(QStringLiteral("2024-07-08T00:18:22Z"), Qt::ISODate))
        << "stamp-file" << unknown << "";
    QTest::newRow("systemctl says disabled over a stale wants link")
        << snapshotWith(QStringLiteral("service-never.txt"), QStringLiteral("timer-disabled.txt"),
                        true)
        << false << std::optional<QDateTime>() << "" << unknown << "";
    QTest::newRow("no systemd: files only")
        << snapshotWith({}, {}, true, QStringLiteral("2024-07-08T00:18:22Z")) << true
        << std::optional<QDateTime>(
               QDateTime::fromString(QStringLiteral("2024-07-08T00:18:22Z"), Qt::ISODate))
        << "stamp-file" << unknown << "";
    QTest::newRow("nothing recorded") << snapshotWith({}, {}, false) << false
                                      << std::optional<QDateTime>() << "" << unknown << "";
    QTest::newRow("unit not installed")
        << snapshotWith(QStringLiteral("service-not-found.txt"), {}, false) << false
        << std::optional<QDateTime>() << "" << unknown << "";
}

void tst_FstrimStatus::status()
{
    QFETCH(SystemSnapshot, snapshot);
    QFETCH(bool, enabled);
    QFETCH(std::optional<QDateTime>, lastRun);
    QFETCH(QString, source);
    QFETCH(std::optional<bool>, succeeded);
    QFETCH(QString, result);
    const FstrimStatus status = fstrimStatus(snapshot);
    QCOMPARE(status.timerEnabled, enabled);
    QCOMPARE(status.lastRun, lastRun);
    QCOMPARE(status.lastRunSource, source);
    QCOMPARE(status.lastRunSucceeded, succeeded);
    QCOMPARE(status.lastResult, result);
}

void tst_FstrimStatus::captureKeyMatchesArguments()
{
    QCOMPARE(systemctlShowKey(QStringLiteral("fstrim.timer")),
             QStringLiteral("cmd:systemctl show fstrim.timer --timestamp=unix -p "
                            "LoadState,UnitFileState,LastTriggerUSec,NextElapseUSecRealtime"));
}

TRIMSCOPE_TEST_GUILESS_MAIN(tst_FstrimStatus)
#include "tst_fstrimstatus.moc"
