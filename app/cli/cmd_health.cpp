// trimscope-cli health: SMART / NVMe health, wear, host writes and a lifespan estimate.
#include "argumentparsing.h"
#include "clioutput.h"
#include "commands.h"
#include "common/translations.h"
#include "common/units.h"
#include "health/atablob.h"
#include "health/drivehealth.h"
#include "health/healthwords.h"
#include "health/trimreadwords.h"
#include "inputfiles.h"
#include "report/resultfile.h"
#include "reports.h"
#include "runnerchoice.h"
#include "texttable.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QLocale>

namespace trimscope::cli {

namespace {
using namespace trimscope::health;

// A named context lupdate and the runtime agree on (a free tr() wrapper in a namespace gets the
// namespace's name from lupdate, so its strings never matched).
struct CliHealth
{
    Q_DECLARE_TR_FUNCTIONS(CliHealth)
};

QString yesNo(bool v)
{
    return v ? CliHealth::tr("yes") : CliHealth::tr("no");
}

QString bytesText(double bytes)
{
    // Exact bytes for checking, binary units for reading.
    return CliHealth::tr("%1 bytes (%2)")
        .arg(QLocale::c().toString(bytes, 'f', 0), formatBytes(quint64(bytes)));
}

// An attribute's value: skdump's words in English (the table is skdump's, tst_healthcli), the
// reader's words and number format in a translated one (the window's, prettyValueText).
QString prettyCell(const AtaAttribute &a)
{
    if (a.rawNotAvailable())
        return rawNotAvailableText();
    return wordsTranslated() ? prettyValueText(a.prettyValue, a.prettyUnit) : a.prettyText();
}

QString attributeTable(const QList<AtaAttribute> &attributes)
{
    // English: skdump's own words ("n/a", "prefail", "online", "yes").
    const QString notAvailable = CliHealth::tr("n/a", "a SMART table cell without a value");
    const auto num = [&](const std::optional<quint8> &v) {
        return v ? QString::number(*v) : notAvailable;
    };
    const auto good = [&](const std::optional<bool> &v) {
        return v ? (*v ? CliHealth::tr("yes", "SMART table: the attribute is good")
                       : CliHealth::tr("no", "SMART table: the attribute is not good"))
                 : notAvailable;
    };
    using Align = TextTable::Align;
    TextTable table({{CliHealth::tr("ID#"), Align::Right},
                     {CliHealth::tr("Name")},
                     {CliHealth::tr("Value"), Align::Right},
                     {CliHealth::tr("Worst"), Align::Right},
                     {CliHealth::tr("Thres"), Align::Right},
                     {CliHealth::tr("Pretty")},
                     {CliHealth::tr("Raw")},
                     {CliHealth::tr("Type")},
                     {CliHealth::tr("Updates")},
                     {CliHealth::tr("Good")},
                     {CliHealth::tr("Good/Past")}});
    for (const AtaAttribute &a : attributes)
        table.addRow({QString::number(a.id), a.drivedbName.isEmpty() ? a.name : a.drivedbName,
                      num(a.value), num(a.worst), num(a.threshold), prettyCell(a), a.rawHex(),
                      a.prefailure ? CliHealth::tr("prefail", "SMART attribute type (skdump's)")
                                   : CliHealth::tr("old-age", "SMART attribute type (skdump's)"),
                      a.online ? CliHealth::tr("online", "SMART attribute updated online")
                               : CliHealth::tr("offline", "SMART attribute updated offline"),
                      good(a.goodNow), good(a.goodInThePast)});
    return table.text();
}

QString ataDetails(const DriveHealth &h)
{
    const AtaHealth &ata = *h.ata;
    const AtaIdentify &id = ata.identify;
    const auto figure = [](const std::optional<AtaFigureReading> &f) {
        return f ? QString::number(f->value) : CliHealth::tr("unknown");
    };
    QString out;
    out += CliHealth::tr("Serial:       %1\nFirmware:     %2\n").arg(id.serial, id.firmware);
    const auto ssd = id.nonRotating();
    out += CliHealth::tr("Medium:       %1\n")
               .arg(!ssd   ? CliHealth::tr("not reported (word 217 = 0)")
                    : *ssd ? CliHealth::tr("solid state")
                           : CliHealth::tr("rotating, %1 rpm").arg(id.rotationRate));
    out += CliHealth::tr(
               "TRIM:         %1; deterministic read after TRIM: %2; read zeroes after TRIM: %3\n")
               .arg(yesNo(id.trimSupported), yesNo(id.deterministicReadAfterTrim),
                    yesNo(id.readZeroesAfterTrim));
    out +=
        CliHealth::tr("NCQ:          %1; SEND/RECEIVE FPDMA QUEUED (needed for queued TRIM): %2\n")
            .arg(yesNo(id.ncqSupported), yesNo(id.ncqSendReceiveSupported));
    // What a read after TRIM returns and what the kernel itself makes of this drive's TRIM
    // (libata's quirk list), in the words the Health tab and the report use too
    // (health/trimreadwords).
    const TrimReadFacts facts = trimReadFacts(h);
    if (!facts.afterTrim.isEmpty())
        out += CliHealth::tr("After TRIM:   %1\n").arg(facts.afterTrim);
    if (!facts.kernel.isEmpty())
        out += CliHealth::tr("Kernel:       %1\n").arg(facts.kernel);
    out += CliHealth::tr("SMART status: %1\n")
               .arg(ata.smartStatusGood
                        ? (*ata.smartStatusGood ? CliHealth::tr("good") : CliHealth::tr("BAD"))
                        : CliHealth::tr("unknown"));
    out += CliHealth::tr("Power cycles: %1\n")
               .arg(ata.powerCycles ? QString::number(*ata.powerCycles) : CliHealth::tr("unknown"));
    out += CliHealth::tr("Bad sectors:  %1 (reallocated %2, pending %3)\n")
               .arg(ata.badSectors ? QString::number(*ata.badSectors) : CliHealth::tr("unknown"),
                    figure(ata.reallocatedSectors), figure(ata.pendingSectors));
    if (ata.driveDb) {
        const DriveDbMatch &db = *ata.driveDb;
        out += db.entryMatched
                   ? CliHealth::tr("Drive DB:     smartmontools %1: \"%2\"\n")
                         .arg(db.version, db.family)
                   : CliHealth::tr("Drive DB:     smartmontools %1 does not know this drive "
                                   "(its default attribute names)\n")
                         .arg(db.version);
        if (!db.warning.isEmpty())
            out += CliHealth::tr("DB warning:   %1\n").arg(db.warning.simplified());
    }
    if (ata.percentUsed)
        out += CliHealth::tr("Wear rule:    %1\n").arg(ata.percentUsed->rule);
    if (ata.hostWritesBytes)
        out += CliHealth::tr("Writes rule:  %1 (raw %2 × %3 bytes)\n")
                   .arg(ata.hostWritesBytes->rule)
                   .arg(ata.hostWritesBytes->rawCount)
                   .arg(ata.hostWritesBytes->unitBytes);
    return out;
}

QString nvmeDetails(const DriveHealth &h)
{
    const NvmeSmartLog &log = *h.nvme;
    QString out;
    if (h.nvmeIdentify)
        out += CliHealth::tr("Serial:       %1\nFirmware:     %2\nTRIM:         %3 (ONCS Dataset "
                             "Management)\n")
                   .arg(h.nvmeIdentify->serial, h.nvmeIdentify->firmware,
                        yesNo(h.nvmeIdentify->datasetManagementSupported()));
    if (const QString afterTrim = trimReadFacts(h).afterTrim; !afterTrim.isEmpty())
        out += CliHealth::tr("After TRIM:   %1\n").arg(afterTrim);
    const QStringList warnings = log.criticalWarnings();
    out +=
        CliHealth::tr("Warnings:     %1\n")
            .arg(warnings.isEmpty() ? CliHealth::tr("none") : warnings.join(QStringLiteral(", ")));
    out += CliHealth::tr("Spare:        %1 % (threshold %2 %)\n")
               .arg(log.availableSparePercent)
               .arg(log.availableSpareThresholdPercent);
    if (const auto read = log.bytesRead())
        out += CliHealth::tr("Host reads:   %1\n").arg(bytesText(read->toDouble()));
    if (log.hostCommandsKnown)
        out += CliHealth::tr("Commands:     %1 reads, %2 writes\n")
                   .arg(log.hostReadCommands.toDecimal(), log.hostWriteCommands.toDecimal());
    else
        out += CliHealth::tr("Commands:     unknown (udisks2 does not report them)\n");
    out += CliHealth::tr("Power cycles: %1; unsafe shutdowns: %2\n")
               .arg(log.powerCycles.toDecimal(), log.unsafeShutdowns.toDecimal());
    out += CliHealth::tr("Errors:       %1 media errors, %2 error-log entries\n")
               .arg(log.mediaErrors.toDecimal(), log.errorLogEntries.toDecimal());
    return out;
}

QString healthReportText(const DriveHealth &h)
{
    QString out;
    out += CliHealth::tr("Drive:        %1 (%2)\n")
               .arg(h.model,
                    h.kind == DeviceKind::Nvme ? QStringLiteral("NVMe") : QStringLiteral("ATA"));
    out += CliHealth::tr("Source:       %1\n").arg(h.source);
    if (h.capacityBytes > 0)
        out += CliHealth::tr("Capacity:     %1\n").arg(bytesText(h.capacityBytes));
    out += CliHealth::tr("Overall:      %1\n").arg(overallText(h.overall.value_or(QString())));
    out += CliHealth::tr("Powered on:   %1\n")
               .arg(h.powerOnHours ? CliHealth::tr("%1 h").arg(formatFixed(*h.powerOnHours, 1))
                                   : CliHealth::tr("unknown"));
    out += CliHealth::tr("Temperature:  %1\n")
               .arg(h.temperatureCelsius
                        ? CliHealth::tr("%1 °C").arg(formatFixed(*h.temperatureCelsius, 1))
                        : CliHealth::tr("unknown"));
    out += CliHealth::tr("Wear:         %1\n")
               .arg(h.percentUsed ? CliHealth::tr("%1 % of rated endurance used")
                                        .arg(formatNumber(*h.percentUsed))
                                  : CliHealth::tr("unknown"));
    out += CliHealth::tr("Host writes:  %1\n")
               .arg(h.hostWritesBytes ? bytesText(*h.hostWritesBytes) : CliHealth::tr("unknown"));
    out += h.ata ? ataDetails(h) : nvmeDetails(h);

    const LifespanEstimate &l = h.lifespan;
    if (l.years) {
        out += CliHealth::tr("Lifespan:     about %1 years in total at %2 per day\n")
                   .arg(formatFixed(*l.years, 1),
                        formatBytes(quint64(l.input.writeRate->bytesPerDay)));
    } else {
        out += CliHealth::tr("Lifespan:     unknown (%1)\n").arg(lifespanUnknownText(l));
    }
    out += CliHealth::tr("  assuming:   %1\n")
               .arg(lifespanAssumptionTexts(l).join(QStringLiteral("; ")));
    if (h.wearExtrapolation) {
        const WearExtrapolation &w = *h.wearExtrapolation;
        out +=
            w.remainingYears
                ? CliHealth::tr(
                      "From wear:    about %1 years left ((100 − used) / used × power-on time)\n")
                      .arg(formatFixed(*w.remainingYears, 1))
                : CliHealth::tr("From wear:    unknown (%1)\n").arg(wearUnknownText(w));
    }
    if (h.ata && !h.ata->attributes.isEmpty())
        out += QLatin1Char('\n') + attributeTable(h.ata->attributes);
    return out;
}

} // namespace

QString formatHealthReport(const DriveHealth &h)
{
    // Read by people, in their words: in a translated language the numbers in their locale too
    // (as the window and the PDF show them), wherever the report is printed (`health`, `show` of
    // a saved file, a result from the helper). English and the JSON stay in C for scripts.
    const PeopleNumbers people;
    return healthReportText(h);
}

namespace {

std::optional<double> positiveNumber(const QString &text)
{
    bool ok = false;
    const double v = text.toDouble(&ok);
    return ok && v > 0 ? std::optional<double>(v) : std::nullopt;
}
} // namespace

int runHealth(const QStringList &args)
{
    QCommandLineParser parser;
    const QCommandLineOption blobOption(QStringLiteral("blob"),
                                        CliHealth::tr("Read a saved SMART blob (skdump --save)."),
                                        QStringLiteral("FILE"));
    const QCommandLineOption jsonOption(QStringLiteral("json"), CliHealth::tr("Print JSON."));
    const QCommandLineOption cellOption(
        QStringLiteral("cell-type"),
        CliHealth::tr("NAND cell type for the estimate: slc, mlc, tlc, qlc."),
        QStringLiteral("TYPE"), QStringLiteral("tlc"));
    const QCommandLineOption cyclesOption(
        QStringLiteral("rated-cycles"), CliHealth::tr("Rated P/E cycles (default: by cell type)."),
        QStringLiteral("N"));
    const QCommandLineOption waOption(QStringLiteral("write-amplification"),
                                      CliHealth::tr("Write amplification (default 3)."),
                                      QStringLiteral("X"));
    parser.addOptions({blobOption, jsonOption, cellOption, cyclesOption, waOption});
    parser.addPositionalArgument(QStringLiteral("DEVICE"),
                                 CliHealth::tr("Block device, e.g. /dev/sda."));
    if (!parseArguments(parser, QStringLiteral("health"), args))
        return ExitRefused;
    const QStringList positional = parser.positionalArguments();
    const bool fromBlob = parser.isSet(blobOption);
    if (fromBlob == !positional.isEmpty() || positional.size() > 1) {
        printError(CliHealth::tr("give exactly one of DEVICE or --blob FILE"));
        return ExitRefused;
    }

    const auto cell = cellTypeFromName(parser.value(cellOption));
    if (!cell) {
        printError(CliHealth::tr("unknown cell type '%1' (slc, mlc, tlc, qlc)")
                       .arg(parser.value(cellOption)));
        return ExitRefused;
    }
    LifespanAssumptions assumptions = LifespanAssumptions::forCellType(*cell);
    for (const auto &[option, target] : {std::pair{&cyclesOption, &assumptions.ratedCycles},
                                         std::pair{&waOption, &assumptions.writeAmplification}}) {
        if (!parser.isSet(*option))
            continue;
        const auto v = positiveNumber(parser.value(*option));
        if (!v) {
            printError(
                CliHealth::tr("--%1 needs a positive number").arg(option->names().constFirst()));
            return ExitRefused;
        }
        *target = *v;
    }

    DriveHealth health;
    if (fromBlob) {
        const QString path = parser.value(blobOption);
        // A regular file of blob size only: a wrong path (an image, a device, a FIFO) is refused.
        const auto bytes = readInputFile(path, InputFileKind::SmartBlob);
        if (!bytes) {
            printError(bytes.error());
            return ExitRefused;
        }
        // Waited for (or read here): the command prints nothing before its answer.
        auto ata = loadAtaSmartBlob(*bytes, systemDriveDatabase());
        if (!ata) {
            printError(ata.error());
            return ExitRefused;
        }
        health = summarizeAta(std::move(*ata), assumptions);
        health.source = path;
    } else {
        auto read = readHealth(positional.first(), assumptions);
        if (!read) {
            printError(read.error());
            return exitCodeFor(read.error());
        }
        health = std::move(*read);
    }

    if (parser.isSet(jsonOption)) {
        printOut(QString::fromUtf8(resultToJsonBytes(health)));
    } else {
        printOut(formatHealthReport(health));
    }
    return ExitOk;
}

} // namespace trimscope::cli
