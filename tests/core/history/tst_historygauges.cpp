// The alert rules as Prometheus gauges (`trimscope-cli metrics`): the same rules the collector
// notifies about, every rule of every drive published (0: none stands), the rules about growth
// only where the history knows the day before. An NVMe drive from a health log built from the
// specification's offsets, a real history file, and the Prometheus writer's text.
#include "history/historycollect.h"
#include "history/historystore.h"
#include "testmain.h"

#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>

using namespace trimscope;
using namespace trimscope::history;

namespace {

using Gauges = QMap<QString, double>;
const QDateTime kNow = QDateTime(QDate(2026, 12, 5), QTime(12, 0), QTimeZone::utc());
const QString kSerial = QStringLiteral("S4EWNX0R123456");

void putLe(QByteArray &b, int offset, quint64 value, int bytes)
{
    for (int i = 0; i < bytes; ++i)
        b[offset + i] = char((value >> (8 * i)) & 0xff);
}

// NVMe SMART / Health log (Base Specification 2.0, Figure 207): `used` % used, spare 5 % under a
// threshold of 10 %, 3 media errors, 76 °C, and the critical-warning bits given.
health::DriveHealth nvmeHealth(int used, quint8 warnings)
{
    QByteArray log(512, '\0');
    log[0] = char(warnings);
    putLe(log, 1, 273 + 76, 2);
    log[3] = char(5);
    log[4] = char(10);
    log[5] = char(used);
    putLe(log, 48, 2000, 8);
    putLe(log, 128, 1000, 8);
    putLe(log, 160, 3, 8);
    auto parsed = health::parseNvmeSmartLog(log);
    if (!parsed)
        qFatal("NVMe log: %s", qPrintable(parsed.error().message));
    return health::summarizeNvme(*parsed, std::nullopt, 1e12, health::LifespanAssumptions{});
}

// One drive with / on it, TRIM reaching it, no online discard; fstrim.timer enabled, its last
// run 20 days ago and failed.
metrics::TrimMetrics machine()
{
    metrics::TrimMetrics m;
    m.generatedAt = kNow;
    metrics::DriveMetrics nvme;
    nvme.device = QStringLiteral("nvme0n1");
    nvme.serial = kSerial;
    m.drives.append(nvme);
    metrics::FilesystemMetrics root;
    root.mountpoint = QStringLiteral("/");
    root.drives = {QStringLiteral("nvme0n1")};
    root.discardReachesDrive = true;
    root.periodicTrimWanted = true;
    m.filesystems.append(root);
    m.fstrim.timerEnabled = true;
    m.fstrim.lastRun = kNow.addDays(-20);
    m.fstrim.lastRunSucceeded = false;
    return m;
}

// The day before, as the collector recorded it: 1 media error, the same wear.
void recordYesterday(HistoryStore &store, int used)
{
    DriveReading r;
    r.key = QStringLiteral("serial:NVME model:") + kSerial;
    r.model = QStringLiteral("NVME model");
    r.serial = kSerial;
    r.name = QStringLiteral("nvme0n1");
    r.day.day = kNow.toLocalTime().date().addDays(-1);
    r.day.set(Metric::MediaErrors, 1);
    r.day.set(Metric::PercentUsed, used);
    QVERIFY(store.record(r));
}

} // namespace

class TestHistoryGauges : public QObject
{
    Q_OBJECT
private slots:
    void gauges_data();
    void gauges();
    void everyRuleOfEveryDrive();
};

void TestHistoryGauges::gauges_data()
{
    QTest::addColumn<int>("used");
    QTest::addColumn<int>("warnings");
    QTest::addColumn<bool>("withHistory");
    QTest::addColumn<Gauges>("standing"); // the rules not 0

    const QMap<QString, double> always{{QStringLiteral("spare_low"), 1},
                                       {QStringLiteral("temperature_high"), 1},
                                       {QStringLiteral("fstrim_failed"), 1},
                                       {QStringLiteral("fstrim_stale"), 1}};
    auto plus = [&](std::initializer_list<std::pair<const char *, double>> more) {
        QMap<QString, double> m = always;
        for (const auto &[rule, n] : more)
            m.insert(QLatin1String(rule), n);
        return m;
    };
    QTest::newRow("no history: growth unknown") << 42 << 0 << false << always;
    QTest::newRow("history: media errors grew from 1 to 3")
        << 42 << 0 << true << plus({{"media_errors_grew", 1}});
    QTest::newRow("wear past 90") << 91 << 0 << false << plus({{"wear_crossed", 1}});
    QTest::newRow("critical warning bits") << 42 << int(health::NvmeWarnSpareBelowThreshold)
                                           << false << plus({{"critical_warning", 1}});
}

void TestHistoryGauges::gauges()
{
    QFETCH(int, used);
    QFETCH(int, warnings);
    QFETCH(bool, withHistory);
    QFETCH(Gauges, standing);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    std::unique_ptr<HistoryStore> store;
    if (withHistory) {
        auto opened = HistoryStore::open(dir.filePath(QStringLiteral("history.sqlite")));
        QVERIFY2(opened, qPrintable(opened ? QString() : opened.error().message));
        store = std::move(opened).value();
        recordYesterday(*store, used);
    }
    metrics::TrimMetrics m = machine();
    const QMap<QString, metrics::HealthReading> health{
        {QStringLiteral("nvme0n1"), {nvmeHealth(used, quint8(warnings)), {}}}};
    addAlertGauges(m, health, store.get(), AlertThresholds{});

    QMap<QString, double> nonZero;
    const QMap<QString, double> &gauges = m.drives.constFirst().alerts;
    for (auto it = gauges.cbegin(); it != gauges.cend(); ++it) {
        if (it.value() != 0)
            nonZero.insert(it.key(), it.value());
    }
    QCOMPARE(nonZero, standing);

    // As the exporter writes them: one series per rule, the rule a label.
    const QString text = QString::fromUtf8(metrics::toPrometheusText(m));
    QVERIFY(text.contains(QStringLiteral("# TYPE trimscope_drive_alert gauge\n")));
    for (auto it = gauges.cbegin(); it != gauges.cend(); ++it)
        QVERIFY2(
            text.contains(QStringLiteral("trimscope_drive_alert{device=\"nvme0n1\",rule=\"%1\"} "
                                         "%2\n")
                              .arg(it.key())
                              .arg(it.value())),
            qPrintable(it.key()));
    QCOMPARE(metrics::toJson(m)
                 .value(QStringLiteral("drives"))[0]
                 .toObject()
                 .value(QStringLiteral("alerts"))
                 .toObject()
                 .toVariantMap()
                 .size(),
             gauges.size());
}

// A drive whose rules stand none still publishes each rule as 0, so that a Prometheus rule on
// `trimscope_drive_alert > 0` sees the series fall back, not vanish.
void TestHistoryGauges::everyRuleOfEveryDrive()
{
    metrics::TrimMetrics m = machine();
    m.fstrim.systemdRunning = false;
    m.drives.append(m.drives.constFirst());
    m.drives.last().device = QStringLiteral("sda");
    addAlertGauges(m, {}, nullptr, AlertThresholds{});
    for (const metrics::DriveMetrics &d : std::as_const(m.drives)) {
        QCOMPARE(d.alerts.size(), int(AlertRule::FstrimStale) + 1);
        QVERIFY(d.alerts.contains(QStringLiteral("fstrim_timer_off")));
    }
    // systemd unknown (not running here): no fstrim rule fires; nothing else can without health.
    double sum = 0;
    for (double v : m.drives.constFirst().alerts)
        sum += v;
    QCOMPARE(sum, 0.0);
}

TRIMSCOPE_TEST_GUILESS_MAIN(TestHistoryGauges)
#include "tst_historygauges.moc"
