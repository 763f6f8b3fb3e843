#pragma once

#include <QSettings>
#include <memory>

namespace trimscope::gui {

// ~/.config/trimscope/trimscope.conf
inline std::unique_ptr<QSettings> appSettings()
{
    return std::make_unique<QSettings>(QStringLiteral("trimscope"), QStringLiteral("trimscope"));
}

} // namespace trimscope::gui
