#pragma once

#include "sweep/discardtarget.h"

#include <memory>

namespace trimscope::gui {

// Makes a simulated drive take `scale` times its modelled time, so tests and demos can watch a
// run grow in seconds instead of minutes. The reported time stays the modelled one.
class PacedTarget final : public DiscardTarget
{
public:
    PacedTarget(std::unique_ptr<DiscardTarget> inner, double scale);

    Expected<double> timedDiscard(quint64 offset, quint64 length) override;
    Error prewrite(quint64 offset, quint64 length) override;

private:
    std::unique_ptr<DiscardTarget> m_inner;
    double m_scale;
};

} // namespace trimscope::gui
