// libFuzzer harness: readAnyResult, the reader of every result file a user opens (CLI show /
// advise / metrics, GUI File > Open and Compare), on any bytes. What it reads must write back and
// read again to the same document (a reader and its writer agree on everything they accept).
// Seeded with the sample results in tests/data/results.
#include "report/resultfile.h"

#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    const trimscope::Expected<trimscope::AnyResult> result = trimscope::readAnyResult(bytes);
    if (!result)
        return 0;
    (void)trimscope::envelopeOf(*result);
    (void)trimscope::resultWhat(*result);
    const QByteArray written = trimscope::resultToJsonBytes(*result);
    const trimscope::Expected<trimscope::AnyResult> again = trimscope::readAnyResult(written);
    if (!again || again->index() != result->index())
        std::abort(); // we wrote something we cannot read back
    return 0;
}
