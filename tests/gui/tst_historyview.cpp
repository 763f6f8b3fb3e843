// Issue 44, the History view: a year of a simulated drive's days (core's simulatedHistory, every
// 37th day missing) recorded in a real SQLite history file, drawn in the window's History tab.
// Every graph has its series with a point per recorded day and a gap where a day is missing; the
// zoom buttons change the date axis; each graph exports a PNG through the charts' one export;
// `trimscope /dev/X` (the alert's "open" action) opens the window on that drive's history.
#include "chart/historychart.h"
#include "common/units.h"
#include "guilanguage.h"
#include "guitestenv.h"
#include "history/historysimulate.h"
#include "mainwindow.h"
#include "testmain.h"
#include "widgets/drivelist.h"
#include "widgets/exportdialog.h"
#include "widgets/historytab.h"

#include <QApplication>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>
#include <QTimer>
#include <cmath>

using namespace trimscope;
using namespace trimscope::gui;
using history::Metric;

namespace {
const QString kProfile = QStringLiteral("ocz-agility3");
const QDate kLastDay(2026, 11, 30);
constexpr int kDays = 365;
} // namespace

class TestHistoryView : public QObject
{
    Q_OBJECT
    GuiTestEnv m_env;
    QString m_path;
    QList<history::HistoryDay> m_days;
    QList<history::HistoryEvent> m_events;
    std::unique_ptr<MainWindow> m_window; // on the simulated year, shared by the rows that only read

    std::unique_ptr<MainWindow> openWindow(const QString &drive)
    {
        MainWindowOptions options;
        options.systemBackends = false;
        options.runDirectory = m_env.runDir();
        options.simulatedTimeScale = 0;
        options.historyPath = m_path;
        options.driveToOpen = drive;
        auto window = std::make_unique<MainWindow>(options);
        window->resize(1366, 768);
        window->show();
        if (!QTest::qWaitForWindowExposed(window.get()))
            return nullptr;
        return window;
    }

    // A day the simulated year has no reading of, with readings either side.
    QDate missingDay() const
    {
        for (qsizetype i = 1; i < m_days.size(); ++i) {
            if (m_days.at(i - 1).day.daysTo(m_days.at(i).day) == 2)
                return m_days.at(i).day.addDays(-1);
        }
        return {};
    }

private slots:
    void initTestCase()
    {
        m_path = m_env.home.filePath(QStringLiteral("history.sqlite"));
        auto store = history::HistoryStore::open(m_path);
        QVERIFY(store);
        for (const history::DriveReading &r : history::simulatedHistory(kProfile, kLastDay, kDays))
            QVERIFY((*store)->record(r));
        const auto drive = (*store)->findDrive(QStringLiteral("simulated:") + kProfile);
        QVERIFY(drive);
        m_days = (*store)->days(drive->id);
        m_events = (*store)->events(drive->id);
        QVERIFY(m_days.size() < kDays); // the simulated year has gaps
        QVERIFY(missingDay().isValid());
        m_window = openWindow(QStringLiteral("simulated:") + kProfile);
        QVERIFY(m_window);
    }

    void cleanupTestCase() { m_window.reset(); }

    void everyGraphHasItsSeries_data()
    {
        QTest::addColumn<int>("graph");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("metric"); // -1: a lifespan, known from the second day on
        const auto add = [](const char *name, HistoryGraph g, int line, int metric) {
            QTest::newRow(name) << int(g) << line << metric;
        };
        add("host writes", HistoryGraph::WritesAndWear, 0, int(Metric::HostWritesBytes));
        add("wear", HistoryGraph::WritesAndWear, 1, int(Metric::PercentUsed));
        add("lifespan since new", HistoryGraph::Lifespan, 0, int(Metric::HostWritesBytes));
        add("lifespan 90 days", HistoryGraph::Lifespan, 1, -1);
        add("lifespan 30 days", HistoryGraph::Lifespan, 2, -1);
        add("temperature max", HistoryGraph::Temperature, 0, int(Metric::TemperatureMaxCelsius));
        add("temperature min", HistoryGraph::Temperature, 1, int(Metric::TemperatureMinCelsius));
        add("media errors", HistoryGraph::Errors, 0, int(Metric::MediaErrors));
        add("CRC errors", HistoryGraph::Errors, 1, int(Metric::CrcErrors));
        add("reallocated", HistoryGraph::Errors, 2, int(Metric::ReallocatedSectors));
        add("pending", HistoryGraph::Errors, 3, int(Metric::PendingSectors));
        add("discards", HistoryGraph::Discards, 0, int(Metric::DiscardCount));
    }

    void everyGraphHasItsSeries()
    {
        QFETCH(int, graph);
        QFETCH(int, line);
        QFETCH(int, metric);
        MainWindow *window = m_window.get();
        HistoryTab *tab = window->historyTab();
        QVERIFY(tab->showsHistory());
        const HistoryLine &drawn = tab->chart(HistoryGraph(graph))->data().lines.at(line);
        int expected = 0;
        for (const history::HistoryDay &d : m_days)
            expected += metric < 0 || d.value(Metric(metric)) ? 1 : 0;
        if (metric < 0)
            --expected; // a rate needs two days
        QVERIFY(expected > 300);
        QCOMPARE(drawn.pointCount(), expected);
        // A missing day is a gap: one piece ends the day before, the next starts the day after.
        const double before = dayToX(missingDay().addDays(-1));
        const double after = dayToX(missingDay().addDays(1));
        bool endsBefore = false, startsAfter = false;
        for (const QList<QPointF> &piece : drawn.pieces) {
            endsBefore |= piece.last().x() == before;
            startsAfter |= piece.first().x() == after;
            for (const QPointF &p : piece)
                QVERIFY(p.x() != dayToX(missingDay()));
        }
        QVERIFY(endsBefore);
        QVERIFY(startsAfter);
    }

    void lifespanIsCores()
    {
        MainWindow *window = m_window.get();
        const HistoryChartData data = window->historyTab()->chart(HistoryGraph::Lifespan)->data();
        const HistoryLifespans now =
            lifespansOf(m_days, window->historyTab()->history().drive.capacityBytes);
        QVERIFY(now.sinceNew.years && now.windows.at(0).estimate.years);
        QCOMPARE(data.lines.at(0).pieces.last().last().y(), *now.sinceNew.years);
        QCOMPARE(data.lines.at(1).pieces.last().last().y(), *now.windows.at(1).estimate.years);
        QCOMPARE(data.lines.at(2).pieces.last().last().y(), *now.windows.at(0).estimate.years);
        // The write rate tripled 45 days before the end: the last 30 days see a shorter life.
        QVERIFY(*now.windows.at(0).estimate.years < *now.sinceNew.years * 0.8);
    }

    // The host-writes axis counts in the unit its title names, in every number locale: outside
    // C the formatter joins number and unit with a no-break space, and the title said
    // "Written ()" there (the window's, English and German).
    void writesAxisNamesItsUnit_data()
    {
        QTest::addColumn<QLocale>("locale");
        QTest::newRow("C") << QLocale::c();
        QTest::newRow("English") << QLocale(QLocale::English, QLocale::UnitedStates);
        QTest::newRow("German") << QLocale(QLocale::German, QLocale::Germany);
    }

    void writesAxisNamesItsUnit()
    {
        QFETCH(QLocale, locale);
        double written = 0;
        for (const history::HistoryDay &d : m_days)
            written = std::max(written, d.value(Metric::HostWritesBytes).value_or(0));
        const double tebibyte = std::pow(1024.0, 4);
        QVERIFY(written >= tebibyte && written < 1024 * tebibyte); // the simulated year: TiB
        const QLocale before = numberLocale();
        setNumberLocale(locale);
        const HistoryChartData data =
            historyGraph(HistoryGraph::WritesAndWear, m_window->historyTab()->history());
        setNumberLocale(before);
        QCOMPARE(data.leftTitle, QCoreApplication::translate("HistoryGraphText", "Written (%1)")
                                     .arg(QStringLiteral("TiB")));
        double top = 0;
        for (const QList<QPointF> &piece : data.lines.at(0).pieces)
            for (const QPointF &p : piece)
                top = std::max(top, p.y());
        QCOMPARE(top, written / tebibyte);
    }

    void fstrimRunsAreMarkers()
    {
        MainWindow *window = m_window.get();
        const HistoryChartData data = window->historyTab()->chart(HistoryGraph::Discards)->data();
        int ran = 0, failed = 0, reach = 0;
        for (const history::HistoryEvent &e : m_events) {
            if (e.kind == history::EventKind::TrimReach)
                ++reach;
            else
                ++(e.details.value(QStringLiteral("succeeded")).toBool() ? ran : failed);
        }
        QVERIFY(ran > 40);
        QVERIFY(reach >= 1);
        QCOMPARE(int(data.markers.at(0).at.size()), ran);
        QCOMPARE(int(data.markers.at(1).at.size()), failed);
        QCOMPARE(int(data.markers.at(2).at.size()), reach);
    }

    void zoomChangesTheAxis_data()
    {
        QTest::addColumn<int>("zoom");
        QTest::addColumn<int>("days");
        QTest::newRow("week") << int(HistoryTab::Zoom::Week) << 6;
        QTest::newRow("year") << int(HistoryTab::Zoom::Year) << 364;
        QTest::newRow("all") << int(HistoryTab::Zoom::All) << kDays - 1;
    }

    void zoomChangesTheAxis()
    {
        QFETCH(int, zoom);
        QFETCH(int, days);
        MainWindow *window = m_window.get();
        HistoryTab *tab = window->historyTab();
        // From another zoom, so that the click changes something.
        tab->setZoom(zoom == int(HistoryTab::Zoom::Week) ? HistoryTab::Zoom::All
                                                         : HistoryTab::Zoom::Week);
        QTest::mouseClick(tab->zoomButton(HistoryTab::Zoom(zoom)), Qt::LeftButton);
        QCOMPARE(int(tab->zoom()), zoom);
        for (int g = 0; g < kHistoryGraphCount; ++g) {
            const auto [from, to] = tab->chart(HistoryGraph(g))->shownRange();
            QCOMPARE(to.date(), kLastDay);
            QCOMPARE(from.date().daysTo(to.date()), days);
        }
    }

    // Each graph through the window's one chart export (its dialog, answered here), as PNG.
    void exportWritesPng()
    {
        MainWindow *window = m_window.get();
        HistoryTab *tab = window->historyTab();
        QSignalSpy asked(tab, &HistoryTab::exportChartRequested);
        const QList<QAction *> actions = tab->exportButton()->menu()->actions();
        QCOMPARE(int(actions.size()), kHistoryGraphCount);
        for (int i = 0; i < kHistoryGraphCount; ++i) {
            const QString path =
                m_env.home.filePath(historyGraphFileName(HistoryGraph(i)) + QStringLiteral(".png"));
            QTimer::singleShot(0, this, [path] {
                auto *dialog = qobject_cast<ExportDialog *>(QApplication::activeModalWidget());
                QVERIFY(dialog);
                dialog->pathEdit()->setText(path);
                dialog->accept();
            });
            actions.at(i)->trigger();
            const QImage image(path);
            QVERIFY2(!image.isNull(), qPrintable(path));
            QVERIFY(image.width() >= 200 && image.height() >= 150);
            QCOMPARE(asked.at(i).at(1).toString(), historyGraphFileName(HistoryGraph(i)));
            QCOMPARE(asked.at(i).at(0).value<ChartWidget *>(),
                     static_cast<ChartWidget *>(tab->chart(HistoryGraph(i))));
        }
    }

    void emptyStateSaysHowHistoryIsRecorded()
    {
        const auto window = openWindow(QStringLiteral("simulated:intel-320"));
        QVERIFY(window);
        HistoryTab *tab = window->historyTab();
        QCOMPARE(window->tabs()->currentWidget(), tab);
        QVERIFY(!tab->showsHistory());
        QVERIFY(tab->emptyState()->isVisible());
        QVERIFY(tab->emptyState()->text().contains(QStringLiteral("trimscope-history.timer")));
        // What really records: the timer's collector, which the app and the login entry run
        // too (not trimscope-cli, which only has the same command).
        QVERIFY(tab->emptyState()->text().contains(QStringLiteral("trimscope-history-record")));
        QVERIFY(!tab->emptyState()->text().contains(QStringLiteral("trimscope-cli")));
    }

    void startArguments_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("drive");
        QTest::addColumn<QStringList>("results");
        QTest::newRow("device") << QStringList{QStringLiteral("/dev/sda")}
                                << QStringLiteral("/dev/sda") << QStringList();
        QTest::newRow("results") << QStringList{QStringLiteral("a.json"), QStringLiteral("b.json")}
                                 << QString()
                                 << QStringList{QStringLiteral("a.json"), QStringLiteral("b.json")};
        QTest::newRow("both") << QStringList{QStringLiteral("a.json"),
                                             QStringLiteral("/dev/nvme0n1")}
                              << QStringLiteral("/dev/nvme0n1")
                              << QStringList{QStringLiteral("a.json")};
        QTest::newRow("simulated") << QStringList{QStringLiteral("simulated:ocz-agility3")}
                                   << QStringLiteral("simulated:ocz-agility3") << QStringList();
    }

    void startArguments()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, drive);
        QFETCH(QStringList, results);
        MainWindowOptions options;
        takeStartArguments(arguments, options);
        QCOMPARE(options.driveToOpen, drive);
        QCOMPARE(options.resultsToOpen, results);
    }

    // The drive named as the notifier names it (/dev/NAME) or by its path: selected, History shown.
    void opensOnTheNamedDrive_data()
    {
        QTest::addColumn<QString>("argument");
        QTest::addColumn<QString>("driveId");
        QTest::newRow("path") << QStringLiteral("simulated:intel-320")
                              << QStringLiteral("simulated:intel-320");
        QTest::newRow("/dev name")
            << QStringLiteral("/dev/sim-ocz-agility3") << QStringLiteral("simulated:ocz-agility3");
    }

    void opensOnTheNamedDrive()
    {
        QFETCH(QString, argument);
        QFETCH(QString, driveId);
        const auto window = openWindow(argument);
        QVERIFY(window);
        QCOMPARE(window->driveList()->selectedDriveId(), driveId);
        QCOMPARE(window->tabs()->currentWidget(), window->historyTab());
    }

    // The History tab at 1366x768 in English and German, for a person to look at.
    void screenshots_data()
    {
        QTest::addColumn<QString>("language");
        QTest::newRow("en") << QStringLiteral("en");
        QTest::newRow("de") << QStringLiteral("de");
    }

    void screenshots()
    {
        QFETCH(QString, language);
        const GuiLanguage lang(language);
        QVERIFY(lang.loaded());
        const auto window = openWindow(QStringLiteral("simulated:") + kProfile);
        QVERIFY(window);
        QTest::qWait(50);
        QDir().mkpath(QStringLiteral(SCREENSHOT_DIR));
        QVERIFY(
            window->grab().save(QStringLiteral(SCREENSHOT_DIR "/history-%1.png").arg(language)));
        window->historyTab()->setZoom(HistoryTab::Zoom::Week);
        QVERIFY(
            window->historyTab()
                ->chart(HistoryGraph::Discards)
                ->grab()
                .save(
                    QStringLiteral(SCREENSHOT_DIR "/history-%1-discards-week.png").arg(language)));
    }
};

TRIMSCOPE_TEST_MAIN(TestHistoryView)
#include "tst_historyview.moc"
