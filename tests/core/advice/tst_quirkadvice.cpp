// Issue 46, item 5: the advice weighs what the kernel's own list says of the measured drive's
// TRIM. A drive whose TRIM libata sends unqueued (NO_NCQ_TRIM) holds other I/O up behind every
// discard, which its TRIM times do not show: a verdict that puts discards on it unmeasured says
// so in a confidence reason and a finding, and is never of high confidence. The drives are named
// as real drives name themselves: IDENTIFY data recorded from the kernel (the QEMU guest's
// Samsung 870 EVO, vpd_pg89) and libatasmart's blobs of real Intel SSDs, and model/firmware pairs
// of drives the list names.
#include "advice/advice.h"
#include "device/ataidentify.h"
#include "device/atainformationvpd.h"
#include "health/atablob.h"
#include "simulate/simulatedsweep.h"
#include "sweep/sweeprunner.h"

#include <QFile>
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

QTEST_GUILESS_MAIN(TestQuirkAdvice)
#include "tst_quirkadvice.moc"
