#pragma once

#include <QDir>
#include <QSettings>
#include <QStandardPaths>
#include <memory>

namespace trimscope::gui {

// ~/.config/trimscope/trimscope.conf
inline std::unique_ptr<QSettings> appSettings()
{
    return std::make_unique<QSettings>(QStringLiteral("trimscope"), QStringLiteral("trimscope"));
}

// Where files the person saves go unless they chose a folder before: the documents folder. Not
// the home folder: inside the Flatpak that is an empty directory of the sandbox (only
// xdg-documents is granted), and what is saved there is gone when the app quits.
inline QString userFilesDir()
{
    const QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    return documents.isEmpty() || !QDir(documents).exists() ? QDir::homePath() : documents;
}

} // namespace trimscope::gui
