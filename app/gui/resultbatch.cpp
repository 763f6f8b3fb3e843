#include "resultbatch.h"

#include <QProgressDialog>
#include <QTimer>
#include <QtConcurrent/QtConcurrentMap>

namespace trimscope::gui {

namespace {
// Two files hold one run: the same kind of result, of the same drive, started at the same moment
// (copies, or the same file chosen twice). A result without a start time is never a copy.
bool sameRun(const StoredRun &a, const StoredRun &b)
{
    return a.started.isValid() && a.sameRun(b);
}
} // namespace

ResultBatch::ResultBatch(QStringList paths, Open open, QWidget *window)
    : QObject(window), m_paths(std::move(paths)), m_open(std::move(open))
{
    m_progress = new QProgressDialog(window);
    m_progress->setWindowTitle(tr("Open results"));
    m_progress->setWindowModality(Qt::WindowModal);
    // A quick batch opens without a dialog flashing by.
    m_progress->setMinimumDuration(300);
    m_progress->setAutoClose(false);
    m_progress->setAutoReset(false);
    connect(m_progress, &QProgressDialog::canceled, this, &ResultBatch::cancel);
    connect(&m_reading, &QFutureWatcher<StoredRun>::progressValueChanged, m_progress,
            &QProgressDialog::setValue);
    connect(&m_reading, &QFutureWatcher<StoredRun>::finished, this, &ResultBatch::onRead);
}

ResultBatch::~ResultBatch()
{
    m_reading.cancel();
    m_reading.waitForFinished();
    delete m_progress;
}

void ResultBatch::start()
{
    m_progress->setLabelText(tr("Reading %Ln result file(s)…", nullptr, int(m_paths.size())));
    m_progress->setRange(0, int(m_paths.size()));
    m_progress->setValue(0);
    // Parsed on the pool's threads into the store's cache, which every tab then reads from.
    m_reading.setFuture(QtConcurrent::mapped(
        m_paths, [](const QString &path) -> StoredRun { return RunStore::describe(path); }));
}

void ResultBatch::cancel()
{
    m_cancelled = true;
    m_reading.cancel();
}

void ResultBatch::onRead()
{
    if (m_cancelled)
        return finish();
    const QList<StoredRun> runs = m_reading.future().results();
    QList<StoredRun> kept;
    for (qsizetype i = 0; i < m_paths.size(); ++i) {
        const StoredRun run = i < runs.size() ? runs.at(i) : StoredRun{};
        if (std::any_of(kept.cbegin(), kept.cend(),
                        [&](const StoredRun &other) { return sameRun(run, other); })) {
            ++m_duplicates;
            continue;
        }
        kept.append(run);
        m_toOpen.append(m_paths.at(i));
    }
    m_progress->setRange(0, int(m_toOpen.size()));
    m_progress->setValue(0);
    QTimer::singleShot(0, this, &ResultBatch::openNext);
}

void ResultBatch::openNext()
{
    if (m_cancelled || m_next >= m_toOpen.size())
        return finish();
    const QString path = m_toOpen.at(m_next++);
    m_progress->setLabelText(tr("Opening %1 of %2…").arg(m_next).arg(m_toOpen.size()));
    if (const Error error = m_open(path); error.isError())
        m_errors.append(error.message);
    else
        ++m_opened;
    m_progress->setValue(int(m_next));
    // The next one after the window has had its turn: painting, input, the cancel button.
    QTimer::singleShot(0, this, &ResultBatch::openNext);
}

void ResultBatch::finish()
{
    m_progress->hide();
    const int files = int(m_paths.size());
    QString summary;
    if (m_cancelled)
        summary = tr("Cancelled: opened %1 of %Ln result(s).", nullptr, files).arg(m_opened);
    else if (m_duplicates > 0)
        summary = tr("%1, %2 (%Ln duplicate(s) skipped)", nullptr, m_duplicates)
                      .arg(tr("%Ln file(s)", nullptr, files), tr("%Ln run(s)", nullptr, m_opened));
    else
        summary = tr("Opened %1 of %Ln result(s).", nullptr, files).arg(m_opened);
    emit finished(summary, m_errors);
}

} // namespace trimscope::gui
