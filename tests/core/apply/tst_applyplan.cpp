// The model of what udisks2 does to /etc/fstab and /etc/crypttab (udisksd's add_remove_*_entry):
// which lines it can match, the line it writes and where. tests/udisks holds the real udisksd
// to the same bytes.
#include "apply/applyplan.h"
#include "apply/undojournal.h"
#include "testmain.h"

#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>

using namespace trimscope;
using namespace trimscope::apply;

Q_DECLARE_METATYPE(std::optional<trimscope::apply::FstabItem>)

class TestApplyPlan : public QObject
{
    Q_OBJECT
private slots:
    void fstabLinesUdisksKnows_data();
    void fstabLinesUdisksKnows();
    void fstabLineAsUdisksWritesIt();
    void crypttabLinesUdisksKnows_data();
    void crypttabLinesUdisksKnows();
    void fileAfterUpdate_data();
    void fileAfterUpdate();
    void crypttabAfterUpdate();
    void planRoundTripsAndUndoes();
    void cryptRefreshInWords_data();
    void cryptRefreshInWords();
    void journalIsWrittenWholeAndReadBack();
    void journalRefusesForeignFiles();
};

void TestApplyPlan::fstabLinesUdisksKnows_data()
{
    QTest::addColumn<QString>("line");
    QTest::addColumn<std::optional<FstabItem>>("item");

    using Item = std::optional<FstabItem>;
    QTest::newRow("six fields, tabs")
        << "UUID=ab-12\t/\text4\terrors=remount-ro\t0\t1"
        << Item(FstabItem{"UUID=ab-12", "/", "ext4", "errors=remount-ro", 0, 1});
    QTest::newRow("escaped blank in the mount point")
        << "/dev/sdb1 /mnt/my\\040disk ext4 defaults 0 2"
        << Item(FstabItem{"/dev/sdb1", "/mnt/my disk", "ext4", "defaults", 0, 2});
    // udisks2 would match these and write them back without what follows the pass number
    // (issue 48): refused before anything changes.
    QTest::newRow("a comment after the pass number")
        << "LABEL=data /data xfs noatime 0 2 # data" << Item();
    QTest::newRow("a comment right after the pass number")
        << "LABEL=data /data xfs noatime 0 2#data" << Item();
    QTest::newRow("a seventh field") << "LABEL=data /data xfs noatime 0 2 extra" << Item();
    QTest::newRow("blanks after the pass number")
        << "LABEL=data /data xfs noatime 0 2 \t "
        << Item(FstabItem{"LABEL=data", "/data", "xfs", "noatime", 0, 2});
    QTest::newRow("four fields: udisks cannot match it") << "proc /proc proc defaults" << Item();
    QTest::newRow("five fields") << "UUID=x / ext4 defaults 0" << Item();
    QTest::newRow("dump is not a number") << "UUID=x / ext4 defaults zero 1" << Item();
    QTest::newRow("a comment") << "# UUID=x / ext4 defaults 0 1" << Item();
    QTest::newRow("blank") << "   " << Item();
    QTest::newRow("a field longer than udisks reads")
        << QStringLiteral("UUID=x /%1 ext4 defaults 0 1").arg(QString(600, QLatin1Char('a')))
        << Item();
}

void TestApplyPlan::fstabLinesUdisksKnows()
{
    QFETCH(QString, line);
    QFETCH(std::optional<FstabItem>, item);
    QString why;
    const auto parsed = fstabItemFromLine(line, &why);
    QCOMPARE(parsed.has_value(), item.has_value());
    if (item)
        QVERIFY(*parsed == *item);
    else
        QVERIFY2(!why.isEmpty(), "a refusal says why");
}

void TestApplyPlan::fstabLineAsUdisksWritesIt()
{
    // One blank between fields, blanks and backslashes inside a field as octal escapes.
    QCOMPARE(udisksFstabLine({"UUID=ab-12", "/", "ext4", "errors=remount-ro,nodiscard", 0, 1}),
             QStringLiteral("UUID=ab-12 / ext4 errors=remount-ro,nodiscard 0 1"));
    QCOMPARE(udisksFstabLine({"/dev/sdb1", "/mnt/my disk", "ext4", "a\\b", 0, 2}),
             QStringLiteral("/dev/sdb1 /mnt/my\\040disk ext4 a\\134b 0 2"));
    QCOMPARE(udisksCrypttabLine({"root_crypt", "UUID=ab", "", "luks,discard"}),
             QStringLiteral("root_crypt UUID=ab none luks,discard"));
    // What udisks writes, it reads back as the same item.
    const FstabItem item{"/dev/sdb1", "/mnt/a b\tc", "ext4", "defaults", 1, 2};
    QVERIFY(*fstabItemFromLine(udisksFstabLine(item)) == item);
}

void TestApplyPlan::crypttabLinesUdisksKnows_data()
{
    QTest::addColumn<QString>("line");
    QTest::addColumn<bool>("known");
    QTest::addColumn<QString>("passphrasePath");
    QTest::addColumn<QString>("options");

    QTest::newRow("four fields") << "root UUID=ab none luks" << true << ""
                                 << "luks";
    QTest::newRow("three fields") << "root UUID=ab none" << true << ""
                                  << "";
    QTest::newRow("two fields") << "root UUID=ab" << true << ""
                                << "";
    QTest::newRow("a key file") << "data /dev/sdb2 /etc/keys/data luks" << true << "/etc/keys/data"
                                << "luks";
    QTest::newRow("five fields") << "root UUID=ab none luks extra" << false << ""
                                 << "";
    QTest::newRow("a name alone") << "root" << false << ""
                                  << "";
    QTest::newRow("a comment") << "#root UUID=ab none luks" << false << ""
                               << "";
    QTest::newRow("a trailing comment") << "root UUID=ab none #root" << false << ""
                                        << "";
}

void TestApplyPlan::crypttabLinesUdisksKnows()
{
    QFETCH(QString, line);
    QFETCH(bool, known);
    QFETCH(QString, passphrasePath);
    QFETCH(QString, options);
    const auto item = crypttabItemFromLine(line);
    QCOMPARE(item.has_value(), known);
    if (known) {
        QCOMPARE(item->passphrasePath, passphrasePath);
        QCOMPARE(item->options, options);
    }
}

void TestApplyPlan::fileAfterUpdate_data()
{
    QTest::addColumn<QByteArray>("file");
    QTest::addColumn<QByteArray>("expected"); // empty: udisks finds no line to update

    const QByteArray head = "# /etc/fstab\nUUID=a\t/\text4\tdefaults,discard\t0\t1\n";
    const QByteArray tail = "UUID=b /home ext4 defaults 0 2\n";
    const QByteArray updated = "UUID=a / ext4 defaults,nodiscard 0 1\n";
    QTest::newRow("the line leaves its place, the new one ends the file")
        << head + tail << QByteArray("# /etc/fstab\n") + tail + updated;
    QTest::newRow("no final newline: udisks adds one")
        << head + "UUID=b /home ext4 defaults 0 2" << QByteArray("# /etc/fstab\n") + tail + updated;
    QTest::newRow("only the first of two equal lines")
        << head + head << QByteArray("# /etc/fstab\n") + head + updated;
    QTest::newRow("the line changed meanwhile: nothing found")
        << QByteArray("UUID=a / ext4 defaults 0 1\n") << QByteArray();
    QTest::newRow("empty lines inside stay")
        << QByteArray("\n\n") + head << QByteArray("\n\n# /etc/fstab\n") + updated;
}

void TestApplyPlan::fileAfterUpdate()
{
    QFETCH(QByteArray, file);
    QFETCH(QByteArray, expected);
    const FstabItem before{"UUID=a", "/", "ext4", "defaults,discard", 0, 1};
    FstabItem after = before;
    after.opts = QStringLiteral("defaults,nodiscard");
    const auto result = fstabAfterUpdate(file, before, after);
    QCOMPARE(result.has_value(), !expected.isEmpty());
    if (result)
        QCOMPARE(*result, expected);
}

void TestApplyPlan::crypttabAfterUpdate()
{
    const QByteArray file = "# <target> <source> <key> <options>\n"
                            "root_crypt\tUUID=ab\tnone\tluks\n"
                            "swap_crypt /dev/sda3 /dev/urandom swap\n";
    const CrypttabItem before{"root_crypt", "UUID=ab", "", "luks"};
    CrypttabItem after = before;
    after.options = QStringLiteral("luks,discard");
    QCOMPARE(*apply::crypttabAfterUpdate(file, before, after),
             QByteArray("# <target> <source> <key> <options>\n"
                        "swap_crypt /dev/sda3 /dev/urandom swap\n"
                        "root_crypt UUID=ab none luks,discard\n"));
    QVERIFY(!apply::crypttabAfterUpdate(file, after, before));
}

void TestApplyPlan::planRoundTripsAndUndoes()
{
    ApplyPlan plan;
    plan.fixId = QStringLiteral("audit:mount-online-discard:/");
    plan.title = QStringLiteral("/ is mounted with online discard");
    plan.fstab.append({QStringLiteral("/"), QStringLiteral("UUID=a\t/\text4\tdiscard\t0\t1"),
                       FstabItem{"UUID=a", "/", "ext4", "discard", 0, 1},
                       FstabItem{"UUID=a", "/", "ext4", "nodiscard", 0, 1}, QString()});
    plan.crypttab.append({QStringLiteral("/dev/mapper/r"), QStringLiteral("r UUID=b none luks"),
                          CrypttabItem{"r", "UUID=b", "", "luks"},
                          CrypttabItem{"r", "UUID=b", "", "luks,discard"}, QString()});
    plan.units.append({QStringLiteral("fstrim.timer"), true, true, false});
    plan.remounts.append({QStringLiteral("/"), QStringLiteral("/dev/vda"), false});
    plan.cryptRefreshes.append({QStringLiteral("r"), true});
    plan.cryptRefreshes.append({QStringLiteral("s"), false});
    plan.notes.append(QStringLiteral("a note"));

    const Expected<ApplyPlan> back = ApplyPlan::fromJson(plan.toJson());
    QVERIFY(back);
    QCOMPARE(back->toJson(), plan.toJson());

    const ApplyPlan undo = undoPlan({QDateTime::currentDateTimeUtc(), plan});
    QCOMPARE(undo.fstab.size(), 1);
    QVERIFY(undo.fstab.first().before == plan.fstab.first().after);
    QVERIFY(undo.fstab.first().after == plan.fstab.first().before);
    QCOMPARE(undo.fstab.first().lineBefore, QStringLiteral("UUID=a / ext4 nodiscard 0 1"));
    // udisks2 writes the old fields back in its own form: the preview shows the text recorded
    // before the change beside it (tabs here), so nobody expects the old text back.
    QCOMPARE(undo.fstab.first().recordedText, QStringLiteral("UUID=a\t/\text4\tdiscard\t0\t1"));
    QVERIFY(describePlan(undo, false)
                .contains(QStringLiteral("  (recorded before the change: UUID=a\t/\text4\tdiscard"
                                         "\t0\t1; udisks2 writes the same fields in its own "
                                         "form)")));
    QVERIFY(undo.crypttab.first().after == plan.crypttab.first().before);
    // The preview says of a crypttab line what it says of an fstab line.
    const QStringList described = describePlan(undo, false);
    const qsizetype crypttabAt = described.indexOf(
        QStringLiteral("/etc/crypttab, the line for /dev/mapper/r (through udisks2):"));
    QVERIFY2(crypttabAt >= 0, qPrintable(described.join(QLatin1Char('\n'))));
    QCOMPARE(described.mid(crypttabAt + 1, 2),
             (QStringList{QStringLiteral("  now:   ") + undo.crypttab.first().lineBefore,
                          QStringLiteral("  after: ") + undo.crypttab.first().lineAfter()}));
    // The unit was masked before: undoing stops, disables and masks it again.
    QCOMPARE(undo.units.first().enable, false);
    QCOMPARE(undo.units.first().mask, true);
    QCOMPARE(undo.units.first().unmask, false);
    QCOMPARE(undo.remounts.first().discard, true);
    // Refreshed back as it was, newest first (each asks for its passphrase again).
    QCOMPARE(undo.cryptRefreshes.size(), 2);
    QCOMPARE(undo.cryptRefreshes.at(0).name, QStringLiteral("s"));
    QCOMPARE(undo.cryptRefreshes.at(0).allowDiscards, true);
    QCOMPARE(undo.cryptRefreshes.at(1).name, QStringLiteral("r"));
    QCOMPARE(undo.cryptRefreshes.at(1).allowDiscards, false);
    QVERIFY(undo.notes.isEmpty());
    // Undoing the undo is the change again.
    QCOMPARE(undoPlan({QDateTime::currentDateTimeUtc(), undo}).fstab.first().after.opts,
             QStringLiteral("nodiscard"));
}

void TestApplyPlan::cryptRefreshInWords_data()
{
    QTest::addColumn<bool>("allowDiscards");
    QTest::addColumn<QString>("line");
    QTest::newRow("allow") << true
                           << "Let /dev/mapper/sda3_crypt pass discards now (cryptsetup refresh "
                              "--allow-discards; asks for its passphrase)";
    QTest::newRow("undo") << false
                          << "Stop /dev/mapper/sda3_crypt passing discards now (cryptsetup "
                             "refresh without --allow-discards; asks for its passphrase)";
}

// A plan that only refreshes a mapping changes something, and says what and that it will ask.
void TestApplyPlan::cryptRefreshInWords()
{
    QFETCH(bool, allowDiscards);
    QFETCH(QString, line);
    ApplyPlan plan;
    plan.fixId = QStringLiteral("audit:discards-blocked-crypt:/dev/mapper/sda3_crypt");
    plan.cryptRefreshes.append({QStringLiteral("sda3_crypt"), allowDiscards});
    QVERIFY(!plan.changesNothing());
    QCOMPARE(describePlan(plan), QStringList{line});
}

void TestApplyPlan::journalIsWrittenWholeAndReadBack()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("state/trimscope/applied.json"));
    // No journal yet: nothing applied.
    const auto empty = loadJournal(path);
    QVERIFY(empty);
    QVERIFY(empty->changes.isEmpty());

    ApplyJournal journal;
    ApplyPlan plan;
    plan.fixId = QStringLiteral("enable-fstrim-timer");
    plan.units.append({QStringLiteral("fstrim.timer"), true, false, false});
    const QDateTime when(QDate(2026, 11, 28), QTime(10, 0), QTimeZone::utc());
    journal.changes.append({when, plan});
    QVERIFY(!saveJournal(path, journal).isError());
    const auto read = loadJournal(path);
    QVERIFY2(read, qPrintable(read.error().message));
    QCOMPARE(read->changes.size(), 1);
    QCOMPARE(read->changes.first().when, when);
    QCOMPARE(read->changes.first().plan.units.first().unit, QStringLiteral("fstrim.timer"));
    // Written through the atomic writer: no temporary file left beside it.
    QCOMPARE(QDir(dir.filePath(QStringLiteral("state/trimscope"))).entryList(QDir::Files),
             QStringList{QStringLiteral("applied.json")});
}

void TestApplyPlan::journalRefusesForeignFiles()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("applied.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"({"schema": "io.github.trimscope.sweep", "version": 1})");
    file.close();
    const auto journal = loadJournal(path);
    QVERIFY(!journal);
    QVERIFY(journal.error().message.contains(path));
}

TRIMSCOPE_TEST_GUILESS_MAIN(TestApplyPlan)
#include "tst_applyplan.moc"
