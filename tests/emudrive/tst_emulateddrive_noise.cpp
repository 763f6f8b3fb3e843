// The emulated drive's noise model: per-request jitter and rare pauses, reproducible from a seed.
// Judged from the daemon's own per-request log and counters (what each request was charged), so
// a loaded machine cannot make it flaky; the only clock check is a lower bound (a discard never
// returns before the drive has slept its cost).
#include "emulateddrive.h"
#include "privileged.h"
#include "testmain.h"

#include <QElapsedTimer>
#include <QFile>
#include <QTest>
#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <vector>

using trimscope::test::EmulatedDrive;

namespace {

constexpr quint64 kKiB = 1024;
constexpr quint64 kMiB = kKiB * 1024;
constexpr quint64 kNominalUs = 1000;    // every request's cost before noise
constexpr quint64 kRegion = 256 * kMiB; // where the test's requests go, away from anything else

enum class Kind { Discard, Write, Read };

char logKind(Kind kind)
{
    return kind == Kind::Discard ? 'D' : kind == Kind::Write ? 'W' : 'R';
}

QString statPrefix(Kind kind)
{
    return kind == Kind::Discard ? QStringLiteral("discard_")
           : kind == Kind::Write ? QStringLiteral("write_")
                                 : QStringLiteral("read_");
}

EmulatedDrive::Model noisyModel(Kind kind, quint32 jitterPct, quint32 pausePpm, quint64 pauseUs,
                                quint64 seed)
{
    EmulatedDrive::Model m;
    m.cmdUs = kind == Kind::Discard ? kNominalUs : 0;
    m.writeUs = kind == Kind::Write ? kNominalUs : 0;
    m.readUs = kind == Kind::Read ? kNominalUs : 0;
    m.noiseWrites = kind == Kind::Write;
    m.noiseReads = kind == Kind::Read;
    m.jitterPct = jitterPct;
    m.pausePpm = pausePpm;
    m.pauseUs = pauseUs;
    m.seed = seed;
    return m;
}

class DeviceFd
{
public:
    explicit DeviceFd(const QString &device)
        : m_fd(::open(QFile::encodeName(device).constData(), O_RDWR | O_DIRECT | O_CLOEXEC))
    {
    }
    ~DeviceFd()
    {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    DeviceFd(const DeviceFd &) = delete;
    DeviceFd &operator=(const DeviceFd &) = delete;
    int fd() const { return m_fd; }

private:
    int m_fd;
};

// count 4 KiB requests of one kind, QD1; seconds gets each one's wall time. Returns an error
// message or an empty string.
QString issue(Kind kind, int fd, int count, std::vector<double> *seconds)
{
    void *buffer = nullptr;
    if (::posix_memalign(&buffer, 4096, 4096) != 0)
        return QStringLiteral("out of memory");
    std::memset(buffer, 0x5a, 4096);
    QString error;
    for (int i = 0; i < count && error.isEmpty(); ++i) {
        const quint64 offset = kRegion + quint64(i % 1024) * 4 * kKiB;
        QElapsedTimer timer;
        timer.start();
        bool ok = false;
        if (kind == Kind::Discard) {
            std::uint64_t range[2] = {offset, 4 * kKiB};
            ok = ::ioctl(fd, BLKDISCARD, range) == 0;
        } else if (kind == Kind::Write) {
            ok = ::pwrite(fd, buffer, 4096, off_t(offset)) == 4096;
        } else {
            ok = ::pread(fd, buffer, 4096, off_t(offset)) == 4096;
        }
        if (!ok)
            error = QStringLiteral("request %1: %2").arg(i).arg(strerror(errno));
        seconds->push_back(double(timer.nsecsElapsed()) / 1e9);
    }
    std::free(buffer);
    return error;
}

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    const size_t n = values.size();
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

double standardDeviation(const std::vector<double> &values)
{
    double mean = 0;
    for (const double v : values)
        mean += v;
    mean /= double(values.size());
    double sum = 0;
    for (const double v : values)
        sum += (v - mean) * (v - mean);
    return std::sqrt(sum / double(values.size() - 1));
}

// Only the test's own requests: the loop device's first reads (partition probing) are not ours.
QList<EmulatedDrive::LogEntry> ownRequests(const EmulatedDrive &drive, Kind kind)
{
    QList<EmulatedDrive::LogEntry> entries = drive.requestLog(logKind(kind));
    entries.removeIf([](const EmulatedDrive::LogEntry &e) {
        return e.offset < kRegion || e.offset >= kRegion + 4 * kMiB;
    });
    return entries;
}

} // namespace

class TestEmulatedDriveNoise : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        TRIMSCOPE_REQUIRE_EMULATED_DRIVE();
        QVERIFY2(m_drive.start(512 * kMiB, {}), qPrintable(m_drive.errorString()));
    }
    void cleanupTestCase() { m_drive.stop(); }

    void distributionMatchesParameters_data()
    {
        QTest::addColumn<Kind>("kind");
        QTest::addColumn<quint32>("jitterPct");
        QTest::addColumn<quint32>("pausePpm");
        QTest::addColumn<quint64>("pauseUs");
        QTest::addColumn<quint64>("seed");
        QTest::addColumn<int>("count");
        QTest::newRow("discards, 15 %, seed 1")
            << Kind::Discard << 15u << 0u << quint64(0) << quint64(1) << 400;
        QTest::newRow("discards, 5 %, seed 7")
            << Kind::Discard << 5u << 0u << quint64(0) << quint64(7) << 400;
        QTest::newRow("discards, 30 %, seed 12345")
            << Kind::Discard << 30u << 0u << quint64(0) << quint64(12345) << 400;
        QTest::newRow("discards, no noise")
            << Kind::Discard << 0u << 0u << quint64(0) << quint64(1) << 100;
        QTest::newRow("discards, pauses 2 % x 20 ms, seed 3")
            << Kind::Discard << 0u << 20000u << quint64(20000) << quint64(3) << 400;
        QTest::newRow("discards, 15 % and pauses 1 % x 50 ms, seed 99")
            << Kind::Discard << 15u << 10000u << quint64(50000) << quint64(99) << 400;
        QTest::newRow("writes, 15 % and pauses 2 % x 10 ms, seed 5")
            << Kind::Write << 15u << 20000u << quint64(10000) << quint64(5) << 400;
        QTest::newRow("reads, 10 % and pauses 2 % x 10 ms, seed 11")
            << Kind::Read << 10u << 20000u << quint64(10000) << quint64(11) << 400;
    }
    // Each request's cost, as the daemon logged and charged it, is the nominal cost times a
    // factor whose median is 1 and whose spread is jitterPct (normal, clipped at 3 sigma), plus
    // pauseUs for about count * pausePpm / 1e6 of them. The counters add up to the log, and no
    // request returned before its cost had passed.
    void distributionMatchesParameters()
    {
        QFETCH(Kind, kind);
        QFETCH(quint32, jitterPct);
        QFETCH(quint32, pausePpm);
        QFETCH(quint64, pauseUs);
        QFETCH(quint64, seed);
        QFETCH(int, count);
        QVERIFY(m_drive.setModel(noisyModel(kind, jitterPct, pausePpm, pauseUs, seed)));
        QVERIFY(m_drive.control(QStringLiteral("reset-stats")));
        std::vector<double> wall;
        {
            DeviceFd device(m_drive.devicePath());
            QVERIFY2(device.fd() >= 0, strerror(errno));
            const QString error = issue(kind, device.fd(), count, &wall);
            QVERIFY2(error.isEmpty(), qPrintable(error));
        }
        const QList<EmulatedDrive::LogEntry> log = ownRequests(m_drive, kind);
        const auto stats = m_drive.stats();
        QCOMPARE(log.size(), qsizetype(count));

        const QString prefix = statPrefix(kind);
        quint64 costSum = 0;
        quint64 pauses = 0;
        std::vector<double> factors;
        for (qsizetype i = 0; i < log.size(); ++i) {
            const EmulatedDrive::LogEntry &e = log[i];
            costSum += e.costUs;
            pauses += e.pause ? 1 : 0;
            const quint64 pausePart = e.pause ? pauseUs : 0;
            QVERIFY2(e.costUs >= pausePart, qPrintable(QString::number(i)));
            factors.push_back(double(e.costUs - pausePart) / double(kNominalUs));
            // Never faster than charged (0.98: clock granularity), however loaded the machine.
            QVERIFY2(wall[size_t(i)] >= 0.98 * double(e.costUs) / 1e6,
                     qPrintable(QStringLiteral("request %1 took %2 us, charged %3 us")
                                    .arg(i)
                                    .arg(wall[size_t(i)] * 1e6)
                                    .arg(e.costUs)));
        }
        // A stray read of someone probing the device would be counted but is not ours.
        if (kind != Kind::Read || stats.value(QStringLiteral("read_calls")) == quint64(count))
            QCOMPARE(stats.value(prefix + QStringLiteral("sleep_us_total")), costSum);
        QCOMPARE(stats.value(prefix + QStringLiteral("pauses")), pauses);
        if (kind == Kind::Discard) {
            QCOMPARE(stats.value(QStringLiteral("discard_calls")), quint64(count));
            QCOMPARE(stats.value(QStringLiteral("discard_pause_us_total")), pauses * pauseUs);
        }

        const double sigma = jitterPct / 100.0;
        const double lowest = *std::min_element(factors.begin(), factors.end());
        const double highest = *std::max_element(factors.begin(), factors.end());
        const double med = median(factors);
        const double spread = standardDeviation(factors);
        const double p = pausePpm / 1e6;
        const double expectedPauses = count * p;
        const QString detail =
            QStringLiteral("factors: median %1, sd %2 (sigma %3), min %4, max %5; pauses %6 "
                           "(expected %7)")
                .arg(med)
                .arg(spread)
                .arg(sigma)
                .arg(lowest)
                .arg(highest)
                .arg(pauses)
                .arg(expectedPauses);
        qInfo("%s", qPrintable(detail));
        // Costs are whole microseconds: 0.002 of 1000 us covers the rounding.
        QVERIFY2(lowest >= std::max(0.0, 1 - 3 * sigma) - 0.002, qPrintable(detail));
        QVERIFY2(highest <= 1 + 3 * sigma + 0.002, qPrintable(detail));
        if (jitterPct == 0) {
            QVERIFY2(lowest == 1.0 && highest == 1.0, qPrintable(detail));
        } else {
            // Standard errors at 400 samples: median 0.063 sigma, sd 3.5 %: both bounds are
            // more than 4 of them wide, for any seed.
            QVERIFY2(std::fabs(med - 1) <= 0.25 * sigma, qPrintable(detail));
            QVERIFY2(std::fabs(spread / sigma - 1) <= 0.2, qPrintable(detail));
        }
        const double pauseTolerance = 4 * std::sqrt(count * p * (1 - p)) + 1;
        QVERIFY2(std::fabs(double(pauses) - expectedPauses) <= pauseTolerance, qPrintable(detail));
    }

    void seedReproduces_data()
    {
        QTest::addColumn<Kind>("kind");
        QTest::newRow("discards") << Kind::Discard;
        QTest::newRow("writes") << Kind::Write;
    }
    // The same seed gives the same costs and pauses request by request (setModel restarts the
    // streams); another seed gives other ones.
    void seedReproduces()
    {
        QFETCH(Kind, kind);
        const auto costs = [&](quint64 seed, std::vector<quint64> *out) {
            if (!m_drive.setModel(noisyModel(kind, 20, 50000, 3000, seed)) ||
                !m_drive.control(QStringLiteral("reset-stats")))
                return QStringLiteral("control: %1").arg(m_drive.errorString());
            DeviceFd device(m_drive.devicePath());
            if (device.fd() < 0)
                return QStringLiteral("open: %1").arg(strerror(errno));
            std::vector<double> wall;
            if (const QString error = issue(kind, device.fd(), 60, &wall); !error.isEmpty())
                return error;
            for (const EmulatedDrive::LogEntry &e : ownRequests(m_drive, kind))
                out->push_back(e.costUs * 2 + (e.pause ? 1 : 0));
            return QString();
        };
        std::vector<quint64> first, again, other;
        QString error = costs(42, &first);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        error = costs(42, &again);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        error = costs(43, &other);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(first.size(), size_t(60));
        QVERIFY(first == again);
        QVERIFY(first != other);
    }

    // Noise set when the drive starts (the daemon's start options) works as set later.
    void noiseFromStart()
    {
        EmulatedDrive drive;
        QVERIFY2(drive.start(64 * kMiB, noisyModel(Kind::Discard, 20, 0, 0, 42)),
                 qPrintable(drive.errorString()));
        std::vector<quint64> fromStart, fromControl;
        for (std::vector<quint64> *out : {&fromStart, &fromControl}) {
            if (out == &fromControl)
                QVERIFY(drive.setModel(noisyModel(Kind::Discard, 20, 0, 0, 42)));
            QVERIFY(drive.control(QStringLiteral("reset-stats")));
            DeviceFd device(drive.devicePath());
            QVERIFY(device.fd() >= 0);
            for (int i = 0; i < 20; ++i) {
                std::uint64_t range[2] = {quint64(i) * 64 * kKiB, 4 * kKiB};
                QCOMPARE(::ioctl(device.fd(), BLKDISCARD, range), 0);
            }
            for (const EmulatedDrive::LogEntry &e : drive.requestLog('D'))
                out->push_back(e.costUs);
        }
        QCOMPARE(fromStart.size(), size_t(20));
        QVERIFY(fromStart == fromControl);
        QVERIFY(*std::min_element(fromStart.begin(), fromStart.end()) !=
                *std::max_element(fromStart.begin(), fromStart.end()));
    }

private:
    EmulatedDrive m_drive;
};

TRIMSCOPE_TEST_GUILESS_MAIN(TestEmulatedDriveNoise)
#include "tst_emulateddrive_noise.moc"
