#pragma once

#include "common/expected.h"
#include "jobs/jobplan.h"

#include <QJsonObject>
#include <QVariantMap>

namespace trimscope::helper {

// StartJob's kind and a{sv} options <-> a JobPlan: the helper's wire format, read by the helper
// (untrusted: InvalidArgument for an unknown kind and for every option the kind's rules refuse;
// nothing is touched) and written by its clients.
//
// A plan has one codec, its toJson/fromJson in core, which writes the "plan" object of the kind's
// result file (the sweep's file adds what resolving the plan on the drive found). The options are
// that object: its keys, a nested object's keys joined with a dot ("tree.files"), numbers as any
// D-Bus integer type or a double, text as s, lists of text as as.
// Absent keys keep the plan's defaults. A present key must be one the plan writes, hold the type
// it writes there, and read back as the same value (a fraction for a count, text that is not a
// number for a seed: refused), within the bounds the helper sets for untrusted callers; what
// depends on the drive (does the tree fit, do the regions) is checked once the device is known.
// The keys and bounds are documented in io.github.trimscope.Helper1.xml (tst_jobkinds holds the
// keys there against the codec's). One older form is still read: StartSweep's seed as an
// unsigned integer (t), as its callers sent it before.
Expected<JobPlan> jobPlanFromOptions(const QString &kind, const QVariantMap &options);
QVariantMap optionsFromPlan(const JobPlan &plan);

// A kind's options: every key its plan's codec writes (the sweep's adaptive ones too), and the
// keys of the bounds the helper sets, each looked up in the plan's field list from the member it
// bounds (a bound on a member the list does not write does not compile). Nothing for an unknown
// kind. For the tests that hold them against each other and against Helper1.xml.
struct OptionKeys
{
    QStringList keys;
    QStringList bounded;
};
OptionKeys optionKeys(const QString &kind);

// A plan's JSON as options and back: the wire's form of the file's form.
QVariantMap optionsFromJson(const QJsonObject &json);
// InvalidArgument naming the key whose value is not a plain D-Bus value (b, an integer type, d,
// s, as).
Expected<QJsonObject> jsonFromOptions(const QVariantMap &options);

} // namespace trimscope::helper
