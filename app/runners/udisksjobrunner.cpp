#include "udisksjobrunner.h"

#include "device/admission.h"
#include "device/safetypolicy.h"
#include "jobs/preparejob.h"
#include "polkitcheck.h"

#include <QCoreApplication>
#include <QDBusConnectionInterface>
#include <QDBusPendingCallWatcher>
#include <QDBusPendingReply>
#include <QDBusUnixFileDescriptor>
#include <QFileInfo>
#include <fcntl.h>

namespace trimscope {

namespace {

struct UdisksText
{
    Q_DECLARE_TR_FUNCTIONS(UdisksJobRunner)
};

// Polkit may ask for a password: wait as long as a person might take.
constexpr int kOpenTimeoutMs = 5 * 60 * 1000;
constexpr int kListTimeoutMs = 10000;

const QString kOpenDevice = QStringLiteral("org.freedesktop.udisks2.open-device");
const QString kOpenDeviceSystem = QStringLiteral("org.freedesktop.udisks2.open-device-system");

} // namespace

UdisksJobRunner::UdisksJobRunner(JobPlan plan, QString device, QString objectPath,
                                 QDBusConnection bus, QObject *parent)
    : JobRunner(jobKind(plan), parent), m_plan(std::move(plan)), m_device(std::move(device)),
      m_objectPath(std::move(objectPath)), m_bus(std::move(bus))
{
}

bool UdisksJobRunner::isAvailable()
{
    const QDBusConnection bus = QDBusConnection::systemBus();
    return bus.isConnected() && bus.interface()->isServiceRegistered(kUdisksService);
}

void UdisksJobRunner::start()
{
    markStarted();
    registerUdisksTypes();
    QMetaObject::invokeMethod(
        this,
        [this] {
            if (const Error error = jobRunsOn(m_plan, TargetKind::OpenedDevice); error.isError())
                return fail(error);
            // Where this system has the node, the helper's own questions first: a mounted or
            // system disk is refused by name before udisks (and polkit) hear of it.
            if (QFileInfo::exists(m_device)) {
                const Expected<BlockDevice> examined = examineForWriting(m_device, {});
                if (!examined)
                    return fail(examined.error());
            }
            emit statusMessage(UdisksText::tr("Asking udisks2 about %1…").arg(m_device));
            QDBusMessage list = QDBusMessage::createMethodCall(
                kUdisksService, QStringLiteral("/org/freedesktop/UDisks2"),
                QStringLiteral("org.freedesktop.DBus.ObjectManager"),
                QStringLiteral("GetManagedObjects"));
            auto *watcher =
                new QDBusPendingCallWatcher(m_bus.asyncCall(list, kListTimeoutMs), this);
            connect(watcher, &QDBusPendingCallWatcher::finished, this,
                    [this](QDBusPendingCallWatcher *w) {
                        w->deleteLater();
                        if (hasFinished())
                            return;
                        const QDBusPendingReply<UdisksObjects> reply = *w;
                        if (reply.isError())
                            return fail(makeError(ErrorCode::Unsupported,
                                                  UdisksText::tr("udisks2 is not reachable: %1")
                                                      .arg(reply.error().message())));
                        examine(reply.value());
                    });
        },
        Qt::QueuedConnection);
}

void UdisksJobRunner::examine(const UdisksObjects &objects)
{
    const std::optional<UdisksDisk> disk = findUdisksDisk(objects, m_device, m_objectPath);
    if (!disk)
        return fail(makeError(ErrorCode::NoSuchDevice,
                              UdisksText::tr("udisks2 does not offer %1 (not a whole disk it "
                                             "knows, or one it is told to ignore)")
                                  .arg(m_device)));
    // udisks' view of the host counts too: inside a sandbox it is the only view of the mounts.
    const SafetyVerdict verdict = evaluateSafety(blockDeviceOf(*disk));
    if (!verdict.allowed())
        return fail(verdict.firstError());
    open(*disk);
}

void UdisksJobRunner::open(const UdisksDisk &disk)
{
    emit statusMessage(
        UdisksText::tr("Asking udisks2 to open %1 (it may ask for a password)…").arg(m_device));
    QDBusMessage call = QDBusMessage::createMethodCall(
        kUdisksService, disk.objectPath, QStringLiteral("org.freedesktop.UDisks2.Block"),
        QStringLiteral("OpenDevice"));
    // O_EXCL: the kernel refuses a disk that is mounted or held, and holds it for us.
    call << QStringLiteral("rw") << QVariantMap{{QStringLiteral("flags"), int(O_EXCL)}};
    auto *watcher = new QDBusPendingCallWatcher(m_bus.asyncCall(call, kOpenTimeoutMs), this);
    connect(watcher, &QDBusPendingCallWatcher::finished, this,
            [this, system = disk.hintSystem](QDBusPendingCallWatcher *w) {
                w->deleteLater();
                const QDBusPendingReply<QDBusUnixFileDescriptor> reply = *w;
                if (hasFinished())
                    return; // cancelled while polkit asked; the descriptor closes with the reply
                if (reply.isError())
                    return refused(reply.error(), system);
                // The descriptor object closes its copy; the job owns a duplicate.
                runOn(::fcntl(reply.value().fileDescriptor(), F_DUPFD_CLOEXEC, 0));
            });
}

void UdisksJobRunner::refused(const QDBusError &error, bool systemDevice)
{
    // Which refusal it was may take a second question to polkit: asked without blocking the
    // window, the job cancellable meanwhile.
    helper::askWhetherPasswordWouldHaveDone(
        m_bus, udisksRefusal(error.name()), systemDevice ? kOpenDeviceSystem : kOpenDevice, this,
        [this, error, systemDevice](std::optional<bool> passwordWouldDo) {
            if (hasFinished())
                return; // cancelled while polkit answered
            fail(openError(error, m_device, systemDevice, passwordWouldDo));
        });
}

Error UdisksJobRunner::openError(const QDBusError &error, const QString &device, bool systemDevice,
                                 std::optional<bool> passwordWouldDo)
{
    const QString action = systemDevice ? kOpenDeviceSystem : kOpenDevice;
    switch (udisksRefusal(error.name(), passwordWouldDo)) {
    case ErrorCode::NotAuthorizedDismissed:
        return makeError(ErrorCode::NotAuthorizedDismissed,
                         UdisksText::tr("udisks2 did not open %1: the password dialog was "
                                        "dismissed.")
                             .arg(device));
    case ErrorCode::NotAuthorizedNoAgent:
        // What to do (a desktop session, pkttyagent, the CLI with sudo) is said where every
        // refusal without an agent is worded, the helper's too: errorInWords, printError.
        return makeError(ErrorCode::NotAuthorizedNoAgent,
                         UdisksText::tr("udisks2 did not open %1: polkit wants an administrator "
                                        "password for %2, and no authentication agent answered.")
                             .arg(device, action));
    case ErrorCode::NotAuthorizedAuthFailed:
        return makeError(ErrorCode::NotAuthorizedAuthFailed,
                         UdisksText::tr("udisks2 did not open %1: the password for %2 was not "
                                        "accepted.")
                             .arg(device, action));
    case ErrorCode::NotAuthorizedByPolicy:
        return makeError(ErrorCode::NotAuthorizedByPolicy,
                         UdisksText::tr("polkit denies %1 to this user, so udisks2 did not open "
                                        "%2. An administrator can allow it with a polkit rule, or "
                                        "install the TrimScope helper.")
                             .arg(action, device));
    case ErrorCode::None:
        break;
    default: // polkit could not be asked again: a rule's "no" or a password not accepted
        return makeError(ErrorCode::NotAuthorized,
                         UdisksText::tr("polkit refused %1 to this user (a rule says no, or the "
                                        "password was not accepted), so udisks2 did not open %2.")
                             .arg(action, device));
    }
    if (error.message().contains(QLatin1String("Device or resource busy")))
        return makeError(ErrorCode::DeviceInUse,
                         UdisksText::tr("The kernel refuses to give %1 to us alone: something "
                                        "has it mounted, held or open exclusively (udisks2 says: "
                                        "%2)")
                             .arg(device, error.message()));
    return makeError(ErrorCode::IoError,
                     UdisksText::tr("udisks2 did not open %1: %2").arg(device, error.message()));
}

void UdisksJobRunner::runOn(int fd)
{
    if (fd < 0)
        return fail(makeError(ErrorCode::IoError,
                              UdisksText::tr("could not keep the descriptor udisks2 lent")));
    auto lent = std::make_shared<UniqueFd>(fd);
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
    if (m_local) {
        m_local->cancel();
        return;
    }
    // Not running yet (udisks or polkit still answering): stop now; a late descriptor is closed.
    if (isRunning())
        fail(makeError(ErrorCode::Cancelled, UdisksText::tr("Cancelled.")));
}

void UdisksJobRunner::fail(const Error &error)
{
    finish({error.code == ErrorCode::Cancelled ? StopReason::Cancelled : StopReason::Failed,
            error,
            {}});
}

} // namespace trimscope
