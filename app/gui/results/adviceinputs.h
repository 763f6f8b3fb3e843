#pragma once

#include "advice/advice.h"
#include "runstore.h"

namespace trimscope::gui {

// The saved sweep runs of one drive (same model and serial), newest first.
QList<SweepResult> savedRunsOf(const RunStore &store, const DriveInfo &drive);

// What a file the user imports into the Advice tab adds (core's addAdviceInput decides);
// `what` names the kind of result imported.
Error addAdviceFile(const QByteArray &bytes, advice::AdviceInput &input, QString *what = nullptr);

} // namespace trimscope::gui
