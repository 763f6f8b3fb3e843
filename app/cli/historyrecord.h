#pragma once

#include <QStringList>

namespace trimscope::cli {

// trimscope-cli history record: one reading of every drive into the history (historyrecord.cpp).
int runHistoryRecord(const QStringList &args);

} // namespace trimscope::cli
