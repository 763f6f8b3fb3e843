#pragma once

#include "expected.h"

#include <QByteArray>
#include <QString>

namespace trimscope {

// What a file a user hands us (--from, --audit-snapshot, health --blob, the GUI's open and
// import) is meant to hold; each kind has its own size cap.
enum class InputFileKind {
    Result,        // any TrimScope result JSON: 64 MiB
    AuditSnapshot, // a SystemSnapshot JSON: 64 MiB
    SmartBlob,     // a saved SMART blob (skdump --save): 64 KiB
};

qint64 inputFileSizeCap(InputFileKind kind);

// The one reader for untrusted input files: a regular file (a symbolic link to one is fine) of
// at most the kind's cap, read whole. A FIFO, a device (/dev/zero), a socket or a directory is
// refused by its type before it is opened, then checked again on the open descriptor (opened
// non-blocking, so a FIFO swapped in between cannot hang us). Errors name the path and say why.
Expected<QByteArray> readInputFile(const QString &path, InputFileKind kind);

} // namespace trimscope
