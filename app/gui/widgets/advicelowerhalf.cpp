#include "advicelowerhalf.h"

#include <QLayout>
#include <algorithm>

namespace trimscope::gui {

QSize AdviceLowerHalf::minimumSizeHint() const
{
    // Beyond the lists' own least heights (a row or two), four lines more of them.
    const int rows = 4 * fontMetrics().lineSpacing();
    int least = 0;
    for (int i = 0; i < count(); ++i) {
        const QLayout *column = widget(i)->layout();
        least = std::max(least, column ? column->totalMinimumHeightForWidth(widget(i)->width())
                                       : widget(i)->minimumSizeHint().height());
    }
    least += rows;
    return {QSplitter::minimumSizeHint().width(), least};
}

QSize AdviceLowerHalf::sizeHint() const
{
    return {QSplitter::sizeHint().width(), minimumSizeHint().height()};
}

void AdviceLowerHalf::resizeEvent(QResizeEvent *event)
{
    QSplitter::resizeEvent(event);
    updateGeometry(); // its notes wrap anew at another width
}

} // namespace trimscope::gui
