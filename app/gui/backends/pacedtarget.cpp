#include "pacedtarget.h"

#include <chrono>
#include <thread>

namespace trimscope::gui {

PacedTarget::PacedTarget(std::unique_ptr<DiscardTarget> inner, double scale)
    : m_inner(std::move(inner)), m_scale(scale)
{
}

Expected<double> PacedTarget::timedDiscard(quint64 offset, quint64 length)
{
    Expected<double> seconds = m_inner->timedDiscard(offset, length);
    if (seconds && m_scale > 0)
        std::this_thread::sleep_for(std::chrono::duration<double>(*seconds * m_scale));
    return seconds;
}

Error PacedTarget::prewrite(quint64 offset, quint64 length)
{
    return m_inner->prewrite(offset, length);
}

} // namespace trimscope::gui
