#include "clioutput.h"
#include "commands.h"
#include "common/translations.h"
#include "common/units.h"

#include <QCoreApplication>
#include <QGuiApplication>
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <memory>

using namespace trimscope::cli;

namespace {

void printUsage(FILE *stream)
{
    std::fprintf(stream, "Usage: trimscope-cli COMMAND [OPTIONS]\n\nCommands:\n");
    int width = 0;
    for (const Command &command : commands())
        width = std::max(width, int(std::strlen(command.name)));
    for (const Command &command : commands())
        std::fprintf(stream, "  %-*s %s\n", width, command.name, command.summary);
    std::fprintf(stream, "\nSizes accept 512, 4K, 64M, 2G. 'trimscope-cli COMMAND --help' for the "
                         "options of one command.\n");
}

// A command that lays out text and draws (a report) needs fonts, which only a QGuiApplication
// has; it runs offscreen, needing no display. The rest start as a QCoreApplication, without
// loading Qt Gui's platform plugin.
std::unique_ptr<QCoreApplication> makeApplication(int &argc, char *argv[])
{
    const bool draws =
        argc > 1 &&
        std::any_of(commands().cbegin(), commands().cend(), [&](const Command &command) {
            return command.draws && std::strcmp(argv[1], command.name) == 0;
        });
    if (!draws)
        return std::make_unique<QCoreApplication>(argc, argv);
    qputenv("QT_QPA_PLATFORM", "offscreen");
    // Qt Gui looks for its runtime directory while it starts; drawing offscreen needs none, and
    // root (sudo) has none: its warning is not the command's to print.
    static QtMessageHandler previous = nullptr;
    previous = qInstallMessageHandler(
        [](QtMsgType type, const QMessageLogContext &context, const QString &message) {
            if (!message.startsWith(QLatin1String("QStandardPaths: XDG_RUNTIME_DIR")))
                previous(type, context, message);
        });
    auto app = std::make_unique<QGuiApplication>(argc, argv);
    qInstallMessageHandler(previous);
    return app;
}

} // namespace

int main(int argc, char *argv[])
{
    const std::unique_ptr<QCoreApplication> app = makeApplication(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("trimscope-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(TRIMSCOPE_VERSION));
    trimscope::installTranslations();
    // Numbers in C, the counts of plural messages ("%Ln") too: scripts read this output.
    trimscope::setNumberLocale(trimscope::numberLocale());

    QStringList args = QCoreApplication::arguments().mid(1);
    if (args.isEmpty() || args.first() == QLatin1String("--help") ||
        args.first() == QLatin1String("-h")) {
        printUsage(args.isEmpty() ? stderr : stdout);
        return args.isEmpty() ? ExitRefused : ExitOk;
    }
    if (args.first() == QLatin1String("--version")) {
        std::printf("trimscope-cli %s\n", TRIMSCOPE_VERSION);
        return ExitOk;
    }
    const QString name = args.takeFirst();
    for (const Command &command : commands()) {
        if (name == QLatin1String(command.name)) {
            if (args.contains(QLatin1String("--help")) || args.contains(QLatin1String("-h"))) {
                std::printf("Usage: trimscope-cli %s\n\n%s\n", command.usage, command.summary);
                return ExitOk;
            }
            return command.run(args);
        }
    }
    printError(QStringLiteral("unknown command '%1' (try --help)").arg(name));
    return ExitRefused;
}
