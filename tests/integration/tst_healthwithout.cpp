// Issue 46: health of a device that has none (a loop device) said "not supported" only after
// the helper had asked for the administrator password. Now sysfs decides first: as root the
// read stops before opening the device, and without root the CLI answers before asking the
// helper (here no helper answers at all: a private, empty bus address).
#include "clirun.h"
#include "plainloop.h"
#include "privileged.h"
#include "testmain.h"

#include <QProcess>
#include <QStandardPaths>
#include <QTest>

using namespace trimscope;
using trimscope::test::PlainLoop;

class TestHealthWithout : public QObject
{
    Q_OBJECT
private slots:
    void aLoopDeviceHasNoHealth_data();
    void aLoopDeviceHasNoHealth();
};

void TestHealthWithout::aLoopDeviceHasNoHealth_data()
{
    QTest::addColumn<bool>("asRoot");
    QTest::newRow("as root") << true;
    QTest::newRow("as nobody, before the helper") << false;
}

void TestHealthWithout::aLoopDeviceHasNoHealth()
{
    QFETCH(bool, asRoot);
    if (const QString reason = PlainLoop::unavailableReason(); !reason.isEmpty())
        TRIMSCOPE_SKIP_OR_FAIL(reason);
    if (!asRoot && QStandardPaths::findExecutable(QStringLiteral("setpriv")).isEmpty())
        TRIMSCOPE_SKIP_OR_FAIL(QStringLiteral("setpriv is not installed"));
    PlainLoop loop;
    QVERIFY2(loop.start(16 << 20), qPrintable(loop.errorString()));
    QProcess cli;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    // Neither our helper nor udisks2 may answer: whatever is said comes from this side.
    env.insert(QStringLiteral("DBUS_SYSTEM_BUS_ADDRESS"),
               QStringLiteral("unix:path=/nonexistent/trimscope-no-bus"));
    cli.setProcessEnvironment(env);
    const QStringList args{QStringLiteral("health"), loop.devicePath()};
    if (asRoot)
        cli.start(test::cliPath(), args);
    else
        cli.start(QStringLiteral("setpriv"),
                  QStringList{QStringLiteral("--reuid=65534"), QStringLiteral("--regid=65534"),
                              QStringLiteral("--clear-groups"), test::cliPath()} +
                      args);
    QVERIFY(cli.waitForFinished(30000));
    const QByteArray err = cli.readAllStandardError();
    QVERIFY2(cli.exitCode() != 0, err.constData());
    QVERIFY2(err.contains("is a loop device") && err.contains("no SMART"), err.constData());
    QVERIFY2(!err.contains("needs root") && !err.contains("helper"), err.constData());
    QCOMPARE(err.count('\n'), 1);
}

TRIMSCOPE_TEST_GUILESS_MAIN(TestHealthWithout)
#include "tst_healthwithout.moc"
