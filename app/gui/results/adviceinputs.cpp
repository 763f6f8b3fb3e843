#include "adviceinputs.h"

#include "fsbench/fsbench.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace trimscope::gui {

using namespace trimscope::advice;

namespace {
// A context lupdate can see (a lambda named tr inside a function was invisible to it).
struct AdviceInputs
{
    Q_DECLARE_TR_FUNCTIONS(AdviceInputs)
};
} // namespace

QList<SweepResult> savedRunsOf(const RunStore &store, const DriveInfo &drive)
{
    QList<SweepResult> runs;
    for (const StoredRun &stored : store.list()) {
        auto run = RunStore::load(stored.path);
        if (run && run->drive.model == drive.model && run->drive.serial == drive.serial)
            runs.append(std::move(run).value());
    }
    return runs;
}

Error addAdviceFile(const QByteArray &bytes, AdviceInput &input, QString *what)
{
    const QJsonObject json = QJsonDocument::fromJson(bytes).object();
    const QString schema = json.value(QStringLiteral("schema")).toString();
    if (schema == QLatin1String("io.github.trimscope.background-probe")) {
        auto probe = BackgroundProbeResult::fromJson(json);
        if (!probe)
            return probe.error();
        input.backgroundProbe = *probe;
        if (what)
            *what = AdviceInputs::tr("background-TRIM probe");
        return {};
    }
    if (schema == QLatin1String(fsbench::kFsBenchSchemaId)) {
        QList<FilesystemDeleteProfile> profiles;
        for (const QJsonValue &entry : json.value(QStringLiteral("filesystems")).toArray()) {
            auto profile = FilesystemDeleteProfile::fromJson(entry.toObject());
            if (!profile)
                return profile.error();
            profiles.append(*profile);
        }
        if (profiles.isEmpty())
            return makeError(
                ErrorCode::InvalidArgument,
                AdviceInputs::tr("These filesystem results measured no delete with discard."));
        input.filesystems = profiles;
        if (what)
            *what = AdviceInputs::tr("filesystem results");
        return {};
    }
    return makeError(ErrorCode::InvalidArgument,
                     AdviceInputs::tr("Advice imports a background-probe result or the filesystem "
                                      "experiment's results (JSON); this file has schema \"%1\".")
                         .arg(schema));
}

} // namespace trimscope::gui
