#pragma once

class QWidget;

namespace trimscope::gui {

// Combo and spin boxes under `root` take focus by click or Tab (Qt::StrongFocus) and turn the
// mouse wheel over to the page while they have no focus: a wheel meant to scroll a tab changed
// the Filesystem tab's file-tree setting under the pointer (issue 47).
void guardWheelOnFields(QWidget *root);

} // namespace trimscope::gui
