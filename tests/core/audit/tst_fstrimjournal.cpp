// fstrim.service's runs from the journal, parsed from bytes: a real systemd 252 journal
// (data/journal/record.sh: Debian's fstrim.service in a systemd-nspawn container trimming two
// loop filesystems, then a run that fails on a tmpfs), and cuts of it as a journal that rotated,
// a run still going, a journal nobody may read.
#include "audit/fstrimjournal.h"
#include "testmain.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>
#include <QTimeZone>

using namespace trimscope::audit;

namespace {

QByteArray recorded()
{
    QFile f(
        QStringLiteral(TRIMSCOPE_SOURCE_DIR "/tests/core/audit/data/journal/fstrim-journal.json"));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("no recorded journal");
    return f.readAll();
}

QList<QByteArray> lines()
{
    QList<QByteArray> out = recorded().split('\n');
    out.removeAll(QByteArray());
    return out;
}

QByteArray joined(const QList<QByteArray> &l)
{
    return l.join('\n') + '\n';
}

// One run in words, so that a table row says all of it.
QString describe(const FstrimRun &r)
{
    QStringList trimmed;
    for (auto it = r.trimmedBytes.cbegin(); it != r.trimmedBytes.cend(); ++it)
        trimmed.append(QStringLiteral("%1=%2").arg(it.key()).arg(it.value()));
    return QStringLiteral("%1 %2 s %3 [%4] %5")
        .arg(!r.succeeded   ? QStringLiteral("unknown")
             : *r.succeeded ? QStringLiteral("succeeded")
                            : QStringLiteral("failed"),
             r.seconds ? QString::number(*r.seconds) : QStringLiteral("?"),
             r.result.isEmpty() ? QStringLiteral("-") : r.result, trimmed.join(QLatin1Char(' ')),
             r.failures.join(QLatin1Char('|')));
}

const QString kFirst =
    QStringLiteral("succeeded 0.417 s success [/srv/data=241067008 /srv/scratch=241067008] ");
const QString kSecond = QStringLiteral(
    "failed 0.297 s exit-code [] fstrim: /run: the discard operation is not supported");

} // namespace

class TestFstrimJournal : public QObject
{
    Q_OBJECT
private slots:
    void runs_data();
    void runs();
    void amountOnADrivesFilesystems();
};

void TestFstrimJournal::runs_data()
{
    QTest::addColumn<QByteArray>("journal");
    QTest::addColumn<QStringList>("expected");

    const QList<QByteArray> all = lines();
    QCOMPARE(all.size(), 12);
    QTest::newRow("recorded") << recorded() << QStringList{kFirst, kSecond};
    // The last run still going: how it ends and how long it took are not known yet.
    QTest::newRow("second run not finished")
        << joined(all.mid(0, 9))
        << QStringList{kFirst, QStringLiteral("unknown ? s - [] fstrim: /run: the discard "
                                              "operation is not supported")};
    // The first run's start rotated out of the journal: no time to record it at, so no run.
    QTest::newRow("first start rotated away") << joined(all.mid(2)) << QStringList{kSecond};
    // Not readable (no journal, or a user outside systemd-journal): nothing, never a made-up run.
    QTest::newRow("nothing readable") << QByteArray() << QStringList();
    QTest::newRow("journalctl's words, not JSON")
        << QByteArray("-- No entries --\n") << QStringList();
    QByteArray mixed = recorded();
    mixed.prepend("{\"__REALTIME_TIMESTAMP\":\"1796455859000000\",\"UNIT\":\"other.service\","
                  "\"MESSAGE_ID\":\"7d4958e842da4a758f6c1cdc7b36dcc5\",\"JOB_TYPE\":\"start\"}\n"
                  "not json at all\n");
    QTest::newRow("another unit and a broken line") << mixed << QStringList{kFirst, kSecond};
    // journalctl writes a message that is not clean UTF-8 text as an array of its bytes.
    QList<QByteArray> binary = all;
    QJsonObject trimmed = QJsonDocument::fromJson(binary[2]).object();
    QJsonArray bytes;
    for (const char c : trimmed.value(QStringLiteral("MESSAGE")).toString().toUtf8())
        bytes.append(int(uchar(c)));
    trimmed.insert(QStringLiteral("MESSAGE"), bytes);
    binary[2] = QJsonDocument(trimmed).toJson(QJsonDocument::Compact);
    QTest::newRow("message as bytes") << joined(binary) << QStringList{kFirst, kSecond};
}

void TestFstrimJournal::runs()
{
    QFETCH(QByteArray, journal);
    QFETCH(QStringList, expected);
    QStringList got;
    for (const FstrimRun &r : parseFstrimJournal(journal))
        got.append(describe(r));
    QCOMPARE(got, expected);
}

void TestFstrimJournal::amountOnADrivesFilesystems()
{
    const QList<FstrimRun> runs = parseFstrimJournal(recorded());
    QCOMPARE(runs.size(), 2);
    QCOMPARE(runs[0].started, QDateTime::fromMSecsSinceEpoch(1796455859699, QTimeZone::utc()));
    QCOMPARE(trimmedOn(runs[0], {QStringLiteral("/srv/data")}), std::optional<quint64>(241067008));
    QCOMPARE(trimmedOn(runs[0], {QStringLiteral("/srv/data"), QStringLiteral("/srv/scratch")}),
             std::optional<quint64>(2 * quint64(241067008)));
    // fstrim said nothing about / in that run: unknown, not 0.
    QCOMPARE(trimmedOn(runs[0], {QStringLiteral("/")}), std::nullopt);
    QCOMPARE(trimmedOn(runs[1], {QStringLiteral("/srv/data")}), std::nullopt);
}

TRIMSCOPE_TEST_GUILESS_MAIN(TestFstrimJournal)
#include "tst_fstrimjournal.moc"
