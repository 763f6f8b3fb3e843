// Apply in the Advice tab: an Apply button beside exactly the fixes core plans for this
// computer, the one confirmation showing each line before and after and the remount, nothing
// changed when it is cancelled, no button for a simulated drive or an audit that is not this
// computer's; screenshots of the confirmation in English and German.
#include "../support/qtry.h"
#include "apply/undojournal.h"
#include "applytestdata.h"
#include "backends/simulatedbackend.h"
#include "guilanguage.h"
#include "guitestenv.h"
#include "savedruns.h"
#include "testmain.h"
#include "widgets/advicetab.h"
#include "widgets/applydialog.h"
#include "widgets/fixlist.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>
#include <QTimer>

using namespace trimscope;
using namespace trimscope::gui;
using namespace trimscope::gui::test;

namespace {

QString screenshotPath(const QString &name)
{
    QDir().mkpath(QStringLiteral(SCREENSHOT_DIR));
    return QStringLiteral(SCREENSHOT_DIR "/") + name;
}

} // namespace

class TestApplyGui : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void applyOnlyWhereCorePlansIt();
    void confirmationShowsExactlyWhatChanges_data();
    void confirmationShowsExactlyWhatChanges();
    void noApplyForASimulatedDriveOrAGivenAudit();

private:
    // The tab on the recorded computer (all-fine), its NVMe drive measured fast.
    std::unique_ptr<AdviceTab> measuredTab();

    GuiTestEnv m_env;
    std::unique_ptr<RunStore> m_store;
};

void TestApplyGui::initTestCase()
{
    m_store = std::make_unique<RunStore>(m_env.runDir());
    QVERIFY(keepFastSweep(*m_store, nvmeEntry()));
}

std::unique_ptr<AdviceTab> TestApplyGui::measuredTab()
{
    auto *runs = new SavedRuns(*m_store); // the window's listing, owned by the tab here
    runs->listNow();
    auto tab = std::make_unique<AdviceTab>(runs);
    runs->setParent(tab.get());
    tab->setComputer(snapshotOf(QStringLiteral("all-fine")));
    tab->setDrive(nvmeEntry());
    tab->resize(1100, 700);
    return tab;
}

void TestApplyGui::applyOnlyWhereCorePlansIt()
{
    const auto tab = measuredTab();
    QCOMPARE(tab->advice().verdict, advice::Verdict::OnlineDiscardFine);
    int buttons = 0;
    for (int i = 0; i < tab->advice().fixes.size(); ++i) {
        const advice::Fix &fix = tab->advice().fixes.at(i);
        QPushButton *apply = tab->fixList()->applyButton(i);
        // "/": a line udisks2 can change; the other fixes say how, and are copied.
        if (fix.id == QLatin1String("fstab-add-discard:/")) {
            QVERIFY2(apply, qPrintable(fix.id));
            ++buttons;
        }
        if (fix.scope == advice::FixScope::MeasuredDrive)
            QVERIFY2(!apply, qPrintable(fix.id));
    }
    QCOMPARE(buttons, 1);
    // Nothing applied yet: no Undo.
    QVERIFY(tab->undoButton()->isHidden());
}

void TestApplyGui::confirmationShowsExactlyWhatChanges_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("title"); // the dialog's, in that language
    QTest::newRow("en") << "en"
                        << "Change this computer?";
    QTest::newRow("de") << "de"
                        << "Diesen Computer ändern?";
}

void TestApplyGui::confirmationShowsExactlyWhatChanges()
{
    QFETCH(QString, language);
    QFETCH(QString, title);
    GuiLanguage switched(language);
    if (language == QLatin1String("de"))
        QVERIFY(switched.loaded());
    const auto tab = measuredTab();
    tab->show();
    QVERIFY(QTest::qWaitForWindowExposed(tab.get()));
    int index = -1;
    for (int i = 0; i < tab->advice().fixes.size(); ++i) {
        if (tab->advice().fixes.at(i).id == QLatin1String("fstab-add-discard:/"))
            index = i;
    }
    QVERIFY(index >= 0);
    QPushButton *apply = tab->fixList()->applyButton(index);
    QVERIFY(apply);

    QString shown;
    QString notes;
    QString windowTitle;
    QSignalSpy messages(tab.get(), &AdviceTab::message);
    QTest::mouseClick(apply, Qt::LeftButton);
    // The dialog follows the helper's answer (no helper on this bus), asked off the GUI thread.
    ApplyDialog *dialog = nullptr;
    QTRY_VERIFY((dialog = qobject_cast<ApplyDialog *>(QApplication::activeModalWidget())));
    {
        windowTitle = dialog->windowTitle();
        shown = dialog->changes()->toPlainText();
        notes = dialog->notes();
        QVERIFY(QTest::qWaitForWindowExposed(dialog));
        const QString path =
            screenshotPath(QStringLiteral("apply-confirmation-%1.png").arg(language));
        dialog->grab().save(path);
        qInfo("screenshot: %s", qPrintable(path));
        // Enter cancels: a system file is not changed by a stray key.
        QVERIFY(!dialog->goButton()->isDefault());
        dialog->reject();
    }
    QCOMPARE(windowTitle, title);
    // The line as it is (its fields one blank apart, as udisks2 writes them back), the line
    // udisks2 writes, and that no helper remounts it here.
    QVERIFY2(shown.contains(
                 QLatin1String("UUID=1f2e3d4c-5b6a-4978-8695-a4b3c2d1e0f9 / ext4 defaults 0 1")),
             qPrintable(shown));
    QVERIFY2(shown.contains(QLatin1String(
                 "UUID=1f2e3d4c-5b6a-4978-8695-a4b3c2d1e0f9 / ext4 defaults,discard 0 1")),
             qPrintable(shown));
    QVERIFY(shown.contains(QLatin1String("/etc/fstab")));
    // No helper on this bus: it says when the option takes effect instead of remounting.
    QVERIFY(!notes.isEmpty());
    // Cancelled: nothing changed, nothing recorded.
    QVERIFY(!QFile::exists(apply::defaultJournalPath()));
    QVERIFY(!messages.isEmpty());
    QVERIFY(tab->undoButton()->isHidden());
}

void TestApplyGui::noApplyForASimulatedDriveOrAGivenAudit()
{
    // The recorded computer, a simulated fast drive: its verdict changes nothing here.
    SavedRuns runs{*m_store};
    runs.listNow();
    AdviceTab simulated(&runs);
    simulated.setComputer(snapshotOf(QStringLiteral("all-fine")));
    DriveEntry entry;
    for (const DriveEntry &candidate : SimulatedBackend().drives()) {
        if (candidate.info.simulationProfile == QLatin1String("corsair-performance-pro"))
            entry = candidate;
    }
    QVERIFY(!entry.id.isEmpty());
    simulated.setDrive(entry);
    for (int i = 0; i < simulated.fixList()->count(); ++i)
        QVERIFY(!simulated.fixList()->applyButton(i));
    for (int i = 0; i < simulated.findingList()->count(); ++i)
        QVERIFY(!simulated.findingList()->applyButton(i));

    // The measured drive, but an audit handed in (another computer's, perhaps): shown, not
    // applied.
    AdviceTab given(&runs);
    given.setAudit(audit::runAudit(snapshotOf(QStringLiteral("all-fine"))));
    given.setDrive(nvmeEntry());
    QVERIFY(given.advice().fixes.size() > 0);
    for (int i = 0; i < given.fixList()->count(); ++i)
        QVERIFY(!given.fixList()->applyButton(i));
}

TRIMSCOPE_TEST_MAIN(TestApplyGui)
#include "tst_applygui.moc"
