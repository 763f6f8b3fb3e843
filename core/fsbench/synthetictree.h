#pragma once

#include "common/canceltoken.h"
#include "common/error.h"
#include "common/jsonfields.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>
#include <functional>
#include <optional>

namespace trimscope::fsbench {

// The shape of the file tree the delete workload creates and deletes. Deterministic: the same
// spec gives the same names, sizes and bytes on every machine, so runs can be compared.
struct TreeSpec
{
    QString preset; // "kernel", "quick", "tiny", or "custom"
    int files = 0;
    quint64 bytes = 0;
    quint64 seed = 1;
    int filesPerDirectory = 16; // a kernel tree has about 15 files per directory

    // Its keys, for its codec and for the helper's bounds (common/jsonfields.h).
    static constexpr auto jsonFields()
    {
        return std::tuple{
            JsonField{"preset", &TreeSpec::preset},
            JsonField{"files", &TreeSpec::files},
            JsonField{"bytes", &TreeSpec::bytes},
            JsonField{"files_per_directory", &TreeSpec::filesPerDirectory},
            JsonField{"seed", &TreeSpec::seed, JsonForm::DecimalText},
        };
    }
    QJsonObject toJson() const;
    static TreeSpec fromJson(const QJsonObject &json);
};

// "kernel": 36,706 files, 493 MB (the tree of our background reading); "quick": a quarter of it,
// 9,176 files, 123 MB; "tiny": 500 files, 4 MB (tests).
std::optional<TreeSpec> treePreset(const QString &name);
QStringList treePresetNames();
// InvalidArgument unless 1 <= files <= 1,000,000, bytes >= files and bytes <= 64 GiB.
Error validateTreeSpec(const TreeSpec &spec);

struct TreeFile
{
    QString relativePath; // "d0003/d0027/f000412.c"
    quint64 bytes = 0;
    quint64 contentSeed = 0;
};

struct TreePlan
{
    QStringList directories; // relative, parents before children
    QList<TreeFile> files;
    quint64 totalBytes = 0; // equals the spec's bytes exactly
};

// Pure. File sizes follow a kernel-like spread (most files a few KiB, a few hundred KiB), scaled
// so they add up to spec.bytes.
TreePlan planTree(const TreeSpec &spec);

// The content of one file: seeded pseudo-random bytes, incompressible so that no filesystem
// compresses or deduplicates its way out of the workload.
QByteArray fileContent(const TreeFile &file);

// fraction done in [0, 1]
using TreeProgress = std::function<void(double fraction)>;

// Creates the plan under root (which must exist). Checks cancel after every file; returns
// Cancelled then, with what was written left for the caller's cleanup.
Error writeTree(const QString &root, const TreePlan &plan, const CancelToken &cancel,
                const TreeProgress &progress = {});
// Unlinks every file, then removes the directories, children first: what `rm -r` does.
Error deleteTree(const QString &root, const TreePlan &plan, const CancelToken &cancel,
                 const TreeProgress &progress = {});

} // namespace trimscope::fsbench
