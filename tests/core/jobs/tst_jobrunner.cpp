// The job runner's side of cancelling: a job that ends soon after the request ends quietly; one
// whose drive is still busy with the command it was given says so instead of seeming to hang.
#include "../../support/qtry.h"
#include "jobs/jobrunner.h"
#include "testmain.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>
#include <thread>

using namespace trimscope;

class TestJobRunner : public QObject
{
    Q_OBJECT

private slots:
    void cancelSaysWhyItWaits_data();
    void cancelSaysWhyItWaits();
};

void TestJobRunner::cancelSaysWhyItWaits_data()
{
    QTest::addColumn<int>("commandMs"); // how long the drive keeps the command after the request
    QTest::addColumn<bool>("saysItWaits");
    QTest::newRow("ends between two commands") << 0 << false;
    QTest::newRow("a short command") << 300 << false;
    QTest::newRow("a long discard") << 2500 << true;
}

void TestJobRunner::cancelSaysWhyItWaits()
{
    QFETCH(int, commandMs);
    QFETCH(bool, saysItWaits);
    std::atomic<bool> running{false};
    // The body stands for a job inside one device command: it notices the token only when the
    // command is over, `commandMs` after the request.
    LocalJobRunner runner(QStringLiteral("sweep"), [&](const CancelToken &cancel,
                                                       const JobReporter &) {
        running = true;
        while (!cancel.isCancelled())
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        std::this_thread::sleep_for(std::chrono::milliseconds(commandMs));
        return JobOutcome{StopReason::Cancelled, {}, {}};
    });
    QSignalSpy messages(&runner, &JobRunner::statusMessage);
    QSignalSpy finished(&runner, &JobRunner::finished);
    runner.start();
    QTRY_VERIFY(running);

    QElapsedTimer sinceCancel;
    sinceCancel.start();
    runner.cancel();
    runner.cancel(); // asked twice: said once
    QVERIFY(finished.wait(10000));
    QCOMPARE(finished.at(0).at(0).value<JobOutcome>().stopReason, StopReason::Cancelled);
    QTest::qWait(1200); // a message due after the end would have come by now
    QCOMPARE(messages.size(), saysItWaits ? 1 : 0);
    if (saysItWaits) {
        const QString text = messages.at(0).at(0).toString();
        QVERIFY2(text.contains(QLatin1String("discard cannot be called back")), qPrintable(text));
    }
    QVERIFY(sinceCancel.elapsed() >= commandMs);
}

TRIMSCOPE_TEST_GUILESS_MAIN(TestJobRunner)
#include "tst_jobrunner.moc"
