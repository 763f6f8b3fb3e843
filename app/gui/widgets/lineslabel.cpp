#include "lineslabel.h"

#include <QEvent>
#include <QHelpEvent>
#include <QPainter>
#include <QStyle>
#include <QToolTip>

namespace trimscope::gui {

namespace {
constexpr int kTextFlags = Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop;
}

LinesLabel::LinesLabel(QWidget *parent) : QLabel(parent)
{
    setWordWrap(true);
}

void LinesLabel::setLines(int lines)
{
    if (std::max(0, lines) == m_lines)
        return; // a column that asks again at each resize is not laid out anew
    m_lines = std::max(0, lines);
    m_fitted.reset();
    setAlignment(Qt::AlignLeft | (m_lines > 0 ? Qt::AlignTop : Qt::AlignVCenter));
    QSizePolicy policy = sizePolicy();
    policy.setVerticalPolicy(m_lines > 0 ? QSizePolicy::Fixed : QSizePolicy::Preferred);
    policy.setHeightForWidth(m_lines == 0);
    setSizePolicy(policy);
    updateGeometry();
    update();
}

bool LinesLabel::hasHeightForWidth() const
{
    return m_lines == 0 && QLabel::hasHeightForWidth();
}

int LinesLabel::heightForWidth(int width) const
{
    return m_lines == 0 ? QLabel::heightForWidth(width) : reservedHeight();
}

int LinesLabel::reservedHeight() const
{
    const QMargins frame = contentsMargins();
    return m_lines * fontMetrics().lineSpacing() + 2 * margin() + frame.top() + frame.bottom();
}

QSize LinesLabel::sizeHint() const
{
    const QSize hint = QLabel::sizeHint();
    return m_lines == 0 ? hint : QSize(hint.width(), reservedHeight());
}

QSize LinesLabel::minimumSizeHint() const
{
    const QSize least = QLabel::minimumSizeHint();
    return m_lines == 0 ? least : QSize(least.width(), reservedHeight());
}

QRect LinesLabel::textRect() const
{
    return contentsRect().adjusted(margin(), margin(), -margin(), -margin());
}

int LinesLabel::textHeight(const QString &text) const
{
    const QRect room(0, 0, std::max(1, textRect().width()), 100000);
    return fontMetrics().boundingRect(room, kTextFlags, text).height();
}

bool LinesLabel::isCut() const
{
    return fitted().cut;
}

const LinesLabel::Fitted &LinesLabel::fitted() const
{
    const QString whole = text();
    const QSize room = textRect().size();
    if (!m_fitted || m_fitted->text != whole || m_fitted->room != room ||
        m_fitted->font != font()) {
        Fitted fit{whole, room, font(), false, QString()};
        fit.cut = m_lines > 0 && !whole.isEmpty() && textHeight(whole) > room.height();
        m_fitted = fit; // elidedText() measures with the new room
        if (fit.cut) {
            m_fitted->shown = elidedText();
            ++m_elisions;
        }
    }
    return *m_fitted;
}

// The longest start of the text that fits with "…" after it.
QString LinesLabel::elidedText() const
{
    const QString whole = text();
    const QString ellipsis(QChar(0x2026));
    qsizetype fits = 0;
    qsizetype tooLong = whole.size();
    while (tooLong - fits > 1) {
        const qsizetype middle = (fits + tooLong) / 2;
        if (textHeight(whole.left(middle).trimmed() + ellipsis) <= textRect().height())
            fits = middle;
        else
            tooLong = middle;
    }
    return whole.left(fits).trimmed() + ellipsis;
}

bool LinesLabel::event(QEvent *event)
{
    // The whole text on hover, where it is cut.
    if (event->type() == QEvent::ToolTip && toolTip().isEmpty()) {
        const auto *help = static_cast<QHelpEvent *>(event);
        if (isCut())
            QToolTip::showText(help->globalPos(), text(), this);
        else
            QToolTip::hideText();
        return true;
    }
    return QLabel::event(event);
}

void LinesLabel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange)
        m_fitted.reset();
    QLabel::changeEvent(event);
}

void LinesLabel::paintEvent(QPaintEvent *event)
{
    const Fitted &fit = fitted();
    if (!fit.cut) {
        QLabel::paintEvent(event);
        return;
    }
    QPainter painter(this);
    style()->drawItemText(&painter, textRect(), kTextFlags, palette(), isEnabled(), fit.shown,
                          foregroundRole());
}

} // namespace trimscope::gui
