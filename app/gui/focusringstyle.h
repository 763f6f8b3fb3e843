#pragma once

#include <QProxyStyle>

namespace trimscope::gui {

// The application's style with a ring a person can see around the push button that has the
// keyboard's focus. Fusion draws a default button ("Benchmark TRIM") highlighted already and adds
// nothing visible when the focus is on it, so a keyboard user could not tell where Tab had gone.
class FocusRingStyle : public QProxyStyle
{
    Q_OBJECT
public:
    using QProxyStyle::QProxyStyle;

    // Wraps the application's current style once (the main window calls it; a second window
    // finds it done).
    static void install();

    void drawControl(ControlElement element, const QStyleOption *option, QPainter *painter,
                     const QWidget *widget = nullptr) const override;
};

} // namespace trimscope::gui
