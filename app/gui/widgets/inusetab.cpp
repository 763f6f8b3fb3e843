#include "inusetab.h"

#include "advice/advice.h"
#include "chart/barchart.h"
#include "common/units.h"
#include "device/deviceprobe.h"
#include "results/inuseview.h"
#include "results/watchperiods.h"
#include "savedruns.h"
#include "tablefill.h"
#include "watch/fstrimtiming.h"
#include "wraptext.h"

#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QVBoxLayout>

namespace trimscope::gui {

namespace {

// How often the counters are read again while the tab is on screen.
constexpr int kRefreshMs = 3000;
constexpr quint64 kBytesPerMiB = quint64(1) << 20;
constexpr int kWatchTableMaxHeight = 140;

struct FilesystemChoice
{
    QString majorMinor;
    QString devicePath;
};

FilesystemChoice choiceOf(const QComboBox *box)
{
    const QStringList data = box->currentData().toStringList();
    return {data.value(0), data.value(1)};
}

} // namespace

InUseTab::InUseTab(SavedRuns *runs, QWidget *parent)
    : ExperimentTab(runs, {envelopeOf(AnyResult(watch::FstrimTimingResult())).kind},
                    {tr("Time fst&rim…"), tr("Open timed fstrim"),
                     tr("A result of \"trimscope-cli fstrim-timing\" (JSON)."), tr("timed fstrim"),
                     tr("Or run \"trimscope-cli fstrim-timing MOUNT --json FILE\" as root and "
                        "open the file here.")},
                    parent),
      m_watchBox(
          new QGroupBox(tr("What this drive served in use: its own counters (read-only)"), this)),
      m_period(new QLabel(this)), m_watchTable(new QTableWidget(this)), m_verdict(new QLabel(this)),
      m_fromNow(new QPushButton(tr("Start a new &period"), this)),
      m_sinceBoot(new QPushButton(tr("Since &boot"), this)), m_filesystem(new QComboBox(this)),
      m_piece(new QComboBox(this)), m_chart(new BarChart(this)), m_table(new QTableWidget(this)),
      m_periods(std::make_shared<WatchPeriods>())
{
    runButton()->setObjectName(QStringLiteral("fstrimRun"));
    summary()->setObjectName(QStringLiteral("fstrimSummary"));
    m_watchBox->setObjectName(QStringLiteral("watchBox"));
    m_period->setObjectName(QStringLiteral("watchPeriod"));
    m_watchTable->setObjectName(QStringLiteral("watchTable"));
    m_verdict->setObjectName(QStringLiteral("inUseVerdict"));
    m_filesystem->setObjectName(QStringLiteral("fstrimFilesystem"));
    m_piece->setObjectName(QStringLiteral("fstrimPiece"));
    m_period->setWordWrap(true);
    m_verdict->setWordWrap(true);
    m_verdict->setTextFormat(Qt::RichText);
    m_verdict->setTextInteractionFlags(Qt::TextSelectableByMouse);
    for (QTableWidget *table : {m_watchTable, m_table}) {
        table->setEditTriggers(QAbstractItemView::NoEditTriggers);
        table->setAlternatingRowColors(true);
    }
    m_watchTable->verticalHeader()->hide();
    m_fromNow->setToolTip(tr("Count only what the drive serves from now on"));
    m_sinceBoot->setToolTip(tr("Count everything since the computer started"));

    auto *watchRow = new QHBoxLayout;
    watchRow->addWidget(m_period, 1);
    watchRow->addWidget(m_fromNow);
    watchRow->addWidget(m_sinceBoot);
    auto *watchLayout = new QVBoxLayout(m_watchBox);
    watchLayout->addLayout(watchRow);
    watchLayout->addWidget(m_watchTable);
    // The verdict's words can run long (German): they scroll in a few lines' height rather than
    // being cut off on a small screen.
    auto *verdictArea = new QScrollArea(m_watchBox);
    verdictArea->setWidget(m_verdict);
    verdictArea->setWidgetResizable(true);
    verdictArea->setFrameShape(QFrame::NoFrame);
    verdictArea->setMaximumHeight(5 * fontMetrics().lineSpacing() + 4);
    verdictArea->setMinimumHeight(3 * fontMetrics().lineSpacing());
    watchLayout->addWidget(verdictArea);
    m_verdictArea = verdictArea;
    if (auto *tabLayout = qobject_cast<QVBoxLayout *>(layout()))
        tabLayout->insertWidget(0, m_watchBox);

    m_piece->addItem(tr("about 64 pieces (whole ext4 block groups)"), QVariant::fromValue(0ull));
    for (const quint64 mib : {128ull, 1024ull, 8192ull})
        m_piece->addItem(formatBytes(mib * kBytesPerMiB), QVariant::fromValue(mib * kBytesPerMiB));
    auto *fsLabel = new QLabel(tr("F&ilesystem:"), this);
    fsLabel->setBuddy(m_filesystem);
    choices()->addRow(fsLabel, m_filesystem);
    choices()->addRow(tr("Pieces:"), m_piece);
    auto *note = new QLabel(
        tr("Trims only what the filesystem knows to be free; files are not touched. Asks for an "
           "administrator password every time. ext4 remembers what it trimmed until the next "
           "mount: a second run before then trims nothing new."),
        this);
    note->setWordWrap(true);
    setWrappedText(note, note->text());
    choices()->addRow(note);

    // Side by side: on a small screen below the counters and the run box both stay in sight.
    m_table->verticalHeader()->hide();
    // Low enough that the tab, the tallest, still fits an 800×600 screen (tst_windowfit).
    m_chart->setMinimumHeight(100);
    // The counters' box sits above the run box here: with the other tabs' least views height
    // the page scrolled at 1024×768 and 1366×768 (issue 47's screenshots: 11-45 px; with a
    // timed fstrim open 59-107 px; German in the first window on a 1024×768 screen, 921×691,
    // 6 px more at 220). Chart and table stand side by side, without a legend under the chart:
    // 200 px still leave the chart its least 100.
    setLeastViewsHeight(200);
    auto *split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(m_chart);
    split->addWidget(m_table);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    setViews(split);

    m_refresh.setInterval(kRefreshMs);
    connect(&m_refresh, &QTimer::timeout, this, &InUseTab::refreshWatch);
    connect(m_fromNow, &QPushButton::clicked, this, [this] {
        if (const Error error = m_periods->startNewPeriod(drive(), m_disk); error.isError())
            setWrappedText(m_period, tr("The counters cannot be read: %1").arg(error.message));
        else
            refreshWatch();
    });
    connect(m_sinceBoot, &QPushButton::clicked, this, [this] {
        m_periods->countSinceBoot(drive());
        refreshWatch();
    });
    connect(m_filesystem, &QComboBox::currentIndexChanged, this, &InUseTab::updateRunControls);
    updateRunControls();
}

ChartWidget *InUseTab::currentChart() const
{
    return m_chart;
}

JobPlan InUseTab::runPlan() const
{
    watch::FstrimTimingPlan plan;
    if (const auto number = watch::parseDeviceNumber(choiceOf(m_filesystem).majorMinor)) {
        plan.filesystemMajor = number->first;
        plan.filesystemMinor = number->second;
    }
    plan.pieceBytes = m_piece->currentData().toULongLong();
    return plan;
}

QString InUseTab::runDevice(const JobPlan &) const
{
    return choiceOf(m_filesystem).devicePath;
}

QString InUseTab::choicesInvalid() const
{
    if (m_filesystem->count() == 0)
        return drive().info.simulated
                   ? QString() // the backend says why a simulated drive cannot
                   : tr("No filesystem of this drive is mounted on this computer.");
    return QString();
}

QString InUseTab::runWhat(const JobPlan &) const
{
    return tr("timed fstrim");
}

QString InUseTab::confirmHeadline(const JobPlan &) const
{
    return tr("The timed fstrim trims the free space of %1; files are not touched.")
        .arg(m_filesystem->currentText());
}

void InUseTab::updateChoices(bool running)
{
    const bool real = !drive().id.isEmpty() && !drive().info.simulated;
    m_filesystem->setEnabled(!running && m_filesystem->count() > 0);
    m_piece->setEnabled(!running && real);
    m_fromNow->setEnabled(real);
    m_sinceBoot->setEnabled(real && m_periods->hasPeriod(drive()));
}

void InUseTab::driveSelected(bool another)
{
    m_disk = BlockDevice();
    if (!drive().id.isEmpty() && !drive().info.simulated) {
        if (const Expected<BlockDevice> disk = DeviceProbe().probeName(drive().info.name))
            m_disk = *disk;
    }
    if (another)
        m_advice.reset(); // until the Advice tab has advised on this drive
    reloadKept();
    fillFilesystems();
    refreshWatch();
}

void InUseTab::fillFilesystems()
{
    const QString was = choiceOf(m_filesystem).majorMinor;
    QSignalBlocker block(m_filesystem);
    m_filesystem->clear();
    QStringList seen;
    for (const DeviceMount &mount : std::as_const(m_disk.mounts)) {
        if (!watch::parseDeviceNumber(mount.majorMinor) || seen.contains(mount.majorMinor))
            continue;
        seen.append(mount.majorMinor);
        const QString text =
            mount.onlineDiscard
                ? tr("%1 (%2 on %3, online discard on)")
                      .arg(mount.mountPoint, mount.fsType, mount.deviceName)
                : tr("%1 (%2 on %3)").arg(mount.mountPoint, mount.fsType, mount.deviceName);
        m_filesystem->addItem(
            text, QStringList{mount.majorMinor, QStringLiteral("/dev/") + mount.deviceName});
    }
    int index = 0;
    for (int i = 0; i < m_filesystem->count(); ++i) {
        if (m_filesystem->itemData(i).toStringList().value(0) == was)
            index = i;
    }
    m_filesystem->setCurrentIndex(index);
}

void InUseTab::reloadKept()
{
    m_kept.clear();
    if (drive().id.isEmpty() || drive().info.simulated)
        return;
    QList<StoredRun> runs =
        RunStore::runsOf(savedRuns()->runs(), drive().info,
                         {envelopeOf(AnyResult(watch::FstrimTimingResult())).kind});
    std::reverse(runs.begin(), runs.end());
    for (const StoredRun &run : std::as_const(runs)) {
        if (Expected<AnyResult> result = RunStore::loadAny(run.path))
            m_kept.append(std::move(result).value());
    }
}

void InUseTab::refreshWatch()
{
    // No counters, no empty table and verdict box under the sentence that says so (issue 47's
    // screenshots: a white box and a grey one filled the top half of the tab on a simulated
    // drive, at every size).
    if (drive().id.isEmpty() || drive().info.simulated || m_disk.name.isEmpty()) {
        m_watch.reset();
        fillTable(m_watchTable, {});
        m_watchTable->setVisible(false);
        setWrappedText(m_period,
                       drive().info.simulated
                           ? tr("A simulated drive has no counters: this view is for a real "
                                "drive in use, the one the computer runs from too.")
                           : tr("Select a real drive on the left."));
        updateVerdict();
        updateRunControls();
        return;
    }
    // The period chosen for the drive, read as the Advice tab reads it.
    const Expected<watch::DiscardWatch> read = m_periods->read(drive(), m_disk);
    if (!read) {
        m_watch.reset();
        m_watchTable->setVisible(false);
        setWrappedText(m_period, tr("The counters cannot be read: %1").arg(read.error().message));
        updateVerdict();
        emit watchChanged(drive().id, m_watch);
        return;
    }
    m_watch = *read;
    fillTable(m_watchTable, gui::watchTable(*m_watch));
    m_watchTable->setVisible(true);
    // As high as its rows (a disk and a few partitions), no empty space below them.
    int height = m_watchTable->horizontalHeader()->height() + 2 * m_watchTable->frameWidth();
    for (int row = 0; row < m_watchTable->rowCount(); ++row)
        height += m_watchTable->rowHeight(row);
    if (m_watchTable->horizontalScrollBar()->isVisible())
        height += m_watchTable->horizontalScrollBar()->height();
    m_watchTable->setFixedHeight(std::min(height + 2, kWatchTableMaxHeight));
    setWrappedText(m_period, tr("%1: every discard the kernel sent to %2, whoever sent it (online "
                                "discard, fstrim, mkfs).")
                                 .arg(gui::watchPeriod(*m_watch), m_disk.name));
    updateVerdict();
    updateRunControls();
    emit watchChanged(drive().id, m_watch);
}

void InUseTab::setWatchPeriods(std::shared_ptr<WatchPeriods> periods)
{
    m_periods = std::move(periods);
    refreshWatch();
}

void InUseTab::setDriveAdvice(const advice::Advice &advice)
{
    m_advice = advice;
    updateVerdict();
}

void InUseTab::updateVerdict()
{
    // One verdict per drive (issue 47): the Advice tab's, from these counters over this period,
    // the timed fstrims and everything else kept with the drive; none of this tab's own.
    const bool shown = (m_watch || !m_kept.isEmpty()) && m_advice;
    if (m_verdictArea)
        m_verdictArea->setVisible(shown);
    if (!shown) {
        m_verdict->clear();
        return;
    }
    const advice::Advice &advice = *m_advice;
    setWrappedText(m_verdict,
                   tr("<b>For this drive in use: %1</b> (confidence: %2). %3")
                       .arg(advice::verdictHeadline(advice).toHtmlEscaped(),
                            advice::confidenceDisplayName(advice.confidence).toHtmlEscaped(),
                            advice.sentence.toHtmlEscaped()));
}

Error InUseTab::show(const AnyResult &result)
{
    const auto *timed = std::get_if<watch::FstrimTimingResult>(&result);
    if (!timed)
        return makeError(ErrorCode::InvalidArgument,
                         tr("This is a %1 result, not a timed fstrim's.").arg(resultWhat(result)));
    const FstrimView view = fstrimView(*timed);
    setWrappedText(summary(), view.summary);
    m_chart->setData(view.chart);
    fillTable(m_table, view.table);
    reloadKept(); // a run just kept, or another one chosen
    updateVerdict();
    return {};
}

void InUseTab::clearViews()
{
    m_chart->setData({});
    fillTable(m_table, {});
}

void InUseTab::showEvent(QShowEvent *event)
{
    ExperimentTab::showEvent(event);
    refreshWatch();
    m_refresh.start();
}

void InUseTab::hideEvent(QHideEvent *event)
{
    m_refresh.stop();
    ExperimentTab::hideEvent(event);
}

} // namespace trimscope::gui
