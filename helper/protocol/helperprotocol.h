#pragma once

#include <QList>
#include <QMetaType>
#include <QString>
#include <QVariantMap>

// Names and types both ends of the helper's D-Bus API share (QtCore only, so root-free unit
// tests can use them).
namespace trimscope {

using VariantMapList = QList<QVariantMap>;

namespace helper {

inline constexpr auto kServiceName = "io.github.trimscope.Helper1";
inline constexpr auto kHelperPath = "/io/github/trimscope/Helper1";
inline constexpr auto kHelperInterface = "io.github.trimscope.Helper1";
inline constexpr auto kJobInterface = "io.github.trimscope.Job1";
inline constexpr auto kJobPathPrefix = "/io/github/trimscope/Job/";

// polkit actions, one per risk (helper/io.github.trimscope.policy).
inline constexpr auto kActionBenchmark = "io.github.trimscope.benchmark";
inline constexpr auto kActionReadHealth = "io.github.trimscope.read-health";
inline constexpr auto kActionList = "io.github.trimscope.list";
inline constexpr auto kActionApplyNow = "io.github.trimscope.apply-now";
// A timed fstrim of a mounted filesystem's free space: no data is lost, but it is root's work on
// a drive in use (the system drive, often), so it is asked every time too.
inline constexpr auto kActionFstrimTiming = "io.github.trimscope.fstrim-timing";

// Job1.Kind and StartJob's kind argument are core's job kinds (jobs/jobplan.h: jobKinds()).

} // namespace helper
} // namespace trimscope

Q_DECLARE_METATYPE(trimscope::VariantMapList)
