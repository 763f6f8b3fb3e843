#include "historyautorecorder.h"

#include "collectorprogram.h"
#include "common/childprocess.h"
#include "history/historystore.h"
#include "common/atomicfile.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace trimscope::gui {

namespace {
// Where the .deb's trimscope-history.service records as root.
const QString kSystemHistory = QStringLiteral("/var/lib/trimscope/history.sqlite");
// The system timer runs daily (and catches up after boot); a file older than this means it is
// not running, and the app records itself.
constexpr qint64 kSystemFreshSeconds = 36 * 3600;
constexpr int kRunLimitMs = 10 * 60 * 1000;
} // namespace

HistoryAutoRecorder::Setup HistoryAutoRecorder::defaultSetup()
{
    Setup setup;
    setup.historyPath = history::HistoryStore::defaultPath();
    setup.systemHistoryPath = kSystemHistory;
    setup.program = findCollectorProgram();
    setup.arguments = {QStringLiteral("--notify")};
    return setup;
}

HistoryAutoRecorder::HistoryAutoRecorder(Setup setup, QObject *parent)
    : QObject(parent), m_setup(std::move(setup))
{
    m_timer.setInterval(m_setup.checkIntervalMs);
    connect(&m_timer, &QTimer::timeout, this, &HistoryAutoRecorder::checkNow);
}

HistoryAutoRecorder::~HistoryAutoRecorder()
{
    // The collector's write is one transaction: stopped mid-way, the day is simply not recorded.
    if (m_process && m_process->state() != QProcess::NotRunning) {
        m_process->disconnect(this);
        m_process->kill();
        m_process->waitForFinished(2000);
    }
}

void HistoryAutoRecorder::start(int firstDelayMs)
{
    m_timer.start();
    if (firstDelayMs <= 0)
        checkNow();
    else
        QTimer::singleShot(firstDelayMs, this, &HistoryAutoRecorder::checkNow);
}

QDate HistoryAutoRecorder::lastRecordedDay() const
{
    QFile stamp(stampPath());
    if (!stamp.open(QIODevice::ReadOnly))
        return {};
    return QDate::fromString(QString::fromLatin1(stamp.read(32)).trimmed(), Qt::ISODate);
}

bool HistoryAutoRecorder::systemRecords() const
{
    if (m_setup.systemHistoryPath.isEmpty() || m_setup.systemHistoryPath == m_setup.historyPath)
        return false;
    const QFileInfo system(m_setup.systemHistoryPath);
    return system.exists() &&
           system.lastModified().secsTo(QDateTime::currentDateTime()) < kSystemFreshSeconds;
}

HistoryAutoRecorder::Decision HistoryAutoRecorder::checkNow()
{
    if (m_process)
        return m_decision = Decision::Running;
    if (m_setup.program.isEmpty())
        return m_decision = Decision::NoCollector;
    if (systemRecords())
        return m_decision = Decision::SystemRecords;
    if (lastRecordedDay() == QDate::currentDate())
        return m_decision = Decision::RecordedToday;
    QDir().mkpath(QFileInfo(m_setup.historyPath).absolutePath());
    auto lock = std::make_unique<QLockFile>(m_setup.historyPath + QStringLiteral(".lock"));
    // Stale only when its process is gone (QLockFile checks the PID), never by age: a collector
    // may wait a while on udisks2.
    lock->setStaleLockTime(0);
    if (!lock->tryLock(0))
        return m_decision = Decision::OtherWindow;
    // Another window may have finished today's run between the check above and the lock.
    if (lastRecordedDay() == QDate::currentDate())
        return m_decision = Decision::RecordedToday;
    m_lock = std::move(lock);
    m_process = std::make_unique<QProcess>();
    m_process->setProcessChannelMode(QProcess::MergedChannels);
    killWithParent(*m_process);
    connect(m_process.get(), &QProcess::finished, this, &HistoryAutoRecorder::finish);
    connect(m_process.get(), &QProcess::errorOccurred, this, [this](QProcess::ProcessError e) {
        if (e == QProcess::FailedToStart)
            finish(-1, QProcess::CrashExit);
    });
    // A collector that hangs (udisks2 never answering) must not hold the lock for good: ended
    // after ten minutes, the day is tried again at the next check.
    QTimer::singleShot(kRunLimitMs, m_process.get(),
                       [process = m_process.get()] { process->kill(); });
    m_process->start(m_setup.program,
                     QStringList{QStringLiteral("--db"), m_setup.historyPath} + m_setup.arguments,
                     QIODevice::ReadOnly);
    ++m_runs;
    return m_decision = Decision::Started;
}

void HistoryAutoRecorder::finish(int exitCode, QProcess::ExitStatus status)
{
    if (!m_process)
        return;
    const QString output = QString::fromUtf8(m_process->readAll()).trimmed();
    const QString message = status == QProcess::NormalExit ? output.section(QLatin1Char('\n'), -1)
                                                           : m_process->errorString();
    const bool ok = status == QProcess::NormalExit && exitCode == 0;
    // The day counts as recorded when the collector ended well; after a failure the next check
    // (an hour later) tries again.
    if (ok) {
        // A stamp that cannot be written only means the next check runs the collector again,
        // which merges into the day's row.
        writeFileAtomically(stampPath(),
                            QDate::currentDate().toString(Qt::ISODate).toLatin1() + '\n');
    }
    m_process.release()->deleteLater();
    m_lock.reset();
    emit runFinished(ok, message);
}

} // namespace trimscope::gui
