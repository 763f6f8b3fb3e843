// The Health, Filesystem, Write Recovery and Advice tabs and the bar and curve charts, offscreen,
// on the sample results in tests/data/ (see tests/data/results/generate.sh).
#include "../support/identifyhealth.h"
#include "../support/qtry.h"
#include "backends/simulatedbackend.h"
#include "chart/barchart.h"
#include "chart/curvechart.h"
#include "common/canceltoken.h"
#include "common/units.h"
#include "guitestenv.h"
#include "helperclient.h"
#include "listedbackend.h"
#include "runstore.h"
#include "savedruns.h"
#include "simulate/simulateddiscardtarget.h"
#include "simulate/simulatedprofiles.h"
#include "sweep/sweeprunner.h"
#include "testmain.h"
#include "widgets/advicetab.h"
#include "widgets/attributemodel.h"
#include "widgets/filesystemtab.h"
#include "widgets/fixlist.h"
#include "widgets/healthtab.h"
#include "widgets/jobpanel.h"
#include "widgets/lifespaneditor.h"
#include "widgets/recoverytab.h"
#include "widgets/wraptext.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QSvgRenderer>
#include <QTableWidget>
#include <QTest>
#include <QTextDocument>
#include <QTreeWidget>
#include <sys/stat.h>

using namespace trimscope;
using namespace trimscope::gui;

namespace {
// A backend that answers every readHealth, from the event loop as a real one does, with the
// value it was given: typed, as udisks2's reader and the helper's client hand it over.
class AnsweringBackend final : public test::ListedBackend
{
public:
    AnsweringBackend(Error error, health::DriveHealth health)
        : ListedBackend(QStringLiteral("answering")), m_error(std::move(error)),
          m_health(std::move(health))
    {
    }
    bool readsHealth() const override { return true; }
    void readHealth(const DriveEntry &drive) override
    {
        QMetaObject::invokeMethod(
            this, [this, id = drive.id] { emit healthRead(id, m_error, m_health); },
            Qt::QueuedConnection);
    }

private:
    Error m_error;
    health::DriveHealth m_health;
};
} // namespace

class TestGuiTabs : public QObject
{
    Q_OBJECT
private slots:
    void adviceVerdict_data();
    void adviceVerdict();
    void healthLoadsBlob();
    void healthSimulatedExample();
    void healthSaysWhatTrimLeaves_data();
    void healthSaysWhatTrimLeaves();
    void healthReadFromBackend_data();
    void healthReadFromBackend();
    void filesystemResult_data();
    void filesystemResult();
    void recoveryResults();
    void chartExports_data();
    void chartExports();
    void openedFilesMustBeRegular_data();
    void openedFilesMustBeRegular();

private:
    static DriveEntry simulatedEntry(const QString &profile);
    static QString data(const QString &name);
    GuiTestEnv m_env;
};

QString TestGuiTabs::data(const QString &name)
{
    return QFINDTESTDATA(QStringLiteral("../data/") + name);
}

DriveEntry TestGuiTabs::simulatedEntry(const QString &profile)
{
    SimulatedBackend backend;
    for (const DriveEntry &entry : backend.drives()) {
        if (entry.info.simulationProfile == profile)
            return entry;
    }
    return {};
}

void TestGuiTabs::adviceVerdict_data()
{
    QTest::addColumn<QString>("profile");
    QTest::addColumn<int>("verdict");
    QTest::newRow("slow small TRIMs")
        << "ocz-agility3" << int(advice::Verdict::PreferPeriodicFstrim);
    QTest::newRow("fast TRIMs") << "corsair-performance-pro"
                                << int(advice::Verdict::OnlineDiscardFine);
}

void TestGuiTabs::adviceVerdict()
{
    QFETCH(QString, profile);
    QFETCH(int, verdict);
    const DriveEntry entry = simulatedEntry(profile);
    QVERIFY(!entry.id.isEmpty());
    const auto simulated = findSimulatedProfile(profile);
    QVERIFY(simulated);

    // A simulated run in virtual time, saved where the tab looks.
    SweepPlan plan;
    plan.minBytes = 4096;
    plan.maxBytes = quint64(64) << 20;
    plan.repeats = 5;
    plan.seed = 7;
    const auto resolved = resolvePlan(plan, {entry.info.sizeBytes, 512, 4096});
    QVERIFY(resolved);
    SimulatedDiscardTarget target(*simulated, 7, false);
    CancelToken cancel;
    SweepRunner runner(target, *resolved, entry.info, cancel);
    const SweepResult result = runner.run();
    QVERIFY(!result.samples.isEmpty());
    const RunStore store(m_env.home.filePath(QStringLiteral("advice-") + profile));
    QVERIFY(store.save(result));

    SavedRuns runs{store};
    runs.listNow();
    AdviceTab tab(&runs);
    tab.setAudit(std::nullopt); // not this machine's audit: the verdict must not depend on it
    tab.setDrive(entry);
    QCOMPARE(int(tab.advice().verdict), verdict);
    QCOMPARE(tab.verdictLabel()->text(), advice::verdictDisplayName(advice::Verdict(verdict)));
    QVERIFY(tab.numbers()->topLevelItemCount() > 0);

    QVERIFY(!tab.advice().fixes.isEmpty());
    QCOMPARE(tab.fixList()->count(), tab.advice().fixes.size());
    QPushButton *copy = tab.fixList()->copyButton(0);
    QVERIFY(copy);
    QSignalSpy copied(tab.fixList(), &FixList::copied);
    QApplication::clipboard()->clear();
    QTest::mouseClick(copy, Qt::LeftButton);
    QCOMPARE(copied.count(), 1);
    QCOMPARE(QApplication::clipboard()->text(), tab.advice().fixes.first().text);
}

void TestGuiTabs::healthLoadsBlob()
{
    HealthTab tab;
    QVERIFY(!tab.loadBlob(data(QStringLiteral("ata-smart-blobs/INTEL_SSDSA2CW120G3--4PC10302")))
                 .isError());
    QTRY_VERIFY(tab.health()); // named with the drive database, once its own thread loaded it
    QVERIFY(tab.attributes()->rowCount() > 10);
    // Every attribute explains itself in its tooltip.
    const QString tip =
        tab.attributes()
            ->data(tab.attributes()->index(0, AttributeModel::Name), Qt::ToolTipRole)
            .toString();
    QVERIFY2(tip.contains(QStringLiteral("<p>")), qPrintable(tip));
    // 226 (Intel's timed workload media wear) is 0xFFFF here, held until the workload timer has
    // run 60 minutes: no value yet, so neither a percent ("63.000 %" before) nor the number
    // ("65,535" before, issue 47), and the tooltip says why.
    bool found226 = false;
    for (int row = 0; row < tab.attributes()->rowCount(); ++row) {
        if (tab.attributes()->index(row, AttributeModel::Id).data().toInt() != 226)
            continue;
        found226 = true;
        QCOMPARE(tab.attributes()->index(row, AttributeModel::Raw).data().toString(),
                 health::rawNotAvailableText());
        QVERIFY(tab.attributes()
                    ->index(row, AttributeModel::Name)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("Not available")));
    }
    QVERIFY(found226);
    QVERIFY(tab.wearGauge()->isEnabled());

    LifespanEditor *editor = tab.lifespanEditor();
    editor->setAssumptions(health::LifespanAssumptions::forCellType(health::CellType::Tlc));
    editor->writeAmplification()->setValue(3.0);
    const QString before = tab.lifespanLabel()->text();
    const double years = tab.health()->lifespan.years.value_or(-1);
    QVERIFY2(years > 0, qPrintable(before));
    editor->writeAmplification()->setValue(6.0); // twice the wear per byte: half the life
    QVERIFY(tab.lifespanLabel()->text() != before);
    QVERIFY(qAbs(tab.health()->lifespan.years.value_or(0) - years / 2) < years * 0.01);
    editor->cellType()->setCurrentIndex(editor->cellType()->findData(int(health::CellType::Mlc)));
    QCOMPARE(editor->ratedCycles()->value(), 3000.0);
    QVERIFY(tab.health()->lifespan.years.value_or(0) > years / 2 * 2.9);

    const QString json = m_env.home.filePath(QStringLiteral("health.json"));
    QVERIFY(!tab.exportJson(json).isError());
    QFile file(json);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY(
        QJsonDocument::fromJson(file.readAll()).object().contains(QStringLiteral("attributes")));
}

void TestGuiTabs::healthSimulatedExample()
{
    HealthTab tab;
    tab.setDrive(simulatedEntry(defaultSimulatedProfileId()));
    QTRY_VERIFY(tab.health());
    QVERIFY(tab.findChild<QLabel *>(QStringLiteral("healthOrigin"))
                ->text()
                .contains(QStringLiteral("example data from a real Intel 320")));
    QVERIFY(!tab.adviceSummary()); // example data never feeds the advice
}

// Issue 46 item 5: the drive's identity on the Health tab says what a read after TRIM returns and
// what the kernel's own list makes of the drive's TRIM, in the words the CLI's health prints
// (tst_healthcli). Real IDENTIFY data: libatasmart's blobs of an Intel 320 and an X25-M G1 (no
// TRIM), the QEMU guest's Samsung 870 EVO as the kernel read it (vpd_pg89); an NVMe report as
// `health --json` saves it.
void TestGuiTabs::healthSaysWhatTrimLeaves_data()
{
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("afterTrim"); // empty: no such row
    QTest::addColumn<QString>("kernel");
    QTest::newRow("Intel 320 blob")
        << "blob:ata-smart-blobs/INTEL_SSDSA2CW120G3--4PC10302"
        << "After TRIM: a read returns zeroes (DRAT and RZAT; the kernel trusts them: libata "
           "ZERO_AFTER_TRIM)"
        << "Kernel: queued TRIM allowed; zeroes after TRIM trusted (ZERO_AFTER_TRIM) (libata "
           "quirks for \"INTEL*SSD*\")";
    QTest::newRow("Intel X25-M G1 blob: no TRIM")
        << "blob:ata-smart-blobs/INTEL_SSDSA2MH080G1GC--045C8820"
        << ""
        << "Kernel: queued TRIM allowed; zeroes after TRIM trusted (ZERO_AFTER_TRIM) (libata "
           "quirks for \"INTEL*SSD*\")";
    QTest::newRow("Samsung 870 EVO as QEMU emulates it (DRAT, no RZAT), IDENTIFY from the kernel")
        << "vpd:sysfs/qemu-q35/devices/pci0000:00/0000:00:1f.2/ata1/host0/target0:0:0/0:0:0:0/"
           "vpd_pg89"
        << "After TRIM: a read returns the same data every time (DRAT), not necessarily zeroes"
        << "Kernel: queued TRIM off (NO_NCQ_TRIM): each discard holds other I/O up, so online "
           "discard costs more; zeroes after TRIM trusted (ZERO_AFTER_TRIM) (libata quirks for "
           "\"Samsung SSD 870*\")";
    QTest::newRow("NVMe, DLFEAT 09h") << "nvme:9"
                                      << "After TRIM: a read returns zeroes (DLFEAT 001b)"
                                      << "";
    QTest::newRow("NVMe, Identify Namespace not read")
        << "nvme:-1"
        << "After TRIM: not read (Identify Namespace needs root and a namespace node)"
        << "";
}

void TestGuiTabs::healthSaysWhatTrimLeaves()
{
    QFETCH(QString, source);
    QFETCH(QString, afterTrim);
    QFETCH(QString, kernel);
    HealthTab tab;
    const QString origin = source.startsWith(QLatin1String("vpd:"))
                               ? QStringLiteral("IDENTIFY from vpd_pg89")
                               : QStringLiteral("an NVMe health report");
    const QString error = loadTestHealth(tab, source, data(QString()), origin);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    // As a reader sees the table: a label's cell and its value's, on one line.
    QTextDocument document;
    document.setHtml(withoutJoiners(tab.figures()->text()));
    const QString shown = document.toPlainText().simplified();
    QVERIFY2(shown.startsWith(QStringLiteral("Model: ") + tab.health()->model), qPrintable(shown));
    for (const QString &expected : {afterTrim, kernel}) {
        if (!expected.isEmpty())
            QVERIFY2(shown.contains(expected), qPrintable(shown));
    }
    QCOMPARE(shown.contains(QLatin1String("After TRIM:")), !afterTrim.isEmpty());
    QCOMPARE(shown.contains(QLatin1String("Kernel:")), !kernel.isEmpty());
}

void TestGuiTabs::healthReadFromBackend_data()
{
    QTest::addColumn<bool>("refused");
    QTest::addColumn<QString>("origin");
    QTest::newRow("typed report") << false << "read from /dev/sdz just now";
    QTest::newRow("refusal") << true << "Not supported for this drive. no SMART here";
}

// Health is typed from where it arrives to the widget (issue 45): the helper's reply is read
// once in HelperClient, and nothing between it and the tab carries bytes or a map.
static_assert(
    std::is_same_v<decltype(&helper::HelperClient::healthReceived),
                   void (helper::HelperClient::*)(const Error &, const health::DriveHealth &)>);
static_assert(
    std::is_same_v<decltype(&Backend::healthRead),
                   void (Backend::*)(const QString &, const Error &, const health::DriveHealth &)>);

// "Read from drive": the backend hands the tab a DriveHealth, which it shows as it came (its
// attribute table whole), named after the drive it asked; or why not, in words.
void TestGuiTabs::healthReadFromBackend()
{
    QFETCH(bool, refused);
    QFETCH(QString, origin);
    QFile blob(data(QStringLiteral("ata-smart-blobs/INTEL_SSDSA2CW120G3--4PC10302")));
    QVERIFY(blob.open(QIODevice::ReadOnly));
    auto ata = health::loadAtaSmartBlob(blob.readAll());
    QVERIFY(ata);
    health::DriveHealth sent = health::summarizeAta(std::move(ata).value(), {});
    sent.source = QStringLiteral("what the backend read");
    AnsweringBackend backend(
        refused ? makeError(ErrorCode::Unsupported, QStringLiteral("no SMART here")) : Error{},
        refused ? health::DriveHealth{} : sent);
    DriveEntry drive;
    drive.id = QStringLiteral("answering:/dev/sdz");
    drive.backendId = backend.id();
    drive.info.path = QStringLiteral("/dev/sdz");

    HealthTab tab;
    QSignalSpy changed(&tab, &HealthTab::healthChanged);
    tab.setDrive(drive, &backend);
    QVERIFY(tab.readButton()->isEnabled());
    QTest::mouseClick(tab.readButton(), Qt::LeftButton);
    QVERIFY(tab.isReading());
    QTRY_VERIFY(!tab.isReading());
    QCOMPARE(changed.count(), 2); // the drive chosen, then the answer
    QVERIFY2(withoutJoiners(tab.origin()->text()).contains(origin),
             qPrintable(tab.origin()->text()));
    QVERIFY(tab.readButton()->isEnabled());
    if (refused) {
        QVERIFY(!tab.health());
        return;
    }
    QVERIFY(tab.driveHealth());
    QCOMPARE(tab.health()->source, drive.info.path);
    QCOMPARE(tab.health()->model, sent.model);
    QCOMPARE(tab.health()->hostWritesBytes, sent.hostWritesBytes);
    QCOMPARE(tab.attributes()->rowCount(), sent.ata->attributes.size());
    QVERIFY(tab.wearGauge()->isEnabled());
}

void TestGuiTabs::filesystemResult_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QStringList>("sets");
    QTest::addColumn<int>("categories");
    QTest::newRow("delete workload") << "results/fsbench-ext4-xfs.json"
                                     << QStringList{"ext4, discard on", "ext4, discard off",
                                                    "xfs, discard on", "xfs, discard off"}
                                     << 4;
    QTest::newRow("mkfs timing") << "results/mkfs-timing.json"
                                 << QStringList{"discard on", "discard off"} << 3;
}

void TestGuiTabs::filesystemResult()
{
    QFETCH(QString, file);
    QFETCH(QStringList, sets);
    QFETCH(int, categories);
    FilesystemTab tab;
    const Error error = tab.openResult(data(file));
    QVERIFY2(!error.isError(), qPrintable(error.message));
    QCOMPARE(tab.chart()->setLabels(), sets);
    QCOMPARE(tab.chart()->data().categories.size(), categories);
    QVERIFY(tab.table()->rowCount() >= sets.size());
    // A result of another experiment is refused with a sentence.
    QVERIFY(tab.openResult(data(QStringLiteral("results/recovery-smoke.json"))).isError());
}

void TestGuiTabs::recoveryResults()
{
    RecoveryTab tab;
    tab.setDrive(simulatedEntry(defaultSimulatedProfileId()));
    QTRY_VERIFY(!tab.isListing()); // its saved runs, listed on a worker
    // Simulated drives cannot run it: no cost is shown for it, the reason is in plain view.
    QVERIFY2(!tab.estimate()->text().contains(QStringLiteral("capacity")),
             qPrintable(tab.estimate()->text()));
    QVERIFY(!tab.showsResult());
    // Why it cannot run is beside the disabled button, once (issue 47: the empty page said it a
    // second time; tst_wrappedtext checks it in the window, with a simulated drive's reason).
    const QString why = tab.jobPanel()->status()->text();
    QVERIFY(!tab.runButton()->isEnabled() && !why.isEmpty());
    QVERIFY(!tab.findChild<QLabel *>(QStringLiteral("emptyState"))->text().contains(why));
    QVERIFY(!tab.openResult(data(QStringLiteral("results/recovery-smoke.json"))).isError());
    const BarChartData bars = tab.recoveryChart()->data();
    QCOMPARE(bars.categories.size(), 4);
    QCOMPARE(bars.sets.size(), 1);
    QCOMPARE(bars.sets.first().values.first(), 100.0);
    QVERIFY(bars.sets.first().values.at(1) < 100.0); // after filling: degraded
    QVERIFY(!tab.openResult(data(QStringLiteral("results/fill-curve.json"))).isError());
    const CurveChartData curve = tab.fillChart()->data();
    QVERIFY(curve.points.size() > 10);
    QVERIFY(curve.markerX);
    QVERIFY(*curve.markerX > 30 && *curve.markerX < 70);
}

void TestGuiTabs::chartExports_data()
{
    QTest::addColumn<QString>("suffix");
    QTest::newRow("png") << "png";
    QTest::newRow("svg") << "svg";
}

void TestGuiTabs::chartExports()
{
    QFETCH(QString, suffix);
    FilesystemTab fs;
    QVERIFY(!fs.openResult(data(QStringLiteral("results/fsbench-ext4-xfs.json"))).isError());
    RecoveryTab recovery;
    QVERIFY(!recovery.openResult(data(QStringLiteral("results/recovery-smoke.json"))).isError());
    QVERIFY(!recovery.openResult(data(QStringLiteral("results/fill-curve.json"))).isError());
    const QList<ChartWidget *> charts{fs.chart(), recovery.recoveryChart(), recovery.fillChart()};
    for (int i = 0; i < charts.size(); ++i) {
        const QString path = m_env.home.filePath(QStringLiteral("chart%1.").arg(i) + suffix);
        const Error error = charts.at(i)->exportTo(path, QSize(1000, 600));
        QVERIFY2(!error.isError(), qPrintable(error.message));
        if (suffix == QLatin1String("png")) {
            const QImage image(path);
            QCOMPARE(image.size(), QSize(1000, 600));
        } else {
            QSvgRenderer svg(path);
            QVERIFY(svg.isValid());
        }
    }
}

// Every file the GUI opens or imports: a FIFO used to hang the window, /dev/zero to abort it
// (issue 16, item 10). Refused at once, with the path in the message.
void TestGuiTabs::openedFilesMustBeRegular_data()
{
    QTest::addColumn<QString>("opener");
    QTest::addColumn<QString>("input");
    for (const char *opener :
         {"filesystem result", "recovery result", "advice import", "SMART blob", "run import"}) {
        QTest::newRow(QByteArray(opener) + ", FIFO") << opener << "fifo";
        QTest::newRow(QByteArray(opener) + ", /dev/zero") << opener << "/dev/zero";
    }
}

void TestGuiTabs::openedFilesMustBeRegular()
{
    QFETCH(QString, opener);
    QFETCH(QString, input);
    QString path = input;
    if (input == QLatin1String("fifo")) {
        path = m_env.home.filePath(QStringLiteral("result.fifo"));
        QFile::remove(path);
        QVERIFY(::mkfifo(QFile::encodeName(path).constData(), 0600) == 0);
    }
    QElapsedTimer timer;
    timer.start();
    Error error;
    if (opener == QLatin1String("filesystem result")) {
        FilesystemTab tab;
        error = tab.openResult(path);
    } else if (opener == QLatin1String("recovery result")) {
        RecoveryTab tab;
        error = tab.openResult(path);
    } else if (opener == QLatin1String("advice import")) {
        SavedRuns runs{RunStore(m_env.home.filePath(QStringLiteral("runs")))};
        AdviceTab tab(&runs);
        error = tab.importFile(path);
    } else if (opener == QLatin1String("SMART blob")) {
        HealthTab tab;
        error = tab.loadBlob(path);
    } else {
        const RunStore store(m_env.home.filePath(QStringLiteral("runs")));
        const Expected<ImportedRun> imported = store.import(path);
        if (!imported)
            error = imported.error();
    }
    QVERIFY(timer.elapsed() < 2000);
    QVERIFY(error.isError());
    QVERIFY2(error.message.contains(path), qPrintable(error.message));
    QVERIFY2(error.message.contains(QStringLiteral("not a regular file")),
             qPrintable(error.message));
}

TRIMSCOPE_TEST_MAIN(TestGuiTabs)
#include "tst_guitabs.moc"
