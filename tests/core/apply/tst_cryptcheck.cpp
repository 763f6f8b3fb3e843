// What trimscope-helper's SetCryptDiscard accepts before anyone is asked, and what it tells
// cryptsetup: tables of good and bad mapping names, dm UUIDs and device-mapper tables as
// `dmsetup table` prints them, and the refresh arguments that keep a mapping's other flags.
#include "apply/cryptcheck.h"
#include "testmain.h"

#include <QTest>

using namespace trimscope;
using namespace trimscope::apply;

namespace {

const QString kLuks2 = QStringLiteral("CRYPT-LUKS2-0f1e2d3c4b5a69788796a5b4c3d2e1f0-sda3_crypt");
const QString kTableStart =
    QStringLiteral("0 30720 crypt aes-xts-plain64 :64:logon:cryptsetup:0f1e-d0 0 7:2 32768");

} // namespace

class TestCryptCheck : public QObject
{
    Q_OBJECT
private slots:
    void names_data();
    void names();
    void mappings_data();
    void mappings();
    void refreshArguments_data();
    void refreshArguments();
};

void TestCryptCheck::names_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("valid");
    QTest::newRow("Debian's") << "sda3_crypt" << true;
    QTest::newRow("luks-UUID") << "luks-0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0" << true;
    QTest::newRow("dots and colons") << "vg.root:crypt@1+2" << true;
    QTest::newRow("127 bytes") << QString(127, QLatin1Char('a')) << true;
    QTest::newRow("128 bytes") << QString(128, QLatin1Char('a')) << false;
    QTest::newRow("empty") << "" << false;
    QTest::newRow("an option") << "--help" << false;
    QTest::newRow("a path") << "/dev/mapper/root" << false;
    QTest::newRow("up") << ".." << false;
    QTest::newRow("here") << "." << false;
    QTest::newRow("blank") << "my crypt" << false;
    QTest::newRow("newline") << "crypt\nroot" << false;
    QTest::newRow("not ASCII") << "krypt\u00f6" << false;
}

void TestCryptCheck::names()
{
    QFETCH(QString, name);
    QFETCH(bool, valid);
    QCOMPARE(isMappingName(name), valid);
}

void TestCryptCheck::mappings_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("uuid");
    QTest::addColumn<QString>("table");
    QTest::addColumn<int>("error"); // ErrorCode; None: accepted
    QTest::addColumn<QStringList>("flags");
    QTest::addColumn<bool>("allowDiscards");

    const int ok = int(ErrorCode::None);
    const int unsupported = int(ErrorCode::Unsupported);
    const QString name = QStringLiteral("sda3_crypt");
    QTest::newRow("no flags") << name << kLuks2 << kTableStart + QLatin1Char('\n') << ok
                              << QStringList() << false;
    QTest::newRow("allow_discards")
        << name << kLuks2 << kTableStart + " 1 allow_discards" << ok << QStringList() << true;
    QTest::newRow("LUKS1, flags kept")
        << name << "CRYPT-LUKS1-0f1e2d3c4b5a69788796a5b4c3d2e1f0-sda3_crypt"
        << kTableStart + " 3 same_cpu_crypt allow_discards no_read_workqueue" << ok
        << QStringList{"same_cpu_crypt", "no_read_workqueue"} << true;
    QTest::newRow("sector size") << name << kLuks2 << kTableStart + " 1 sector_size:4096" << ok
                                 << QStringList{"sector_size:4096"} << false;
    QTest::newRow("bad name") << "-x" << kLuks2 << kTableStart << int(ErrorCode::InvalidArgument)
                              << QStringList() << false;
    QTest::newRow("plain dm-crypt")
        << name << "CRYPT-PLAIN-sda3_crypt" << kTableStart << unsupported << QStringList() << false;
    QTest::newRow("LVM") << name << "LVM-abcdef"
                         << "0 2048 linear 8:3 2048" << unsupported << QStringList() << false;
    QTest::newRow("not crypt") << name << kLuks2 << "0 2048 linear 8:3 2048" << unsupported
                               << QStringList() << false;
    QTest::newRow("two segments") << name << kLuks2 << kTableStart + QLatin1Char('\n') + kTableStart
                                  << unsupported << QStringList() << false;
    QTest::newRow("empty table") << name << kLuks2 << "" << unsupported << QStringList() << false;
    QTest::newRow("count too high") << name << kLuks2 << kTableStart + " 2 allow_discards"
                                    << unsupported << QStringList() << false;
    QTest::newRow("count not a number") << name << kLuks2 << kTableStart + " allow_discards"
                                        << unsupported << QStringList() << false;
}

void TestCryptCheck::mappings()
{
    QFETCH(QString, name);
    QFETCH(QString, uuid);
    QFETCH(QString, table);
    QFETCH(int, error);
    QFETCH(QStringList, flags);
    QFETCH(bool, allowDiscards);
    const Expected<CryptMapping> mapping = cryptMapping(name, uuid, table);
    QCOMPARE(int(mapping ? ErrorCode::None : mapping.error().code), error);
    if (!mapping) {
        QVERIFY(!mapping.error().message.isEmpty());
        return;
    }
    QCOMPARE(mapping->name, name);
    QCOMPARE(mapping->flags, flags);
    QCOMPARE(mapping->allowDiscards, allowDiscards);
}

void TestCryptCheck::refreshArguments_data()
{
    QTest::addColumn<QStringList>("flags");
    QTest::addColumn<bool>("allowDiscards");
    QTest::addColumn<QStringList>("arguments"); // empty: refused

    const QStringList start{"refresh", "sda3_crypt", "--key-file=-"};
    QTest::newRow("allow") << QStringList() << true << start + QStringList{"--allow-discards"};
    QTest::newRow("disallow") << QStringList() << false << start;
    QTest::newRow("performance flags kept")
        << QStringList{"same_cpu_crypt", "submit_from_crypt_cpus", "no_read_workqueue",
                       "no_write_workqueue"}
        << true
        << start + QStringList{"--perf-same_cpu_crypt", "--perf-submit_from_crypt_cpus",
                               "--perf-no_read_workqueue", "--perf-no_write_workqueue",
                               "--allow-discards"};
    QTest::newRow("header's flags left to the header")
        << QStringList{"sector_size:4096", "iv_large_sectors", "integrity:28:aead"} << false
        << start;
    QTest::newRow("a flag refresh would drop")
        << QStringList{"high_priority"} << true << QStringList();
}

void TestCryptCheck::refreshArguments()
{
    QFETCH(QStringList, flags);
    QFETCH(bool, allowDiscards);
    QFETCH(QStringList, arguments);
    const Expected<QStringList> got =
        cryptRefreshArguments({QStringLiteral("sda3_crypt"), flags, !allowDiscards}, allowDiscards);
    if (arguments.isEmpty()) {
        QVERIFY(!got);
        QCOMPARE(got.error().code, ErrorCode::Unsupported);
        QVERIFY(got.error().message.contains(flags.first()));
        return;
    }
    QVERIFY(got);
    QCOMPARE(*got, arguments);
}

TRIMSCOPE_TEST_GUILESS_MAIN(TestCryptCheck)
#include "tst_cryptcheck.moc"
