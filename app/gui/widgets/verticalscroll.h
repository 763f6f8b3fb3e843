#pragma once

// Whole, not declared: callers hand the area to a layout as a QWidget, which needs the class.
#include <QScrollArea>

namespace trimscope::gui {

// `content` in a frameless area that scrolls only vertically: a column of controls that keeps its
// width and, in a window too short for it (800×600), scrolls instead of holding the whole window
// up to its own height.
// FollowsContent: the area asks for its content's height as it is now (Qt's keeps the height the
// content had when it was set), for a panel that must not cut its content in a tall window.
enum class ScrollHeight { AsSet, FollowsContent };
QScrollArea *verticalScroll(QWidget *content, QWidget *parent,
                            ScrollHeight height = ScrollHeight::AsSet);

} // namespace trimscope::gui
