#include "clioutput.h"
#include "commands.h"
#include "common/translations.h"

#include <QCoreApplication>
#include <algorithm>
#include <cstdio>
#include <cstring>

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

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("trimscope-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(TRIMSCOPE_VERSION));
    trimscope::installTranslations();

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
