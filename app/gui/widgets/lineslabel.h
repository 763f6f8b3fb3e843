#pragma once

#include <QLabel>

namespace trimscope::gui {

// A word-wrapped label; given a number of lines, it keeps that height: text that needs more ends
// in "…" and shows whole on hover. Its height never follows its text, so the controls above it in a
// full column keep their room (issue 47: the job's words took a second line after a run at 800×600,
// the plan above lost 13 px and gained a scroll bar, and Run moved under the pointer).
class LinesLabel : public QLabel
{
public:
    explicit LinesLabel(QWidget *parent);
    // 0: as tall as its text, like any label.
    void setLines(int lines);

    // Whether the text needs more lines than the label has (it is then drawn elided).
    bool isCut() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    bool hasHeightForWidth() const override;
    int heightForWidth(int width) const override;

protected:
    bool event(QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;

private:
    int reservedHeight() const;
    QRect textRect() const;
    int textHeight(const QString &text) const;
    QString elidedText() const;

    int m_lines = 0;
};

} // namespace trimscope::gui
