#pragma once

class QScrollArea;
class QWidget;

namespace trimscope::gui {

// `content` in a frameless area that scrolls only vertically: a column of controls that keeps its
// width and, in a window too short for it (800×600), scrolls instead of holding the whole window
// up to its own height.
QScrollArea *verticalScroll(QWidget *content, QWidget *parent);

} // namespace trimscope::gui
