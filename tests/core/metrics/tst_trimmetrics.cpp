// The metrics of one recorded machine: real SMART data (an Intel SSD's skdump blob), an NVMe
// health log built from the specification's offsets, a recorded audit snapshot and two saved
// sweeps. Checks the figures in base units, that no drive silently disappears, that identity
// labels sit only on the _info series, and that the Prometheus and JSON writers say the same.
#include "audit/fstrimstatus.h"
#include "health/atasmart.h"
#include "metrics/metricsassembly.h"
#include "metrics/prometheustext.h"
#include "report/resultfile.h"
#include "testmain.h"

#include <QFile>
#include <QJsonArray>
#include <QRegularExpression>
#include <QSet>
#include <QTest>
#include <QTimeZone>
#include <cmath>

using namespace trimscope;
using namespace trimscope::metrics;

namespace {

const QString kSource = QStringLiteral(TRIMSCOPE_SOURCE_DIR);
const QDateTime kNow = QDateTime::fromSecsSinceEpoch(1795407300, QTimeZone::utc());

QByteArray readFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return file.readAll();
}

BlockDevice disk(const QString &name, const QString &transport, const QString &serial,
                 quint64 discardMax, bool rotational = false)
{
    BlockDevice d;
    d.name = name;
    d.path = QStringLiteral("/dev/") + name;
    d.transport = transport;
    d.serial = serial;
    d.model = name.toUpper() + QStringLiteral(" model");
    d.firmware = QStringLiteral("FW1");
    d.discardMaxBytes = discardMax;
    d.rotational = rotational;
    d.sizeBytes = 1;
    return d;
}

void putLe(QByteArray &b, int offset, quint64 value, int bytes)
{
    for (int i = 0; i < bytes; ++i)
        b[offset + i] = char((value >> (8 * i)) & 0xff);
}

// NVMe SMART / Health log (Base Specification 2.0, Figure 207): 7 % used, spare below threshold
// and reliability degraded, 2000 data units written, 1000 power-on hours, 3 media errors.
health::DriveHealth nvmeHealth()
{
    QByteArray log(512, '\0');
    log[0] = char(health::NvmeWarnSpareBelowThreshold | health::NvmeWarnReliabilityDegraded);
    putLe(log, 1, 310, 2);
    log[5] = char(7);
    putLe(log, 48, 2000, 8);
    putLe(log, 128, 1000, 8);
    putLe(log, 160, 3, 8);
    auto parsed = health::parseNvmeSmartLog(log);
    if (!parsed)
        qFatal("NVMe log: %s", qPrintable(parsed.error().message));
    return health::summarizeNvme(*parsed, std::nullopt, 1e12, health::LifespanAssumptions{});
}

health::DriveHealth intelHealth()
{
    auto ata = health::loadAtaSmartBlob(readFile(
        kSource + QStringLiteral("/tests/data/ata-smart-blobs/INTEL_SSDSA2CW120G3--4PC10302")));
    if (!ata)
        qFatal("blob: %s", qPrintable(ata.error().message));
    return health::summarizeAta(*ata, health::LifespanAssumptions{});
}

SavedSweep sweep(const QString &file)
{
    const QString path = kSource + QStringLiteral("/tests/core/metrics/data/") + file;
    auto result = readResult<SweepResult>(readFile(path));
    if (!result)
        qFatal("%s: %s", qPrintable(file), qPrintable(result.error().message));
    return {file, *result};
}

MetricsInputs machine()
{
    MetricsInputs in;
    BlockDevice sda = disk(QStringLiteral("sda"), QStringLiteral("sata"),
                           QStringLiteral("CVPR109301UZ120LGN"), 2147450880);
    sda.model = QStringLiteral("INTEL SSDSA2CW120G3");
    sda.firmware = QStringLiteral("4PC10302");
    BlockDevice loop = disk(QStringLiteral("loop0"), QStringLiteral("loop"), {}, 4096);
    in.disks = {sda,
                disk(QStringLiteral("nvme0n1"), QStringLiteral("nvme"),
                     QStringLiteral("S4EWNX0R123456"), 2199023255040),
                disk(QStringLiteral("sdb"), QStringLiteral("sata"), QStringLiteral("W1"), 4096),
                disk(QStringLiteral("sdc"), QStringLiteral("sata"), QStringLiteral("H1"), 0, true),
                loop,
                disk(QStringLiteral("dm-0"), {}, {}, 4096),
                disk(QStringLiteral("md127"), {}, {}, 4096),
                disk(QStringLiteral("sr0"), QStringLiteral("sata"), {}, 0)};
    in.health.insert(QStringLiteral("sda"), {intelHealth(), {}});
    in.health.insert(QStringLiteral("nvme0n1"), {nvmeHealth(), {}});
    in.health.insert(QStringLiteral("sdb"),
                     {std::nullopt, makeError(ErrorCode::PermissionDenied,
                                              QStringLiteral("reading health needs root"))});
    auto snapshot = audit::SystemSnapshot::fromJsonBytes(
        readFile(kSource + QStringLiteral("/tests/core/audit/data/all-fine.json")));
    if (!snapshot)
        qFatal("snapshot: %s", qPrintable(snapshot.error().message));
    in.snapshot = *snapshot;
    // systemd's record of a failed fstrim run (tests/core/audit/data/systemd/record.sh).
    for (const char *unit : {"fstrim.service", "fstrim.timer"}) {
        const QString name = QLatin1String(unit);
        QString text = QString::fromUtf8(
            readFile(kSource + QStringLiteral("/tests/core/audit/data/systemd/%1.txt")
                                   .arg(name == QLatin1String("fstrim.timer")
                                            ? QStringLiteral("timer-enabled")
                                            : QStringLiteral("service-failed"))));
        in.snapshot.insert(audit::systemctlShowKey(name), text.trimmed());
    }
    SavedSweep simulated = sweep(QStringLiteral("sweep-sda-slow.json"));
    simulated.source = QStringLiteral("simulated.json");
    simulated.result.drive.simulated = true;
    in.sweeps = {sweep(QStringLiteral("sweep-sda-slow.json")),
                 sweep(QStringLiteral("sweep-nvme0n1-fast.json")), simulated};
    // The discard counters since boot (what `watch` reads): 1,200 discards of 1000 MiB in 3.5 s
    // on sda; / is on nvme0n1p2, whose disk's counters were not read (absent, never 0).
    fsbench::DiskStats sdaStats;
    sdaStats.discardIos = 1200;
    sdaStats.discardSectors = 1000 * 2048;
    sdaStats.discardMilliseconds = 3500;
    in.counters.devices.insert(QStringLiteral("sda"), sdaStats);
    fsbench::DiskStats rootStats;
    rootStats.discardIos = 40;
    rootStats.discardSectors = 8 * 2048;
    rootStats.discardMilliseconds = 120;
    in.counters.devices.insert(QStringLiteral("nvme0n1p2"), rootStats);
    in.now = kNow;
    in.toolVersion = QStringLiteral("9.9");
    return in;
}

// The value of one series ("name{labels}" exactly as written), or nothing when it is absent.
std::optional<double> sampleValue(const QString &text, const QString &series)
{
    for (const QString &line : text.split(QLatin1Char('\n'))) {
        if (line.startsWith(series + QLatin1Char(' ')))
            return line.mid(series.size() + 1).toDouble();
    }
    return std::nullopt;
}

const QJsonObject driveJson(const QJsonObject &json, const QString &device)
{
    for (const QJsonValue &d : json.value(QStringLiteral("drives")).toArray()) {
        if (d[QStringLiteral("device")].toString() == device)
            return d.toObject();
    }
    return {};
}

// Independent of the lifespan code: days = capacity x cycles / (bytes per day x WA).
constexpr double kIntelLifespanSeconds =
    120034123776.0 * 1000 / (27514634240.0 / (45.0 / 24) * 3) * 86400;

} // namespace

Q_DECLARE_METATYPE(std::optional<double>)

class tst_TrimMetrics : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void series_data();
    void series();
    void everyDriveListed();
    void identityOnlyOnInfo();
    void writersAgree_data();
    void writersAgree();
    void notesSayWhatIsMissing();
    void discardCountersOfDrivesAndFilesystems();
    void physicalDrives_data();
    void physicalDrives();
    void alertRulesUseExportedMetrics();

private:
    TrimMetrics m_metrics;
    QString m_text;
    QJsonObject m_json;
};

void tst_TrimMetrics::initTestCase()
{
    m_metrics = assembleMetrics(machine());
    // The alert rules' states come from core/history (tst_historygauges); the writer publishes
    // what it is given: here the NVMe drive's media errors grew since its last recorded day.
    for (DriveMetrics &d : m_metrics.drives) {
        if (d.device == QLatin1String("nvme0n1"))
            d.alerts = {{QStringLiteral("media_errors_grew"), 1},
                        {QStringLiteral("wear_crossed"), 0}};
    }
    m_text = QString::fromUtf8(toPrometheusText(m_metrics));
    m_json = toJson(m_metrics);
}

void tst_TrimMetrics::series_data()
{
    QTest::addColumn<QString>("series");
    QTest::addColumn<std::optional<double>>("expected");
    const auto v = [](double x) { return std::optional<double>(x); };
    const std::optional<double> absent;
    QTest::newRow("info")
        << "trimscope_drive_info{device=\"sda\",model=\"INTEL SSDSA2CW120G3\",serial=\""
           "CVPR109301UZ120LGN\",firmware=\"4PC10302\",bus=\"sata\"}"
        << v(1);
    QTest::newRow("readable") << "trimscope_drive_health_readable{device=\"sda\"}" << v(1);
    QTest::newRow("not root") << "trimscope_drive_health_readable{device=\"sdb\"}" << v(0);
    QTest::newRow("hard disk") << "trimscope_drive_health_readable{device=\"sdc\"}" << v(0);
    QTest::newRow("kernel discard") << "trimscope_drive_discard_supported{device=\"sda\"}" << v(1);
    QTest::newRow("no kernel discard")
        << "trimscope_drive_discard_supported{device=\"sdc\"}" << v(0);
    QTest::newRow("ata trim") << "trimscope_drive_trim_supported{device=\"sda\"}" << v(1);
    QTest::newRow("alert standing")
        << "trimscope_drive_alert{device=\"nvme0n1\",rule=\"media_errors_grew\"}" << v(1);
    QTest::newRow("alert not standing")
        << "trimscope_drive_alert{device=\"nvme0n1\",rule=\"wear_crossed\"}" << v(0);
    QTest::newRow("rules not evaluated")
        << "trimscope_drive_alert{device=\"sda\",rule=\"wear_crossed\"}" << absent;
    QTest::newRow("ata wear 0 %") << "trimscope_drive_wear_ratio{device=\"sda\"}" << v(0);
    QTest::newRow("nvme wear 7 %") << "trimscope_drive_wear_ratio{device=\"nvme0n1\"}" << v(0.07);
    QTest::newRow("ata writes, 820 x 32 MiB")
        << "trimscope_drive_written_bytes_total{device=\"sda\"}" << v(27514634240.0);
    QTest::newRow("nvme writes, 2000 x 512000 B")
        << "trimscope_drive_written_bytes_total{device=\"nvme0n1\"}" << v(1024000000.0);
    QTest::newRow("ata 45 h") << "trimscope_drive_power_on_seconds_total{device=\"sda\"}"
                              << v(162000);
    QTest::newRow("nvme 1000 h") << "trimscope_drive_power_on_seconds_total{device=\"nvme0n1\"}"
                                 << v(3600000);
    QTest::newRow("nvme media errors")
        << "trimscope_drive_media_errors_total{device=\"nvme0n1\"}" << v(3);
    QTest::newRow("ata has no media error count")
        << "trimscope_drive_media_errors_total{device=\"sda\"}" << absent;
    QTest::newRow("ata bad sectors") << "trimscope_drive_bad_sectors{device=\"sda\"}" << v(0);
    QTest::newRow("nvme two warnings")
        << "trimscope_drive_critical_warnings{device=\"nvme0n1\"}" << v(2);
    QTest::newRow("ata smart good") << "trimscope_drive_critical_warnings{device=\"sda\"}" << v(0);
    QTest::newRow("lifespan") << "trimscope_drive_lifespan_seconds{device=\"sda\"}"
                              << v(kIntelLifespanSeconds);
    QTest::newRow("remaining, (100 - 7) / 7 x 1000 h")
        << "trimscope_drive_life_remaining_seconds{device=\"nvme0n1\"}"
        << v(93.0 / 7 * 1000 * 3600);
    QTest::newRow("no wear yet, no remaining life")
        << "trimscope_drive_life_remaining_seconds{device=\"sda\"}" << absent;
    QTest::newRow("unreadable: no figures")
        << "trimscope_drive_wear_ratio{device=\"sdb\"}" << absent;
    QTest::newRow("slow sweep")
        << "trimscope_drive_advice{device=\"sda\",verdict=\"prefer-periodic-fstrim\"}" << v(1);
    QTest::newRow("slow sweep, other verdicts 0")
        << "trimscope_drive_advice{device=\"sda\",verdict=\"online-discard-fine\"}" << v(0);
    QTest::newRow("fast sweep")
        << "trimscope_drive_advice{device=\"nvme0n1\",verdict=\"online-discard-fine\"}" << v(1);
    QTest::newRow("no sweep, no advice")
        << "trimscope_drive_advice{device=\"sdb\",verdict=\"unknown\"}" << absent;
    QTest::newRow("loop filtered") << "trimscope_drive_health_readable{device=\"loop0\"}" << absent;
    QTest::newRow("dm filtered") << "trimscope_drive_health_readable{device=\"dm-0\"}" << absent;
    QTest::newRow("md filtered") << "trimscope_drive_health_readable{device=\"md127\"}" << absent;
    QTest::newRow("optical filtered")
        << "trimscope_drive_health_readable{device=\"sr0\"}" << absent;
    QTest::newRow("fs to drive")
        << "trimscope_filesystem_drive_info{mountpoint=\"/\",fstype=\"ext4\",device=\"nvme0n1\"}"
        << v(1);
    QTest::newRow("reaches") << "trimscope_filesystem_discard_reaches_drive{mountpoint=\"/\","
                                "fstype=\"ext4\"}"
                             << v(1);
    QTest::newRow("btrfs discard=async")
        << "trimscope_filesystem_online_discard{mountpoint=\"/home\",fstype=\"btrfs\"}" << v(1);
    QTest::newRow("ext4 without discard")
        << "trimscope_filesystem_online_discard{mountpoint=\"/\",fstype=\"ext4\"}" << v(0);
    QTest::newRow("periodic wanted")
        << "trimscope_filesystem_periodic_trim_wanted{mountpoint=\"/\",fstype=\"ext4\"}" << v(1);
    QTest::newRow("discards since boot")
        << "trimscope_drive_discards_total{device=\"sda\"}" << v(1200);
    QTest::newRow("discarded bytes since boot")
        << "trimscope_drive_discarded_bytes_total{device=\"sda\"}" << v(1000.0 * 1048576);
    QTest::newRow("discard time since boot")
        << "trimscope_drive_discard_seconds_total{device=\"sda\"}" << v(3.5);
    QTest::newRow("counters not read: absent")
        << "trimscope_drive_discards_total{device=\"nvme0n1\"}" << absent;
    QTest::newRow("filesystem's device discards")
        << "trimscope_filesystem_discards_total{mountpoint=\"/\",fstype=\"ext4\","
           "device=\"nvme0n1p2\"}"
        << v(40);
    QTest::newRow("filesystem's device discard time")
        << "trimscope_filesystem_discard_seconds_total{mountpoint=\"/\",fstype=\"ext4\","
           "device=\"nvme0n1p2\"}"
        << v(0.12);
    QTest::newRow("timer") << "trimscope_fstrim_timer_enabled" << v(1);
    QTest::newRow("systemd's start, not the older stamp")
        << "trimscope_fstrim_last_run_timestamp_seconds" << v(1795407241);
    QTest::newRow("failed run") << "trimscope_fstrim_last_run_success" << v(0);
    QTest::newRow("own timestamp")
        << "trimscope_metrics_last_success_timestamp_seconds" << v(1795407300);
}

void tst_TrimMetrics::series()
{
    QFETCH(QString, series);
    QFETCH(std::optional<double>, expected);
    const auto value = sampleValue(m_text, series);
    QCOMPARE(value.has_value(), expected.has_value());
    if (expected)
        QVERIFY2(std::fabs(*value - *expected) <= 1e-9 * std::max(1.0, std::fabs(*expected)),
                 qPrintable(QStringLiteral("%1 is %2, expected %3")
                                .arg(series)
                                .arg(*value, 0, 'g', 17)
                                .arg(*expected, 0, 'g', 17)));
}

// Never a silent gap: every physical drive has its _info and health_readable series.
void tst_TrimMetrics::everyDriveListed()
{
    for (const char *device : {"sda", "nvme0n1", "sdb", "sdc"}) {
        QVERIFY2(
            m_text.contains(
                QStringLiteral("trimscope_drive_info{device=\"%1\"").arg(QLatin1String(device))),
            device);
        QVERIFY(sampleValue(m_text, QStringLiteral("trimscope_drive_health_readable{device=\"%1\"}")
                                        .arg(QLatin1String(device))));
    }
}

void tst_TrimMetrics::identityOnlyOnInfo()
{
    static const QRegularExpression sample(QStringLiteral("^(\\w+)\\{([^}]*)\\}"));
    int checked = 0;
    for (const QString &line : m_text.split(QLatin1Char('\n'))) {
        const auto match = sample.match(line);
        if (!match.hasMatch() || match.captured(1).endsWith(QLatin1String("_info")))
            continue;
        ++checked;
        for (const char *label : {"serial=", "model=", "firmware="})
            QVERIFY2(!match.captured(2).contains(QLatin1String(label)), qPrintable(line));
    }
    QVERIFY(checked > 20);
}

void tst_TrimMetrics::writersAgree_data()
{
    QTest::addColumn<QString>("metric");
    QTest::addColumn<QString>("key");
    QTest::addColumn<double>("scale"); // JSON value x scale = Prometheus value (booleans: 1)
    QTest::newRow("readable") << "trimscope_drive_health_readable"
                              << "health_readable" << 1.0;
    QTest::newRow("discard") << "trimscope_drive_discard_supported"
                             << "discard_supported" << 1.0;
    QTest::newRow("trim") << "trimscope_drive_trim_supported"
                          << "trim_supported" << 1.0;
    QTest::newRow("wear") << "trimscope_drive_wear_ratio"
                          << "wear_ratio" << 1.0;
    QTest::newRow("written") << "trimscope_drive_written_bytes_total"
                             << "written_bytes" << 1.0;
    QTest::newRow("power on") << "trimscope_drive_power_on_seconds_total"
                              << "power_on_seconds" << 1.0;
    QTest::newRow("media") << "trimscope_drive_media_errors_total"
                           << "media_errors" << 1.0;
    QTest::newRow("bad sectors") << "trimscope_drive_bad_sectors"
                                 << "bad_sectors" << 1.0;
    QTest::newRow("warnings") << "trimscope_drive_critical_warnings"
                              << "critical_warnings" << 1.0;
    QTest::newRow("lifespan") << "trimscope_drive_lifespan_seconds"
                              << "lifespan_seconds" << 1.0;
    QTest::newRow("remaining") << "trimscope_drive_life_remaining_seconds"
                               << "life_remaining_seconds" << 1.0;
}

void tst_TrimMetrics::writersAgree()
{
    QFETCH(QString, metric);
    QFETCH(QString, key);
    QFETCH(double, scale);
    for (const DriveMetrics &d : std::as_const(m_metrics.drives)) {
        const QJsonValue json = driveJson(m_json, d.device).value(key);
        const auto prom =
            sampleValue(m_text, QStringLiteral("%1{device=\"%2\"}").arg(metric, d.device));
        QVERIFY2(json.isNull() == !prom.has_value(), qPrintable(d.device));
        if (prom)
            QCOMPARE(*prom, (json.isBool() ? double(json.toBool()) : json.toDouble()) * scale);
    }
}

// The counters `watch` reads are read for the physical drives and the devices filesystems are
// mounted from, and both writers publish them (JSON: null where they were not read).
void tst_TrimMetrics::discardCountersOfDrivesAndFilesystems()
{
    const MetricsInputs in = machine();
    const QStringList names = counterNames(in.disks, in.snapshot);
    for (const char *name : {"sda", "nvme0n1", "nvme0n1p2", "nvme0n1p3"})
        QVERIFY2(names.contains(QLatin1String(name)), qPrintable(names.join(QLatin1Char(' '))));
    for (const char *name : {"loop0", "dm-0", "sr0"})
        QVERIFY2(!names.contains(QLatin1String(name)), name);
    const QJsonObject sda = driveJson(m_json, QStringLiteral("sda"))
                                .value(QStringLiteral("discards_since_boot"))
                                .toObject();
    QCOMPARE(sda.value(QStringLiteral("count")).toDouble(), 1200.0);
    QCOMPARE(sda.value(QStringLiteral("seconds")).toDouble(), 3.5);
    QVERIFY(driveJson(m_json, QStringLiteral("nvme0n1"))
                .value(QStringLiteral("discards_since_boot"))
                .isNull());
}

void tst_TrimMetrics::notesSayWhatIsMissing()
{
    QCOMPARE(m_json.value(QStringLiteral("schema")).toString(),
             QStringLiteral("io.github.trimscope.metrics"));
    QCOMPARE(driveJson(m_json, QStringLiteral("sdb")).value(QStringLiteral("health_error_code")),
             QJsonValue(QStringLiteral("PermissionDenied")));
    const QString notes = m_metrics.notes.join(QLatin1Char('\n'));
    QVERIFY2(notes.contains(QLatin1String("sdb")) && notes.contains(QLatin1String("root")),
             qPrintable(notes));
    QVERIFY2(notes.contains(QLatin1String("sdc")), qPrintable(notes));
    QVERIFY2(notes.contains(QLatin1String("simulated.json")), qPrintable(notes));
    QVERIFY(!notes.contains(QLatin1String("sweep-sda-slow.json")));
}

void tst_TrimMetrics::physicalDrives_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("transport");
    QTest::addColumn<bool>("physical");
    QTest::newRow("sata") << "sda"
                          << "sata" << true;
    QTest::newRow("nvme") << "nvme0n1"
                          << "nvme" << true;
    QTest::newRow("virtio") << "vda"
                            << "virtio" << true;
    QTest::newRow("usb") << "sdb"
                         << "usb" << true;
    QTest::newRow("mmc") << "mmcblk0"
                         << "mmc" << true;
    QTest::newRow("loop") << "loop3"
                          << "loop" << false;
    QTest::newRow("device-mapper") << "dm-2"
                                   << "" << false;
    QTest::newRow("md raid") << "md0"
                             << "" << false;
    QTest::newRow("optical") << "sr0"
                             << "sata" << false;
    QTest::newRow("nbd") << "nbd0"
                         << "" << false;
    QTest::newRow("zram") << "zram0"
                          << "" << false;
}

void tst_TrimMetrics::physicalDrives()
{
    QFETCH(QString, name);
    QFETCH(QString, transport);
    QFETCH(bool, physical);
    BlockDevice d;
    d.name = name;
    d.transport = transport;
    QCOMPARE(isPhysicalDrive(d), physical);
}

// The example rules may only name metrics the writer publishes (here, where every family has a
// sample), so that renaming one cannot leave a rule that never fires.
void tst_TrimMetrics::alertRulesUseExportedMetrics()
{
    const QString rules = QString::fromUtf8(
        readFile(kSource + QStringLiteral("/packaging/prometheus/trimscope-alerts.yml")));
    static const QRegularExpression name(QStringLiteral("\\btrimscope_[a-z_]+"));
    QSet<QString> used;
    auto it = name.globalMatch(rules);
    while (it.hasNext())
        used.insert(it.next().captured(0));
    QVERIFY(used.size() >= 10);
    for (const QString &metric : std::as_const(used))
        QVERIFY2(m_text.contains(QStringLiteral("# TYPE %1 ").arg(metric)), qPrintable(metric));
}

TRIMSCOPE_TEST_GUILESS_MAIN(tst_TrimMetrics)
#include "tst_trimmetrics.moc"
