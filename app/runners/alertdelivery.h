#pragma once

#include "alertcommand.h"
#include "common/expected.h"

#include <QDBusConnection>
#include <QList>
#include <QString>

namespace trimscope {

// A desktop notification (org.freedesktop.Notifications.Notify on the session bus), with the
// action "open" ("Open TrimScope") only when `offerOpen`: the action is a button the server shows
// and answers with a signal to whoever listens, so it is offered only where openOnAction() waits
// for it. A button that does nothing (the timer's and login runs, which exit at once) is worse than
// none; the desktop-entry hint still names the app. The server's id for it, or why it could not
// be sent (no session bus, no notification server).
Expected<quint32> notifyDesktop(const AlertMessage &message, bool offerOpen,
                                QDBusConnection bus = QDBusConnection::sessionBus());

// Waits up to `seconds` for the person to choose "open" on one of `ids` and then starts
// `program` (TrimScope's window) with the drive's /dev path. False when nobody chose it.
bool openOnAction(const QList<quint32> &ids, const QString &drivePathFor, double seconds,
                  const QString &program = QStringLiteral("trimscope"),
                  QDBusConnection bus = QDBusConnection::sessionBus());

} // namespace trimscope
