#pragma once

#include "apply/applyplan.h"
#include "common/error.h"

#include <QDBusConnection>

namespace trimscope::apply {

// "Now, without a reboot": a filesystem remounted with discard or nodiscard by trimscope-helper
// (Helper1.SetMountDiscard) under its own polkit action io.github.trimscope.apply-now.

// The helper can be reached (running or activatable) and knows the method.
bool helperCanChangeNow(const QDBusConnection &bus);

Error remountNow(const QDBusConnection &bus, const Remount &remount);

} // namespace trimscope::apply
