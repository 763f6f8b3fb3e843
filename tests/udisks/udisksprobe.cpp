// The GUI's udisks2 tier driven from a script: the same UdisksBackend (and the UdisksJobRunner it
// hands out) the window uses, run as whoever starts it (tst_udisksbackend runs it as nobody).
// One line per event, flushed:
//   udisksprobe list
//     status AVAILABLE SUMMARY | drive PATH discard=0|1 reasons=NAME,...|- FIRST-REFUSAL |
//     can WHAT | cannot WHAT | WHY | REMEDY
//   udisksprobe sweep DEVICE [--min N --max N --repeat N --seed N --json FILE] [--by-path]
//     started | status TEXT | sample INDEX BYTES OFFSET SECONDS |
//     completed 0|1 ERROR-NAME|- WORDS          ("cancel" on stdin cancels)
//     --by-path: UdisksJobRunner on the path alone, as the CLI uses it (no listing first)
//   udisksprobe health DEVICE [--json FILE]
//     health-error ERROR-NAME WORDS | health-ok MODEL OVERALL  (--json: the health report)
//   udisksprobe screenshot PREFIX
//     the whole main window (every backend, as the app builds them) once the backends have
//     settled, in the language LANGUAGE names: PREFIX-window.png and PREFIX-drivelist.png;
//     then one "row TEXT" per line of the drive list and "saved PREFIX"
#include "backends/errorwords.h"
#include "backends/udisksbackend.h"
#include "common/translations.h"
#include "device/safetypolicy.h"
#include "health/drivehealth.h"
#include "mainwindow.h"
#include "report/resultfile.h"
#include "udisksjobrunner.h"
#include "widgets/drivelist.h"

#include <QAbstractItemModel>
#include <QApplication>
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QSocketNotifier>
#include <QTemporaryDir>
#include <QTimer>
#include <QTreeView>
#include <cstdio>
#include <memory>
#include <unistd.h>

using namespace trimscope;
using namespace trimscope::gui;

namespace {

void printLine(const QString &line)
{
    std::fprintf(stdout, "%s\n", qPrintable(line));
    std::fflush(stdout);
}

QString oneLine(QString text)
{
    return text.replace(QLatin1Char('\n'), QLatin1String(" / "));
}

// Waits until the backend has listed and polkit has answered: no change for `quietMs`.
void settle(Backend &backend, int quietMs = 1500)
{
    QEventLoop loop;
    QTimer quiet;
    quiet.setSingleShot(true);
    QObject::connect(&quiet, &QTimer::timeout, &loop, &QEventLoop::quit);
    QObject::connect(&backend, &Backend::changed, &loop,
                     [&quiet, quietMs] { quiet.start(quietMs); });
    quiet.start(quietMs * 4);
    loop.exec();
}

int list(UdisksBackend &backend)
{
    settle(backend);
    const BackendStatus status = backend.status();
    printLine(QStringLiteral("status %1 %2").arg(status.available ? 1 : 0).arg(status.summary));
    for (const DriveEntry &drive : backend.drives()) {
        QStringList reasons;
        for (const Refusal &refusal : drive.safety.refusals)
            reasons.append(refusalReasonName(refusal.reason));
        printLine(QStringLiteral("drive %1 discard=%2 reasons=%3 %4")
                      .arg(drive.info.path)
                      .arg(drive.supportsDiscard ? 1 : 0)
                      .arg(reasons.isEmpty() ? QStringLiteral("-") : reasons.join(QLatin1Char(',')),
                           oneLine(drive.safety.firstError().message)));
    }
    for (const BackendCapability &capability : status.capabilities) {
        if (capability.available)
            printLine(QStringLiteral("can %1 | %2").arg(capability.what, capability.note));
        else
            printLine(QStringLiteral("cannot %1 | %2 | %3")
                          .arg(capability.what, capability.why, capability.remedy));
    }
    return 0;
}

// `backend`: none for --by-path, which asks polkit nothing of its own.
int sweep(UdisksBackend *backend, const QCommandLineParser &parser, const QString &device)
{
    SweepPlan plan;
    plan.minBytes = parser.value(QStringLiteral("min")).toULongLong();
    plan.maxBytes = parser.value(QStringLiteral("max")).toULongLong();
    if (parser.isSet(QStringLiteral("repeat")))
        plan.repeats = parser.value(QStringLiteral("repeat")).toInt();
    if (parser.isSet(QStringLiteral("seed")))
        plan.seed = parser.value(QStringLiteral("seed")).toULongLong();
    const QString jsonPath = parser.value(QStringLiteral("json"));

    JobRunner *runner = nullptr;
    if (!backend) {
        runner = new UdisksJobRunner(plan, device);
    } else {
        settle(*backend, 500);
        for (const DriveEntry &drive : backend->drives()) {
            if (drive.info.path == device)
                runner = backend->start(drive, plan);
        }
        if (!runner) {
            printLine(QStringLiteral("completed 0 - not listed: %1").arg(device));
            return 1;
        }
    }
    int exitCode = 1;
    QObject::connect(runner, &JobRunner::statusMessage, [](const QString &text) {
        if (!text.isEmpty())
            printLine(QStringLiteral("status ") + text);
    });
    quint64 index = 0;
    QObject::connect(runner, &JobRunner::samplesMeasured, [&index](const QList<Sample> &samples) {
        for (const Sample &sample : samples)
            printLine(QStringLiteral("sample %1 %2 %3 %4")
                          .arg(index++)
                          .arg(sample.bytes)
                          .arg(sample.offset)
                          .arg(sample.seconds, 0, 'g', 17));
    });
    QObject::connect(runner, &JobRunner::finished, [&](const JobOutcome &outcome) {
        if (!jsonPath.isEmpty() && outcome.result) {
            QFile file(jsonPath);
            if (file.open(QIODevice::WriteOnly))
                file.write(resultToJsonBytes(*outcome.result));
        }
        const bool success = outcome.stopReason == StopReason::Completed;
        printLine(QStringLiteral("completed %1 %2 %3")
                      .arg(success ? 1 : 0)
                      .arg(outcome.error.isError() ? dbusErrorName(outcome.error.code)
                                                   : QStringLiteral("-"),
                           oneLine(errorInWords(outcome.error))));
        exitCode = success ? 0 : 1;
        QCoreApplication::quit();
    });
    QSocketNotifier input(STDIN_FILENO, QSocketNotifier::Read);
    QObject::connect(&input, &QSocketNotifier::activated, [&] {
        char buffer[64];
        const ssize_t got = ::read(STDIN_FILENO, buffer, sizeof buffer);
        if (got <= 0) {
            input.setEnabled(false);
            return;
        }
        if (QByteArray(buffer, int(got)).contains("cancel"))
            runner->cancel();
    });
    runner->start();
    printLine(QStringLiteral("started"));
    QCoreApplication::exec();
    delete runner;
    return exitCode;
}

int readHealth(UdisksBackend &backend, const QString &device, const QString &jsonPath)
{
    settle(backend, 500);
    int exitCode = 1;
    bool asked = false;
    QObject::connect(
        &backend, &Backend::healthRead,
        [&](const QString &, const Error &error, const health::DriveHealth &health) {
            if (error.isError()) {
                printLine(QStringLiteral("health-error %1 %2")
                              .arg(dbusErrorName(error.code), oneLine(errorInWords(error))));
            } else {
                if (!jsonPath.isEmpty()) {
                    QFile file(jsonPath);
                    if (file.open(QIODevice::WriteOnly))
                        file.write(resultToJsonBytes(health));
                }
                printLine(QStringLiteral("health-ok %1 %2")
                              .arg(health.model, health.overall.value_or(QStringLiteral("?"))));
                exitCode = 0;
            }
            QCoreApplication::quit();
        });
    for (const DriveEntry &drive : backend.drives()) {
        if (drive.info.path == device) {
            backend.readHealth(drive);
            asked = true;
        }
    }
    if (!asked) {
        printLine(QStringLiteral("health-error - not listed: %1").arg(device));
        return 1;
    }
    QCoreApplication::exec();
    return exitCode;
}

void printRows(const QAbstractItemModel &model, const QModelIndex &parent)
{
    for (int row = 0; row < model.rowCount(parent); ++row) {
        const QModelIndex index = model.index(row, 0, parent);
        printLine(QStringLiteral("row ") + oneLine(index.data().toString()));
        printRows(model, index);
    }
}

int screenshot(const QString &prefix)
{
    installTranslations();
    QTemporaryDir runs;
    MainWindowOptions options;
    options.runDirectory = runs.path();
    MainWindow window(options);
    window.resize(1280, 800);
    window.show();
    // Every backend has listed and polkit has answered: no change for a while.
    QEventLoop loop;
    QTimer quiet;
    quiet.setSingleShot(true);
    QObject::connect(&quiet, &QTimer::timeout, &loop, &QEventLoop::quit);
    for (Backend *backend : window.findChildren<Backend *>())
        QObject::connect(backend, &Backend::changed, &loop, [&quiet] { quiet.start(1500); });
    quiet.start(6000);
    loop.exec();
    auto *drives = window.findChild<DriveList *>();
    if (!drives)
        return 1;
    drives->view()->expandAll();
    printRows(*drives->view()->model(), {});
    QCoreApplication::processEvents();
    if (!window.grab().save(prefix + QStringLiteral("-window.png")) ||
        !drives->grab().save(prefix + QStringLiteral("-drivelist.png")))
        return 1;
    printLine(QStringLiteral("saved ") + prefix);
    return 0;
}

} // namespace

int main(int argc, char *argv[])
{
    // The screenshot needs widgets; the rest runs without them.
    std::unique_ptr<QCoreApplication> application;
    if (argc > 1 && qstrcmp(argv[1], "screenshot") == 0)
        application = std::make_unique<QApplication>(argc, argv);
    else
        application = std::make_unique<QCoreApplication>(argc, argv);
    QCoreApplication &app = *application;
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("COMMAND"), QStringLiteral("list|sweep|health"));
    parser.addPositionalArgument(QStringLiteral("DEVICE"), QStringLiteral("block device"));
    parser.addOptions(
        {{QStringLiteral("min"), QStringLiteral("bytes"), QStringLiteral("N")},
         {QStringLiteral("max"), QStringLiteral("bytes"), QStringLiteral("N")},
         {QStringLiteral("repeat"), QStringLiteral("repeats"), QStringLiteral("N")},
         {QStringLiteral("seed"), QStringLiteral("seed"), QStringLiteral("N")},
         {QStringLiteral("json"), QStringLiteral("result file"), QStringLiteral("FILE")},
         {QStringLiteral("by-path"), QStringLiteral("run on the path alone, as the CLI does")}});
    parser.process(app);
    const QStringList arguments = parser.positionalArguments();
    if (arguments.value(0) == QLatin1String("screenshot"))
        return screenshot(arguments.value(1));
    const QString command = arguments.value(0);
    // The runner on the path alone, as the CLI uses it: no backend listing and asking polkit.
    if (command == QLatin1String("sweep") && parser.isSet(QStringLiteral("by-path")))
        return sweep(nullptr, parser, arguments.value(1));
    UdisksBackend backend;
    if (command == QLatin1String("list"))
        return list(backend);
    if (command == QLatin1String("sweep"))
        return sweep(&backend, parser, arguments.value(1));
    if (command == QLatin1String("health"))
        return readHealth(backend, arguments.value(1), parser.value(QStringLiteral("json")));
    printLine(QStringLiteral("usage: udisksprobe list | sweep DEVICE | health DEVICE | "
                             "screenshot PREFIX"));
    return 2;
}
