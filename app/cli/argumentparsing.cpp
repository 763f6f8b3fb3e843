#include "argumentparsing.h"

#include "clioutput.h"
#include "common/error.h"

#include <QCoreApplication>

namespace trimscope::cli {

namespace {

class CliArgumentsText
{
    Q_DECLARE_TR_FUNCTIONS(CliArguments)
};

// "--json=FILE" -> "json".
QString optionName(const QString &arg)
{
    QString name = arg.section(QLatin1Char('='), 0, 0);
    while (name.startsWith(QLatin1Char('-')))
        name.remove(0, 1);
    return name;
}

// The option given an empty value (`--json=` or `--json ""`), or an empty string. Read from
// the arguments as parsed, not from parser.values(), which Qt 6.8 answers with a warning on
// stderr for every option that takes no value (a refusal must stay one line).
QString optionGivenEmpty(const QStringList &args, const QStringList &positional)
{
    // Empty arguments the parser did not take as positional ones are options' values.
    qsizetype emptyValues = args.count(QString()) - positional.count(QString());
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString &arg = args.at(i);
        if (arg == QLatin1String("--"))
            break;
        if (arg.startsWith(QLatin1Char('-')) && arg.endsWith(QLatin1Char('=')))
            return optionName(arg);
        if (emptyValues > 0 && arg.isEmpty() && i > 0 &&
            args.at(i - 1).startsWith(QLatin1Char('-')) &&
            !args.at(i - 1).contains(QLatin1Char('=')))
            return optionName(args.at(i - 1));
    }
    return {};
}

} // namespace

QCommandLineOption destroyDataOption()
{
    return QCommandLineOption(QStringLiteral("destroy-data"),
                              CliArgumentsText::tr("confirm that DEVICE may be erased"));
}

Error parseCommandLine(QCommandLineParser &parser, const QString &command, const QStringList &args)
{
    // QCommandLineParser takes the first argument for the program's name.
    if (!parser.parse(QStringList{command} + args))
        return {ErrorCode::InvalidArgument, parser.errorText()};
    // `--json ""` would run the whole job and write nothing: a value given empty is no value.
    if (const QString name = optionGivenEmpty(args, parser.positionalArguments());
        !name.isEmpty())
        return {ErrorCode::InvalidArgument,
                CliArgumentsText::tr("--%1 needs a value, not an empty one").arg(name)};
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
    printError(CliArgumentsText::tr("unexpected argument '%1'")
                   .arg(parser.positionalArguments().constFirst()));
    return false;
}

QString parseDeviceArguments(QCommandLineParser &parser, const QString &command,
                             const QStringList &args)
{
    if (!parseArguments(parser, command, args))
        return {};
    if (parser.positionalArguments().size() == 1)
        return parser.positionalArguments().constFirst();
    printError(CliArgumentsText::tr("give exactly one DEVICE"));
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
        printError(CliArgumentsText::tr("give either a DEVICE or --simulate PROFILE"));
        return std::nullopt;
    }
    if (!device.isEmpty() && !confirmDestroy(device, parser.isSet(destroy), what))
        return std::nullopt;
    return device;
}

} // namespace trimscope::cli
