// A run killed with SIGKILL (a crash, the OOM killer, kill -9 of the helper) leaves nothing
// behind: no fio writing on to the device (issue 16, item 1). trimscope-cli runs the real work
// as root on a plain loop device and is killed in the middle of it.
#include "clirun.h"
#include "plainloop.h"
#include "privileged.h"
#include "recovery/fioprocess.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QSet>
#include <QTest>
#include <QThread>
#include <csignal>
#include <unistd.h>

using namespace trimscope;
using trimscope::test::PlainLoop;

namespace {

constexpr quint64 kMiB = quint64(1) << 20;

struct ProcessState
{
    qint64 parent = 0;
    QByteArray name;
    char state = 0;
};

// /proc/PID/stat: "pid (comm) state ppid ...", where comm may hold spaces and parentheses.
std::optional<ProcessState> processState(qint64 pid)
{
    QFile file(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!file.open(QIODevice::ReadOnly))
        return std::nullopt;
    const QByteArray stat = file.readAll();
    const qsizetype open = stat.indexOf('(');
    const qsizetype close = stat.lastIndexOf(')');
    if (open < 0 || close < open)
        return std::nullopt;
    const QList<QByteArray> rest = stat.mid(close + 2).split(' ');
    if (rest.size() < 2)
        return std::nullopt;
    return ProcessState{rest.at(1).toLongLong(), stat.mid(open + 1, close - open - 1),
                        rest.at(0).isEmpty() ? char(0) : rest.at(0).at(0)};
}

// Every living process below `root` whose name is `name`.
QList<qint64> descendantsNamed(qint64 root, const QByteArray &name)
{
    QHash<qint64, ProcessState> all;
    for (const QString &entry : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs)) {
        bool ok = false;
        const qint64 pid = entry.toLongLong(&ok);
        if (ok) {
            if (const auto state = processState(pid))
                all.insert(pid, *state);
        }
    }
    QList<qint64> found;
    for (auto it = all.cbegin(); it != all.cend(); ++it) {
        for (qint64 up = it->parent; up > 1; up = all.value(up).parent) {
            if (up == root) {
                if (it->name == name && it->state != 'Z')
                    found.append(it.key());
                break;
            }
        }
    }
    return found;
}

// Gone, or a zombie nobody reaped yet: either way it does nothing any more.
bool isGone(qint64 pid)
{
    const auto state = processState(pid);
    return !state || state->state == 'Z' || state->state == 'X';
}

template <typename Predicate> bool waitFor(int timeoutMs, Predicate ready)
{
    QElapsedTimer timer;
    timer.start();
    while (!ready()) {
        if (timer.elapsed() > timeoutMs)
            return false;
        QThread::msleep(20);
    }
    return true;
}

void killAndReap(QProcess &process)
{
    ::kill(pid_t(process.processId()), SIGKILL);
    process.waitForFinished(5000);
}

} // namespace

class TestKilledRuns : public QObject
{
    Q_OBJECT

private slots:
    void fioDiesWithItsCaller();
};

void TestKilledRuns::fioDiesWithItsCaller()
{
    if (const QString reason = PlainLoop::unavailableReason(); !reason.isEmpty())
        TRIMSCOPE_SKIP_OR_FAIL(reason);
    if (recovery::findFioProgram().isEmpty())
        TRIMSCOPE_SKIP_OR_FAIL(QStringLiteral("fio is not installed (package fio)"));
    PlainLoop loop;
    QVERIFY2(loop.start(256 * kMiB), qPrintable(loop.errorString()));

    QProcess cli;
    cli.start(test::cliPath(),
              {QStringLiteral("recovery"), loop.devicePath(), QStringLiteral("--destroy-data"),
               QStringLiteral("--preset"), QStringLiteral("smoke"),
               QStringLiteral("--random-seconds"), QStringLiteral("120"),
               QStringLiteral("--idle-seconds"), QStringLiteral("0")});
    QVERIFY(cli.waitForStarted());
    const qint64 cliPid = cli.processId();

    // Mid-run: the same fio has been writing for a second (not one between two jobs).
    QList<qint64> fio;
    const bool writing = waitFor(60000, [&] {
        const QList<qint64> now = descendantsNamed(cliPid, "fio");
        if (now.isEmpty() || now != fio) {
            fio = now;
            return false;
        }
        const qint64 before = loop.sectorsWritten();
        QThread::msleep(1000);
        return descendantsNamed(cliPid, "fio") == fio && loop.sectorsWritten() > before;
    });
    if (!writing)
        killAndReap(cli);
    QVERIFY2(writing, cli.readAllStandardError().constData());

    killAndReap(cli);
    QElapsedTimer timer;
    timer.start();
    const bool fioGone = waitFor(2000, [&] {
        return std::all_of(fio.cbegin(), fio.cend(), [](qint64 pid) { return isGone(pid); });
    });
    const qint64 goneMs = timer.elapsed();
    // Ours to clean up if the check fails: they are this test's grandchildren.
    for (const qint64 pid : std::as_const(fio)) {
        if (!isGone(pid))
            ::kill(pid_t(pid), SIGKILL);
    }
    QStringList pids;
    for (const qint64 pid : std::as_const(fio))
        pids << QString::number(pid);
    QVERIFY2(fioGone, qPrintable(QStringLiteral("fio (pid %1) still ran 2 s after its caller was "
                                                "killed")
                                     .arg(pids.join(QStringLiteral(", ")))));
    qInfo("fio (%lld process(es)) gone %lld ms after the kill", qlonglong(fio.size()),
          qlonglong(goneMs));

    // Nothing writes the device any more. (Writes fio had in flight complete right away.)
    QThread::msleep(200);
    const qint64 settled = loop.sectorsWritten();
    QThread::msleep(1000);
    QCOMPARE(loop.sectorsWritten(), settled);
}

QTEST_GUILESS_MAIN(TestKilledRuns)
#include "tst_killedruns.moc"
