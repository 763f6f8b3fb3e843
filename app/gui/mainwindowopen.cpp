// File > Open results and the command line's files: each kind of result opens in its tab.
#include "backends/errorwords.h"
#include "mainwindow.h"
#include "report/resultfile.h"
#include "resultbatch.h"
#include "runstore.h"
#include "savedruns.h"
#include "widgets/advicetab.h"
#include "widgets/benchmarktab.h"
#include "widgets/comparetab.h"
#include "widgets/filesystemtab.h"
#include "widgets/healthtab.h"
#include "widgets/inusetab.h"
#include "widgets/recoverytab.h"

#include <QMessageBox>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <utility>

namespace trimscope::gui {

namespace {
template <class T, class... Of> constexpr bool isOneOf = (std::is_same_v<T, Of> || ...);
} // namespace

Error MainWindow::openResult(const QString &path)
{
    const Expected<AnyResult> result = RunStore::loadAny(path);
    if (!result)
        return makeError(result.error().code, fileErrorInWords(path, result.error()));
    const auto show = [this](QWidget *tab, const Error &error) {
        if (!error.isError())
            m_tabs->setCurrentWidget(tab);
        return error;
    };
    // Every kind of result is named here, none by a default: a kind added to AnyResult does not
    // compile until it is given its tab.
    return std::visit(
        [&](const auto &opened) -> Error {
            using Result = std::decay_t<decltype(opened)>;
            if constexpr (std::is_same_v<Result, SweepResult>) {
                if (m_batch) {
                    // Stored now; Compare, the Saved run list and the advice count the batch's
                    // runs once at its end (each reload took about 100 ms).
                    const Expected<ImportedRun> stored = m_store.import(*result);
                    if (!stored)
                        return stored.error();
                    m_batchRuns.append(stored->path);
                    return show(m_compare, {});
                }
                const Expected<ImportedRun> stored = m_compare->importFile(path);
                if (!stored)
                    return stored.error();
                statusBar()->showMessage(
                    stored->alreadyStored
                        ? trimscope::gui::MainWindow::tr(
                              "This run was stored already; it is ticked in Compare.")
                        : trimscope::gui::MainWindow::tr("Run stored and ticked in Compare."),
                    8000);
                return show(m_compare, {});
            } else if constexpr (isOneOf<Result, fsbench::FsBenchResult,
                                         fsbench::MkfsTimingResult>) {
                return show(m_filesystem, m_filesystem->openResult(path));
            } else if constexpr (isOneOf<Result, recovery::RecoveryResult,
                                         recovery::FillCurveResult, stall::StallResult>) {
                return show(m_recovery, m_recovery->openResult(path));
            } else if constexpr (std::is_same_v<Result, watch::FstrimTimingResult>) {
                return show(m_inUse, m_inUse->openResult(path));
            } else if constexpr (std::is_same_v<Result, health::DriveHealth>) {
                m_health->setHealth(
                    opened, trimscope::gui::MainWindow::tr("Health report from %1.").arg(path));
                return show(m_health, {});
            } else if constexpr (std::is_same_v<Result, advice::Advice>) {
                m_advice->showAdvice(opened, path);
                return show(m_advice, {});
            } else if constexpr (std::is_same_v<Result, DiagnosisResult>) {
                m_advice->showDiagnosis(opened, path);
                return show(m_advice, {});
            } else if constexpr (isOneOf<Result, probe::BackgroundProbeResult, audit::AuditReport,
                                         watch::DiscardWatch>) {
                // What the advice reads.
                return show(m_advice, m_advice->importFile(path));
            } else {
                static_assert(sizeof(Result) == 0, "openResult: say which tab opens this kind");
            }
        },
        *result);
}

void MainWindow::openResultShowingErrors(const QString &path)
{
    openResultsShowingErrors({path});
}

void MainWindow::openResultsShowingErrors(const QStringList &paths)
{
    if (m_batch) // File > Open results… waits behind the dialog of the batch before
        return;
    if (paths.size() < 2) {
        QStringList errors;
        for (const QString &path : paths) {
            if (const Error error = openResult(path); error.isError())
                errors.append(error.message);
        }
        showOpenErrors(errors);
        emit resultsOpened();
        return;
    }
    m_batch = new ResultBatch(
        paths, [this](const QString &path) { return openResult(path); }, this);
    connect(m_batch, &ResultBatch::finished, this,
            [this](const QString &summary, const QStringList &errors) {
                m_batch->deleteLater();
                m_batch.clear();
                // The runs listed (Compare, the Saved run list and the advice follow), then
                // each run's tick, each in a turn of its own: together they held the window for
                // 200 ms.
                QList<std::function<void()>> steps;
                if (!m_batchRuns.isEmpty()) {
                    steps.append([this, runs = m_batchRuns] { m_savedRuns->kept(runs); });
                    for (const QString &run : std::exchange(m_batchRuns, {}))
                        steps.append([this, run] { m_compare->setChecked(run, true); });
                }
                steps.append([this, summary, errors] {
                    statusBar()->showMessage(summary, 10000);
                    showOpenErrors(errors);
                    emit resultsOpened();
                });
                runInTurns(std::move(steps));
            });
    m_batch->start();
}

void MainWindow::runInTurns(QList<std::function<void()>> steps)
{
    if (steps.isEmpty())
        return;
    const std::function<void()> step = steps.takeFirst();
    step();
    QTimer::singleShot(0, this,
                       [this, rest = std::move(steps)]() mutable { runInTurns(std::move(rest)); });
}

void MainWindow::showOpenErrors(const QStringList &errors)
{
    if (errors.size() == 1)
        QMessageBox::warning(this, tr("Not opened"), errors.constFirst());
    else if (!errors.isEmpty())
        QMessageBox::warning(this, tr("Not opened"),
                             tr("%Ln file(s) could not be opened:", nullptr, int(errors.size())) +
                                 QStringLiteral("\n\n") + errors.join(QStringLiteral("\n\n")));
}

} // namespace trimscope::gui
