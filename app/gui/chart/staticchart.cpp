#include "staticchart.h"

#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QVBoxLayout>

namespace trimscope::gui {

StaticChart::StaticChart(QWidget *parent) : ChartWidget(parent), m_view(new QChartView(this))
{
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setFocusPolicy(Qt::NoFocus);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
    setMinimumSize(320, 240);
}

void StaticChart::rebuild()
{
    const QPalette pal = palette();
    QChart *old = m_view->chart();
    m_view->setChart(buildChart(&pal));
    m_view->setBackgroundBrush(pal.color(QPalette::Window));
    delete old;
}

void StaticChart::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange)
        rebuild();
    ChartWidget::changeEvent(event);
}

void StaticChart::renderTo(QPainter &painter, QSize size) const
{
    paintChart(buildChart(nullptr), painter, size);
}

} // namespace trimscope::gui
