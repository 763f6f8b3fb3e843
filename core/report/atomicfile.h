#pragma once

#include "common/error.h"

#include <QByteArray>
#include <QString>

namespace trimscope {

// Writes the whole file or nothing (QSaveFile): an interrupted run never leaves half a result.
Error writeFileAtomically(const QString &path, const QByteArray &bytes);

} // namespace trimscope
