// trimscope-cli show: any result file TrimScope wrote, read back through core's reader and shown
// as the report its command prints.
#include "argumentparsing.h"
#include "clioutput.h"
#include "commands.h"
#include "inputfiles.h"
#include "reports.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>

namespace trimscope::cli {

namespace {
class CliShowText
{
    Q_DECLARE_TR_FUNCTIONS(CliShow)
};
} // namespace

int runShow(const QStringList &args)
{
    QCommandLineParser parser;
    const QCommandLineOption json(
        QStringLiteral("json"),
        CliShowText::tr("Print the result as JSON, as this TrimScope writes it."));
    parser.addOption(json);
    parser.addPositionalArgument(QStringLiteral("FILE"), CliShowText::tr("A result file (JSON)."));
    if (!parseArguments(parser, QStringLiteral("show"), args))
        return ExitRefused;
    if (parser.positionalArguments().isEmpty()) {
        printError(CliShowText::tr("give at least one FILE"));
        return ExitRefused;
    }
    for (const QString &path : parser.positionalArguments()) {
        const Expected<AnyResult> result = readResultFile(path);
        if (!result) {
            printError(result.error());
            return ExitRefused;
        }
        printOut(parser.isSet(json) ? QString::fromUtf8(resultToJsonBytes(*result))
                                    : formatReport(*result));
    }
    return ExitOk;
}

} // namespace trimscope::cli
