#include "historycounters.h"

namespace trimscope::history {

namespace {
bool atLeast(const DiscardCounts &a, const DiscardCounts &b)
{
    return a.ios >= b.ios && a.sectors >= b.sectors && a.milliseconds >= b.milliseconds;
}

DiscardCounts minus(const DiscardCounts &a, const DiscardCounts &b)
{
    return {a.ios - b.ios, a.sectors - b.sectors, a.milliseconds - b.milliseconds};
}
} // namespace

std::optional<DiscardCounts> discardsSince(const std::optional<DiscardCounterReading> &before,
                                           const DiscardCounterReading &now)
{
    if (!before)
        return std::nullopt; // the first reading only sets the baseline: no day gets what came
                             // before it
    const bool sameBoot = before->bootId == now.bootId;
    const bool bothNumbered = before->diskseq != 0 && now.diskseq != 0;
    const bool sameAttachment =
        bothNumbered ? before->diskseq == now.diskseq : !now.mediumCanChange;
    if (sameBoot && sameAttachment && atLeast(now.counts(), before->counts()))
        return minus(now.counts(), before->counts());
    if (!now.mediumCanChange)
        return now.counts();
    // The ledger is of this boot, and a later diskseq on the same disk was attached after the
    // earlier one went: a first sighting then is after `before`. Without diskseqs nothing says so.
    const bool firstIsLater = !sameBoot || (bothNumbered && before->diskseq != now.diskseq);
    if (firstIsLater && now.attachmentFirst && atLeast(now.counts(), *now.attachmentFirst))
        return minus(now.counts(), *now.attachmentFirst);
    return std::nullopt;
}

} // namespace trimscope::history
