#include "trimreadwords.h"

#include "healthwordscontext.h"

namespace trimscope::health {

QString afterTrimLabel()
{
    return HealthWords::tr("After TRIM");
}

QString kernelLabel()
{
    return HealthWords::tr("Kernel");
}

// libata reports zeroes after TRIM only for both bits and a drive in its ZERO_AFTER_TRIM list
// (libata-scsi.c, the LBPRZ bit).
QString ataReadAfterTrimText(const AtaIdentify &id, const LibataTrimQuirks &quirks)
{
    if (id.deterministicReadAfterTrim && id.readZeroesAfterTrim)
        return quirks.zeroAfterTrim
                   ? HealthWords::tr("a read returns zeroes (DRAT and RZAT; the kernel trusts "
                                     "them: libata ZERO_AFTER_TRIM)")
                   : HealthWords::tr("a read returns zeroes, the drive says (DRAT and RZAT), "
                                     "but the kernel does not trust it (not in libata's "
                                     "ZERO_AFTER_TRIM list)");
    if (id.deterministicReadAfterTrim)
        return HealthWords::tr("a read returns the same data every time (DRAT), not "
                               "necessarily zeroes");
    return HealthWords::tr("what a read returns is not determined (no DRAT): old data, "
                           "zeroes or anything");
}

QString nvmeReadAfterTrimText(const std::optional<NvmeIdentifyNamespace> &ns)
{
    if (!ns)
        return HealthWords::tr("not read (Identify Namespace needs root and a namespace "
                               "node)");
    const QString bits = QStringLiteral("%1").arg(ns->dlfeat & 0x7u, 3, 2, QLatin1Char('0'));
    switch (ns->deallocatedRead()) {
    case DeallocatedRead::Zeroes:
        return HealthWords::tr("a read returns zeroes (DLFEAT %1b)").arg(bits);
    case DeallocatedRead::Ones:
        return HealthWords::tr("a read returns all bytes FFh (DLFEAT %1b)").arg(bits);
    case DeallocatedRead::NotReported:
        break;
    }
    return HealthWords::tr("what a read returns is not reported (DLFEAT %1b)").arg(bits);
}

QString kernelQuirkText(const LibataTrimQuirks &quirks)
{
    if (quirks.noTrim)
        return HealthWords::tr("sends this drive no TRIM at all (libata quirk NOTRIM, \"%1\")")
            .arg(quirks.pattern);
    if (!quirks.any())
        return QString();
    return HealthWords::tr("queued TRIM %1; zeroes after TRIM %2 (libata quirks for \"%3\")")
        .arg(quirks.noQueuedTrim ? HealthWords::tr("off (NO_NCQ_TRIM): each discard holds other "
                                                   "I/O up, so online discard costs more")
                                 : HealthWords::tr("allowed"),
             quirks.zeroAfterTrim ? HealthWords::tr("trusted (ZERO_AFTER_TRIM)")
                                  : HealthWords::tr("not trusted"),
             quirks.pattern);
}

TrimReadFacts trimReadFacts(const DriveHealth &h)
{
    TrimReadFacts facts;
    if (h.ata) {
        const AtaIdentify &id = h.ata->identify;
        const LibataTrimQuirks quirks = libataTrimQuirks(id.model, id.firmware);
        facts.kernel = kernelQuirkText(quirks);
        if (id.trimSupported) {
            facts.afterTrim = ataReadAfterTrimText(id, quirks);
            facts.zeroes = id.deterministicReadAfterTrim && id.readZeroesAfterTrim &&
                           quirks.zeroAfterTrim && !quirks.noTrim;
        }
    } else if (h.nvme && (!h.nvmeIdentify || h.nvmeIdentify->datasetManagementSupported())) {
        facts.afterTrim = nvmeReadAfterTrimText(h.nvmeNamespace);
        if (h.nvmeNamespace)
            facts.zeroes = h.nvmeNamespace->deallocatedRead() == DeallocatedRead::Zeroes;
    }
    return facts;
}

} // namespace trimscope::health
