#include "argumentparsing.h"

#include "clioutput.h"
#include "common/error.h"

#include <QCoreApplication>

namespace trimscope::cli {

namespace {

class Text
{
    Q_DECLARE_TR_FUNCTIONS(CliArguments)
};

} // namespace

QCommandLineOption destroyDataOption()
{
    return QCommandLineOption(QStringLiteral("destroy-data"),
                              Text::tr("confirm that DEVICE may be erased"));
}

Error parseCommandLine(QCommandLineParser &parser, const QString &command, const QStringList &args)
{
    // QCommandLineParser takes the first argument for the program's name.
    if (!parser.parse(QStringList{command} + args))
        return {ErrorCode::InvalidArgument, parser.errorText()};
    // `--json ""` would run the whole job and write nothing: a value given empty is no value.
    for (const QString &name : parser.optionNames()) {
        if (parser.values(name).contains(QString()))
            return {ErrorCode::InvalidArgument,
                    Text::tr("--%1 needs a value, not an empty one").arg(name)};
    }
    return {};
}

bool parseArguments(QCommandLineParser &parser, const QString &command, const QStringList &args)
{
    const Error error = parseCommandLine(parser, command, args);
    if (error.isError())
        printError(error);
    return !error.isError();
}

bool parseOptionsOnly(QCommandLineParser &parser, const QString &command, const QStringList &args)
{
    if (!parseArguments(parser, command, args))
        return false;
    if (parser.positionalArguments().isEmpty())
        return true;
    printError(Text::tr("unexpected argument '%1'").arg(parser.positionalArguments().constFirst()));
    return false;
}

QString parseDeviceArguments(QCommandLineParser &parser, const QString &command,
                             const QStringList &args)
{
    if (!parseArguments(parser, command, args))
        return {};
    if (parser.positionalArguments().size() == 1)
        return parser.positionalArguments().constFirst();
    printError(Text::tr("give exactly one DEVICE"));
    return {};
}

std::optional<QString> parseDeviceOrSimulation(QCommandLineParser &parser, const QString &command,
                                               const QStringList &args,
                                               const QCommandLineOption &simulate,
                                               const QCommandLineOption &destroy,
                                               const QString &what)
{
    if (!parseArguments(parser, command, args))
        return std::nullopt;
    const QStringList positional = parser.positionalArguments();
    const QString device = positional.value(0);
    if (positional.size() > 1 || device.isEmpty() == !parser.isSet(simulate)) {
        printError(Text::tr("give either a DEVICE or --simulate PROFILE"));
        return std::nullopt;
    }
    if (!device.isEmpty() && !confirmDestroy(device, parser.isSet(destroy), what))
        return std::nullopt;
    return device;
}

} // namespace trimscope::cli
