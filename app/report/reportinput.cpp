#include "reportinput.h"

#include "report/adviceinput.h"
#include "reporttext.h"

#include <QFileInfo>
#include <QLocale>

namespace trimscope::report {

QString reportDateTime(const QDateTime &when)
{
    const QDateTime local = when.toLocalTime();
    return QStringLiteral("%1 %2").arg(
        QLocale().toString(local, QStringLiteral("yyyy-MM-dd HH:mm")),
        local.timeZoneAbbreviation());
}

namespace {

// "the TRIM sweep of 2026-11-28 00:41", for the "Based on" line; a simulated drive's run says
// so, as the Advice tab's line does (issue 47 item 13).
QString sourceWords(const AnyResult &result)
{
    const ResultEnvelope envelope = envelopeOf(result);
    const QString when =
        envelope.run.started.isValid() ? reportDateTime(envelope.run.started) : QString();
    const bool simulated = envelope.run.drive.simulated;
    // The words for a measured run, then a simulated one; each dated, then undated.
    const auto dated = [&when, simulated](const QString &withDate, const QString &undated,
                                          const QString &simulatedWithDate,
                                          const QString &simulatedUndated) {
        if (simulated)
            return when.isEmpty() ? simulatedUndated : simulatedWithDate.arg(when);
        return when.isEmpty() ? undated : withDate.arg(when);
    };
    switch (result.index()) {
    case variantIndex<SweepResult>():
        return dated(ReportText::tr("the TRIM sweep of %1"), ReportText::tr("a TRIM sweep"),
                     ReportText::tr("the simulated TRIM sweep of %1"),
                     ReportText::tr("a simulated TRIM sweep"));
    case variantIndex<DiagnosisResult>():
        return dated(ReportText::tr("the diagnosis of %1"), ReportText::tr("a diagnosis"),
                     ReportText::tr("the simulated diagnosis of %1"),
                     ReportText::tr("a simulated diagnosis"));
    case variantIndex<fsbench::FsBenchResult>():
        return dated(ReportText::tr("the filesystem experiment of %1"),
                     ReportText::tr("a filesystem experiment"),
                     ReportText::tr("the simulated filesystem experiment of %1"),
                     ReportText::tr("a simulated filesystem experiment"));
    case variantIndex<probe::BackgroundProbeResult>():
        return dated(ReportText::tr("the background-TRIM probe of %1"),
                     ReportText::tr("a background-TRIM probe"),
                     ReportText::tr("the simulated background-TRIM probe of %1"),
                     ReportText::tr("a simulated background-TRIM probe"));
    case variantIndex<stall::StallResult>():
        return dated(ReportText::tr("the stall test of %1"), ReportText::tr("a stall test"),
                     ReportText::tr("the simulated stall test of %1"),
                     ReportText::tr("a simulated stall test"));
    case variantIndex<health::DriveHealth>():
        return ReportText::tr("the drive's health report");
    case variantIndex<audit::AuditReport>():
        return ReportText::tr("a saved audit");
    default:
        return resultWhat(result);
    }
}

// The drive's full health, where the files hold it: a health report, else a diagnosis's.
std::optional<health::DriveHealth> healthOf(const AnyResult &result)
{
    if (const auto *health = std::get_if<health::DriveHealth>(&result))
        return *health;
    if (const auto *diagnosis = std::get_if<DiagnosisResult>(&result))
        return diagnosis->health;
    return std::nullopt;
}

} // namespace

Expected<ReportInput> reportInputOf(const QList<ReportSource> &sources,
                                    const std::optional<audit::AuditReport> &audit)
{
    advice::AdviceInput input;
    ReportInput report;
    QStringList used;
    for (const ReportSource &source : sources) {
        if (const Error error = addAdviceInput(source.result, input); error.isError())
            return makeError(error.code, QStringLiteral("%1: %2").arg(source.path, error.message));
        if (std::optional<health::DriveHealth> health = healthOf(source.result))
            report.health = std::move(health);
        used.append(sourceWords(source.result));
    }
    if (audit) {
        input.audit = audit;
        used.append(ReportText::tr("the audit of this computer"));
    }
    if (!input.sweeps.isEmpty())
        report.drive = input.sweeps.constFirst().drive;
    else if (input.drive)
        report.drive = *input.drive;
    else if (input.stall)
        report.drive = input.stall->drive;
    else if (report.health) {
        // A health report alone: the drive it names, without the facts only a run records.
        report.drive.model = report.health->model;
        report.drive.path = report.health->source;
        report.drive.name = QFileInfo(report.health->source).fileName();
        report.drive.sizeBytes = quint64(std::max(0.0, report.health->capacityBytes));
        report.blockFacts = false;
    }
    report.sweeps = input.sweeps;
    report.advice = advice::adviseTrim(input);
    report.basedOn = used.isEmpty()
                         ? ReportText::tr("Based on: nothing measured.")
                         : ReportText::tr("Based on: %1.").arg(used.join(QStringLiteral("; ")));
    report.created = QDateTime::currentDateTime();
    report.toolVersion = QStringLiteral(TRIMSCOPE_VERSION);
    return report;
}

} // namespace trimscope::report
