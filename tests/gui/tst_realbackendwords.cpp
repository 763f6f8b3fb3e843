// Issue 47, item 18: what the window says with the real back ends. A drive two backends offer
// (the helper and udisks2 list every loop device) is one row, with its size and mount point
// where the columns are hidden, and a marker where the benchmark is refused; a virtio disk is
// not named by its PCI vendor id; a polkit refusal without an authentication agent says what to
// do; the Apply dialog shows fstab lines whole, the Undo dialog says "Undo" once; a diagnosis
// runs to the time budget chosen beside its button. English and German.
#include "../support/qtry.h"
#include "apply/applyplan.h"
#include "apply/undojournal.h"
#include "backends/driveentry.h"
#include "backends/errorwords.h"
#include "common/flatpaksandbox.h"
#include "guilanguage.h"
#include "guitestenv.h"
#include "listedbackend.h"
#include "report/diagnosis.h"
#include "reporthtml.h"
#include "simulatedwindow.h"
#include "testmain.h"
#include "udisksjobrunner.h"
#include "widgets/advicetab.h"
#include "widgets/applydialog.h"
#include "widgets/confirmdialog.h"
#include "widgets/diagnosebudget.h"
#include "widgets/drivelist.h"
#include "widgets/jobpanel.h"
#include "widgets/wraptext.h"

#include <QComboBox>
#include <QDBusError>
#include <QDBusMessage>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QPlainTextEdit>
#include <QScopeGuard>
#include <QScreen>
#include <QScrollBar>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

using namespace trimscope;
using namespace trimscope::gui;

namespace {

// A 64 MiB loop device over a file, as sysfs and /proc show it; mounted at `mountPoint` if given.
BlockDevice loopDevice(int number, const QString &mountPoint)
{
    BlockDevice device;
    device.name = QStringLiteral("loop%1").arg(number);
    device.path = QStringLiteral("/dev/") + device.name;
    device.major = 7;
    device.minor = quint32(number);
    device.sizeBytes = quint64(64) << 20;
    device.model = QStringLiteral("Loop device");
    device.transport = QStringLiteral("loop");
    device.discardGranularity = 4096;
    device.discardMaxBytes = quint64(4) << 30;
    device.loopBackingFile = QStringLiteral("/srv/loop%1.img").arg(number);
    if (!mountPoint.isEmpty()) {
        DeviceMount mount;
        mount.deviceName = device.name;
        mount.mountPoint = mountPoint;
        mount.fsType = QStringLiteral("ext4");
        mount.source = device.path;
        mount.onlineDiscard = true;
        device.mounts.append(mount);
    }
    return device;
}

// For a person to look at: build/tests/gui/screenshots/realbackend-NAME.png.
void saveShot(QWidget *widget, const QString &name)
{
    QDir().mkpath(QStringLiteral(SCREENSHOT_DIR));
    widget->grab().save(QStringLiteral(SCREENSHOT_DIR "/realbackend-%1.png").arg(name));
}

QList<QStandardItem *> driveRows(const DriveList &list, int group)
{
    const auto *model = qobject_cast<const QStandardItemModel *>(list.view()->model());
    QList<QStandardItem *> rows;
    const QStandardItem *item = model->item(group);
    for (int r = 0; r < item->rowCount(); ++r) {
        if (!item->child(r)->data(Qt::UserRole + 1).toString().isEmpty())
            rows.append(item->child(r));
    }
    return rows;
}

apply::ApplyPlan discardPlan()
{
    apply::ApplyPlan plan;
    plan.fixId = QStringLiteral("fstab-add-discard:/media/data");
    plan.title = QStringLiteral("Mount /media/data with online discard");
    apply::FstabEdit edit;
    edit.subject = QStringLiteral("/media/data");
    // As fstab files are written by hand and by installers: fields apart by tabs.
    edit.lineBefore = QStringLiteral("UUID=3f0a77c2-5b1e-4c8e-9d0f-2a6b7c8d9e0f\t/media/data\text4"
                                     "\tdefaults,noatime,errors=remount-ro\t0\t2");
    edit.before = {QStringLiteral("UUID=3f0a77c2-5b1e-4c8e-9d0f-2a6b7c8d9e0f"),
                   QStringLiteral("/media/data"),
                   QStringLiteral("ext4"),
                   QStringLiteral("defaults,noatime,errors=remount-ro"),
                   0,
                   2};
    edit.after = edit.before;
    edit.after.opts += QStringLiteral(",discard");
    plan.fstab.append(edit);
    plan.remounts.append({QStringLiteral("/media/data"), QStringLiteral("/dev/loop3"), true});
    return plan;
}

} // namespace

class TestRealBackendWords : public QObject
{
    Q_OBJECT
private slots:
    void driveNames_data();
    void driveNames();
    void destroyQuestionAndReportNameTheDrive_data() { driveNames_data(); }
    void destroyQuestionAndReportNameTheDrive();
    void oneRowPerDrive_data();
    void oneRowPerDrive();
    void noAgentSaysWhatToDo_data();
    void noAgentSaysWhatToDo();
    void udisksNoAgentSaysWhatToDo_data() { noAgentSaysWhatToDo_data(); }
    void udisksNoAgentSaysWhatToDo();
    void refusalSaysWhy_data();
    void refusalSaysWhy();
    void applyDialogShowsWholeLines_data();
    void applyDialogShowsWholeLines();
    void undoSaysUndoOnce_data();
    void undoSaysUndoOnce();
    void diagnosisRunsToTheChosenBudget();

private:
    GuiTestEnv m_env;
};

void TestRealBackendWords::driveNames_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("vendor");
    QTest::addColumn<QString>("model");
    QTest::addColumn<QString>("transport");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("expected");
    for (const auto &[language, loop, virtio] :
         {std::tuple{"en", "Loop device (loop3)", "Virtio disk (vda)"},
          std::tuple{"de", "Loop-Gerät (loop3)", "Virtio-Laufwerk (vda)"}}) {
        // What the probe made of a virtio disk before: sysfs "vendor" is its PCI vendor id.
        QTest::addRow("%s virtio recorded", language) << language << "0x1af4"
                                                      << ""
                                                      << "virtio"
                                                      << "vda" << virtio;
        QTest::addRow("%s virtio probed", language) << language << ""
                                                    << "Virtio disk"
                                                    << "virtio"
                                                    << "vda" << virtio;
        QTest::addRow("%s loop", language) << language << ""
                                           << "Loop device"
                                           << "loop"
                                           << "loop3" << loop;
        QTest::addRow("%s SATA", language) << language << ""
                                           << "Samsung SSD 870 EVO 1TB"
                                           << "sata"
                                           << "sda"
                                           << "Samsung SSD 870 EVO 1TB (sda)";
        QTest::addRow("%s USB", language) << language << "SanDisk"
                                          << "Extreme"
                                          << "usb"
                                          << "sdb"
                                          << "SanDisk Extreme (sdb)";
    }
}

namespace {
// The drive of a driveNames_data() row.
DriveInfo driveOfRow()
{
    QFETCH(QString, vendor);
    QFETCH(QString, model);
    QFETCH(QString, transport);
    QFETCH(QString, name);
    DriveInfo info;
    info.vendor = vendor;
    info.model = model;
    info.transport = transport;
    info.name = name;
    info.path = QStringLiteral("/dev/") + name;
    info.sizeBytes = quint64(64) << 20;
    return info;
}
} // namespace

void TestRealBackendWords::driveNames()
{
    QFETCH(QString, language);
    GuiLanguage ui(language);
    if (language == QLatin1String("de"))
        QVERIFY(ui.loaded());
    QTEST(driveOfRow().displayName(), "expected");
}

// The question before a benchmark destroys a drive's data, and the report, name the drive as
// the list does: in the reader's language, never by a PCI vendor id ("0x1af4 Virtio disk", and
// "Loop device" in German, before).
void TestRealBackendWords::destroyQuestionAndReportNameTheDrive()
{
    QFETCH(QString, language);
    GuiLanguage ui(language);
    if (language == QLatin1String("de"))
        QVERIFY(ui.loaded());
    const DriveInfo info = driveOfRow();
    QFETCH(QString, expected);
    const QString suffix = QStringLiteral(" (%1)").arg(info.name);
    QVERIFY(expected.endsWith(suffix));
    const QString shown = expected.chopped(suffix.size());

    ConfirmDialog dialog(info);
    QString said;
    for (const QLabel *label : dialog.findChildren<QLabel *>())
        said += label->text();
    QVERIFY2(said.contains(QStringLiteral("<b>%1</b>").arg(shown.toHtmlEscaped())),
             qPrintable(said));
    QVERIFY2(!said.contains(QLatin1String("0x1af4")), qPrintable(said));

    report::ReportInput input;
    input.drive = info;
    const QString html = report::reportHtml(input, {});
    QVERIFY2(html.contains(QStringLiteral(">%1<").arg(shown.toHtmlEscaped())), qPrintable(html));
    QVERIFY(!html.contains(QLatin1String("0x1af4")));
}

void TestRealBackendWords::oneRowPerDrive_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<int>("width");
    QTest::addColumn<bool>("columnsShown");
    QTest::newRow("en narrow") << "en" << 260 << false;
    QTest::newRow("en wide") << "en" << 900 << true;
    QTest::newRow("de narrow") << "de" << 260 << false;
}

// The walk saw each loop device twice, "Loop device (loop7)" under the helper and again under
// udisks2, with no size or mount point to tell the spare one from the mounted one, and nothing
// saying which the benchmark would refuse.
void TestRealBackendWords::oneRowPerDrive()
{
    QFETCH(QString, language);
    QFETCH(int, width);
    QFETCH(bool, columnsShown);
    GuiLanguage ui(language);
    const QList<BlockDevice> devices{loopDevice(6, QString()),
                                     loopDevice(7, QStringLiteral("/mnt/busy"))};
    QList<DriveEntry> helperDrives, udisksDrives;
    for (const BlockDevice &device : devices) {
        helperDrives.append(driveEntryFrom(QStringLiteral("helper"), device));
        udisksDrives.append(driveEntryFrom(QStringLiteral("udisks2"), device));
    }
    test::ListedBackend helper(QStringLiteral("helper"), helperDrives);
    test::ListedBackend udisks(QStringLiteral("udisks2"), udisksDrives);
    DriveList list({&helper, &udisks});
    list.resize(width, 400);
    list.show();
    QVERIFY(QTest::qWaitForWindowExposed(&list));

    const QList<QStandardItem *> listed = driveRows(list, 0);
    QCOMPARE(listed.size(), 2);
    QVERIFY2(driveRows(list, 1).isEmpty(), "udisks2 lists the helper's drives again");
    // The group says where its drives went.
    const auto *model = qobject_cast<const QStandardItemModel *>(list.view()->model());
    const QString info = model->item(1)->child(0)->text();
    QVERIFY2(info.contains(QLatin1Char('2')), qPrintable(info));

    const QStandardItem *spare = listed.at(0);
    const QStandardItem *busy = listed.at(1);
    QVERIFY(spare->text().startsWith(language == QLatin1String("de") ? u"Loop-Gerät (loop6)"
                                                                     : u"Loop device (loop6)"));
    // Told apart at a glance: the size and the mount point, in the name where their columns
    // gave way, in their columns otherwise.
    const QString size = formatBytes(quint64(64) << 20);
    QCOMPARE(list.view()->isColumnHidden(1), !columnsShown);
    QCOMPARE(spare->text().contains(size), !columnsShown);
    QCOMPARE(busy->text().contains(QLatin1String("/mnt/busy")), !columnsShown);
    if (columnsShown) {
        QCOMPARE(model->item(0)->child(1, 1)->text(), size);
        QVERIFY(model->item(0)->child(1, 4)->text().contains(QLatin1String("/mnt/busy")));
    }
    // The refused drive is marked, in the name and with an icon; the spare one is not.
    QVERIFY(!busy->icon().isNull());
    QVERIFY(spare->icon().isNull());
    QCOMPARE(busy->text().count(QLatin1Char('\n')), 1);
    const QString marker = busy->text().section(QLatin1Char('\n'), 1);
    QVERIFY2(!spare->text().contains(marker.section(QStringLiteral(" · "), -1)),
             qPrintable(spare->text()));
    QVERIFY2(busy->toolTip().contains(QLatin1String("/mnt/busy")), qPrintable(busy->toolTip()));
    saveShot(&list, QStringLiteral("drivelist-%1-%2").arg(language).arg(width));
}

void TestRealBackendWords::noAgentSaysWhatToDo_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<bool>("sandboxed"); // a /.flatpak-info of the test's own
    QTest::newRow("en") << "en" << false;
    QTest::newRow("de") << "de" << false;
    QTest::newRow("en, in the Flatpak") << "en" << true;
    QTest::newRow("de, in the Flatpak") << "de" << true;
}

// With nobody to ask for the password, the words said "the administrator password was not
// given or was wrong", and nothing about what to do.
void TestRealBackendWords::noAgentSaysWhatToDo()
{
    QFETCH(QString, language);
    QFETCH(bool, sandboxed);
    GuiLanguage ui(language);
    QTemporaryDir root;
    const QString info = root.filePath(QStringLiteral(".flatpak-info"));
    if (sandboxed) {
        QFile file(info);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("[Application]\nname=io.github.trimscope.TrimScope\n");
    }
    setFlatpakInfoPathForTesting(info);
    const auto restore =
        qScopeGuard([] { setFlatpakInfoPathForTesting(QStringLiteral("/.flatpak-info")); });
    // As the helper's PolkitAuthorizer words it, and as the bus delivers it.
    const QString message = QStringLiteral("not authorized for io.github.trimscope.benchmark ") +
                            QLatin1String(kNoAgentAnswered);
    const Error error = errorFromDbus(dbusErrorName(ErrorCode::NotAuthorized), message);
    QCOMPARE(error.code, ErrorCode::NotAuthorizedNoAgent);
    QVERIFY(isRefusal(error.code));
    const QString words = errorInWords(error);
    for (const char *remedy : {"sudo", "trimscope-cli"})
        QVERIFY2(words.contains(QLatin1String(remedy)), qPrintable(words));
    // The process number is the sandbox's inside the Flatpak: the host's pkttyagent cannot use
    // it (main advised "pkttyagent --process" with it there too).
    QCOMPARE(words.contains(QLatin1String("pkttyagent --process")), !sandboxed);
    QCOMPARE(words.contains(QString::number(QCoreApplication::applicationPid())), !sandboxed);
    QCOMPARE(words.contains(QLatin1String("Flatpak")), sandboxed);
    QVERIFY2(!words.contains(QLatin1String("wrong")) && !words.contains(QLatin1String("falsch")),
             qPrintable(words));
    // A refusal by a rule or a wrong password stays what it was.
    const Error denied = errorFromDbus(dbusErrorName(ErrorCode::NotAuthorized),
                                       QStringLiteral("not authorized for io.github.trimscope.x"));
    QCOMPARE(denied.code, ErrorCode::NotAuthorized);
    QVERIFY(!errorInWords(denied).contains(QLatin1String("pkttyagent")));
}

// The Flatpak's path: udisks2 answers NotAuthorizedCanObtain when polkit would take a password
// and no authentication agent is there to ask. The words began "the administrator password was
// not given or was wrong"; now they are the helper's, with udisks2's details after them.
void TestRealBackendWords::udisksNoAgentSaysWhatToDo()
{
    QFETCH(QString, language);
    GuiLanguage ui(language);
    const QDBusError refusal(QDBusMessage::createError(
        QStringLiteral("org.freedesktop.UDisks2.Error.NotAuthorizedCanObtain"),
        QStringLiteral("Not authorized to perform operation")));
    const Error error = UdisksJobRunner::openError(refusal, QStringLiteral("/dev/sdb"), true);
    QCOMPARE(error.code, ErrorCode::NotAuthorizedNoAgent);
    const QString words = errorInWords(error);
    // One place for the words: the same sentences as the helper's refusal, then the details.
    const QString shared =
        errorInWords(Error{ErrorCode::NotAuthorizedNoAgent, QString()}).chopped(2); // "()"
    QVERIFY2(words.startsWith(shared), qPrintable(words + QStringLiteral(" | ") + shared));
    QVERIFY2(words.contains(QLatin1String("/dev/sdb")) &&
                 words.contains(QLatin1String("org.freedesktop.udisks2.open-device-system")),
             qPrintable(words));
    QVERIFY2(!words.contains(QLatin1String("wrong")) && !words.contains(QLatin1String("falsch")),
             qPrintable(words));
    // A rule's no stays a refusal by polkit, with no agent to start.
    const QDBusError denied(QDBusMessage::createError(
        QStringLiteral("org.freedesktop.UDisks2.Error.NotAuthorized"), QString()));
    const Error byRule = UdisksJobRunner::openError(denied, QStringLiteral("/dev/sdb"), true);
    QCOMPARE(byRule.code, ErrorCode::NotAuthorized);
    QVERIFY(!errorInWords(byRule).contains(QLatin1String("pkttyagent")));
}

void TestRealBackendWords::refusalSaysWhy_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("helperError"); // the helper's D-Bus error name and message
    QTest::addColumn<QString>("helperMessage");
    QTest::addColumn<int>("udisksPasswordWouldDo"); // -1 not asked; udisks2's NotAuthorized
    QTest::addColumn<QString>("code");              // errorCodeName of what is read
    QTest::addColumn<QString>("words");             // how the window's words begin
    const QString refused = dbusErrorName(ErrorCode::NotAuthorized);
    const QString action = QStringLiteral("not authorized for io.github.trimscope.benchmark ");
    const QString byPolicy = action + refusalSuffix(ErrorCode::NotAuthorizedByPolicy);
    const QString failed = action + refusalSuffix(ErrorCode::NotAuthorizedAuthFailed);
    const QString dismissed = dbusErrorName(ErrorCode::NotAuthorizedDismissed);
    const QString dismissedMessage =
        QStringLiteral("the authentication for io.github.trimscope.benchmark was dismissed");
    // Each read "Not authorized: the administrator password was not given or was wrong." before
    // (the dismissed prompt: "the password dialog was dismissed"); the policy's "no" named no one
    // who could help.
    const QString policyEn = QStringLiteral(
        "Not authorized: this computer's polkit policy, set by its administrator, forbids this "
        "to your user, and no password can change that. Ask the administrator to allow it with "
        "a polkit rule, or run trimscope-cli as root.");
    const QString policyDe = QStringLiteral(
        "Nicht berechtigt: Die polkit-Richtlinie dieses Computers, von seinem Administrator "
        "festgelegt, verbietet dies Ihrem Benutzer, und kein Passwort kann daran etwas ändern. "
        "Bitten Sie den Administrator, es mit einer polkit-Regel zu erlauben, oder führen Sie "
        "trimscope-cli als root aus.");
    const QString failedEn = QStringLiteral(
        "Not authorized: the password was not accepted (polkit's authentication failed), so "
        "nothing was changed. Try again with the password polkit asks for.");
    const QString failedDe = QStringLiteral(
        "Nicht berechtigt: Das Passwort wurde nicht angenommen (die Authentifizierung bei polkit "
        "ist fehlgeschlagen), daher wurde nichts geändert. Versuchen Sie es erneut mit dem "
        "Passwort, nach dem polkit fragt.");
    const QString cancelledEn = QStringLiteral(
        "Not authorized: you cancelled the password prompt, so nothing was changed.");
    const QString cancelledDe = QStringLiteral(
        "Nicht berechtigt: Sie haben die Passwortabfrage abgebrochen, daher wurde nichts "
        "geändert.");
    QTest::newRow("en helper, policy")
        << "en" << refused << byPolicy << -1 << "NotAuthorizedByPolicy" << policyEn;
    QTest::newRow("de helper, policy")
        << "de" << refused << byPolicy << -1 << "NotAuthorizedByPolicy" << policyDe;
    QTest::newRow("en helper, failed")
        << "en" << refused << failed << -1 << "NotAuthorizedAuthFailed" << failedEn;
    QTest::newRow("de helper, failed")
        << "de" << refused << failed << -1 << "NotAuthorizedAuthFailed" << failedDe;
    QTest::newRow("en helper, cancelled")
        << "en" << dismissed << dismissedMessage << -1 << "NotAuthorizedDismissed" << cancelledEn;
    QTest::newRow("de helper, cancelled")
        << "de" << dismissed << dismissedMessage << -1 << "NotAuthorizedDismissed" << cancelledDe;
    // udisks2 answers both with its plain NotAuthorized; what polkit answers without a prompt
    // tells them apart.
    QTest::newRow("en udisks2, policy")
        << "en" << QString() << QString() << 0 << "NotAuthorizedByPolicy" << policyEn;
    QTest::newRow("de udisks2, policy")
        << "de" << QString() << QString() << 0 << "NotAuthorizedByPolicy" << policyDe;
    QTest::newRow("en udisks2, failed")
        << "en" << QString() << QString() << 1 << "NotAuthorizedAuthFailed" << failedEn;
    QTest::newRow("de udisks2, failed")
        << "de" << QString() << QString() << 1 << "NotAuthorizedAuthFailed" << failedDe;
}

// A refusal says which it was and what helps: no password helps against the policy; a failed
// password may be tried again; a cancelled prompt changed nothing. The action is named.
void TestRealBackendWords::refusalSaysWhy()
{
    QFETCH(QString, language);
    QFETCH(QString, helperError);
    QFETCH(QString, helperMessage);
    QFETCH(int, udisksPasswordWouldDo);
    QFETCH(QString, words);
    GuiLanguage ui(language);
    if (language == QLatin1String("de"))
        QVERIFY(ui.loaded());
    const QString udisksAction = QStringLiteral("org.freedesktop.udisks2.open-device-system");
    const Error error = udisksPasswordWouldDo < 0
                            ? errorFromDbus(helperError, helperMessage)
                            : UdisksJobRunner::openError(
                                  QDBusError(QDBusMessage::createError(
                                      QStringLiteral("org.freedesktop.UDisks2.Error.NotAuthorized"),
                                      QStringLiteral("Not authorized to perform operation"))),
                                  QStringLiteral("/dev/sdb"), true, udisksPasswordWouldDo == 1);
    QTEST(errorCodeName(error.code), "code");
    QVERIFY(isRefusal(error.code));
    const QString said = errorInWords(error);
    QVERIFY2(said.startsWith(words), qPrintable(said));
    QVERIFY2(said.contains(QLatin1String("io.github.trimscope.benchmark")) ||
                 said.contains(udisksAction),
             qPrintable(said));
}

// Tabs in the "now" line, expanded by the text view, pushed the options — the very "discard"
// the change is about — past the dialog's right edge.
void TestRealBackendWords::applyDialogShowsWholeLines_data()
{
    noAgentSaysWhatToDo_data();
}

void TestRealBackendWords::applyDialogShowsWholeLines()
{
    QFETCH(QString, language);
    GuiLanguage ui(language);
    ApplyDialog dialog({discardPlan()}, ApplyDialog::Mode::Apply);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    const QString text = dialog.changes()->toPlainText();
    QVERIFY2(!text.contains(QLatin1Char('\t')), qPrintable(text));
    QVERIFY2(text.contains(QLatin1String("defaults,noatime,errors=remount-ro 0 2")),
             qPrintable(text));
    QCOMPARE(dialog.changes()->horizontalScrollBar()->maximum(), 0);
    QVERIFY(dialog.width() <= dialog.screen()->availableGeometry().width());
    saveShot(&dialog, QStringLiteral("apply-") + language);
}

// It said: Undo "Undo: Mount / with online discard".
void TestRealBackendWords::undoSaysUndoOnce_data()
{
    noAgentSaysWhatToDo_data();
}

void TestRealBackendWords::undoSaysUndoOnce()
{
    QFETCH(QString, language);
    GuiLanguage ui(language);
    apply::AppliedChange done;
    done.when = QDateTime::currentDateTimeUtc();
    done.plan = discardPlan();
    ApplyDialog dialog({apply::undoPlan(done)}, ApplyDialog::Mode::Undo);
    QString headline;
    for (const QLabel *label : dialog.findChildren<QLabel *>()) {
        if (withoutJoiners(label->text()).contains(done.plan.title))
            headline = withoutJoiners(label->text());
    }
    QVERIFY2(!headline.isEmpty(), "the Undo dialog does not name the change");
    // The plan's title is in the language of the time it was made: here English, "Undo: …"
    // (German "Rückgängig: …"), and the headline adds no second one around it.
    QCOMPARE(headline.count(QLatin1String("Undo")) + headline.count(QStringLiteral("ückgängig")),
             1);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    saveShot(&dialog, QStringLiteral("undo-") + language);
}

// Diagnose had no budget in the window (a fixed "about 10 minutes"); the CLI has --budget.
void TestRealBackendWords::diagnosisRunsToTheChosenBudget()
{
    QTemporaryDir runs;
    {
        auto window = openSimulatedWindow(runs.path());
        QVERIFY(window);
        AdviceTab *advice = window->adviceTab();
        DiagnoseBudget *budget = advice->diagnoseBudget();
        QVERIFY(budget);
        QCOMPARE(budget->minutes(), 10); // the CLI's default
        QCOMPARE(budget->plan().budgetSeconds, DiagnosePlan().budgetSeconds);
        budget->combo()->setCurrentIndex(budget->combo()->findData(30));
        QCOMPARE(budget->plan().budgetSeconds, 30 * 60.0);
        window->tabs()->setCurrentWidget(advice);
        saveShot(window.get(), QStringLiteral("advice-budget-en"));
        QVERIFY(advice->diagnose());
        QTRY_VERIFY_WITH_TIMEOUT(!advice->jobPanel()->isRunning(), 120000);
        const std::optional<AnyResult> &result = advice->jobPanel()->lastResult();
        QVERIFY(result);
        const auto *diagnosis = std::get_if<DiagnosisResult>(&*result);
        QVERIFY(diagnosis);
        QCOMPARE(diagnosis->plan.budgetSeconds, 30 * 60.0);
    }
    // Remembered for the next start.
    DiagnoseBudget again;
    QCOMPARE(again.minutes(), 30);
}

TRIMSCOPE_TEST_MAIN(TestRealBackendWords)
#include "tst_realbackendwords.moc"
