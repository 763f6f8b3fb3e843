#pragma once

#include <QStringList>

namespace trimscope::cli {

// The collector: one reading of every drive into the history (historyrecord.cpp), run by
// `trimscope-cli history record` and by trimscope-history-record (historyrecordmain.cpp).
// `args` are the options after `history record`.
int runHistoryRecord(const QStringList &args);

} // namespace trimscope::cli
