#include "runnerchoice.h"

#include "helperclient.h"
#include "helperjobrunner.h"
#include "jobs/preparejob.h"
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
    // What sysfs shows to have no health is said before the helper asks for a password.
    if (const std::optional<Error> none = health::knownWithoutHealth(device))
        return *none;
    helper::HelperClient client;
    // Without the helper, what udisks2 reads (as root, on its side) is the next best thing.
    if (!client.isHelperAvailable())
        return UdisksJobRunner::isAvailable() ? UdisksHealthReader::readNow(device, assumptions)
                                              : helper::helperNotInstalled();
    QEventLoop loop;
    Expected<health::DriveHealth> answer =
        makeError(ErrorCode::IoError, QStringLiteral("no answer"));
    QObject::connect(&client, &helper::HelperClient::healthReceived, &loop,
                     [&](const Error &error, const health::DriveHealth &health) {
                         answer = error.isError() ? Expected<health::DriveHealth>(error) : health;
                         loop.quit();
                     });
    client.readHealth(device);
    loop.exec();
    // The helper's report, typed by the client; the lifespan is recomputed under our assumptions.
    if (answer)
        answer->recomputeLifespan(assumptions);
    return answer;
}

} // namespace trimscope
