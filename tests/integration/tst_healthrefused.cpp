// Issue 46 item 12: `health /dev/vda` as root answered "Operation not permitted (reading SMART
// needs root)". As root no privilege is missing: the words must say what failed (the open), on
// which node, the errno's meaning, and why the kernel refused where that can be told.
//
// Real refusals of a real open, as root, through the two readers every health read goes
// through (readAtaHealth: libatasmart's sk_disk_open; readNvmeRawHealth: open(2)). The CLI's
// health never gets this far for the devices a test may make (sysfs says a loop device has no
// health before anything opens it), so the readers are called directly. The device is always a
// loop device this test attached; /dev/vda is never opened.
// - device rules: a cgroup v1 devices controller denying the loop device (what a container
//   does; the EPERM). Skipped where no v1 devices controller exists (cgroup v2 only).
// - nodev: a node for the same loop device on a tmpfs mounted nodev (EACCES as root).
// - no driver: a node whose major number no driver holds (ENXIO).
#include "health/atasmart.h"
#include "health/nvmeioctl.h"
#include "plainloop.h"
#include "privileged.h"
#include "testmain.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>
#include <cerrno>
#include <cstring>
#include <memory>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

using namespace trimscope;
using trimscope::test::PlainLoop;

namespace {

const QString kDevicesCgroup = QStringLiteral("/sys/fs/cgroup/devices");

bool writeFile(const QString &path, const QByteArray &text)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(text) == text.size() && f.flush();
}

// This process's cgroup in the v1 devices hierarchy ("/" here), from /proc/self/cgroup.
QString ownDevicesCgroup()
{
    QFile f(QStringLiteral("/proc/self/cgroup"));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    for (const QByteArray &line : f.readAll().split('\n')) {
        const QList<QByteArray> fields = line.split(':');
        if (fields.size() == 3 && fields[1] == "devices")
            return QString::fromUtf8(fields[2]);
    }
    return {};
}

// While alive, this process sits in a devices cgroup that denies one block device: its opens
// of that device fail with EPERM, as in a container that was not given the device.
class DeviceDenied
{
public:
    DeviceDenied(const QString &majorMinor)
    {
        const QString home = ownDevicesCgroup();
        if (home.isEmpty() || !QFileInfo::exists(kDevicesCgroup + QStringLiteral("/cgroup.procs")))
            return;
        m_home = kDevicesCgroup + home;
        m_group = QStringLiteral("%1/trimscope-test-%2").arg(m_home).arg(::getpid());
        if (!QDir().mkdir(m_group)) {
            m_group.clear();
            return;
        }
        m_active =
            writeFile(m_group + QStringLiteral("/devices.deny"),
                      QStringLiteral("b %1 rwm").arg(majorMinor).toUtf8()) &&
            writeFile(m_group + QStringLiteral("/cgroup.procs"), QByteArray::number(::getpid()));
    }
    ~DeviceDenied()
    {
        if (m_group.isEmpty())
            return;
        writeFile(m_home + QStringLiteral("/cgroup.procs"), QByteArray::number(::getpid()));
        QDir().rmdir(m_group);
    }
    DeviceDenied(const DeviceDenied &) = delete;
    DeviceDenied &operator=(const DeviceDenied &) = delete;
    bool active() const { return m_active; }

private:
    QString m_home, m_group;
    bool m_active = false;
};

// A tmpfs mounted nodev on a temporary directory, unmounted when done.
class NodevMount
{
public:
    NodevMount()
    {
        if (!m_dir.isValid())
            return;
        m_mounted = ::mount("trimscope-test", QFile::encodeName(m_dir.path()).constData(), "tmpfs",
                            MS_NODEV | MS_NOSUID | MS_NOEXEC, "size=64k") == 0;
    }
    ~NodevMount()
    {
        if (m_mounted)
            ::umount2(QFile::encodeName(m_dir.path()).constData(), MNT_DETACH);
    }
    NodevMount(const NodevMount &) = delete;
    NodevMount &operator=(const NodevMount &) = delete;
    bool mounted() const { return m_mounted; }
    QString path() const { return m_dir.path(); }

private:
    QTemporaryDir m_dir;
    bool m_mounted = false;
};

bool makeBlockNode(const QString &path, unsigned major, unsigned minor)
{
    return ::mknod(QFile::encodeName(path).constData(), S_IFBLK | 0600, makedev(major, minor)) == 0;
}

// A block major no driver holds (the range 240-254 is kept for local use): opening a node with
// it fails with ENXIO. 0 when /proc/devices cannot be read or lists them all.
unsigned unusedBlockMajor()
{
    QFile f(QStringLiteral("/proc/devices"));
    if (!f.open(QIODevice::ReadOnly))
        return 0;
    const QList<QByteArray> sections = f.readAll().split('\n');
    QList<unsigned> used;
    bool block = false;
    for (const QByteArray &line : sections) {
        if (line.startsWith("Block devices:"))
            block = true;
        else if (block && !line.trimmed().isEmpty())
            used.append(line.trimmed().split(' ').first().toUInt());
    }
    for (unsigned major = 240; major <= 254; ++major)
        if (!used.contains(major))
            return major;
    return 0;
}

Error readError(const QString &reader, const QString &node)
{
    if (reader == QLatin1String("ata")) {
        const auto h = health::readAtaHealth(node);
        return h ? Error{} : h.error();
    }
    const auto raw = health::readNvmeRawHealth(node);
    return raw ? Error{} : raw.error();
}

} // namespace

class TestHealthRefused : public QObject
{
    Q_OBJECT
private slots:
    void refusedOpenSaysWhatFailed_data();
    void refusedOpenSaysWhatFailed();
};

void TestHealthRefused::refusedOpenSaysWhatFailed_data()
{
    QTest::addColumn<QString>("reader");
    QTest::addColumn<QString>("refusal");
    QTest::addColumn<int>("err");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("because"); // the words that say why the kernel refused
    const int denied = int(ErrorCode::PermissionDenied);
    for (const char *reader : {"ata", "nvme"}) {
        const QString r = QLatin1String(reader);
        QTest::addRow("%s, device rules (EPERM)", reader)
            << r << QStringLiteral("cgroup") << EPERM << denied
            << QStringLiteral("the device refused it; this ran as root, so no privilege was "
                              "missing");
        QTest::addRow("%s, node on a nodev mount (EACCES)", reader)
            << r << QStringLiteral("nodev") << EACCES << denied
            << QStringLiteral("is mounted nodev");
        QTest::addRow("%s, no driver for the number (ENXIO)", reader)
            << r << QStringLiteral("nodriver") << ENXIO << int(ErrorCode::NoSuchDevice)
            << QString();
    }
}

void TestHealthRefused::refusedOpenSaysWhatFailed()
{
    QFETCH(QString, reader);
    QFETCH(QString, refusal);
    QFETCH(int, err);
    QFETCH(int, code);
    QFETCH(QString, because);
    if (::geteuid() != 0)
        TRIMSCOPE_SKIP_OR_FAIL(QStringLiteral("needs root: the point is the words as root"));
    if (const QString reason = PlainLoop::unavailableReason(); !reason.isEmpty())
        TRIMSCOPE_SKIP_OR_FAIL(reason);
    PlainLoop loop;
    QVERIFY2(loop.start(16 << 20), qPrintable(loop.errorString()));

    QString node;
    std::unique_ptr<DeviceDenied> denied;
    NodevMount nodev;
    QTemporaryDir plainDir;
    if (refusal == QLatin1String("cgroup")) {
        denied = std::make_unique<DeviceDenied>(loop.majorMinor());
        if (!denied->active())
            QSKIP("no cgroup v1 devices controller to deny a device with (cgroup v2 only)");
        node = loop.devicePath();
    } else if (refusal == QLatin1String("nodev")) {
        QVERIFY2(nodev.mounted(), std::strerror(errno));
        node = nodev.path() + QStringLiteral("/refused");
        const QStringList mm = loop.majorMinor().split(QLatin1Char(':'));
        QVERIFY(makeBlockNode(node, mm.value(0).toUInt(), mm.value(1).toUInt()));
    } else {
        const unsigned major = unusedBlockMajor();
        if (major == 0)
            QSKIP("every block major from 240 to 254 is taken here");
        QVERIFY(plainDir.isValid());
        node = plainDir.filePath(QStringLiteral("nodriver"));
        QVERIFY(makeBlockNode(node, major, 0));
    }

    const Error e = readError(reader, node);
    denied.reset(); // back in this process's own cgroup before anything can fail
    const QString words = e.message;
    qInfo("%s: %s", qPrintable(refusal), qPrintable(words));
    QCOMPARE(int(e.code), code);
    // What failed (the open), on which node, and the errno's meaning.
    QVERIFY2(words.startsWith(QStringLiteral("cannot open %1: ").arg(node)), qPrintable(words));
    QVERIFY2(words.contains(QString::fromLocal8Bit(std::strerror(err))), qPrintable(words));
    QVERIFY2(because.isEmpty() || words.contains(because), qPrintable(words));
    // Never a privilege this ran with.
    QVERIFY2(!words.contains(QLatin1String("needs root")), qPrintable(words));
    QVERIFY2(!words.contains(QLatin1String("run as root")), qPrintable(words));
}

TRIMSCOPE_TEST_GUILESS_MAIN(TestHealthRefused)
#include "tst_healthrefused.moc"
