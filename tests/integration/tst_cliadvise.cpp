// Issue 46, item 6: `advise` shows a fix's ID in brackets only where `trimscope-cli apply ID`
// carries it out (the planner decides, apply::applicableFixIds); every other fix is a line to
// copy. A spare (simulated) drive's diagnosis changes nothing on this computer: no brackets. A
// recorded computer whose timer is off: its applicable findings bracketed, the rest not.
#include "clirun.h"
#include "testmain.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace trimscope::test;

class TestCliAdvise : public QObject
{
    Q_OBJECT
private slots:
    void bracketsOnlyWhatApplyCarriesOut_data();
    void bracketsOnlyWhatApplyCarriesOut();
};

void TestCliAdvise::bracketsOnlyWhatApplyCarriesOut_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QStringList>("bracketed");
    QTest::addColumn<QStringList>("toCopy"); // shown, never in brackets
    QTest::newRow("simulated drive's diagnosis: lines to copy")
        << QStringList{QStringLiteral("--from"), sampleResult(QStringLiteral("diagnosis.json"))}
        << QStringList{}
        << QStringList{QStringLiteral("fstab-remove-discard:ext4"),
                       QStringLiteral("fstab-add-discard:xfs"),
                       QStringLiteral("enable-fstrim-timer"),
                       QStringLiteral("audit:mount-online-discard:/")};
    QTest::newRow("recorded computer, timer off: its own fixes applicable")
        << QStringList{QStringLiteral("--audit-snapshot"),
                       QStringLiteral(TRIMSCOPE_SOURCE_DIR
                                      "/tests/core/audit/data/timer-disabled.json")}
        << QStringList{QStringLiteral("audit:fstrim-timer-disabled:fstrim.timer"),
                       QStringLiteral("audit:fstab-notrim:/home")}
        << QStringList{QStringLiteral("audit:fill-level-high:/home"),
                       QStringLiteral("audit:swap-on-ssd:/swapfile")};
}

void TestCliAdvise::bracketsOnlyWhatApplyCarriesOut()
{
    QFETCH(QStringList, args);
    QFETCH(QStringList, bracketed);
    QFETCH(QStringList, toCopy);
    QTemporaryDir home;
    QVERIFY(home.isValid());
    QProcess cli;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("LANGUAGE"), QStringLiteral("C"));
    environment.insert(QStringLiteral("LANG"), QStringLiteral("C.UTF-8"));
    // A bus nobody listens on: not this machine's, where a helper might be installed.
    environment.insert(QStringLiteral("DBUS_SYSTEM_BUS_ADDRESS"),
                       QStringLiteral("unix:path=%1").arg(home.filePath(QStringLiteral("no-bus"))));
    cli.setProcessEnvironment(environment);
    cli.start(cliPath(), QStringList{QStringLiteral("advise")} + args);
    QVERIFY(cli.waitForFinished(60000));
    const QByteArray out = cli.readAllStandardOutput();
    QCOMPARE(cli.exitCode(), 0);
    for (const QString &id : bracketed)
        QVERIFY2(out.contains(QStringLiteral("[%1]").arg(id).toUtf8()),
                 qPrintable(id + "\n" + out));
    for (const QString &id : toCopy)
        QVERIFY2(!out.contains(QStringLiteral("[%1]").arg(id).toUtf8()),
                 qPrintable(id + "\n" + out));
    // The fixes' heading promises brackets only where some fix has one.
    if (bracketed.isEmpty())
        QVERIFY(!out.contains("apply the ones in [brackets]"));
}

TRIMSCOPE_TEST_GUILESS_MAIN(TestCliAdvise)
#include "tst_cliadvise.moc"
