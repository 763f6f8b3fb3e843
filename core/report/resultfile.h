#pragma once

#include "resultenvelope.h"
#include "resultkinds.h"

#include <QByteArray>
#include <variant>

namespace trimscope {

// Every kind of result file TrimScope writes, one alternative per schema: the jobs' results, then
// the read-outs (the registry, resultkinds.h). The CLI's --json, the helper's result_json and the
// GUI's saved files are all one of these, written and read here.
using AnyResult = kinds::VariantOf<TRIMSCOPE_JOB_KINDS(TRIMSCOPE_KIND_RESULT)
                                       TRIMSCOPE_READOUT_KINDS(TRIMSCOPE_KIND_READOUT) kinds::End>;

// The position of a kind in AnyResult, for a switch over AnyResult::index().
template <class Result, std::size_t I = 0> constexpr std::size_t variantIndex()
{
    static_assert(I < std::variant_size_v<AnyResult>,
                  "not a kind of AnyResult: give it its line in resultkinds.h and its schema "
                  "(resultfile.cpp)");
    if constexpr (std::is_same_v<Result, std::variant_alternative_t<I, AnyResult>>)
        return I;
    else
        return variantIndex<Result, I + 1>();
}

// The whole file of a result: envelope and body. Read-outs (health, audit, advice) carry this
// TrimScope's version; runs the version they were measured with.
template <class Result> QJsonObject resultToJson(const Result &result);
template <class Result> QByteArray resultToJsonBytes(const Result &result);
QByteArray resultToJsonBytes(const AnyResult &result);

// Any result file, its kind decided by its schema. InvalidArgument, saying why, for bytes that
// are not JSON, a schema this TrimScope does not know, a version newer than it reads, and
// whatever the kind's own reader refuses; the error's `file` says which of these it met
// (FileFault: no JSON, cut short, broken at a byte, no schema, another program's, unreadable), for
// words chosen without reading the file again. A health report's lifespan is recomputed under the
// default assumptions (DriveHealth::recomputeLifespan for others).
Expected<AnyResult> readAnyResult(const QByteArray &bytes);
// The same for a result already parsed: one written inside another (a diagnosis holds its
// phases' results whole).
Expected<AnyResult> readAnyResult(const QJsonObject &json);
// One kind only; InvalidArgument naming the kind the file holds instead.
template <class Result> Expected<Result> readResult(const QByteArray &bytes);
template <class Result> Expected<Result> readResult(const QJsonObject &json);

// The schema and, for runs, how the run ended: what the CLI's exit code and the GUI's status
// line are made from, whatever the kind.
ResultEnvelope envelopeOf(const AnyResult &result);
// What a kind of result is called in messages: "sweep", "filesystem", "health", ...
QString resultWhat(const AnyResult &result);

} // namespace trimscope
