// Which drive the window opens on (the command line's, the last session's, the default simulated
// one), and the History tab's wiring.
#include "appsettings.h"
#include "backends/simulatedbackend.h"
#include "mainwindow.h"
#include "simulate/simulatedprofiles.h"
#include "widgets/drivelist.h"
#include "widgets/historytab.h"

#include <QStatusBar>
#include <QTabWidget>
#include <utility>

namespace trimscope::gui {

void takeStartArguments(const QStringList &arguments, MainWindowOptions &options)
{
    for (const QString &argument : arguments) {
        if (argument.startsWith(QLatin1String("/dev/")) ||
            argument.startsWith(QLatin1String("simulated:")))
            options.driveToOpen = argument;
        else
            options.resultsToOpen.append(argument);
    }
}

bool MainWindow::showDrive(const QString &device)
{
    for (const Backend *backend : std::as_const(m_backends)) {
        for (const DriveEntry &drive : backend->drives()) {
            const DriveInfo &info = drive.info;
            if (info.path == device || info.name == device ||
                (!info.name.isEmpty() && QStringLiteral("/dev/") + info.name == device)) {
                if (!m_drives->selectDrive(drive.id))
                    return false;
                m_tabs->setCurrentWidget(m_history);
                return true;
            }
        }
    }
    return false;
}

void MainWindow::selectInitialDrive()
{
    if (!m_driveToOpen.isEmpty() && showDrive(m_driveToOpen)) {
        m_driveToOpen.clear();
        return;
    }
    // First run, or a drive that is gone: the default simulated drive.
    const QString last = appSettings()->value(QStringLiteral("lastDrive")).toString();
    if (last.isEmpty() || !m_drives->selectDrive(last))
        m_drives->selectDrive(m_simulated->id() + QLatin1Char(':') + defaultSimulatedProfileId());
    if (!m_driveToOpen.isEmpty())
        statusBar()->showMessage(tr("Waiting for %1 to be listed…").arg(m_driveToOpen), 10000);
}

void MainWindow::connectHistory()
{
    // udisks2 and the helper list their drives after the window shows: the drive named on the
    // command line is selected once one of them lists it.
    for (Backend *backend : std::as_const(m_backends)) {
        connect(backend, &Backend::changed, this, [this] {
            if (m_filled && !m_driveToOpen.isEmpty() && showDrive(m_driveToOpen))
                m_driveToOpen.clear();
        });
    }
    connect(m_history, &HistoryTab::exportChartRequested, this, &MainWindow::exportChart);
    // A collector may have recorded a day since the drive was selected.
    connect(m_tabs, &QTabWidget::currentChanged, this, [this] {
        if (m_tabs->currentWidget() == m_history)
            m_history->reload();
    });
}

} // namespace trimscope::gui
