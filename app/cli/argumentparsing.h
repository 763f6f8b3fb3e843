#pragma once

#include <QCommandLineParser>
#include <QStringList>
#include <optional>

namespace trimscope {
struct Error;
}

namespace trimscope::cli {

// --destroy-data: the confirmation every subcommand that writes to a DEVICE asks for (see
// confirmDestroy).
QCommandLineOption destroyDataOption();

// Parses a subcommand's arguments (args exclude the program and the subcommand). An unknown
// option, a missing value or an empty one (`--json ""`) is printed in one line and false
// returned: the caller exits ExitRefused.
bool parseArguments(QCommandLineParser &parser, const QString &command, const QStringList &args);
// The same, for a caller that reports the refusal itself (InvalidArgument).
Error parseCommandLine(QCommandLineParser &parser, const QString &command, const QStringList &args);

// The same for a subcommand that takes options only: a positional argument left over is refused
// by name as well.
bool parseOptionsOnly(QCommandLineParser &parser, const QString &command, const QStringList &args);

// For a subcommand that acts on exactly one DEVICE (plus options): the device, or an empty
// string once the complaint is printed (the caller exits ExitRefused).
QString parseDeviceArguments(QCommandLineParser &parser, const QString &command,
                             const QStringList &args);

// For a subcommand that runs on a DEVICE or on a simulated drive (--simulate PROFILE): parses,
// insists on exactly one of the two and, for a device, on --destroy-data (confirmDestroy, `what`
// names the run). The device, empty for a simulated drive, or nothing once the complaint is
// printed (the caller exits ExitRefused).
std::optional<QString> parseDeviceOrSimulation(QCommandLineParser &parser, const QString &command,
                                               const QStringList &args,
                                               const QCommandLineOption &simulate,
                                               const QCommandLineOption &destroy,
                                               const QString &what);

} // namespace trimscope::cli
