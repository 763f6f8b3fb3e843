#pragma once

#include <QTemporaryDir>
#include <QtGlobal>

// Settings and saved runs of a test go to a directory of its own, never the user's.
struct GuiTestEnv
{
    QTemporaryDir home;
    GuiTestEnv()
    {
        qputenv("XDG_CONFIG_HOME", home.filePath(QStringLiteral("config")).toLocal8Bit());
        qputenv("XDG_DATA_HOME", home.filePath(QStringLiteral("data")).toLocal8Bit());
    }
    QString runDir() const { return home.filePath(QStringLiteral("runs")); }
};
