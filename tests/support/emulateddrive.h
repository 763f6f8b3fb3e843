#pragma once

#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>
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
    // What a running discard does to other I/O (the daemon's blocking=serial|queued|fixed).
    // Serial: a drive without queued TRIM, reads and writes wait for the whole discard. Queued: a
    // drive with queued TRIM, the discard takes its time and reads do not wait. Fixed: other I/O
    // waits blockUs from the discard's start, however long the discard takes. The kernel adds
    // waits of its own (see OwnLoopQueue): a read from the discarding thread's block cgroup
    // waits for the whole discard in the loop driver, and a write always does (FUSE's inode lock).
    enum class Blocking { Serial, Queued, Fixed };

    // Time a discard of `bytes` costs: cmdUs + perMibUs * bytes / MiB, plus smallExtraUs when
    // bytes < smallBelow. Mirrors the "fixed" mode of trimscope-emudrive.
    // deferred (the daemon's "deferred" mode): a drive that trims in the background. Each discard
    // also owes deferUsPerMib per MiB of background work, paid off at wall-clock rate after the
    // discard returns; every write arriving while work is owed costs writeExtraUs more.
    // lowFree (the daemon's "lowfree" mode, exclusive with deferred): writes slow down when the
    // drive runs out of trimmed space. Every write costs writeUsPerMib per MiB; while fewer than
    // freeBelow bytes of the disk are unwritten (never written, or discarded since), it costs
    // writeExtraUs plus lowFreeUsPerMib per MiB more; a discard gives its space back at once. No
    // idle garbage collection.
    // emptyFree (any mode): only discards of written data cost; one of empty space costs nothing.
    // readUs / writeUs: base cost of every read / write, in any mode (a QD1 baseline).
    // Noise, on every discard (and on writes / reads with noiseWrites / noiseReads): the cost is
    // multiplied by 1 + jitterPct/100 * z, z standard normal clipped to [-3, 3]; with probability
    // pausePpm per million a request also pays pauseUs (a garbage-collection pause). seed makes
    // the sequence reproducible: setModel() and start() restart the streams from it. The daemon's
    // log (requestLog()) says what each request really cost.
    struct Model
    {
        quint64 cmdUs = 0;
        quint64 perMibUs = 0;
        quint64 smallBelow = 0;
        quint64 smallExtraUs = 0;
        bool deferred = false;
        quint64 deferUsPerMib = 0;
        quint64 writeExtraUs = 0;
        bool lowFree = false;
        quint64 freeBelow = 0;
        quint64 lowFreeUsPerMib = 0;
        quint64 writeUsPerMib = 0;
        quint64 readUs = 0;
        quint64 writeUs = 0;
        Blocking blocking = Blocking::Serial;
        quint64 blockUs = 0;
        quint32 jitterPct = 0; // 0..100
        quint32 pausePpm = 0;  // 0..1000000
        quint64 pauseUs = 0;
        quint64 seed = 1;
        bool noiseWrites = false;
        bool noiseReads = false;
        // A discard whose whole range holds no data (never written, or discarded since) costs
        // nothing: a drive that answers TRIM of unmapped space at once (the daemon's empty_free).
        bool emptyFree = false;
    };

    // One line of the daemon's per-request log (the last 65536 requests of each kind).
    struct LogEntry
    {
        char kind = 0;       // 'D' discard, 'W' write, 'R' read
        quint64 seq = 0;     // 1, 2, ... per kind since the last reset-stats
        quint64 startUs = 0; // when the drive began serving it, us since the daemon started
        quint64 offset = 0;
        quint64 bytes = 0;
        quint64 costUs = 0; // its modelled cost, noise and pause included
        quint64 waitUs = 0; // how long it waited for a blocking discard first
        bool pause = false; // a pause was added
    };

    // The loop driver serves the requests of one block cgroup in order, on one worker thread: a
    // read queued behind a discard from the same cgroup waits for it whatever the model says. An
    // OwnLoopQueue moves one thread (the calling one) into a block cgroup of its own (cgroup v1
    // blkio), so its requests get a loop worker of their own and the model alone decides who
    // waits; the destructor (any thread) moves it back. Threads started later from the moved
    // thread start in its cgroup too: start the readers first. Put the discarding thread in one
    // to see blocking=queued or a short fixed block.
    class OwnLoopQueue
    {
    public:
        OwnLoopQueue();
        ~OwnLoopQueue();
        OwnLoopQueue(const OwnLoopQueue &) = delete;
        OwnLoopQueue &operator=(const OwnLoopQueue &) = delete;
        bool isActive() const { return !m_dir.isEmpty(); }
        QString errorString() const { return m_error; }
        // Empty when this machine can do it, else why not (for QSKIP).
        static QString unavailableReason();

    private:
        QString m_dir;
        QString m_homeTasks;
        QString m_error;
        long m_tid = 0;
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
    qint64 daemonPid() const; // the FUSE daemon's process id, 0 when none runs
    quint64 sizeBytes() const { return m_size; }
    quint64 granularity() const { return m_granularity; }
    Model model() const { return m_model; }

    // Counters of the FUSE daemon: discard_calls, discard_bytes, discard_sleep_us_total (sum of
    // the modelled costs, noise included), discard_pauses, discard_pause_us_total,
    // discard_wait_us_total, write_calls, write_bytes, write_sleep_us_total, write_pauses,
    // write_wait_us_total, read_calls, read_sleep_us_total, read_pauses, read_wait_us_total,
    // read_wait_us_max, waited_reads (reads that waited for a blocking discard), failed_discards,
    // slowed_writes, empty_discards (charged nothing by emptyFree), backlog_us (deferred work
    // still owed), free_bytes (the lowfree pool),
    // log_dropped. Empty on error.
    QMap<QString, quint64> stats() const;
    // The daemon's per-request log, oldest first; kind 'D', 'W' or 'R' selects one kind, 0 all.
    QList<LogEntry> requestLog(char kind = 0) const;
    // From the first of these requests the drive began serving to the end of the last one's
    // modelled cost: how long the drive says it served them. What a loaded computer adds between
    // them (waking the loop worker, the FUSE daemon, the caller's threads) lies inside it, what
    // the caller adds before the first and after the last does not. 0 for none.
    static double servedSpanSeconds(const QList<LogEntry> &entries);
    // One command to /control (reset-stats, fail-discards-after N, fail-discards off, model ...).
    bool control(const QString &command);
    // Changes the model of the running drive and what modelSeconds() predicts.
    bool setModel(Model model);

    // What the model predicts for one BLKDISCARD of `bytes`, in seconds, without noise. The block
    // layer splits discards larger than discard_max_bytes, and each piece pays the command cost.
    double modelSeconds(quint64 bytes) const;

    // The model as the daemon's "key=value" words (start options and the model command).
    static QStringList modelWords(const Model &model);

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
