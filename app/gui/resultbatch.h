#pragma once

#include "common/error.h"
#include "runstore.h"

#include <QFutureWatcher>
#include <QObject>
#include <QPointer>
#include <functional>

class QProgressDialog;

namespace trimscope::gui {

// Several result files opened at once (File > Open results…, the command line). Twenty files
// read and parsed on the window's thread froze it for about 4 s with nothing on screen, and
// twenty copies of one result were merged without a word (issue 47, item 5). Here the files are
// read and parsed off that thread with a progress dialog that can cancel; copies of one run (the
// same kind, drive and start) are opened once; then each result goes to its tab, one per turn of
// the event loop, read from the cache the parsing filled.
class ResultBatch : public QObject
{
    Q_OBJECT
public:
    // How one file is shown: MainWindow::openResult.
    using Open = std::function<Error(const QString &path)>;
    ResultBatch(QStringList paths, Open open, QWidget *window);
    ~ResultBatch() override;

    void start();
    void cancel();

signals:
    // `summary`: "20 files, 1 run (19 duplicates skipped)"; `errors`: why files were not opened.
    void finished(const QString &summary, const QStringList &errors);

private:
    void onRead();
    void openNext();
    void finish();

    QStringList m_paths;
    Open m_open;
    QFutureWatcher<StoredRun> m_reading;
    QPointer<QProgressDialog> m_progress;
    QStringList m_toOpen; // one path per run, in the order given
    qsizetype m_next = 0;
    int m_duplicates = 0;
    int m_opened = 0;
    QStringList m_errors;
    bool m_cancelled = false;
};

} // namespace trimscope::gui
