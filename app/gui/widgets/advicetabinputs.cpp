// The Advice tab's inputs: what the advice reads (the kept runs, the imported files, the audit,
// the health, the drive's own counters) and the "Based on: …" line that names them; imports.
#include "advicetab.h"
#include "appsettings.h"
#include "backends/errorwords.h"
#include "common/inputfile.h"
#include "report/adviceinput.h"
#include "report/resultfile.h"
#include "results/adviceinputs.h"
#include "results/watchperiods.h"

#include <QFileDialog>
#include <QFileInfo>
#include <algorithm>
#include <type_traits>

namespace trimscope::gui {

using namespace trimscope::advice;

void AdviceTab::importClicked()
{
    auto settings = appSettings();
    const QString dir =
        settings->value(QStringLiteral("advice/importDir"), userFilesDir()).toString();
    const QString path = QFileDialog::getOpenFileName(this, tr("Import a result"), dir,
                                                      tr("TrimScope results (*.json)"));
    if (path.isEmpty())
        return;
    settings->setValue(QStringLiteral("advice/importDir"), QFileInfo(path).absolutePath());
    if (const Error error = importFile(path); error.isError())
        emit message(tr("Not imported: %1").arg(error.message));
}

Error AdviceTab::importFile(const QString &path)
{
    // Read as every result file is (size cap, no FIFO), errors in words, not the parser's.
    const Expected<QByteArray> read = readInputFile(path, InputFileKind::Result);
    if (!read)
        return makeError(read.error().code, fileErrorInWords(path, read.error()));
    const Expected<AnyResult> result = readAnyResult(*read);
    if (!result)
        return makeError(result.error().code, fileErrorInWords(path, result.error()));
    AdviceInput trial = adviceInput();
    if (const Error error = addAdviceInput(*result, trial); error.isError())
        return makeError(
            error.code,
            tr("“%1” cannot be imported here: %2").arg(QFileInfo(path).fileName(), error.message));
    m_imported.append(*result);
    const QString what = resultWhat(*result);
    emit message(tr("Imported the %1 result from %2").arg(what, path));
    recompute();
    return {};
}

void AdviceTab::countersChanged(const QString &driveId,
                                const std::optional<watch::DiscardWatch> &watch)
{
    if (driveId.isEmpty() || driveId != m_drive.id)
        return;
    m_countersRead = &watch;
    recompute();
    m_countersRead = nullptr;
}

AdviceInput AdviceTab::adviceInput() const
{
    AdviceInput input = m_kept.input;
    // This computer as audited now (or as given), not as a kept diagnosis saw it then: "Audit
    // this computer again" must change what the advice reads. An imported audit replaces it.
    if (m_audit)
        input.audit = m_audit;
    for (const AnyResult &result : m_imported)
        addAdviceInput(result, input); // each was taken on import
    if (!input.health)
        input.health = m_health;
    // A real drive in use: what its own counters say over the period chosen on "This drive in
    // use" (read-only, no privilege); the verdict where nothing was measured on a spare drive,
    // figures beside one otherwise.
    if (!input.watch)
        input.watch = m_countersRead ? *m_countersRead : chosenWatch(m_periods.get(), m_drive);
    // The drive list's "TRIM: no" is the advice's too, as its diagnosis would say.
    if (!m_drive.id.isEmpty() && !m_drive.supportsDiscard && !m_drive.noMedium)
        markWithoutTrim(input, m_drive.info);
    return input;
}

QString AdviceTab::basedOnText(const AdviceInput &input) const
{
    QStringList used;
    // The runs kept with a simulated drive are its simulations: said so, as the figures they
    // give are (issue 47 item 13: "1 saved filesystem experiment" beside its simulated fstrim).
    const bool simulated = m_drive.info.simulated;
    if (m_kept.diagnosis.isValid())
        used.append((simulated ? tr("the simulated diagnosis of %1") : tr("the diagnosis of %1"))
                        .arg(dateText(m_kept.diagnosis)));
    if (m_kept.sweeps > 0)
        used.append(simulated ? tr("%Ln saved simulated benchmark run(s)", nullptr, m_kept.sweeps)
                              : tr("%Ln saved benchmark run(s)", nullptr, m_kept.sweeps));
    else if (!m_kept.diagnosis.isValid())
        used.append(tr("no saved benchmark run (run the TRIM benchmark first)"));
    if (m_kept.filesystems > 0)
        used.append(
            simulated
                ? tr("%Ln saved simulated filesystem experiment(s)", nullptr, m_kept.filesystems)
                : tr("%Ln saved filesystem experiment(s)", nullptr, m_kept.filesystems));
    if (m_kept.probes > 0)
        used.append(simulated
                        ? tr("%Ln saved simulated background-TRIM probe(s)", nullptr, m_kept.probes)
                        : tr("%Ln saved background-TRIM probe(s)", nullptr, m_kept.probes));
    if (m_kept.stalls > 0)
        used.append(simulated ? tr("%Ln saved simulated stall test(s)", nullptr, m_kept.stalls)
                              : tr("%Ln saved stall test(s)", nullptr, m_kept.stalls));
    if (m_kept.fstrims > 0)
        used.append(tr("%Ln saved timed fstrim(s)", nullptr, m_kept.fstrims));
    if (input.watch)
        used.append(tr("the drive's own discard counters (%1)")
                        .arg(input.watch->sinceBoot ? tr("since boot") : tr("a watched period")));
    // How many imported files are of a kind, made on a simulated drive or not:
    // imported(std::type_identity<SweepResult>(), false).
    const auto imported = [this](auto kind, bool simulatedRun) {
        return int(std::count_if(
            m_imported.cbegin(), m_imported.cend(), [simulatedRun](const AnyResult &r) {
                return std::holds_alternative<typename decltype(kind)::type>(r) &&
                       envelopeOf(r).run.drive.simulated == simulatedRun;
            }));
    };
    const auto importedAny = [&imported](auto kind) {
        return imported(kind, false) + imported(kind, true);
    };
    if (const int n = imported(std::type_identity<SweepResult>(), false))
        used.append(tr("%Ln imported benchmark run(s)", nullptr, n));
    if (const int n = imported(std::type_identity<SweepResult>(), true))
        used.append(tr("%Ln imported simulated benchmark run(s)", nullptr, n));
    if (const int n = imported(std::type_identity<fsbench::FsBenchResult>(), false))
        used.append(tr("%Ln imported filesystem result(s)", nullptr, n));
    if (const int n = imported(std::type_identity<fsbench::FsBenchResult>(), true))
        used.append(tr("%Ln imported simulated filesystem result(s)", nullptr, n));
    if (imported(std::type_identity<probe::BackgroundProbeResult>(), false))
        used.append(tr("the imported background-TRIM probe"));
    else if (imported(std::type_identity<probe::BackgroundProbeResult>(), true))
        used.append(tr("the imported simulated background-TRIM probe"));
    if (importedAny(std::type_identity<audit::AuditReport>()))
        used.append(
            tr("the imported audit (%Ln finding(s))", nullptr, int(input.audit->findings.size())));
    else if (input.audit)
        used.append(tr("the audit of this computer (%Ln finding(s))", nullptr,
                       int(input.audit->findings.size())));
    else if (isReadingComputer())
        used.append(tr("no audit yet (reading this computer through udisks2…)"));
    else
        used.append(tr("no audit"));
    if (m_kept.input.health || m_health || importedAny(std::type_identity<health::DriveHealth>()))
        used.append(tr("the drive's health data"));
    else if (input.health) // only what the drive list says: the kernel takes no discard
        used.append(tr("the kernel's word that the drive takes no discard"));
    QString text = tr("Based on: %1.").arg(used.join(QStringLiteral("; ")));
    if (m_kept.superseded > 0)
        text += QLatin1Char(' ') + tr("%Ln older run(s) kept with the drive count no more: the "
                                      "diagnosis ran every test again.",
                                      nullptr, m_kept.superseded);
    return text;
}

} // namespace trimscope::gui
