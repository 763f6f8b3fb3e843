#pragma once

#include <QSize>

namespace trimscope::gui {

// The main window's size at its first start on a screen whose available area (without panels,
// in device-independent pixels: a 2560×1600 screen at scale 2 offers 1280×800 less its panels) is
// `available`: 1280×800 where that fits with room for the window frame, else nine tenths of the
// area in each direction, so the export buttons and the legend stay on screen. A saved geometry
// is Qt's to restore: restoreGeometry() moves a window saved on a larger screen into this one.
QSize firstWindowSize(const QSize &available);

} // namespace trimscope::gui
