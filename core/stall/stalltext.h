#pragma once

#include <QCoreApplication>

namespace trimscope::stall {

// The translation context ("Stall") of every text the stall test shows a user.
struct StallText
{
    Q_DECLARE_TR_FUNCTIONS(Stall)
};

} // namespace trimscope::stall
