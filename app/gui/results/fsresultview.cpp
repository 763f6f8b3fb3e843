#include "fsresultview.h"

#include "common/units.h"
#include "fsbench/fsbench.h"
#include "fsbench/mkfstiming.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace trimscope::gui {

namespace {
// A named context lupdate and the runtime agree on (a free tr() wrapper in a namespace gets the
// namespace's name from lupdate, so its strings never matched).
struct FsResultText
{
    Q_DECLARE_TR_FUNCTIONS(FsResultView)
};

QJsonObject objectOf(const QByteArray &bytes)
{
    return QJsonDocument::fromJson(bytes).object();
}

QString driveOf(const QJsonObject &json)
{
    const QJsonObject drive = json.value(QStringLiteral("drive")).toObject();
    const QString model = drive.value(QStringLiteral("model")).toString();
    const double size = drive.value(QStringLiteral("size_bytes")).toDouble();
    return size > 0 ? FsResultText::tr("%1, %2").arg(model, formatBytes(quint64(size))) : model;
}

QString completeness(const QJsonObject &json)
{
    return json.value(QStringLiteral("complete")).toBool()
               ? FsResultText::tr("complete")
               : FsResultText::tr("incomplete (%1)")
                     .arg(json.value(QStringLiteral("stop_reason")).toString());
}

QString variantTitle(const QString &variant)
{
    if (variant == QLatin1String("discard"))
        return FsResultText::tr("discard on");
    if (variant == QLatin1String("nodiscard"))
        return FsResultText::tr("discard off");
    if (variant == QLatin1String("discard-async"))
        return FsResultText::tr("discard=async");
    return variant;
}

// The phases a delete costs, in the order they run; creating the tree is the same either way.
struct ChartPhase
{
    const char *name;
    const char *title;
};
const ChartPhase kDeletePhases[] = {
    {"delete", QT_TRANSLATE_NOOP("FsResultView", "Delete")},
    {"sync-after-delete", QT_TRANSLATE_NOOP("FsResultView", "Sync after delete")},
    {"settle", QT_TRANSLATE_NOOP("FsResultView", "Settle")},
    {"fstrim", QT_TRANSLATE_NOOP("FsResultView", "fstrim")},
};

Expected<FsResultView> deleteView(const QJsonObject &json)
{
    FsResultView view;
    view.kind = FsResultView::Kind::DeleteWorkload;
    view.drive = driveOf(json);
    const QJsonObject tree =
        json.value(QStringLiteral("plan")).toObject().value(QStringLiteral("tree")).toObject();
    view.summary = FsResultText::tr("Delete workload on %1: a tree of %2 files, %3; %4.")
                       .arg(view.drive)
                       .arg(tree.value(QStringLiteral("files")).toInteger())
                       .arg(formatBytes(quint64(tree.value(QStringLiteral("bytes")).toDouble())),
                            completeness(json));
    view.chart.title = FsResultText::tr("Deleting a tree: time per phase");
    view.chart.valueTitle = FsResultText::tr("Seconds");
    for (const ChartPhase &phase : kDeletePhases)
        view.chart.categories.append(FsResultText::tr(phase.title));
    view.table.header = {FsResultText::tr("Filesystem"), FsResultText::tr("Mount"),
                         FsResultText::tr("Status"),     FsResultText::tr("Delete cost"),
                         FsResultText::tr("Discards"),   FsResultText::tr("Average discard"),
                         FsResultText::tr("fstrim")};
    for (const QJsonValue &value : json.value(QStringLiteral("runs")).toArray()) {
        const QJsonObject run = value.toObject();
        const QString fs = run.value(QStringLiteral("filesystem")).toString();
        const QString variant = run.value(QStringLiteral("variant")).toString();
        const QString status = run.value(QStringLiteral("status")).toString();
        const QJsonObject discards = run.value(QStringLiteral("delete_discards")).toObject();
        const QJsonValue fstrim = run.value(QStringLiteral("fstrim_s"));
        view.table.rows.append(
            {fs, variantTitle(variant),
             status == QLatin1String("measured") ? FsResultText::tr("measured")
                                                 : run.value(QStringLiteral("message")).toString(),
             run.value(QStringLiteral("delete_s")).isDouble()
                 ? formatSeconds(run.value(QStringLiteral("delete_s")).toDouble())
                 : QString(),
             QString::number(discards.value(QStringLiteral("count")).toInteger()),
             formatBytes(quint64(discards.value(QStringLiteral("average_bytes")).toDouble())),
             fstrim.isDouble() ? formatSeconds(fstrim.toDouble()) : QString()});
        if (status != QLatin1String("measured"))
            continue;
        BarSetData set{FsResultText::tr("%1, %2").arg(fs, variantTitle(variant)), {}};
        for (const ChartPhase &phase : kDeletePhases) {
            double seconds = 0;
            for (const QJsonValue &p : run.value(QStringLiteral("phases")).toArray()) {
                if (p.toObject().value(QStringLiteral("phase")).toString() ==
                    QLatin1String(phase.name))
                    seconds += p.toObject().value(QStringLiteral("seconds")).toDouble();
            }
            set.values.append(seconds);
        }
        view.chart.sets.append(set);
    }
    return view;
}

Expected<FsResultView> mkfsView(const QJsonObject &json)
{
    FsResultView view;
    view.kind = FsResultView::Kind::MkfsTiming;
    view.drive = driveOf(json);
    view.summary = FsResultText::tr("mkfs with and without its whole-device discard on %1; %2.")
                       .arg(view.drive, completeness(json));
    view.chart.title = FsResultText::tr("mkfs time with and without discard");
    view.chart.valueTitle = FsResultText::tr("Seconds");
    view.table.header = {FsResultText::tr("Filesystem"), FsResultText::tr("mkfs"),
                         FsResultText::tr("Status"),     FsResultText::tr("Time"),
                         FsResultText::tr("Discards"),   FsResultText::tr("Discarded")};
    BarSetData with{FsResultText::tr("discard on"), {}};
    BarSetData without{FsResultText::tr("discard off"), {}};
    for (const QJsonValue &value : json.value(QStringLiteral("runs")).toArray()) {
        const QJsonObject run = value.toObject();
        const QString fs = run.value(QStringLiteral("filesystem")).toString();
        const QString variant = run.value(QStringLiteral("variant")).toString();
        const bool measured =
            run.value(QStringLiteral("status")).toString() == QLatin1String("measured");
        const QJsonObject discards = run.value(QStringLiteral("discards")).toObject();
        const double seconds = run.value(QStringLiteral("seconds")).toDouble();
        view.table.rows.append(
            {fs, variantTitle(variant),
             measured ? FsResultText::tr("measured")
                      : run.value(QStringLiteral("message")).toString(),
             measured ? formatSeconds(seconds) : QString(),
             QString::number(discards.value(QStringLiteral("count")).toInteger()),
             formatBytes(quint64(discards.value(QStringLiteral("bytes")).toDouble()))});
        if (!measured)
            continue;
        if (!view.chart.categories.contains(fs)) {
            view.chart.categories.append(fs);
            with.values.append(0);
            without.values.append(0);
        }
        const auto index = view.chart.categories.indexOf(fs);
        (variant == QLatin1String("discard") ? with : without).values[index] = seconds;
    }
    view.chart.sets = {with, without};
    return view;
}
} // namespace

QString resultSchemaOf(const QByteArray &bytes)
{
    return objectOf(bytes).value(QStringLiteral("schema")).toString();
}

Expected<FsResultView> fsResultViewFromJson(const QByteArray &bytes)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &parseError);
    if (!doc.isObject())
        return makeError(ErrorCode::InvalidArgument,
                         FsResultText::tr("Not a JSON result: %1").arg(parseError.errorString()));
    const QJsonObject json = doc.object();
    const QString schema = json.value(QStringLiteral("schema")).toString();
    const int version = json.value(QStringLiteral("schema_version")).toInt();
    if (schema == QLatin1String(fsbench::kFsBenchSchemaId) &&
        version <= fsbench::kFsBenchSchemaVersion)
        return deleteView(json);
    if (schema == QLatin1String(fsbench::kMkfsTimingSchemaId) &&
        version <= fsbench::kMkfsTimingSchemaVersion)
        return mkfsView(json);
    return makeError(
        ErrorCode::InvalidArgument,
        FsResultText::tr("Not a filesystem experiment result (schema \"%1\").").arg(schema));
}

} // namespace trimscope::gui
