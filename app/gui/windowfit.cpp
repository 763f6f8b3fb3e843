#include "windowfit.h"

#include <algorithm>

namespace trimscope::gui {

namespace {
constexpr QSize kPreferred(1280, 800);
constexpr double kShareOfSmallScreen = 0.9;
} // namespace

QSize firstWindowSize(const QSize &available)
{
    if (!available.isValid() || available.isEmpty())
        return kPreferred;
    return {std::min(kPreferred.width(), int(available.width() * kShareOfSmallScreen)),
            std::min(kPreferred.height(), int(available.height() * kShareOfSmallScreen))};
}

} // namespace trimscope::gui
