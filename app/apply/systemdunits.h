#pragma once

#include "apply/applyplan.h"
#include "common/error.h"

#include <QDBusConnection>
#include <QDBusMessage>
#include <QString>

namespace trimscope::apply {

// A unit enabled and started, or stopped and disabled, through systemd's own D-Bus API
// (org.freedesktop.systemd1.Manager: UnmaskUnitFiles, EnableUnitFiles, Reload, StartUnit; and
// StopUnit, DisableUnitFiles, MaskUnitFiles to put it back), checked by polkit as systemd's
// org.freedesktop.systemd1.manage-unit-files, reload-daemon and manage-units.

// systemd's error `reply` to Manager.`method`, in words after `what` ("systemd did not enable
// fstrim.timer", a whole clause): a refusal by polkit says which it was (systemdRefusal; polkit is
// asked again without a prompt whether a password would have done, blocking for a few ms).
Error systemdErrorInWords(const QDBusConnection &bus, const QDBusMessage &reply,
                          const QString &method, const QString &what);

// systemd answers on `bus` as the service manager (it is process 1 there).
bool systemdAvailable(const QDBusConnection &bus);

// Carries out `change`, then checks the unit's state: active after enabling, inactive after
// disabling. A denial or a failure comes back in words, with what enabling had done so far
// (unmasked, enabled) taken back.
Error changeUnit(const QDBusConnection &bus, const UnitChange &change);

} // namespace trimscope::apply
