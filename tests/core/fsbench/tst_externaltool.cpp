#include "fsbench/externaltool.h"
#include "testmain.h"

#include <QTest>
#include <thread>

using namespace trimscope;
using namespace trimscope::fsbench;

class TestExternalTool : public QObject
{
    Q_OBJECT

private slots:
    void findsOnlySystemTools_data();
    void findsOnlySystemTools();
    void success();
    void failureSaysWhy();
    void timeout();
    void cancelTerminates();
    void cancelledBeforeStartRunsNothing();
    void noShell();
};

void TestExternalTool::findsOnlySystemTools_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("found");
    QTest::newRow("sh") << QStringLiteral("sh") << true;
    QTest::newRow("missing") << QStringLiteral("mkfs.trimscope-none") << false;
    QTest::newRow("path") << QStringLiteral("../bin/sh") << false;
    QTest::newRow("absolute") << QStringLiteral("/bin/sh") << false;
    QTest::newRow("empty") << QString() << false;
}

void TestExternalTool::findsOnlySystemTools()
{
    QFETCH(QString, name);
    QFETCH(bool, found);
    const QString path = findSystemTool(name);
    QCOMPARE(!path.isEmpty(), found);
    if (found)
        QVERIFY(path.startsWith(QLatin1Char('/')));
}

void TestExternalTool::success()
{
    const ToolRun run =
        runExternalTool(findSystemTool(QStringLiteral("sh")),
                        {QStringLiteral("-c"), QStringLiteral("echo $LC_ALL")}, nullptr, 10000);
    QVERIFY(run.succeeded());
    QCOMPARE(run.output.trimmed(), QByteArray("C")); // a fixed, minimal environment
    QVERIFY(run.seconds > 0 && run.seconds < 10);
}

void TestExternalTool::failureSaysWhy()
{
    const ToolRun run = runExternalTool(
        findSystemTool(QStringLiteral("sh")),
        {QStringLiteral("-c"), QStringLiteral("echo first; echo 'device is busy' >&2; exit 3")},
        nullptr, 10000);
    QVERIFY(!run.succeeded());
    QCOMPARE(run.exitCode, 3);
    QCOMPARE(run.failureMessage(), QStringLiteral("sh exited with code 3: device is busy"));

    const ToolRun missing =
        runExternalTool(QStringLiteral("/nonexistent/mkfs.none"), {}, nullptr, 1000);
    QVERIFY(!missing.started);
    QVERIFY(missing.failureMessage().startsWith(QStringLiteral("mkfs.none could not be started")));
}

void TestExternalTool::timeout()
{
    const ToolRun run = runExternalTool(findSystemTool(QStringLiteral("sleep")),
                                        {QStringLiteral("10")}, nullptr, 200);
    QVERIFY(run.timedOut);
    QVERIFY(!run.succeeded());
    QVERIFY(run.seconds < 5);
}

void TestExternalTool::cancelTerminates()
{
    CancelToken cancel;
    std::thread canceller([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        cancel.cancel();
    });
    const ToolRun run = runExternalTool(findSystemTool(QStringLiteral("sleep")),
                                        {QStringLiteral("10")}, &cancel, 60000);
    canceller.join();
    QVERIFY(run.cancelled);
    QVERIFY(!run.succeeded());
    QVERIFY(run.seconds < 5);
}

void TestExternalTool::cancelledBeforeStartRunsNothing()
{
    CancelToken cancel;
    cancel.cancel();
    const ToolRun run =
        runExternalTool(findSystemTool(QStringLiteral("sh")),
                        {QStringLiteral("-c"), QStringLiteral("exit 0")}, &cancel, 1000);
    QVERIFY(!run.started);
    QVERIFY(run.cancelled);
}

void TestExternalTool::noShell()
{
    // Arguments reach the program as they are: no word splitting, no globbing, no expansion.
    const ToolRun run =
        runExternalTool(findSystemTool(QStringLiteral("echo")),
                        {QStringLiteral("$HOME;*"), QStringLiteral("a b")}, nullptr, 10000);
    QVERIFY(run.succeeded());
    QCOMPARE(run.output.trimmed(), QByteArray("$HOME;* a b"));
}

TRIMSCOPE_TEST_GUILESS_MAIN(TestExternalTool)
#include "tst_externaltool.moc"
