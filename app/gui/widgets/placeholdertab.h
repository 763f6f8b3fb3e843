#pragma once

#include <QLabel>

namespace trimscope::gui {

// A tab a later issue fills; says so instead of showing nothing.
class PlaceholderTab : public QLabel
{
    Q_OBJECT
public:
    explicit PlaceholderTab(const QString &text, QWidget *parent = nullptr) : QLabel(text, parent)
    {
        setAlignment(Qt::AlignCenter);
        setWordWrap(true);
        setEnabled(false);
    }
};

} // namespace trimscope::gui
