#pragma once

#include <QLabel>
#include <optional>

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
    // How many times the cut text was worked out: once per text, room and font, not per paint
    // (for tests).
    int elisions() const { return m_elisions; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    bool hasHeightForWidth() const override;
    int heightForWidth(int width) const override;

protected:
    bool event(QEvent *event) override;
    void changeEvent(QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;

private:
    // The text as it fits the label: whether it is cut, and then its start with "…".
    struct Fitted
    {
        QString text;
        QSize room;
        QFont font;
        bool cut = false;
        QString shown;
    };
    int reservedHeight() const;
    QRect textRect() const;
    int textHeight(const QString &text) const;
    QString elidedText() const;
    const Fitted &fitted() const;

    int m_lines = 0;
    // Worked out once per text, room and font: a run's progress repaints the label many times a
    // second, and each elision is a binary search over boundingRect().
    mutable std::optional<Fitted> m_fitted;
    mutable int m_elisions = 0;
};

} // namespace trimscope::gui
