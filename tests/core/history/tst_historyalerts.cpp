// The alert rules: each crosses once -> exactly one alert of that rule; unchanged -> none; an
// alert already delivered is not delivered again; and the lifespan from the last 30 days
// differs from the average since new where the write rate changed.
#include "history/alertwords.h"
#include "history/historyalerts.h"
#include "history/historylifespan.h"
#include "history/historysimulate.h"
#include "testmain.h"

#include <QTest>
#include <QTimeZone>

using namespace trimscope::history;

namespace {
using Values = QMap<int, double>; // Metric -> value

DriveState state(const Values &values, const QMap<QString, bool> &reach = {})
{
    DriveState s;
    HistoryDay d;
    d.day = QDate(2026, 6, 1);
    for (auto it = values.cbegin(); it != values.cend(); ++it)
        d.set(Metric(it.key()), it.value());
    s.day = d;
    s.trimReach = reach;
    s.now = QDateTime(QDate(2026, 6, 1), QTime(12, 0), QTimeZone::utc());
    s.fstrim.known = true;
    s.fstrim.timerEnabled = true;
    s.fstrim.lastRun = s.now.addDays(-3);
    s.fstrim.lastRunSucceeded = true;
    return s;
}

const QMap<QString, bool> kReached{{QStringLiteral("/"), true}, {QStringLiteral("/home"), true}};
const QMap<QString, bool> kHomeLost{{QStringLiteral("/"), true}, {QStringLiteral("/home"), false}};
} // namespace

Q_DECLARE_METATYPE(DriveState)

class TestHistoryAlerts : public QObject
{
    Q_OBJECT
private slots:
    void rules_data();
    void rules();
    void oncePerChange();
    void everyRuleHasWords();
    void recentLifespanDiffers();
};

void TestHistoryAlerts::rules_data()
{
    QTest::addColumn<DriveState>("previous");
    QTest::addColumn<DriveState>("current");
    QTest::addColumn<QStringList>("expected"); // rule:state of every alert

    const int used = int(Metric::PercentUsed);
    const int media = int(Metric::MediaErrors);
    const int realloc = int(Metric::ReallocatedSectors);
    const int pending = int(Metric::PendingSectors);
    const int spare = int(Metric::AvailableSparePercent);
    const int spareMin = int(Metric::SpareThresholdPercent);
    const int hot = int(Metric::TemperatureMaxCelsius);
    const int failing = int(Metric::SmartFailing);
    const int warn = int(Metric::CriticalWarningBits);

    const Values healthy{{used, 42},   {media, 0},     {realloc, 0}, {pending, 0},
                         {spare, 100}, {spareMin, 10}, {hot, 45},    {failing, 0}};
    const auto with = [&](std::initializer_list<std::pair<const int, double>> changes) {
        Values v = healthy;
        for (const auto &[k, x] : changes)
            v[k] = x;
        return v;
    };
    const DriveState calm = state(healthy, kReached);

    QTest::newRow("unchanged") << calm << calm << QStringList();
    QTest::newRow("SMART failing")
        << calm << state(with({{failing, 1}}), kReached) << QStringList{"smart_failing:failing"};
    QTest::newRow("NVMe critical warning")
        << calm << state(with({{warn, 4}, {failing, 1}}), kReached)
        << QStringList{"critical_warning:4"};
    QTest::newRow("wear crosses 80")
        << state(with({{used, 79}}), kReached) << state(with({{used, 80}}), kReached)
        << QStringList{"wear_crossed:80"};
    QTest::newRow("wear jumps past 90")
        << state(with({{used, 85}}), kReached) << state(with({{used, 93}}), kReached)
        << QStringList{"wear_crossed:90"};
    QTest::newRow("wear past 100")
        << state(with({{used, 99}}), kReached) << state(with({{used, 104}}), kReached)
        << QStringList{"wear_crossed:100"};
    QTest::newRow("spare under threshold")
        << calm << state(with({{spare, 9}}), kReached) << QStringList{"spare_low:low"};
    QTest::newRow("media errors grow")
        << calm << state(with({{media, 2}}), kReached) << QStringList{"media_errors_grew:2"};
    QTest::newRow("reallocated grow")
        << calm << state(with({{realloc, 8}}), kReached) << QStringList{"reallocated_grew:8"};
    QTest::newRow("pending grow") << calm << state(with({{pending, 1}}), kReached)
                                  << QStringList{"reallocated_grew:1"};
    QTest::newRow("first reading is no growth")
        << DriveState{} << state(with({{media, 5}}), kReached) << QStringList();
    QTest::newRow("hot") << calm << state(with({{hot, 74}}), kReached)
                         << QStringList{"temperature_high:hot"};
    QTest::newRow("TRIM reach lost")
        << calm << state(healthy, kHomeLost) << QStringList{"trim_reach_lost:/home"};
    QTest::newRow("TRIM reach back is no alert")
        << state(healthy, kHomeLost) << calm << QStringList();

    DriveState timerOff = calm;
    timerOff.fstrim.timerEnabled = false;
    QTest::newRow("fstrim.timer off") << calm << timerOff << QStringList{"fstrim_timer_off:off"};
    DriveState onlineOnly = timerOff;
    onlineOnly.onlineDiscard = true;
    QTest::newRow("timer off, online discard") << calm << onlineOnly << QStringList();
    DriveState failed = calm;
    failed.fstrim.lastRunSucceeded = false;
    // The alert names the run's time in UTC (now - 3 days), written out: Qt 6.4 writes a time in
    // QTimeZone::utc() as +00:00, later Qt as Z.
    QTest::newRow("fstrim failed")
        << calm << failed << QStringList{QStringLiteral("fstrim_failed:2026-05-29T12:00:00Z")};
    DriveState stale = calm;
    stale.fstrim.lastRun = stale.now.addDays(-15);
    QTest::newRow("fstrim 15 days ago")
        << calm << stale << QStringList{QStringLiteral("fstrim_stale:2026-05-17T12:00:00Z")};
    DriveState fresh = calm;
    fresh.fstrim.lastRun = fresh.now.addDays(-13);
    QTest::newRow("fstrim 13 days ago") << calm << fresh << QStringList();
}

void TestHistoryAlerts::rules()
{
    QFETCH(DriveState, previous);
    QFETCH(DriveState, current);
    QFETCH(QStringList, expected);
    QStringList got;
    for (const Alert &a : evaluateAlerts(previous, current))
        got << alertRuleName(a.rule) + QLatin1Char(':') + a.state;
    QCOMPARE(got, expected);
}

void TestHistoryAlerts::oncePerChange()
{
    // A drive's days as a daily collector sees them; the alerts that go out each day.
    const QList<double> wear{78, 79, 80, 80, 81, 90, 90, 79};
    QMap<QString, QString> sent;
    QStringList delivered;
    DriveState previous;
    for (double w : wear) {
        const DriveState current = state({{int(Metric::PercentUsed), w}});
        const QList<Alert> conditions = evaluateAlerts(previous, current);
        for (const Alert &a : newAlerts(conditions, sent))
            delivered << a.state;
        // The same day read again (a second collector run): nothing new.
        QVERIFY(newAlerts(evaluateAlerts(previous, current), standingAlerts(conditions)).isEmpty());
        sent = standingAlerts(conditions);
        previous = current;
    }
    QCOMPARE(delivered, (QStringList{"80", "90"}));
}

void TestHistoryAlerts::everyRuleHasWords()
{
    for (int r = 0; r <= int(AlertRule::FstrimStale); ++r) {
        const Alert a{AlertRule(r), QStringLiteral("80"), 80.0};
        const AlertText t = alertText(a, QStringLiteral("Test SSD (sda)"));
        QVERIFY2(t.summary.contains(QLatin1String("Test SSD (sda)")), qPrintable(t.summary));
        QVERIFY(!t.body.isEmpty());
        QVERIFY(!alertRuleName(AlertRule(r)).isEmpty());
    }
}

void TestHistoryAlerts::recentLifespanDiffers()
{
    // The simulated year writes three times as much a day over its last 45 days.
    const QList<DriveReading> year =
        simulatedHistory(QStringLiteral("ocz-agility3"), QDate(2026, 12, 1), 365);
    QVERIFY(!year.isEmpty());
    QList<HistoryDay> days;
    for (const DriveReading &r : year)
        days << r.day;
    const double capacity = year.constFirst().capacityBytes;
    const auto sinceNew = lifespanSinceNew(days, capacity, {});
    const auto last30 = lifespanOverWindow(days, 30, capacity, {});
    const auto last90 = lifespanOverWindow(days, 90, capacity, {});
    QVERIFY(sinceNew.years && last30.estimate.years && last90.estimate.years);
    QVERIFY2(last30.estimate.input.writeRate->days >= 29 &&
                 last30.estimate.input.writeRate->days <= 30,
             qPrintable(QString::number(last30.estimate.input.writeRate->days)));
    QCOMPARE(last30.estimate.input.writeRate->bytesPerDay, 60e9);
    // Recent writes are heavier: a shorter life than the average since new says.
    QVERIFY(*last30.estimate.years < *last90.estimate.years);
    QVERIFY(*last90.estimate.years < *sinceNew.years);
    // Unchanged use: the 30 days agree with the 90.
    const QList<HistoryDay> steady = days.mid(0, 200);
    QCOMPARE(lifespanOverWindow(steady, 30, capacity, {}).estimate.input.writeRate->bytesPerDay,
             20e9);
    // One day is no rate.
    QVERIFY(!lifespanOverWindow(days.mid(0, 1), 30, capacity, {}).estimate.years);
}

TRIMSCOPE_TEST_GUILESS_MAIN(TestHistoryAlerts)
#include "tst_historyalerts.moc"
