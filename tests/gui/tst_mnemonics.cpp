// Issue 15, item 7: every Alt+letter reaches one thing. In each window, on every tab and inner
// tab, in English and German, no two visible mnemonics share a letter (actions' Alt+letter
// shortcuts included, issue 47 item 2); menus among themselves too; no two actions on one key;
// every tab has one. "Go to drive list" reaches the list from the tab the window opens on. Enter in the typed confirmation runs once the name matches.
#include "../support/qtry.h"
#include "guilanguage.h"
#include "guitestenv.h"
#include "mainwindow.h"
#include "mnemonics.h"
#include "testmain.h"
#include "widgets/aboutdialog.h"
#include "widgets/confirmdialog.h"
#include "widgets/drivelist.h"
#include "widgets/exportdialog.h"

#include <QComboBox>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTreeView>

using namespace trimscope;
using namespace trimscope::gui;

class TestMnemonics : public QObject
{
    Q_OBJECT
private slots:
    void mainWindow_data();
    void mainWindow();
    void dialogs_data();
    void dialogs();
    void enterConfirmsAMatchingName_data();
    void enterConfirmsAMatchingName();

private:
    static DriveInfo spareDrive();
    GuiTestEnv m_env;
};

DriveInfo TestMnemonics::spareDrive()
{
    DriveInfo drive;
    drive.name = QStringLiteral("sdb");
    drive.path = QStringLiteral("/dev/sdb");
    drive.model = QStringLiteral("Spare SSD");
    drive.serial = QStringLiteral("XYZ123");
    drive.sizeBytes = quint64(128) << 30;
    return drive;
}

void TestMnemonics::mainWindow_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("drive");
    QTest::newRow("en, a drive that runs") << "en" << "simulated:ocz-agility3";
    QTest::newRow("en, a drive without TRIM") << "en" << "simulated:no-trim";
    QTest::newRow("de, a drive that runs") << "de" << "simulated:ocz-agility3";
    QTest::newRow("de, a drive without TRIM") << "de" << "simulated:no-trim";
}

void TestMnemonics::mainWindow()
{
    QFETCH(QString, language);
    QFETCH(QString, drive);
    const GuiLanguage lang(language);
    QVERIFY(language == QLatin1String("en") || lang.loaded());
    MainWindowOptions options;
    options.systemBackends = false;
    options.runDirectory = m_env.runDir();
    MainWindow window(options);
    window.resize(1024, 768);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.driveList()->selectDrive(drive));
    // Every tab can be reached with Alt+letter ("This drive in use" had none).
    for (int i = 0; i < window.tabs()->count(); ++i)
        QVERIFY2(!mnemonics::letterOf(window.tabs()->tabText(i)).isNull(),
                 qPrintable(window.tabs()->tabText(i)));
    const QStringList problems = mnemonics::clashesOnEveryPage(&window, window.tabs());
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));

    // From the TRIM Benchmark tab, with a plan field focused, the shortcut lands on the drive
    // list (Alt+L focused "Largest size", whose arrow keys then changed the plan).
    window.tabs()->setCurrentIndex(1);
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QWidget *field = nullptr;
    for (QComboBox *box : window.tabs()->currentWidget()->findChildren<QComboBox *>())
        if (!field && box->isVisible() && box->isEnabled())
            field = box;
    QVERIFY(field);
    field->setFocus();
    QAction *goToList = nullptr;
    for (QAction *action : window.findChildren<QAction *>())
        if (action->text() == QCoreApplication::translate("trimscope::gui::MainWindow",
                                                          "Go to &drive list"))
            goToList = action;
    QVERIFY(goToList);
    QTest::keySequence(&window, goToList->shortcut());
    QTRY_VERIFY(window.driveList()->view()->hasFocus());
}

void TestMnemonics::dialogs_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("en") << "en";
    QTest::newRow("de") << "de";
}

void TestMnemonics::dialogs()
{
    QFETCH(QString, language);
    const GuiLanguage lang(language);
    ConfirmDialog confirm(spareDrive());
    ExportDialog exporter(m_env.home.filePath(QStringLiteral("chart.png")), QSize(1200, 800));
    AboutDialog about;
    QStringList problems;
    for (QDialog *dialog : {static_cast<QDialog *>(&confirm), static_cast<QDialog *>(&exporter),
                            static_cast<QDialog *>(&about)}) {
        dialog->show();
        QVERIFY(QTest::qWaitForWindowExposed(dialog));
        problems += mnemonics::clashes(dialog, dialog->windowTitle());
        dialog->hide();
    }
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
}

void TestMnemonics::enterConfirmsAMatchingName_data()
{
    QTest::addColumn<QString>("typed");
    QTest::addColumn<bool>("accepted");
    QTest::newRow("matching") << "sdb" << true;
    QTest::newRow("matching, spaces around") << " sdb " << true;
    QTest::newRow("another drive") << "sda" << false;
    QTest::newRow("nothing") << "" << false;
}

void TestMnemonics::enterConfirmsAMatchingName()
{
    QFETCH(QString, typed);
    QFETCH(bool, accepted);
    ConfirmDialog dialog(spareDrive());
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QSignalSpy accepts(&dialog, &QDialog::accepted);
    QSignalSpy rejects(&dialog, &QDialog::rejected);
    QTest::keyClicks(dialog.nameEdit(), typed);
    // Before a match Cancel is the default; a match makes the run button the default.
    QCOMPARE(dialog.runButton()->isDefault() && dialog.runButton()->isEnabled(), accepted);
    QTest::keyClick(dialog.nameEdit(), Qt::Key_Return);
    QCOMPARE(accepts.count(), accepted ? 1 : 0);
    // Enter on a wrong name neither runs nor throws the typing away.
    QCOMPARE(rejects.count(), 0);
    QCOMPARE(dialog.isVisible(), !accepted);
    QVERIFY(!dialog.findChild<QLabel *>(QStringLiteral("confirmHint"))->text().isEmpty());
}

TRIMSCOPE_TEST_MAIN(TestMnemonics)
#include "tst_mnemonics.moc"
