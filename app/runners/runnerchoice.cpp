#include "runnerchoice.h"

#include "helperclient.h"
#include "helperjobrunner.h"
#include "jobs/preparejob.h"
#include "report/resultfile.h"
#include "udiskshealth.h"
#include "udisksjobrunner.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QStandardPaths>
#include <QThread>
#include <unistd.h>

namespace trimscope {

namespace {

// Opening block devices for writing, SMART and NVMe admin commands: root's.
bool mayOpenDevices()
{
    return ::geteuid() == 0;
}

constexpr int kAgentStartMs = 300;

} // namespace

std::unique_ptr<QProcess> startTerminalAuthAgent()
{
    const QString agent = QStandardPaths::findExecutable(QStringLiteral("pkttyagent"));
    if (mayOpenDevices() || agent.isEmpty() || !isatty(STDIN_FILENO))
        return nullptr;
    auto process = std::make_unique<QProcess>();
    process->setProcessChannelMode(QProcess::ForwardedChannels);
    process->setInputChannelMode(QProcess::ForwardedInputChannel);
    process->start(agent, {QStringLiteral("--process"), QString::number(getpid()),
                           QStringLiteral("--fallback")});
    if (!process->waitForStarted())
        return nullptr;
    QThread::msleep(kAgentStartMs); // registration; pkttyagent has no readiness signal here
    return process;
}

std::unique_ptr<JobRunner> chooseRunner(const JobPlan &plan, const JobTarget &target)
{
    const auto *device = std::get_if<DeviceTarget>(&target);
    if (!device || mayOpenDevices())
        return std::make_unique<LocalJobRunner>(plan, target);
    // No polkit action of the helper's covers it, and udisks knows nothing of it: refused, never
    // dropped on the way.
    if (device->allowSiblingsOfSystemDisk)
        return std::make_unique<FailedJobRunner>(
            jobKind(plan),
            makeError(ErrorCode::PermissionDenied,
                      QCoreApplication::translate(
                          "RunnerChoice",
                          "the override for partitions beside partitions in use is honoured only "
                          "when run as root; the helper does not accept it")));
    if (device->allowOpenWriters)
        return std::make_unique<FailedJobRunner>(
            jobKind(plan),
            makeError(ErrorCode::PermissionDenied,
                      QCoreApplication::translate(
                          "RunnerChoice",
                          "the override for devices open for writing is honoured only when run "
                          "as root; the helper does not accept it")));
    if (helper::HelperClient().isHelperAvailable())
        return std::make_unique<helper::HelperJobRunner>(plan, device->path);
    if (!jobRunsOn(plan, TargetKind::OpenedDevice).isError() && UdisksJobRunner::isAvailable())
        return std::make_unique<UdisksJobRunner>(plan, device->path);
    return std::make_unique<FailedJobRunner>(jobKind(plan), helper::helperNotInstalled());
}

Expected<health::DriveHealth> readHealth(const QString &device,
                                         const health::LifespanAssumptions &assumptions)
{
    if (mayOpenDevices())
        return health::readDriveHealth(device, assumptions);
    helper::HelperClient client;
    // Without the helper, what udisks2 reads (as root, on its side) is the next best thing.
    if (!client.isHelperAvailable())
        return UdisksJobRunner::isAvailable() ? UdisksHealthReader::readNow(device, assumptions)
                                              : helper::helperNotInstalled();
    QEventLoop loop;
    Expected<QVariantMap> answer = makeError(ErrorCode::IoError, QStringLiteral("no answer"));
    QObject::connect(&client, &helper::HelperClient::healthReceived, &loop,
                     [&](const Error &error, const QVariantMap &health) {
                         answer = error.isError() ? Expected<QVariantMap>(error) : health;
                         loop.quit();
                     });
    client.readHealth(device);
    loop.exec();
    if (!answer)
        return answer.error();
    // The helper's report, read back; the lifespan is recomputed under our assumptions.
    Expected<health::DriveHealth> read =
        readResult<health::DriveHealth>(answer->value(QStringLiteral("json")).toString().toUtf8());
    if (read)
        read->recomputeLifespan(assumptions);
    return read;
}

Expected<health::DriveHealth> readHealthUnattended(const QString &device,
                                                   const health::LifespanAssumptions &assumptions)
{
    if (mayOpenDevices())
        return health::readDriveHealth(device, assumptions);
    return UdisksHealthReader::readNow(device, assumptions, QDBusConnection::systemBus(), false);
}

} // namespace trimscope
