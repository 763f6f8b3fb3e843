#include "historytab.h"

#include "chart/historychart.h"
#include "common/units.h"
#include "historyautorecorder.h"
#include "loginrecording.h"
#include "verticalscroll.h"
#include "wraptext.h"

#include <QAction>
#include <QButtonGroup>
#include <QCheckBox>
#include <QFileInfo>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QStackedWidget>
#include <QVBoxLayout>
#include <unistd.h>

namespace trimscope::gui {

using history::HistoryStore;

namespace {
// The app's first look at whether today is recorded waits until the window has settled.
constexpr int kFirstRecordingDelayMs = 30000;

// Where the .deb's trimscope-history.service records as root.
const QString kSystemHistory = QStringLiteral("/var/lib/trimscope/history.sqlite");

QString historyKeyOf(const DriveEntry &drive)
{
    // The collector's key of a simulated drive (history record --simulate PROFILE).
    return drive.info.simulated ? QStringLiteral("simulated:") + drive.info.simulationProfile
                                : QString();
}

QString yearsText(const health::LifespanEstimate &e)
{
    return e.years ? HistoryTab::tr("about %1 years").arg(formatNumber(*e.years, 3))
                   : HistoryTab::tr("unknown");
}
} // namespace

HistoryTab::HistoryTab(const QString &historyPath, QWidget *parent)
    : QWidget(parent), m_empty(new QLabel(this)), m_summary(new QLabel(this)),
      m_pages(new QStackedWidget(this)), m_zoomGroup(new QButtonGroup(this)),
      m_export(new QPushButton(tr("E&xport chart…"), this)),
      m_atLogin(new QCheckBox(tr("Also record at login"), this)), m_loginStatus(new QLabel(this)),
      m_login(
          new LoginRecording(LoginRecording::defaultRoute(), QDBusConnection::sessionBus(), this))
{
    if (!historyPath.isEmpty())
        m_paths = {historyPath};
    else {
        m_paths = {HistoryStore::defaultPath()};
        if (geteuid() != 0)
            m_paths.append(kSystemHistory);
    }
    m_empty->setObjectName(QStringLiteral("historyEmptyState"));
    m_empty->setWordWrap(true);
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setMargin(24);
    m_empty->setTextFormat(Qt::RichText);
    m_empty->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setObjectName(QStringLiteral("historySummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("Show:"), this));
    const std::pair<Zoom, QString> zooms[] = {{Zoom::Week, tr("Last week")},
                                              {Zoom::Year, tr("Last year")},
                                              {Zoom::All, tr("Everything recorded")}};
    for (const auto &[which, text] : zooms) {
        auto *button = new QPushButton(text, this);
        button->setCheckable(true);
        m_zoomGroup->addButton(button, int(which));
        controls->addWidget(button);
    }
    m_zoomGroup->button(int(m_zoom))->setChecked(true);
    connect(m_zoomGroup, &QButtonGroup::idClicked, this,
            [this](int id) { setZoom(static_cast<Zoom>(id)); });
    controls->addStretch(1);
    controls->addWidget(m_export);

    auto *graphs = new QWidget(this);
    auto *grid = new QGridLayout(graphs);
    grid->setContentsMargins(0, 0, 0, 0);
    auto *menu = new QMenu(this);
    for (int i = 0; i < kHistoryGraphCount; ++i) {
        auto *chart = new HistoryChart(graphs);
        chart->setObjectName(historyGraphFileName(HistoryGraph(i)));
        m_charts.append(chart);
        grid->addWidget(chart, i / 2, i % 2);
        QAction *action = menu->addAction(QString());
        connect(action, &QAction::triggered, this, [this, i] {
            emit exportChartRequested(m_charts.at(i), historyGraphFileName(HistoryGraph(i)));
        });
    }
    // The menu names the graphs as their titles do, in the language shown.
    connect(menu, &QMenu::aboutToShow, this, [this, menu] {
        for (int i = 0; i < kHistoryGraphCount; ++i)
            menu->actions().at(i)->setText(m_charts.at(i)->title());
    });
    m_export->setMenu(menu);

    auto *views = new QWidget(this);
    auto *viewLayout = new QVBoxLayout(views);
    viewLayout->setContentsMargins(0, 0, 0, 0);
    viewLayout->addWidget(m_summary);
    viewLayout->addLayout(controls);
    viewLayout->addWidget(verticalScroll(graphs, this), 1);
    m_pages->addWidget(m_empty);
    m_pages->addWidget(views);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_pages);
    layout->addWidget(m_atLogin);
    layout->addWidget(m_loginStatus);
    m_atLogin->setObjectName(QStringLiteral("historyRecordAtLogin"));
    // Short on the tab (it must fit 800 pixels in German too); the rest on hover.
    m_atLogin->setToolTip(tr("Records every drive's day when you log in, also on days TrimScope "
                             "is not opened: through the desktop's Background portal in the "
                             "Flatpak, else an autostart entry."));
    m_atLogin->setChecked(m_login->isEnabled());
    m_loginStatus->setWordWrap(true);
    m_loginStatus->setVisible(false);
    connect(m_atLogin, &QCheckBox::toggled, this, [this](bool on) {
        m_atLogin->setEnabled(false);
        m_login->setEnabled(on);
    });
    connect(m_login, &LoginRecording::finished, this, [this](bool enabled, const QString &error) {
        const QSignalBlocker quiet(m_atLogin);
        m_atLogin->setChecked(enabled);
        m_atLogin->setEnabled(true);
        setWrappedText(m_loginStatus,
                       error.isEmpty() ? QString() : tr("Recording at login: %1").arg(error));
        m_loginStatus->setVisible(!error.isEmpty());
    });
    showEmpty(QString());
}

void HistoryTab::recordWhileOpen()
{
    if (m_recorder)
        return;
    m_recorder = new HistoryAutoRecorder(HistoryAutoRecorder::defaultSetup(), this);
    // A day recorded while the tab shows that drive appears at once.
    connect(m_recorder, &HistoryAutoRecorder::runFinished, this, [this](bool ok) {
        if (ok && !m_drive.id.isEmpty())
            reload();
    });
    m_recorder->start(kFirstRecordingDelayMs);
}

QPushButton *HistoryTab::zoomButton(Zoom zoom) const
{
    return qobject_cast<QPushButton *>(m_zoomGroup->button(int(zoom)));
}

ChartWidget *HistoryTab::currentChart() const
{
    return m_charts.first();
}

QString HistoryTab::chartFileName() const
{
    return historyGraphFileName(HistoryGraph::WritesAndWear);
}

void HistoryTab::setDrive(const DriveEntry &drive)
{
    m_drive = drive;
    reload();
}

void HistoryTab::reload()
{
    const QString why = load();
    if (m_history.days.isEmpty())
        showEmpty(why);
    else
        showHistory();
}

QString HistoryTab::load()
{
    m_history = {};
    m_source.clear();
    if (m_drive.id.isEmpty())
        return {};
    QStringList problems;
    for (const QString &path : std::as_const(m_paths)) {
        // Reading never creates a history: a file that is not there has nothing to show.
        if (!QFileInfo::exists(path))
            continue;
        auto store = HistoryStore::open(path);
        if (!store) {
            problems.append(store.error().message);
            continue;
        }
        if (!(*store)->movedAsideTo().isEmpty())
            problems.append(tr("%1 was moved aside to %2: %3")
                                .arg(path, (*store)->movedAsideTo(), (*store)->movedAsideReason()));
        const QString key = historyKeyOf(m_drive);
        std::optional<history::DriveRecord> record;
        if (!key.isEmpty())
            record = (*store)->findDrive(key);
        else if (!m_drive.info.serial.isEmpty())
            record = (*store)->findDrive(m_drive.info.serial);
        if (!record && !m_drive.info.simulated && !m_drive.info.name.isEmpty())
            record = (*store)->findDrive(m_drive.info.name);
        if (!record)
            continue;
        m_history.drive = *record;
        m_history.days = (*store)->days(record->id);
        m_history.events = (*store)->events(record->id);
        m_source = path;
        break;
    }
    return problems.join(QLatin1Char('\n'));
}

void HistoryTab::showEmpty(const QString &why)
{
    m_showing = false;
    m_export->setEnabled(false);
    QString text;
    if (m_drive.id.isEmpty()) {
        text = tr("Select a drive to see its history.");
    } else {
        text = tr("<p><b>No history of this drive yet.</b></p>"
                  "<p>TrimScope keeps each drive's health, host writes, temperature and the "
                  "discards it served once a day, as they are recorded.</p>"
                  "<p>Where TrimScope was installed from its .deb, the system timer records "
                  "every drive as root once you turn it on:<br><code>systemctl enable --now "
                  "trimscope-history.timer</code></p>"
                  "<p>Without it, TrimScope records once a day while it is open, and at login "
                  "when you tick the box below: its collector "
                  "<code>trimscope-history-record</code>, run as you, records what udisks2 "
                  "reads, with no password.</p>"
                  "<p>A day nothing was recorded on stays a gap in the graphs.</p>");
        if (m_drive.info.simulated)
            text += tr("<p>Made-up days of this simulated drive:<br><code>"
                       "trimscope-history-record --simulate %1 --days 365</code></p>")
                        .arg(m_drive.info.simulationProfile.toHtmlEscaped());
        if (!why.isEmpty())
            text += QStringLiteral("<p>%1</p>").arg(why.toHtmlEscaped());
    }
    setWrappedText(m_empty, text);
    m_pages->setCurrentWidget(m_empty);
    for (HistoryChart *chart : std::as_const(m_charts))
        chart->setData({});
}

void HistoryTab::showHistory()
{
    m_showing = true;
    m_export->setEnabled(true);
    for (int i = 0; i < kHistoryGraphCount; ++i)
        m_charts.at(i)->setData(historyGraph(HistoryGraph(i), m_history));
    setWrappedText(m_summary, summaryText());
    applyZoom();
    m_pages->setCurrentIndex(1);
}

void HistoryTab::setZoom(Zoom zoom)
{
    m_zoom = zoom;
    m_zoomGroup->button(int(zoom))->setChecked(true);
    applyZoom();
}

void HistoryTab::applyZoom()
{
    if (m_history.days.isEmpty())
        return;
    const QDate last = m_history.days.last().day;
    QDate first = m_history.days.first().day;
    if (m_zoom == Zoom::Week)
        first = last.addDays(-6);
    else if (m_zoom == Zoom::Year)
        first = last.addDays(-364);
    for (HistoryChart *chart : std::as_const(m_charts))
        chart->setDays(first, last);
}

QString HistoryTab::summaryText() const
{
    const QList<history::HistoryDay> &days = m_history.days;
    const QDate first = days.first().day;
    const QDate last = days.last().day;
    const qint64 missing = first.daysTo(last) + 1 - days.size();
    const QLocale locale = numberLocale();
    const HistoryLifespans l = lifespansOf(days, m_history.drive.capacityBytes);
    return tr("%1 days recorded from %2 to %3, %4 days missing (gaps in the graphs); from %5.")
               .arg(formatCount(days.size()), locale.toString(first, QLocale::ShortFormat),
                    locale.toString(last, QLocale::ShortFormat), formatCount(missing), m_source) +
           QLatin1Char('\n') +
           tr("Rated life from the write rate since new: %1; over the last 90 days: %2; over the "
              "last 30 days: %3.")
               .arg(yearsText(l.sinceNew), yearsText(l.windows.at(1).estimate),
                    yearsText(l.windows.at(0).estimate));
}

} // namespace trimscope::gui
