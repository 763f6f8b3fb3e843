// libFuzzer harness: the NVMe SMART log and Identify Controller parsers, and their JSON, on any
// bytes. Inputs of the right size exercise every field; other sizes the refusal path.
#include "health/nvmeidentify.h"
#include "health/nvmesmartlog.h"

#include <QByteArray>
#include <QJsonDocument>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArrayView bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    if (auto log =
            trimscope::health::parseNvmeSmartLog(bytes.first(qMin<qsizetype>(bytes.size(), 512)))) {
        (void)QJsonDocument(log->toJson()).toJson();
        (void)log->bytesWritten();
    }
    QByteArray padded = bytes.toByteArray();
    padded.resize(4096, '\0');
    if (auto id = trimscope::health::parseNvmeIdentifyController(padded))
        (void)QJsonDocument(id->toJson()).toJson();
    (void)trimscope::health::parseNvmeSmartLog(bytes);
    return 0;
}
