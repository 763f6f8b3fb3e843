// libFuzzer harness: the watch result's own reader (DiscardWatch::fromJson) on any JSON object,
// without the envelope checks readAnyResult makes first, so every byte mutates what the reader
// checks. What it accepts must write back and read again, and hold no negative time or count
// (issue 48: "show" printed "-149.78 %" for such a file).
#include "watch/discardwatch.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QJsonDocument document =
        QJsonDocument::fromJson(QByteArray(reinterpret_cast<const char *>(data), qsizetype(size)));
    // The envelope's fields sit beside the body's (the seeds are whole result files); the
    // reader ignores them.
    const QJsonObject body = document.object();
    const auto result = trimscope::watch::DiscardWatch::fromJson(body);
    if (!result)
        return 0;
    const auto again = trimscope::watch::DiscardWatch::fromJson(result->toJson());
    if (!again)
        std::abort(); // we wrote something we cannot read back
    if (!(result->periodSeconds > 0))
        std::abort();
    for (const trimscope::watch::DiscardUse &use : result->uses) {
        if (!(use.busySeconds >= 0) || !(use.discards.deviceSeconds >= 0) ||
            !(use.shareOfPeriod(result->periodSeconds) >= 0))
            std::abort();
    }
    return 0;
}
