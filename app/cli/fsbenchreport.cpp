#include "clioutput.h"
#include "commands.h"
#include "common/units.h"
#include "reports.h"

#include <QCoreApplication>

namespace trimscope::cli {

namespace {

using namespace trimscope::fsbench;

class FsBenchReportText
{
    Q_DECLARE_TR_FUNCTIONS(CliFsBench)
};

QString discardsCell(const DiscardDelta &d)
{
    if (d.count == 0)
        return QStringLiteral("-");
    return FsBenchReportText::tr("%1 x %2").arg(d.count).arg(
        formatBytes(quint64(d.averageBytes())));
}

QString statusNote(RunStatus status, const QString &message)
{
    if (status == RunStatus::Measured)
        return message;
    return message.isEmpty() ? runStatusName(status)
                             : QStringLiteral("%1: %2").arg(runStatusName(status), message);
}

QString secondsCell(const PhaseResult *phase)
{
    return phase ? formatSeconds(phase->seconds) : QStringLiteral("-");
}

} // namespace

QString formatFsBenchReport(const FsBenchResult &result)
{
    QString text;
    text += FsBenchReportText::tr("Drive: %1, %2, %3\n")
                .arg(result.drive.displayName(), result.drive.path,
                     formatBytes(result.drive.sizeBytes));
    text += FsBenchReportText::tr("Tree:  %1 files, %2 (preset %3, seed %4)\n\n")
                .arg(result.plan.tree.files)
                .arg(formatBytes(result.plan.tree.bytes), result.plan.tree.preset)
                .arg(result.plan.tree.seed);
    text += QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8 %9 %10\n")
                .arg(FsBenchReportText::tr("FS"), -6)
                .arg(FsBenchReportText::tr("VARIANT"), -14)
                .arg(FsBenchReportText::tr("CREATE+SYNC"), 12)
                .arg(FsBenchReportText::tr("DELETE"), 10)
                .arg(FsBenchReportText::tr("SYNC"), 10)
                .arg(FsBenchReportText::tr("SETTLE"), 10)
                .arg(FsBenchReportText::tr("UNMOUNT"), 10)
                .arg(FsBenchReportText::tr("DELETE TOTAL"), 12)
                .arg(FsBenchReportText::tr("DISCARDS x AVG"), 18)
                .arg(FsBenchReportText::tr("FSTRIM (DISCARDS)"), -24);
    for (const DeleteRun &run : result.runs) {
        QString line = QStringLiteral("%1 %2 ").arg(run.filesystem, -6).arg(run.variant, -14);
        if (run.status != RunStatus::Measured) {
            text += line + statusNote(run.status, run.message) + QLatin1Char('\n');
            continue;
        }
        const PhaseResult *create = run.phase(Phase::Create);
        const PhaseResult *syncCreate = run.phase(Phase::SyncAfterCreate);
        const double createSeconds =
            (create ? create->seconds : 0) + (syncCreate ? syncCreate->seconds : 0);
        const PhaseResult *fstrim = run.phase(Phase::Fstrim);
        line += QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8")
                    .arg(formatSeconds(createSeconds), 12)
                    .arg(secondsCell(run.phase(Phase::Delete)), 10)
                    .arg(secondsCell(run.phase(Phase::SyncAfterDelete)), 10)
                    .arg(secondsCell(run.phase(Phase::Settle)), 10)
                    .arg(secondsCell(run.phase(Phase::Unmount)), 10)
                    .arg(formatSeconds(run.deleteSeconds()), 12)
                    .arg(discardsCell(run.deleteDiscards()), 18)
                    .arg(fstrim ? QStringLiteral("%1 (%2)").arg(formatSeconds(fstrim->seconds),
                                                                discardsCell(fstrim->discards))
                                : QStringLiteral("-"),
                         -24);
        if (!run.message.isEmpty())
            line += QStringLiteral("  ") + run.message;
        text += line.trimmed() + QLatin1Char('\n');
    }

    QStringList summary;
    for (const QString &fs : result.plan.filesystems) {
        const DeleteRun *online = result.run(fs, QStringLiteral("discard"));
        const DeleteRun *batched = result.run(fs, QStringLiteral("nodiscard"));
        if (!online || !batched || online->status != RunStatus::Measured ||
            batched->status != RunStatus::Measured)
            continue;
        const DiscardDelta d = online->deleteDiscards();
        const PhaseResult *fstrim = batched->phase(Phase::Fstrim);
        summary.append(
            FsBenchReportText::tr(
                "  %1: deleting the tree takes %2 with online discard, %3 without (%4%5); "
                "%6 discards averaging %7 (%8 in total)%9")
                .arg(fs, formatSeconds(online->deleteSeconds()),
                     formatSeconds(batched->deleteSeconds()),
                     online->deleteSeconds() >= batched->deleteSeconds() ? QStringLiteral("+")
                                                                         : QStringLiteral("-"),
                     formatSeconds(std::abs(online->deleteSeconds() - batched->deleteSeconds())))
                .arg(d.count)
                .arg(formatBytes(quint64(d.averageBytes())), formatBytes(d.bytes),
                     fstrim ? FsBenchReportText::tr("; fstrim afterwards instead: %1")
                                  .arg(formatSeconds(fstrim->seconds))
                            : QString()));
    }
    if (!summary.isEmpty())
        text += QLatin1Char('\n') +
                FsBenchReportText::tr("What online discard costs per deleted tree:\n") +
                summary.join(QLatin1Char('\n')) + QLatin1Char('\n');
    if (!result.complete())
        text += QLatin1Char('\n') +
                FsBenchReportText::tr("Incomplete (%1): the result file is marked so.\n")
                    .arg(stopReasonName(result.stopReason));
    return text;
}

QString formatMkfsTimingReport(const MkfsTimingResult &result)
{
    QString text;
    text += FsBenchReportText::tr("Drive: %1, %2, %3\n\n")
                .arg(result.drive.displayName(), result.drive.path,
                     formatBytes(result.drive.sizeBytes));
    text += QStringLiteral("%1 %2 %3 %4 %5 %6\n")
                .arg(FsBenchReportText::tr("FS"), -6)
                .arg(FsBenchReportText::tr("VARIANT"), -10)
                .arg(FsBenchReportText::tr("TIME"), 10)
                .arg(FsBenchReportText::tr("DISCARDS"), 9)
                .arg(FsBenchReportText::tr("BYTES"), 12)
                .arg(FsBenchReportText::tr("DEVICE TIME"), 12);
    for (const MkfsRun &run : result.runs) {
        QString line = QStringLiteral("%1 %2 ").arg(run.filesystem, -6).arg(run.variant, -10);
        if (run.status != RunStatus::Measured) {
            text += line + statusNote(run.status, run.message) + QLatin1Char('\n');
            continue;
        }
        line += QStringLiteral("%1 %2 %3 %4")
                    .arg(formatSeconds(run.seconds), 10)
                    .arg(run.discards.count, 9)
                    .arg(formatBytes(run.discards.bytes), 12)
                    .arg(formatSeconds(run.discards.deviceSeconds), 12);
        text += line + QLatin1Char('\n');
    }
    if (!result.complete())
        text += QLatin1Char('\n') +
                FsBenchReportText::tr("Incomplete (%1): the result file is marked so.\n")
                    .arg(stopReasonName(result.stopReason));
    return text;
}

} // namespace trimscope::cli
