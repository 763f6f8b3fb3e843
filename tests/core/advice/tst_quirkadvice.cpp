// Issue 46, item 5: the advice weighs what the kernel's own list says of the measured drive's
// TRIM. A drive whose TRIM libata sends unqueued (NO_NCQ_TRIM) holds other I/O up behind every
// discard, which its TRIM times do not show: a verdict that puts discards on it unmeasured says
// so in a confidence reason and a finding, and is never of high confidence. The drives are named
// as real drives name themselves: IDENTIFY data recorded from the kernel (the QEMU guest's
// Samsung 870 EVO, vpd_pg89) and libatasmart's blobs of real Intel SSDs, and model/firmware pairs
// of drives the list names.
#include "../../support/identifyhealth.h"
#include "../../support/nvmehealthreport.h"
#include "advice/advice.h"
#include "apply/planner.h"
#include "audit/auditrules.h"
#include "audit/systemsnapshot.h"
#include "device/ataidentify.h"
#include "device/atainformationvpd.h"
#include "health/atablob.h"
#include "report/adviceinput.h"
#include "report/resultfile.h"
#include "simulate/simulatedsweep.h"
#include "sweep/sweeprunner.h"
#include "testmain.h"

#include <QFile>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QTest>

using namespace trimscope;
using namespace trimscope::advice;

namespace {

const QString kData = QStringLiteral(TRIMSCOPE_SOURCE_DIR "/tests/data/");

QByteArray readData(const QString &relative)
{
    QFile file(kData + relative);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing %s", qPrintable(relative));
    return file.readAll();
}

// Model and firmware as the drive's own IDENTIFY data give them ("vpd:" the kernel's ATA
// Information page, "blob:" a libatasmart blob), or as written ("Model|Firmware").
std::pair<QString, QString> identityOf(const QString &source)
{
    std::optional<QByteArray> identify;
    if (source.startsWith(QLatin1String("vpd:"))) {
        identify = identifyDataFromAtaInformationVpd(readData(source.mid(4)));
    } else if (source.startsWith(QLatin1String("blob:"))) {
        const auto sections = health::splitAtaBlob(readData(source.mid(5)));
        if (sections)
            identify = sections->identify;
    } else {
        return {source.section(QLatin1Char('|'), 0, 0), source.section(QLatin1Char('|'), 1)};
    }
    if (!identify)
        qFatal("no IDENTIFY data in %s", qPrintable(source));
    const Expected<AtaIdentify> ata = parseAtaIdentify(*identify);
    if (!ata)
        qFatal("%s: %s", qPrintable(source), qPrintable(ata.error().message));
    return {ata->model, ata->firmware};
}

// A simulated profile's sweep, without real time, named as the drive under test.
SweepResult sweepOf(const QString &profile, const QString &model, const QString &firmware,
                    const QString &transport)
{
    SweepPlan plan;
    plan.minBytes = 4096;
    plan.maxBytes = quint64(256) << 20;
    plan.repeats = 5;
    plan.seed = 42;
    auto prepared = prepareSimulatedSweep(profile, plan, 0);
    if (!prepared)
        qFatal("cannot prepare the sweep");
    CancelToken cancel;
    SweepRunner runner(*prepared->target, prepared->plan, prepared->drive, cancel);
    SweepResult sweep = runner.run();
    sweep.drive.model = model;
    sweep.drive.firmware = firmware;
    sweep.drive.vendor.clear();
    sweep.drive.transport = transport;
    sweep.drive.simulated = false;
    sweep.drive.name = QStringLiteral("sda");
    return sweep;
}

const audit::Finding *findingOf(const Advice &advice, const QString &id)
{
    for (const audit::Finding &f : advice.findings) {
        if (f.id == id)
            return &f;
    }
    return nullptr;
}

} // namespace

class TestQuirkAdvice : public QObject
{
    Q_OBJECT
private slots:
    void weighsUnqueuedTrim_data();
    void weighsUnqueuedTrim();
    void raidDiscardNeedsZeroes_data();
    void raidDiscardNeedsZeroes();
};

void TestQuirkAdvice::weighsUnqueuedTrim_data()
{
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("transport");
    QTest::addColumn<QString>("expectModel"); // what the IDENTIFY data must name
    QTest::addColumn<bool>("unqueued");       // the advice weighs unqueued TRIM
    const QString samsung = QStringLiteral(
        "vpd:sysfs/qemu-q35/devices/pci0000:00/0000:00:1f.2/ata1/host0/target0:0:0/0:0:0:0/"
        "vpd_pg89");
    QTest::newRow("Samsung 870 EVO (IDENTIFY recorded from the kernel)")
        << samsung << "sata"
        << "Samsung SSD 870 EVO 1TB" << true;
    QTest::newRow("the same drive behind a USB bridge: libata not in the way")
        << samsung << "usb"
        << "Samsung SSD 870 EVO 1TB" << false;
    QTest::newRow("Intel 320 (libatasmart blob): zeroes trusted, TRIM queued")
        << "blob:ata-smart-blobs/INTEL_SSDSA2CW120G3--4PC10302"
        << "sata"
        << "INTEL SSDSA2CW120G3" << false;
    QTest::newRow("Intel X25-M G1 (libatasmart blob)")
        << "blob:ata-smart-blobs/INTEL_SSDSA2MH080G1GC--045C8820"
        << "sata"
        << "INTEL SSDSA2MH080G1GC" << false;
    QTest::newRow("Samsung 860 PRO") << "Samsung SSD 860 PRO 512GB|RVM02B6Q"
                                     << "sata"
                                     << "" << true;
    QTest::newRow("Micron M500") << "Micron_M500_MTFDDAK480MAV|MU05"
                                 << "sata"
                                 << "" << true;
    QTest::newRow("Micron M550 after MU01: queued again") << "Micron_M550_MTFDDAK256MAY|MU02"
                                                          << "sata"
                                                          << "" << false;
    QTest::newRow("WD Blue, not in the list") << "WDC WDS500G2B0A-00SM50|401000WD"
                                              << "sata"
                                              << "" << false;
}

void TestQuirkAdvice::weighsUnqueuedTrim()
{
    QFETCH(QString, source);
    QFETCH(QString, transport);
    QFETCH(QString, expectModel);
    QFETCH(bool, unqueued);
    const auto [model, firmware] = identityOf(source);
    if (!expectModel.isEmpty())
        QCOMPARE(model, expectModel);

    // A fast drive's TRIM times alone call online discard fine: the quirk weighs on how sure
    // that is, not on the times.
    AdviceInput input;
    input.sweeps.append(
        sweepOf(QStringLiteral("corsair-performance-pro"), model, firmware, transport));
    const Advice advice = adviseTrim(input);
    QCOMPARE(advice.verdict, Verdict::OnlineDiscardFine);

    const QString reasons = advice.confidenceReasons.join(QLatin1Char('\n'));
    QCOMPARE(reasons.contains(QLatin1String("NO_NCQ_TRIM")), unqueued);
    const audit::Finding *finding = findingOf(advice, QStringLiteral("kernel-unqueued-trim"));
    QCOMPARE(finding != nullptr, unqueued);
    if (!unqueued)
        return;
    QCOMPARE(finding->severity, audit::Severity::Warning);
    QVERIFY2(finding->explanation.contains(QLatin1String("NO_NCQ_TRIM")) &&
                 finding->explanation.contains(QLatin1String("trimscope-cli stall")),
             qPrintable(finding->explanation));
    QVERIFY2(advice.confidence != QLatin1String("high"), qPrintable(advice.confidence));
    // The run that would settle it is named.
    QVERIFY(advice.whatWouldChange.join(QLatin1Char(' ')).contains(QLatin1String("stall test")));
    // Where fstrim is the answer anyway, the same fact is information, not a warning.
    input.sweeps = {sweepOf(QStringLiteral("ocz-agility3"), model, firmware, transport)};
    const Advice fstrim = adviseTrim(input);
    QCOMPARE(fstrim.verdict, Verdict::PreferPeriodicFstrim);
    const audit::Finding *info = findingOf(fstrim, QStringLiteral("kernel-unqueued-trim"));
    QVERIFY(info);
    QCOMPARE(info->severity, audit::Severity::Info);
}

namespace {

// The saved audit of a computer whose root sits on LVM over md0 over sda1 and sdb1, with md0 made
// the RAID level given (raid5 passes no discards without devices_handle_discard_safely), its
// findings those of the audit's own rules; on NVMe drives the same stack over nvme0n1p1 and
// nvme1n1p1.
audit::AuditReport auditWithRaid(const QString &level, bool nvme)
{
    QString text = QString::fromUtf8(readData(QStringLiteral("results/audit.json")));
    if (nvme) { // the same stack on two NVMe drives
        for (const auto &[sata, nvmeName] :
             {std::pair{"sda", "nvme0n1"}, std::pair{"sdb", "nvme1n1"}}) {
            text.replace(QStringLiteral("%1%2").arg(QLatin1String(sata), QStringLiteral("1")),
                         QLatin1String(nvmeName) + QStringLiteral("p1"));
            text.replace(QLatin1String(sata), QLatin1String(nvmeName));
        }
    }
    Expected<AnyResult> read = readAnyResult(text.toUtf8());
    if (!read || !std::holds_alternative<audit::AuditReport>(*read))
        qFatal("results/audit.json is no audit");
    audit::AuditReport report = std::get<audit::AuditReport>(*read);
    audit::AuditTarget &root = report.targets.first();
    for (audit::StackLayer &layer : root.stack.layers) {
        if (layer.kind == audit::LayerKind::Raid) {
            layer.label = level;
            layer.discardPasses = level != QLatin1String("raid5");
        }
    }
    const audit::SystemSnapshot snapshot;
    const audit::AuditContext context{snapshot, report.targets, {}, {}};
    report.findings.clear();
    for (const audit::Rule &rule : audit::auditRules()) {
        if (!rule.onTarget)
            continue;
        for (audit::Finding f : rule.onTarget(context, root)) {
            f.id = QString::fromLatin1(rule.id);
            report.findings.append(f);
        }
    }
    return report;
}

// A drive's health as `health --json` saves it: an ATA blob read by libatasmart, or an NVMe
// report with Identify Namespace's DLFEAT byte (-1: not read).
health::DriveHealth healthOf(const QString &source)
{
    if (source.startsWith(QLatin1String("vpd:"))) { // IDENTIFY alone, as the kernel read it
        const auto h = healthFromIdentifyVpd(readData(source.mid(4)));
        if (!h)
            qFatal("no IDENTIFY data in %s", qPrintable(source));
        return *h;
    }
    if (source.startsWith(QLatin1String("blob:"))) {
        auto ata = health::loadAtaSmartBlob(readData(source.mid(5)));
        if (!ata)
            qFatal("%s", qPrintable(ata.error().message));
        return health::summarizeAta(std::move(ata).value(), {});
    }
    const QJsonObject report = nvmeHealthReport(source.mid(5).toInt());
    auto h = health::DriveHealth::fromJson(report, {});
    if (!h)
        qFatal("%s", qPrintable(h.error().message));
    return *h;
}

} // namespace

// md's RAID 4/5/6 passes discards only with raid456's devices_handle_discard_safely, which the
// kernel says to set only where every drive reliably reads back zeroes from trimmed blocks
// (drivers/md/raid5.c): the audit's fix for a raid5 that blocks discards is offered, with what
// the drive returns, only where it does; withheld with a warning where the drive is known not
// to; offered with the condition where nobody read it. A RAID level that passes discards: nothing.
void TestQuirkAdvice::raidDiscardNeedsZeroes_data()
{
    QTest::addColumn<QString>("level");
    QTest::addColumn<QString>("health"); // empty: not read
    QTest::addColumn<QString>("fix");    // "zeroes", "condition", "withheld" or "none"
    const QString intel = QStringLiteral("blob:ata-smart-blobs/INTEL_SSDSA2CW120G3--4PC10302");
    QTest::newRow("raid5 on an Intel 320: DRAT, RZAT, trusted") << "raid5" << intel << "zeroes";
    QTest::newRow("raid5 on the Samsung 870 EVO QEMU emulates: DRAT, no RZAT")
        << "raid5"
        << "vpd:sysfs/qemu-q35/devices/pci0000:00/0000:00:1f.2/ata1/host0/target0:0:0/0:0:0:0/"
           "vpd_pg89"
        << "withheld";
    QTest::newRow("raid5 on NVMe, DLFEAT 001b") << "raid5"
                                                << "nvme:1"
                                                << "zeroes";
    QTest::newRow("raid5 on NVMe, DLFEAT 000b: nothing promised") << "raid5"
                                                                  << "nvme:0"
                                                                  << "withheld";
    QTest::newRow("raid5 on NVMe, DLFEAT 010b: FFh, not zeroes") << "raid5"
                                                                 << "nvme:2"
                                                                 << "withheld";
    QTest::newRow("raid5, health not read") << "raid5"
                                            << ""
                                            << "condition";
    QTest::newRow("raid1 passes discards: nothing to say") << "raid1"
                                                           << "nvme:0"
                                                           << "none";
}

void TestQuirkAdvice::raidDiscardNeedsZeroes()
{
    QFETCH(QString, level);
    QFETCH(QString, health);
    QFETCH(QString, fix);
    const bool nvme = health.startsWith(QLatin1String("nvme:"));
    AdviceInput input;
    std::optional<health::DriveHealth> read;
    if (!health.isEmpty())
        read = healthOf(health);
    const QString model = read ? read->model : QStringLiteral("INTEL SSDSA2CW120G3");
    const QString firmware = !read || nvme ? QStringLiteral("1.0") : read->ata->identify.firmware;
    SweepResult sweep = sweepOf(QStringLiteral("corsair-performance-pro"), model, firmware,
                                nvme ? QStringLiteral("nvme") : QStringLiteral("sata"));
    sweep.drive.name = nvme ? QStringLiteral("nvme0n1") : QStringLiteral("sda");
    input.sweeps.append(sweep);
    input.audit = auditWithRaid(level, nvme);
    if (read)
        input.health = healthSummaryOf(*read);
    const Advice advice = adviseTrim(input);

    // `apply` never makes md pass discards itself: the modprobe line is the user's to run (with
    // the condition), and where the advice withholds it, apply does not offer it at all.
    apply::ApplyInput applyInput;
    applyInput.advice = advice;
    applyInput.audit = *input.audit;
    const QString raidId = QStringLiteral("audit:discards-blocked-layer:/dev/md0");
    QVERIFY(!apply::applicableFixIds(applyInput).contains(raidId));
    const Expected<apply::ApplyPlan> plan = apply::planFix(raidId, applyInput);
    QVERIFY(!plan);
    const bool offered = fix == QLatin1String("zeroes") || fix == QLatin1String("condition");
    QVERIFY2(plan.error().code == (offered ? ErrorCode::Unsupported : ErrorCode::InvalidArgument),
             qPrintable(plan.error().message));

    const Fix *raidFix = nullptr;
    for (const Fix &f : advice.fixes) {
        if (f.text.contains(QLatin1String("devices_handle_discard_safely")))
            raidFix = &f;
    }
    const audit::Finding *unsafe = findingOf(advice, QStringLiteral("raid-discard-unsafe"));
    const QString fixes = raidFix ? raidFix->explanation : QStringLiteral("(no fix)");
    if (fix == QLatin1String("none") || fix == QLatin1String("withheld")) {
        QVERIFY2(!raidFix, qPrintable(fixes));
        QCOMPARE(unsafe != nullptr, fix == QLatin1String("withheld"));
        if (unsafe) {
            QCOMPARE(unsafe->severity, audit::Severity::Warning);
            QCOMPARE(unsafe->subject, QStringLiteral("/dev/md0"));
            QVERIFY2(unsafe->explanation.contains(input.health->readAfterTrim),
                     qPrintable(unsafe->explanation));
            // Nowhere in the advice is the command still offered.
            for (const audit::Finding &f : advice.findings)
                QVERIFY2(!f.fix.contains(QLatin1String("devices_handle_discard_safely")),
                         qPrintable(f.fix));
        }
        return;
    }
    QVERIFY(!unsafe);
    QVERIFY2(raidFix, qPrintable(advice.sentence));
    // The audit's own words carry the condition and what goes wrong without it, once.
    QVERIFY2(raidFix->text.startsWith(QLatin1String("# Only if every drive")),
             qPrintable(raidFix->text));
    QCOMPARE(raidFix->explanation.count(QLatin1String("parity")), 1);
    if (fix == QLatin1String("zeroes"))
        QVERIFY2(raidFix->explanation.contains(QLatin1String("returns zeroes after TRIM (")) &&
                     raidFix->explanation.contains(input.health->readAfterTrim),
                 qPrintable(fixes));
    else
        QVERIFY2(raidFix->explanation.contains(QLatin1String("Set it only if every drive")),
                 qPrintable(fixes));
}

TRIMSCOPE_TEST_GUILESS_MAIN(TestQuirkAdvice)
#include "tst_quirkadvice.moc"
