#include "udisksjobrunner.h"

#include "jobs/preparejob.h"

#include <QCoreApplication>
#include <QDBusConnection>
#include <QDBusConnectionInterface>
#include <QDBusObjectPath>
#include <QDBusPendingCallWatcher>
#include <QDBusPendingReply>
#include <QDBusUnixFileDescriptor>
#include <fcntl.h>

namespace trimscope {

namespace {

struct UdisksText
{
    Q_DECLARE_TR_FUNCTIONS(UdisksJobRunner)
};

const QString kService = QStringLiteral("org.freedesktop.UDisks2");
// Polkit may ask for a password: wait as long as a person might take.
constexpr int kOpenTimeoutMs = 5 * 60 * 1000;

} // namespace

UdisksJobRunner::UdisksJobRunner(JobPlan plan, QString device, QString objectPath, QObject *parent)
    : JobRunner(jobKind(plan), parent), m_plan(std::move(plan)), m_device(std::move(device)),
      m_objectPath(std::move(objectPath))
{
}

bool UdisksJobRunner::isAvailable()
{
    const QDBusConnection bus = QDBusConnection::systemBus();
    return bus.isConnected() && bus.interface()->isServiceRegistered(kService);
}

void UdisksJobRunner::start()
{
    markStarted();
    QMetaObject::invokeMethod(
        this,
        [this] {
            if (const Error error = jobRunsOn(m_plan, TargetKind::OpenedDevice); error.isError())
                return fail(error.code, error.message);
            emit statusMessage(UdisksText::tr("Asking udisks2 to open %1…").arg(m_device));
            if (!m_objectPath.isEmpty())
                return open(m_objectPath);
            // Manager.ResolveDevice: the block object of a device node.
            QDBusMessage resolve = QDBusMessage::createMethodCall(
                kService, QStringLiteral("/org/freedesktop/UDisks2/Manager"),
                QStringLiteral("org.freedesktop.UDisks2.Manager"), QStringLiteral("ResolveDevice"));
            resolve << QVariantMap{{QStringLiteral("path"), m_device}} << QVariantMap();
            auto *watcher =
                new QDBusPendingCallWatcher(QDBusConnection::systemBus().asyncCall(resolve), this);
            connect(watcher, &QDBusPendingCallWatcher::finished, this,
                    [this](QDBusPendingCallWatcher *w) {
                        w->deleteLater();
                        const QDBusPendingReply<QList<QDBusObjectPath>> reply = *w;
                        if (reply.isError() || reply.value().isEmpty())
                            return fail(ErrorCode::NoSuchDevice,
                                        UdisksText::tr("udisks2 does not know %1").arg(m_device));
                        open(reply.value().constFirst().path());
                    });
        },
        Qt::QueuedConnection);
}

void UdisksJobRunner::open(const QString &objectPath)
{
    QDBusMessage call = QDBusMessage::createMethodCall(
        kService, objectPath, QStringLiteral("org.freedesktop.UDisks2.Block"),
        QStringLiteral("OpenDevice"));
    // O_EXCL: the kernel refuses a disk that is mounted or held, and holds it for us.
    call << QStringLiteral("rw") << QVariantMap{{QStringLiteral("flags"), int(O_EXCL)}};
    auto *watcher = new QDBusPendingCallWatcher(
        QDBusConnection::systemBus().asyncCall(call, kOpenTimeoutMs), this);
    connect(watcher, &QDBusPendingCallWatcher::finished, this, [this](QDBusPendingCallWatcher *w) {
        w->deleteLater();
        const QDBusPendingReply<QDBusUnixFileDescriptor> reply = *w;
        if (reply.isError()) {
            const QDBusError error = reply.error();
            const bool denied = error.name().contains(QLatin1String("NotAuthorized"));
            return fail(
                denied ? ErrorCode::NotAuthorized : ErrorCode::IoError,
                UdisksText::tr("udisks2 did not open %1: %2").arg(m_device, error.message()));
        }
        // The descriptor object closes its copy; the job owns a duplicate.
        runOn(::fcntl(reply.value().fileDescriptor(), F_DUPFD_CLOEXEC, 0));
    });
}

void UdisksJobRunner::runOn(int fd)
{
    if (fd < 0)
        return fail(ErrorCode::IoError, UdisksText::tr("could not keep the descriptor"));
    auto lent = std::make_shared<UniqueFd>(fd);
    if (m_cancelled)
        return fail(ErrorCode::Cancelled, UdisksText::tr("Cancelled."));
    emit statusMessage(QString());
    m_local = new LocalJobRunner(m_plan, OpenedDeviceTarget{lent, m_device}, this);
    connect(m_local, &JobRunner::progressed, this, &JobRunner::progressed);
    connect(m_local, &JobRunner::samplesMeasured, this, &JobRunner::samplesMeasured);
    connect(m_local, &JobRunner::statusMessage, this, &JobRunner::statusMessage);
    connect(m_local, &JobRunner::finished, this, &UdisksJobRunner::finish);
    m_local->start();
}

void UdisksJobRunner::requestCancel()
{
    m_cancelled = true;
    if (m_local)
        m_local->cancel();
}

void UdisksJobRunner::fail(ErrorCode code, const QString &message)
{
    finish({code == ErrorCode::Cancelled ? StopReason::Cancelled : StopReason::Failed,
            makeError(code, message),
            {}});
}

} // namespace trimscope
