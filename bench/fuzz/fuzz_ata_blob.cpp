// libFuzzer harness: the blob loader (our record walk, then libatasmart's parse, the rules table
// and JSON) on any bytes. Seeded with the real blobs, so mutations reach libatasmart.
#include "health/atasmart.h"
#include "health/drivehealth.h"
#include "report/resultfile.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArrayView bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    if (auto h = trimscope::health::loadAtaSmartBlob(bytes)) {
        const auto drive = trimscope::health::summarizeAta(std::move(*h), {});
        (void)trimscope::resultToJsonBytes(drive);
    }
    return 0;
}
