#include "swappableloop.h"

#include "plainloop.h"

#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QThread>
#include <sys/stat.h>

namespace trimscope::test {

namespace {

bool losetup(const QStringList &arguments, QString *out = nullptr)
{
    QProcess process;
    process.start(findSystemProgram(QStringLiteral("losetup")), arguments);
    if (!process.waitForFinished(20000)) {
        process.kill();
        process.waitForFinished();
        return false;
    }
    if (out)
        *out = QString::fromLocal8Bit(process.readAllStandardOutput()).trimmed();
    return process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0;
}

// Every block written, so that any discard shows as a hole.
bool writeFull(const QString &path, quint64 bytes)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return false;
    const QByteArray chunk(1 << 20, '\xa5');
    for (quint64 done = 0; done < bytes; done += quint64(chunk.size())) {
        if (file.write(chunk.constData(),
                       qint64(qMin<quint64>(quint64(chunk.size()), bytes - done))) < 0)
            return false;
    }
    return file.flush();
}

} // namespace

SwappableLoop::SwappableLoop() = default;

SwappableLoop::~SwappableLoop()
{
    stop();
}

bool SwappableLoop::fail(const QString &message)
{
    stop();
    m_error = message;
    qWarning("SwappableLoop: %s", qPrintable(message));
    return false;
}

QString SwappableLoop::directory() const
{
    return m_dir ? m_dir->path() : QString();
}

QString SwappableLoop::image(int medium) const
{
    return m_dir->filePath(medium == 0 ? QStringLiteral("first.img")
                                       : QStringLiteral("second.img"));
}

bool SwappableLoop::start(quint64 firstBytes, quint64 secondBytes)
{
    m_dir = std::make_unique<QTemporaryDir>(QStringLiteral("/dev/shm/trimscope-swap-XXXXXX"));
    if (!m_dir->isValid())
        return fail(QStringLiteral("cannot create a directory in /dev/shm"));
    QFile::setPermissions(m_dir->path(), QFileDevice::Permissions(0x7777));
    if (!writeFull(image(0), firstBytes) || !writeFull(image(1), secondBytes))
        return fail(QStringLiteral("cannot write the media in %1").arg(m_dir->path()));
    QString out;
    if (!losetup({QStringLiteral("-f"), QStringLiteral("--show"), image(0)}, &out) ||
        !out.startsWith(QLatin1String("/dev/loop")))
        return fail(QStringLiteral("losetup could not attach %1").arg(image(0)));
    m_device = out;
    for (int attempt = 0; attempt < 200 && !QFileInfo::exists(m_device); ++attempt)
        QThread::msleep(10);
    return QFileInfo::exists(m_device) || fail(QStringLiteral("%1 did not appear").arg(m_device));
}

bool SwappableLoop::swap()
{
    if (!losetup({QStringLiteral("-d"), m_device}))
        return fail(QStringLiteral("cannot detach %1").arg(m_device));
    // The detach completes asynchronously; until then the node refuses a new file.
    for (int attempt = 0; attempt < 100; ++attempt) {
        if (losetup({m_device, image(1)}))
            return true;
        QThread::msleep(20);
    }
    return fail(QStringLiteral("cannot attach %1 at %2").arg(image(1), m_device));
}

void SwappableLoop::stop()
{
    if (!m_device.isEmpty()) {
        bool detached = false;
        for (int attempt = 0; attempt < 20 && !detached; ++attempt) {
            detached = losetup({QStringLiteral("-d"), m_device});
            if (!detached)
                QThread::msleep(50);
        }
        if (!detached)
            qWarning("SwappableLoop: could not detach %s", qPrintable(m_device));
        m_device.clear();
    }
    m_dir.reset();
}

qint64 SwappableLoop::allocatedBytes(int medium) const
{
    struct stat st = {};
    if (!m_dir || ::stat(QFile::encodeName(image(medium)).constData(), &st) != 0)
        return -1;
    return qint64(st.st_blocks) * 512;
}

} // namespace trimscope::test
