#pragma once

#include "chart/barchart.h"
#include "common/expected.h"
#include "resulttable.h"

#include <QByteArray>

namespace trimscope::gui {

// A filesystem experiment's JSON (the CLI's `fsbench` or `mkfs-timing` output) as the
// Filesystem tab shows it. The core writes these results but has no reader for them; this reads
// only what the tab shows, from the documented keys, with QJsonDocument.
struct FsResultView
{
    enum class Kind { DeleteWorkload, MkfsTiming };
    Kind kind = Kind::DeleteWorkload;
    QString drive;   // "Model (serial), size"
    QString summary; // one or two sentences: what was run, complete or not
    BarChartData chart;
    ResultTable table;
};

// InvalidArgument when the bytes are not one of the two schemas (the message names the schema
// found, so a recovery result opened here can be sent to the right tab).
Expected<FsResultView> fsResultViewFromJson(const QByteArray &bytes);

// The schema id of a TrimScope result file, empty when it has none.
QString resultSchemaOf(const QByteArray &bytes);

} // namespace trimscope::gui
