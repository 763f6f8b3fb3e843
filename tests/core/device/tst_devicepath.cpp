#include "device/devicepath.h"
#include "testmain.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace trimscope;

// Validates untrusted device paths (kpmcore once shipped a check that refused every /dev/sdX:
// this table has good inputs too).
class TestDevicePath : public QObject
{
    Q_OBJECT
private slots:
    void resolve_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("error"); // errorCodeName, "None" when accepted

        QTest::newRow("empty") << ""
                               << "InvalidArgument";
        QTest::newRow("relative") << "dev/loop0"
                                  << "InvalidArgument";
        QTest::newRow("relative bare") << "loop0"
                                       << "InvalidArgument";
        QTest::newRow("dotdot") << "/dev/../etc/passwd"
                                << "InvalidArgument";
        QTest::newRow("dot") << "/dev/./null"
                             << "InvalidArgument";
        QTest::newRow("double slash") << "/dev//null"
                                      << "InvalidArgument";
        QTest::newRow("trailing slash") << "/dev/null/"
                                        << "InvalidArgument";
        QTest::newRow("outside dev") << "/etc/passwd"
                                     << "NotABlockDevice";
        QTest::newRow("regular file in /dev tree") << "/dev/shm"
                                                   << "NotABlockDevice";
        QTest::newRow("char device") << "/dev/null"
                                     << "NotABlockDevice";
        QTest::newRow("missing") << "/dev/trimscope-does-not-exist"
                                 << "NoSuchDevice";
        QTest::newRow("nested node") << "/dev/pts/ptmx"
                                     << "NotABlockDevice";
        QTest::newRow("symlink outside by-*") << "/dev/stdin"
                                              << "InvalidArgument";
    }
    void resolve()
    {
        QFETCH(QString, path);
        QFETCH(QString, error);
        const Expected<QString> resolved = resolveDevicePath(path);
        QCOMPARE(errorCodeName(resolved.error().code), error);
        QCOMPARE(resolved.hasValue(), error == QLatin1String("None"));
        if (!resolved)
            QVERIFY(!resolved.error().message.isEmpty());
    }

    // A real block device node in /dev is accepted as itself.
    void acceptsRealBlockDevice()
    {
        const QStringList candidates =
            QDir(QStringLiteral("/sys/block")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
        for (const QString &name : candidates) {
            const QString path = QStringLiteral("/dev/") + name;
            if (!QFile::exists(path))
                continue;
            const Expected<QString> resolved = resolveDevicePath(path);
            QVERIFY2(resolved.hasValue(), qPrintable(resolved.error().message));
            QCOMPARE(*resolved, path);
            return;
        }
        QSKIP("no block device node in /dev on this machine");
    }

    // /dev/disk/by-* links resolve to their node.
    void followsByIdLinks()
    {
        const QDir byPath(QStringLiteral("/dev/disk/by-path"));
        const QStringList links = byPath.entryList(QDir::System | QDir::NoDotAndDotDot);
        if (links.isEmpty())
            QSKIP("no /dev/disk/by-path links on this machine (no udev)");
        const QString link = byPath.filePath(links.first());
        const Expected<QString> resolved = resolveDevicePath(link);
        QVERIFY2(resolved.hasValue(), qPrintable(resolved.error().message));
        QCOMPARE(*resolved, QFileInfo(link).canonicalFilePath());
    }
};

TRIMSCOPE_TEST_GUILESS_MAIN(TestDevicePath)
#include "tst_devicepath.moc"
