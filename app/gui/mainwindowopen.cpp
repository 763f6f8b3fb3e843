// File > Open results and the command line's files: each kind of result opens in its tab.
#include "backends/errorwords.h"
#include "mainwindow.h"
#include "report/resultfile.h"
#include "runstore.h"
#include "widgets/advicetab.h"
#include "widgets/comparetab.h"
#include "widgets/filesystemtab.h"
#include "widgets/healthtab.h"
#include "widgets/inusetab.h"
#include "widgets/recoverytab.h"

#include <QStatusBar>
#include <QTabWidget>

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
                const Expected<ImportedRun> stored = m_compare->importFile(path);
                if (!stored)
                    return stored.error();
                onRunsImported();
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

} // namespace trimscope::gui
