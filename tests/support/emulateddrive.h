#pragma once

#include <QMap>
#include <QString>
#include <QtGlobal>
#include <memory>

class QProcess;
class QTemporaryDir;

namespace trimscope::test {

// A real block device (/dev/loopN) whose TRIM latency follows a model we choose: the loop device's
// backing file lives on trimscope-emudrive, a FUSE file system that sleeps in
// fallocate(PUNCH_HOLE). Needs root, /dev/fuse, losetup and fusermount3; everything it creates is
// removed by stop().
class EmulatedDrive
{
public:
    // Time a discard of `bytes` costs: cmdUs + perMibUs * bytes / MiB, plus smallExtraUs when
    // bytes < smallBelow. Mirrors the "fixed" mode of trimscope-emudrive.
    // deferred (the daemon's "deferred" mode): a drive that trims in the background. Each discard
    // also owes deferUsPerMib per MiB of background work, paid off at wall-clock rate after the
    // discard returns; every write arriving while work is owed costs writeExtraUs more.
    struct Model
    {
        quint64 cmdUs = 0;
        quint64 perMibUs = 0;
        quint64 smallBelow = 0;
        quint64 smallExtraUs = 0;
        bool deferred = false;
        quint64 deferUsPerMib = 0;
        quint64 writeExtraUs = 0;
    };

    EmulatedDrive();
    ~EmulatedDrive();
    EmulatedDrive(const EmulatedDrive &) = delete;
    EmulatedDrive &operator=(const EmulatedDrive &) = delete;

    // Empty when a drive can be started here, else why not (for QSKIP).
    static QString unavailableReason();

    bool start(quint64 sizeBytes, Model model, quint64 granularity = 4096);
    void stop();

    bool isRunning() const { return !m_device.isEmpty(); }
    QString errorString() const { return m_error; }

    QString devicePath() const { return m_device; } // /dev/loopN
    QString sysName() const;                        // loopN
    QString mountPoint() const { return m_mountPoint; }
    quint64 sizeBytes() const { return m_size; }
    quint64 granularity() const { return m_granularity; }
    Model model() const { return m_model; }

    // Counters of the FUSE daemon: discard_calls, discard_bytes, discard_sleep_us_total,
    // write_calls, write_bytes, read_calls, failed_discards, slowed_writes, backlog_us (deferred
    // work still owed). Empty on error.
    QMap<QString, quint64> stats() const;
    // One command to /control (reset-stats, fail-discards-after N, fail-discards off, model ...).
    bool control(const QString &command);
    // Changes the model of the running drive and what modelSeconds() predicts.
    bool setModel(Model model);

    // What the model predicts for one BLKDISCARD of `bytes`, in seconds. The block layer splits
    // discards larger than discard_max_bytes, and each piece pays the command cost.
    double modelSeconds(quint64 bytes) const;

private:
    bool fail(const QString &message);
    bool waitForMount(int timeoutMs);
    bool attachLoop();
    bool unmount();

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<QProcess> m_daemon;
    QString m_mountPoint;
    QString m_device;
    QString m_error;
    int m_holdFd = -1;
    bool m_mounted = false;
    quint64 m_size = 0;
    quint64 m_granularity = 4096;
    quint64 m_discardMaxBytes = 0;
    Model m_model;
};

} // namespace trimscope::test
