#include "raiddiscard.h"

#include "advicetext.h"
#include "evidence.h"

namespace trimscope::advice {

namespace {

std::optional<bool> zeroesAfterTrim(const Evidence &e)
{
    return e.input.health ? e.input.health->zeroesAfterTrim : std::nullopt;
}

} // namespace

bool isRaidDiscardBlocker(const Evidence &e, const audit::Finding &finding)
{
    if (finding.id != QLatin1String("discards-blocked-layer"))
        return false;
    for (const audit::AuditTarget &t : e.audit.targets) {
        for (const audit::StackLayer &layer : t.stack.layers) {
            if (layer.kind == audit::LayerKind::Raid && layer.devicePath() == finding.subject)
                return true;
        }
    }
    return false;
}

bool raidDiscardUnsafe(const Evidence &e)
{
    return zeroesAfterTrim(e) == false;
}

std::optional<audit::Finding> raidDiscardUnsafeFinding(const Evidence &e,
                                                       const audit::Finding &blocker)
{
    if (!isRaidDiscardBlocker(e, blocker) || !raidDiscardUnsafe(e))
        return std::nullopt;
    audit::Finding f;
    f.id = QStringLiteral("raid-discard-unsafe");
    f.severity = audit::Severity::Warning;
    f.subject = blocker.subject;
    f.title = AdviceText::tr("Do not make %1 pass discards").arg(blocker.subject);
    f.explanation =
        AdviceText::tr("md's RAID 4/5/6 passes discards only with raid456's "
                       "devices_handle_discard_safely, which the kernel says to set only if "
                       "every drive of the array reliably returns zeroes on reads from trimmed "
                       "blocks. %1 does not: %2. With it set, a stripe's parity can stop "
                       "matching its data after a TRIM, and rebuilding a failed drive can then "
                       "return wrong data. Leave it unset: TRIM stops at %3, so run no fstrim "
                       "expecting it to reach the drive.")
            .arg(e.driveName(), e.input.health->readAfterTrim, blocker.subject);
    return f;
}

QString raidDiscardFixNote(const Evidence &e)
{
    const std::optional<bool> zeroes = zeroesAfterTrim(e);
    if (zeroes == true)
        return AdviceText::tr("%1 returns zeroes after TRIM (%2), as this setting requires; "
                              "every other drive of the array must too (trimscope-cli health "
                              "says it under \"After TRIM\").")
            .arg(e.driveName(), e.input.health->readAfterTrim);
    // What goes wrong otherwise is the audit finding's own explanation (rules_stack.cpp).
    return AdviceText::tr("Set it only if every drive of the array returns zeroes after TRIM: "
                          "trimscope-cli health says it under \"After TRIM\", drive by drive.");
}

} // namespace trimscope::advice
