// libFuzzer harness: a saved audit snapshot (audit --snapshot, advise --audit-snapshot, metrics
// --snapshot: files users send with bug reports) read and audited, on any bytes. Seeded with the
// recorded snapshots in tests/core/audit/data.
#include "audit/systemsnapshot.h"
#include "audit/trimaudit.h"
#include "report/resultfile.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    const auto snapshot = trimscope::audit::SystemSnapshot::fromJsonBytes(bytes);
    if (!snapshot)
        return 0;
    const trimscope::audit::AuditReport report = trimscope::audit::runAudit(*snapshot);
    (void)trimscope::resultToJsonBytes(report);
    return 0;
}
