#include "emptytrimcheck.h"

#include "common/checkednumber.h"
#include "statistics.h"

#include <QJsonArray>
#include <algorithm>

namespace trimscope {

bool EmptyTrimCheck::Size::paired() const
{
    return !writtenSeconds.isEmpty() && writtenSeconds.size() == emptySeconds.size();
}

double EmptyTrimCheck::Size::emptyMedian() const
{
    return emptySeconds.isEmpty() ? 0 : computeStatistics(emptySeconds).median;
}

double EmptyTrimCheck::Size::comparedWrittenMedian() const
{
    return paired() ? computeStatistics(writtenSeconds).median : writtenMedian;
}

double EmptyTrimCheck::Size::ratio() const
{
    if (emptySeconds.size() < kMinPairs)
        return 0;
    // A drive that answers in no measurable time at all is infinitely faster; 1 ns keeps the
    // ratio a number.
    if (paired()) {
        QList<double> ratios;
        for (qsizetype i = 0; i < emptySeconds.size(); ++i)
            ratios.append(writtenSeconds.at(i) / std::max(emptySeconds.at(i), 1e-9));
        // A busy computer adds milliseconds to some TRIMs (a woken thread waits for the
        // scheduler's next tick: 4, 8, 12 ms) and takes time from none. On a drive of 0.3 ms a
        // TRIM, beside four busy loops, three of five written ones drew such a wait and the empty
        // ones after them did not: the pairs' median said 4x faster on a drive that does not
        // differ. The fastest of each side carries the least of that noise, and a drive that
        // answers empty space at once is faster there too: both must say so.
        const double fastest = computeStatistics(writtenSeconds).min /
                               std::max(computeStatistics(emptySeconds).min, 1e-9);
        return std::min(computeStatistics(ratios).median, fastest);
    }
    if (!(writtenMedian > 0))
        return 0;
    return writtenMedian / std::max(emptyMedian(), 1e-9);
}

std::optional<EmptyTrimCheck::Size> EmptyTrimCheck::decisive() const
{
    std::optional<Size> best;
    for (const Size &size : sizes) {
        if (!size.throughput && size.ratio() > 0 && (!best || size.ratio() > best->ratio()))
            best = size;
    }
    return best;
}

EmptyTrimCheck::Outcome EmptyTrimCheck::outcome() const
{
    const std::optional<Size> best = decisive();
    if (!best)
        return Outcome::NotChecked;
    return best->ratio() >= kFasterRatio ? Outcome::EmptyFaster : Outcome::Same;
}

QString emptyTrimOutcomeName(EmptyTrimCheck::Outcome outcome)
{
    switch (outcome) {
    case EmptyTrimCheck::Outcome::NotChecked:
        return QStringLiteral("not-checked");
    case EmptyTrimCheck::Outcome::Same:
        return QStringLiteral("same");
    case EmptyTrimCheck::Outcome::EmptyFaster:
        return QStringLiteral("empty-faster");
    }
    return {};
}

QList<quint64> emptyTrimCheckSizes(const QList<quint64> &descendingSizes)
{
    if (descendingSizes.isEmpty())
        return {};
    const quint64 smallest = descendingSizes.last();
    if (descendingSizes.size() < 3)
        return {smallest};
    return {smallest, descendingSizes.at(descendingSizes.size() / 2), descendingSizes.first()};
}

bool emptyTrimCheckThroughputSize(const QList<quint64> &descendingSizes, quint64 bytes)
{
    return descendingSizes.size() >= 3 && bytes == descendingSizes.first();
}

int emptyTrimCheckDiscardsPerPair(const QList<quint64> &descendingSizes)
{
    int discards = 0;
    for (const quint64 bytes : emptyTrimCheckSizes(descendingSizes))
        discards += emptyTrimCheckThroughputSize(descendingSizes, bytes) ? 1 : 2;
    return discards;
}

int emptyTrimCheckPairs(int samplesPerSize)
{
    return samplesPerSize >= EmptyTrimCheck::kMinPairs
               ? std::min(samplesPerSize, EmptyTrimCheck::kPairs)
               : 0;
}

quint64 emptyTrimCheckRewriteBytes(const QList<quint64> &descendingSizes, int pairs)
{
    quint64 bytes = 0;
    for (const quint64 size : emptyTrimCheckSizes(descendingSizes)) {
        if (!emptyTrimCheckThroughputSize(descendingSizes, size))
            bytes += size * quint64(std::max(pairs, 0));
    }
    return bytes;
}

QJsonObject EmptyTrimCheck::toJson() const
{
    QJsonArray sizeList;
    for (const Size &size : sizes) {
        QJsonArray samples;
        for (qsizetype i = 0; i < size.emptySeconds.size(); ++i) {
            QJsonObject sample{{QStringLiteral("offset"), double(size.offsets.value(i))},
                               {QStringLiteral("seconds"), size.emptySeconds.at(i)}};
            if (size.paired())
                sample.insert(QStringLiteral("written_seconds"), size.writtenSeconds.at(i));
            samples.append(sample);
        }
        sizeList.append(QJsonObject{
            {QStringLiteral("bytes"), double(size.bytes)},
            {QStringLiteral("empty_samples"), samples},
            {QStringLiteral("empty_median_s"), size.emptyMedian()},
            {QStringLiteral("written_median_s"), size.writtenMedian},
            {QStringLiteral("compared_written_median_s"), size.comparedWrittenMedian()},
            {QStringLiteral("ratio"), size.ratio()},
            {QStringLiteral("throughput"), size.throughput},
        });
    }
    QJsonObject json{
        {QStringLiteral("outcome"), emptyTrimOutcomeName(outcome())},
        {QStringLiteral("faster_ratio"), kFasterRatio},
        {QStringLiteral("sizes"), sizeList},
    };
    if (outcome() == Outcome::NotChecked)
        json.insert(QStringLiteral("reason"), notCheckedReason);
    return json;
}

EmptyTrimCheck EmptyTrimCheck::fromJson(const QJsonObject &json)
{
    EmptyTrimCheck check;
    check.notCheckedReason = json.value(QStringLiteral("reason")).toString();
    for (const QJsonValue &value : json.value(QStringLiteral("sizes")).toArray()) {
        const QJsonObject object = value.toObject();
        Size size;
        size.bytes =
            checkedInteger<quint64>(object.value(QStringLiteral("bytes")).toDouble()).value_or(0);
        bool paired = true;
        for (const QJsonValue &sample : object.value(QStringLiteral("empty_samples")).toArray()) {
            const double seconds = sample[QStringLiteral("seconds")].toDouble(-1);
            if (!(seconds >= 0))
                continue;
            size.offsets.append(
                checkedInteger<quint64>(sample[QStringLiteral("offset")].toDouble()).value_or(0));
            size.emptySeconds.append(seconds);
            const double written = sample[QStringLiteral("written_seconds")].toDouble(-1);
            paired = paired && written >= 0;
            size.writtenSeconds.append(written);
        }
        // All pairs or none: a file with some cut is compared with the sweep's medians.
        if (!paired)
            size.writtenSeconds.clear();
        size.throughput = object.value(QStringLiteral("throughput")).toBool();
        if (size.bytes > 0)
            check.sizes.append(size);
    }
    return check;
}

} // namespace trimscope
