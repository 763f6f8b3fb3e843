// What trimscope-helper's SetMountDiscard accepts before anyone is asked: tables of good and bad
// mount points against a recorded mount table (the kpmcore lesson: a validator no test holds to
// good input refuses everything).
#include "apply/remountcheck.h"
#include "testmain.h"

#include <QTest>
#include <sys/mount.h>

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
    void call_data();
    void call();
    void onlyDiscard();
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

void TestRemountCheck::call_data()
{
    QTest::addColumn<QString>("mountOptions");
    QTest::addColumn<QString>("superOptions");
    QTest::addColumn<bool>("discard");
    QTest::addColumn<qulonglong>("flags"); // 0: refused
    QTest::addColumn<QByteArray>("data");

    QTest::newRow("rw, relatime") << "rw,relatime"
                                  << "rw,errors=remount-ro" << true
                                  << qulonglong(MS_REMOUNT | MS_RELATIME) << QByteArray("discard");
    // What fstab says (ro,noexec) plays no part: only the flags the mount has now.
    QTest::newRow("nosuid, nodev, noatime, off")
        << "rw,nosuid,nodev,noatime"
        << "rw,discard" << false << qulonglong(MS_REMOUNT | MS_NOSUID | MS_NODEV | MS_NOATIME)
        << QByteArray("nodiscard");
    QTest::newRow("read-only, noexec, strictatime, lazytime")
        << "ro,noexec"
        << "ro,lazytime" << true
        << qulonglong(MS_REMOUNT | MS_RDONLY | MS_NOEXEC | MS_STRICTATIME | MS_LAZYTIME)
        << QByteArray("discard");
    QTest::newRow("sync, dirsync, nodiratime")
        << "rw,nodiratime,relatime"
        << "rw,sync,dirsync" << true
        << qulonglong(MS_REMOUNT | MS_NODIRATIME | MS_RELATIME | MS_SYNCHRONOUS | MS_DIRSYNC)
        << QByteArray("discard");
    QTest::newRow("read-only bind mount of a writable filesystem")
        << "ro,relatime"
        << "rw" << true << qulonglong(0) << QByteArray();
}

void TestRemountCheck::call()
{
    QFETCH(QString, mountOptions);
    QFETCH(QString, superOptions);
    QFETCH(bool, discard);
    QFETCH(qulonglong, flags);
    QFETCH(QByteArray, data);
    RemountTarget target{QStringLiteral("/mnt"),
                         QStringLiteral("/dev/sda2"),
                         QStringLiteral("ext4"),
                         false,
                         mountOptions.split(QLatin1Char(',')),
                         superOptions.split(QLatin1Char(','))};
    const Expected<RemountCall> call = remountCall(target, discard);
    if (flags == 0) {
        QVERIFY(!call);
        QCOMPARE(int(call.error().code), int(ErrorCode::Unsupported));
        return;
    }
    QVERIFY(call);
    QCOMPARE(qulonglong(call->flags), flags);
    QCOMPARE(call->data, data);
}

void TestRemountCheck::onlyDiscard()
{
    const RemountTarget before{QStringLiteral("/mnt"),
                               QStringLiteral("/dev/sda2"),
                               QStringLiteral("ext4"),
                               false,
                               {QStringLiteral("rw"), QStringLiteral("relatime")},
                               {QStringLiteral("rw"), QStringLiteral("errors=remount-ro")}};
    RemountTarget after = before;
    after.superOptions.insert(1, QStringLiteral("discard"));
    QVERIFY(onlyDiscardChanged(before, after));
    after.mountOptions = QStringList{QStringLiteral("ro"), QStringLiteral("noexec")};
    QVERIFY(!onlyDiscardChanged(before, after));
    after = before;
    after.superOptions[0] = QStringLiteral("ro");
    QVERIFY(!onlyDiscardChanged(before, after));
}

TRIMSCOPE_TEST_GUILESS_MAIN(TestRemountCheck)
#include "tst_remountcheck.moc"
