#include "fsbench/privatemount.h"
#include "testmain.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <sys/stat.h>

using namespace trimscope;
using namespace trimscope::fsbench;

class TestPrivateMount : public QObject
{
    Q_OBJECT

private slots:
    void findsOurMountPoints_data();
    void findsOurMountPoints();
    void ownerPid_data();
    void ownerPid();
    void privateRoot();
    void unmountWithoutMountIsHarmless();
};

namespace {

QByteArray mountInfoLine(const QByteArray &mountPoint)
{
    return "812 29 7:4 / " + mountPoint + " rw,nosuid,nodev,noexec,relatime - ext4 /dev/loop4 rw\n";
}

} // namespace

void TestPrivateMount::findsOurMountPoints_data()
{
    QTest::addColumn<QByteArray>("mountPoint");
    QTest::addColumn<bool>("ours");
    QTest::newRow("ours") << QByteArray("/run/trimscope/fsbench-mnt-123-aB3xYz") << true;
    QTest::newRow("ours, escaped") << QByteArray("/run/trimscope/fsbench-mnt-1-a\\040b") << true;
    QTest::newRow("prefix only") << QByteArray("/run/trimscope/fsbench-mnt-") << false;
    QTest::newRow("other name") << QByteArray("/run/trimscope/data") << false;
    QTest::newRow("nested") << QByteArray("/run/trimscope/fsbench-mnt-1-a/sub") << false;
    QTest::newRow("sibling root") << QByteArray("/run/trimscopex/fsbench-mnt-1-a") << false;
    QTest::newRow("the root itself") << QByteArray("/run/trimscope") << false;
    QTest::newRow("elsewhere") << QByteArray("/media/fsbench-mnt-1-a") << false;
    QTest::newRow("root filesystem") << QByteArray("/") << false;
}

void TestPrivateMount::findsOurMountPoints()
{
    QFETCH(QByteArray, mountPoint);
    QFETCH(bool, ours);
    const QByteArray text = mountInfoLine("/") + mountInfoLine(mountPoint) +
                            mountInfoLine("/run/trimscope/fsbench-mnt-9-zzzzzz");
    const QStringList points = ourMountPoints(text, QStringLiteral("/run/trimscope/"));
    QCOMPARE(points.size(), ours ? 2 : 1);
    QCOMPARE(points.constLast(), QStringLiteral("/run/trimscope/fsbench-mnt-9-zzzzzz"));
}

void TestPrivateMount::ownerPid_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<qint64>("pid");
    QTest::newRow("ours") << QStringLiteral("/run/trimscope/fsbench-mnt-4242-abcdef")
                          << qint64(4242);
    QTest::newRow("no pid") << QStringLiteral("/run/trimscope/fsbench-mnt-abcdef") << qint64(0);
    QTest::newRow("not a number") << QStringLiteral("/run/trimscope/fsbench-mnt-12x-ab")
                                  << qint64(0);
    QTest::newRow("empty pid") << QStringLiteral("/run/trimscope/fsbench-mnt--ab") << qint64(0);
    QTest::newRow("negative") << QStringLiteral("/run/trimscope/fsbench-mnt--5-ab") << qint64(0);
    QTest::newRow("other") << QStringLiteral("/run/trimscope/x-12-ab") << qint64(0);
}

void TestPrivateMount::ownerPid()
{
    QFETCH(QString, path);
    QTEST(mountOwnerPid(path), "pid");
}

void TestPrivateMount::privateRoot()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString root = dir.filePath(QStringLiteral("root"));
    QVERIFY(!ensurePrivateRoot(root).isError());
    struct stat info = {};
    QCOMPARE(::lstat(QFile::encodeName(root).constData(), &info), 0);
    QCOMPARE(info.st_mode & 0777, 0700u);
    QVERIFY(!ensurePrivateRoot(root).isError()); // an existing one is fine

    QVERIFY(::chmod(QFile::encodeName(root).constData(), 0755) == 0);
    QCOMPARE(ensurePrivateRoot(root).code, ErrorCode::PermissionDenied);

    const QString link = dir.filePath(QStringLiteral("link"));
    QVERIFY(QFile::link(dir.path(), link));
    QCOMPARE(ensurePrivateRoot(link).code, ErrorCode::PermissionDenied);
    QCOMPARE(ensurePrivateRoot(QStringLiteral("relative/root")).code, ErrorCode::InvalidArgument);
}

void TestPrivateMount::unmountWithoutMountIsHarmless()
{
    QTemporaryDir dir;
    PrivateMount mount(dir.filePath(QStringLiteral("root")));
    QVERIFY(!mount.isMounted());
    QVERIFY(!mount.unmount().isError());
}

TRIMSCOPE_TEST_GUILESS_MAIN(TestPrivateMount)
#include "tst_privatemount.moc"
