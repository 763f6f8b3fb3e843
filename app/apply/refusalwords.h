#pragma once

#include "common/expected.h"

#include <QString>

namespace trimscope::apply {

// polkit's refusal of `action` to one call of ours to the system's own services (udisks2's
// Block.UpdateConfigurationItem, systemd's Manager), in words after `what`, a whole clause
// ("udisks2 did not change the line for / in /etc/fstab"; translations need one). `refusal` is
// udisksRefusal's or systemdRefusal's answer, a NotAuthorized* code; the Error has that code. The
// call itself changed nothing.
Error polkitRefusalInWords(ErrorCode refusal, const QString &what, const QString &action);

} // namespace trimscope::apply
