#pragma once

#include "jobs/jobrunner.h"
#include "udisksdevices.h"

#include <QDBusConnection>
#include <QDBusError>
#include <QPointer>
#include <optional>

namespace trimscope {

// A job on a device the host's udisks2 lends us: Block.OpenDevice("rw", O_EXCL) after udisks'
// own polkit check, then the job runs here on that fd (LocalJobRunner, OpenedDeviceTarget). The
// Flatpak path, and a user's path where trimscope-helper is not installed. Only kinds that need
// nothing but an fd run this way (jobRunsOn).
//
// Before udisks is asked (and polkit with it), the device is judged by the same safety policy the
// helper applies, on the facts of this system and those udisks sees on the host (mounts, swap):
// a refused device is refused by the same named reason, and nobody is asked for a password.
class UdisksJobRunner final : public JobRunner
{
    Q_OBJECT
public:
    // objectPath: the drive's udisks block object; empty: looked up by `device`.
    UdisksJobRunner(JobPlan plan, QString device, QString objectPath = {},
                    QDBusConnection bus = QDBusConnection::systemBus(), QObject *parent = nullptr);

    void start() override;

    // Whether udisks2 answers on the system bus.
    static bool isAvailable();

    // OpenDevice's D-Bus error as our named error, in words that say what to do;
    // `passwordWouldDo` as udisksRefusal takes it.
    static Error openError(const QDBusError &error, const QString &device, bool systemDevice,
                           std::optional<bool> passwordWouldDo = std::nullopt);

private:
    // OpenDevice refused: fails the job with openError once polkit said which refusal it was.
    void refused(const QDBusError &error, bool systemDevice);
    void requestCancel() override;
    void examine(const UdisksObjects &objects);
    void open(const UdisksDisk &disk);
    void runOn(int fd);
    void fail(const Error &error);

    JobPlan m_plan;
    QString m_device;
    QString m_objectPath;
    QDBusConnection m_bus;
    QPointer<LocalJobRunner> m_local;
};

} // namespace trimscope
