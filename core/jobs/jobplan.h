#pragma once

#include "report/resultkinds.h"

#include <QStringList>

namespace trimscope {

// What a job measures, one alternative per kind, made from the registry's lines
// (report/resultkinds.h). A new kind is a line there and a file with its descriptor (jobkind.h:
// name, where it runs, how it is prepared); what else it must provide is listed in
// tests/helper/tst_jobkinds.cpp.
using JobPlan = kinds::VariantOf<TRIMSCOPE_JOB_KINDS(TRIMSCOPE_KIND_PLAN) kinds::End>;

// "sweep", "fsbench", "mkfs-timing", "recovery", "fill-curve", "background-probe", "stall",
// "diagnose", "fstrim-timing": the helper's Job1.Kind and StartJob's kind argument.
QString jobKind(const JobPlan &plan);
QStringList jobKinds();

// What a kind does to the drive, which decides what the helper asks before it runs (one polkit
// action per risk; the kind's descriptor says it).
enum class JobRisk {
    DestroysData,   // writes or discards anywhere on the device: every benchmark
    TrimsFreeSpace, // a mounted filesystem trims what it knows to be free; data stays
};
JobRisk jobRisk(const JobPlan &plan);

} // namespace trimscope
