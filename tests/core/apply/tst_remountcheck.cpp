// What trimscope-helper's SetMountDiscard accepts before anyone is asked: tables of good and bad
// mount points against a recorded mount table (the kpmcore lesson: a validator no test holds to
// good input refuses everything).
#include "apply/remountcheck.h"

#include <QTest>

using namespace trimscope;
using namespace trimscope::apply;

namespace {

const QString kMounts = QStringLiteral(
    "22 1 8:2 / / rw,relatime shared:1 - ext4 /dev/sda2 rw,errors=remount-ro\n"
    "30 22 8:3 / /home rw,relatime shared:2 - ext4 /dev/sda3 rw,discard\n"
    "31 22 8:4 / /srv/xfs rw,relatime shared:3 - xfs /dev/sda4 rw,discard\n"
    "32 22 0:35 /@data /srv/data rw,relatime shared:4 - btrfs /dev/sdb1 rw,ssd,discard=async\n"
    "33 22 0:40 / /tmp rw shared:5 - tmpfs tmpfs rw\n"
    "34 22 8:5 / /mnt/my\\040disk rw shared:6 - ext4 /dev/sda5 rw\n"
    "35 22 8:6 / /stacked rw shared:7 - ext4 /dev/sda6 rw\n"
    "36 35 8:7 / /stacked rw shared:8 - btrfs /dev/sda7 rw\n");

} // namespace

class TestRemountCheck : public QObject
{
    Q_OBJECT
private slots:
    void mountPoints_data();
    void mountPoints();
    void arguments();
};

void TestRemountCheck::mountPoints_data()
{
    QTest::addColumn<QString>("mountPoint");
    QTest::addColumn<QString>("device");
    QTest::addColumn<int>("error"); // ErrorCode; None: accepted
    QTest::addColumn<QString>("source");
    QTest::addColumn<bool>("discard");

    const int ok = int(ErrorCode::None);
    const int bad = int(ErrorCode::InvalidArgument);
    const int gone = int(ErrorCode::NoSuchDevice);
    const int unsupported = int(ErrorCode::Unsupported);
    QTest::newRow("root") << "/"
                          << "" << ok << "/dev/sda2" << false;
    QTest::newRow("home, with discard") << "/home"
                                        << "/dev/sda3" << ok << "/dev/sda3" << true;
    QTest::newRow("btrfs, discard=async counts") << "/srv/data"
                                                 << "" << ok << "/dev/sdb1" << true;
    QTest::newRow("escaped blank") << "/mnt/my disk"
                                   << "" << ok << "/dev/sda5" << false;
    QTest::newRow("the topmost of two") << "/stacked"
                                        << "/dev/sda7" << ok << "/dev/sda7" << false;
    QTest::newRow("the one below is not it") << "/stacked"
                                             << "/dev/sda6" << gone << "" << false;
    QTest::newRow("another device there now") << "/home"
                                              << "/dev/sdz9" << gone << "" << false;
    QTest::newRow("nothing mounted") << "/srv"
                                     << "" << gone << "" << false;
    QTest::newRow("xfs keeps its option") << "/srv/xfs"
                                          << "" << unsupported << "" << false;
    QTest::newRow("tmpfs") << "/tmp"
                           << "" << unsupported << "" << false;
    QTest::newRow("relative") << "home"
                              << "" << bad << "" << false;
    QTest::newRow("empty") << ""
                           << "" << bad << "" << false;
    QTest::newRow("dot-dot") << "/srv/../home"
                             << "" << bad << "" << false;
    QTest::newRow("trailing slash") << "/home/"
                                    << "" << bad << "" << false;
    QTest::newRow("double slash") << "//home"
                                  << "" << bad << "" << false;
    QTest::newRow("newline") << "/home\n"
                             << "" << bad << "" << false;
    QTest::newRow("too long") << QStringLiteral("/") + QString(5000, QLatin1Char('a')) << "" << bad
                              << "" << false;
}

void TestRemountCheck::mountPoints()
{
    QFETCH(QString, mountPoint);
    QFETCH(QString, device);
    QFETCH(int, error);
    QFETCH(QString, source);
    QFETCH(bool, discard);
    const Expected<RemountTarget> target = remountTarget(kMounts, mountPoint, device);
    if (error == int(ErrorCode::None)) {
        QVERIFY2(target, qPrintable(target.error().message));
        QCOMPARE(target->source, source);
        QCOMPARE(target->discard, discard);
        return;
    }
    QVERIFY(!target);
    QCOMPARE(int(target.error().code), error);
    QVERIFY(!target.error().message.isEmpty());
}

void TestRemountCheck::arguments()
{
    // "--": a mount point that starts with a dash is a path, not an option.
    QCOMPARE(remountArguments(QStringLiteral("/-o"), false),
             (QStringList{"-o", "remount,nodiscard", "--", "/-o"}));
    QCOMPARE(remountArguments(QStringLiteral("/home"), true),
             (QStringList{"-o", "remount,discard", "--", "/home"}));
}

QTEST_GUILESS_MAIN(TestRemountCheck)
#include "tst_remountcheck.moc"
