// `trimscope-cli apply --undo` of a recorded crypt refresh, without root, bus or device: the
// confirmation and the passphrase are read from standard input line by line (a script answers
// both), the passphrase is never printed, and a prompt left unanswered (end of input, or an
// empty line) skips the refresh and keeps it recorded. No helper answers on the bus given, so a
// passphrase that is given ends in the helper's absence, in words, the record kept.
#include "apply/undojournal.h"
#include "clirun.h"
#include "testmain.h"

#include <QDir>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace trimscope;
using namespace trimscope::test;

namespace {
const QString kName = QStringLiteral("sda3_crypt");
}

class TestApplyUndoCli : public QObject
{
    Q_OBJECT
private slots:
    void undo_data();
    void undo();
};

void TestApplyUndoCli::undo_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<bool>("asked");
    QTest::addColumn<QByteArray>("said");
    QTest::addColumn<int>("exitCode");
    QTest::newRow("not confirmed")
        << QByteArray("n\nsecret passphrase\n") << false << QByteArray("Nothing was changed.") << 2;
    QTest::newRow("no passphrase: end of input")
        << QByteArray("y\n") << true
        << QByteArray("skipped: /dev/mapper/sda3_crypt was not refreshed now: no passphrase was "
                      "given.")
        << 0;
    QTest::newRow("empty passphrase")
        << QByteArray("y\n\n") << true << QByteArray("stays recorded") << 0;
    QTest::newRow("given, no helper")
        << QByteArray("y\nsecret passphrase\n") << true
        << QByteArray("The TrimScope helper did not refresh /dev/mapper/sda3_crypt") << 2;
}

void TestApplyUndoCli::undo()
{
    QFETCH(QByteArray, input);
    QFETCH(bool, asked);
    QFETCH(QByteArray, said);
    QFETCH(int, exitCode);
    QTemporaryDir home;
    QVERIFY(home.isValid());
    const QString journalPath = home.filePath(QStringLiteral("data/trimscope/applied.json"));
    apply::ApplyJournal journal;
    apply::ApplyPlan plan;
    plan.fixId = QStringLiteral("audit:discards-blocked-crypt:/dev/mapper/") + kName;
    plan.title = QStringLiteral("dm-crypt device sda3_crypt does not pass discards");
    plan.cryptRefreshes.append({kName, true});
    journal.changes.append({QDateTime::currentDateTimeUtc(), plan});
    QVERIFY(!apply::saveJournal(journalPath, journal).isError());

    QProcess cli;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("XDG_DATA_HOME"), home.filePath(QStringLiteral("data")));
    environment.insert(QStringLiteral("LANGUAGE"), QStringLiteral("C"));
    environment.insert(QStringLiteral("LANG"), QStringLiteral("C.UTF-8"));
    // A bus nobody listens on: not this machine's, where a helper might be installed.
    environment.insert(QStringLiteral("DBUS_SYSTEM_BUS_ADDRESS"),
                       QStringLiteral("unix:path=%1").arg(home.filePath(QStringLiteral("no-bus"))));
    cli.setProcessEnvironment(environment);
    cli.start(cliPath(), {QStringLiteral("apply"), QStringLiteral("--undo")});
    cli.write(input);
    cli.closeWriteChannel();
    QVERIFY(cli.waitForFinished(60000));
    const QByteArray out = cli.readAllStandardOutput() + cli.readAllStandardError();
    qInfo("%s", out.constData());
    QCOMPARE(cli.exitCode(), exitCode);
    QVERIFY2(out.contains("Stop /dev/mapper/sda3_crypt passing discards now"), out.constData());
    QCOMPARE(out.contains("Passphrase of /dev/mapper/sda3_crypt for cryptsetup refresh"), asked);
    QVERIFY2(out.contains(said), out.constData());
    QVERIFY(!out.contains("secret"));
    // Whatever happened, the refresh was not taken back: it stays recorded as it was.
    const Expected<apply::ApplyJournal> after = apply::loadJournal(journalPath);
    QVERIFY(after);
    QCOMPARE(after->changes.size(), 1);
    QCOMPARE(after->changes.first().plan.cryptRefreshes.size(), 1);
    QCOMPARE(after->changes.first().plan.cryptRefreshes.first().name, kName);
    QCOMPARE(after->changes.first().plan.cryptRefreshes.first().allowDiscards, true);
}

TRIMSCOPE_TEST_GUILESS_MAIN(TestApplyUndoCli)
#include "tst_applyundocli.moc"
