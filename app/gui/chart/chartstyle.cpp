#include "chartstyle.h"

#include <QChart>
#include <QGuiApplication>
#include <QLegend>
#include <QPalette>

namespace trimscope::gui {

const QList<QColor> &chartColors()
{
    static const QList<QColor> colors = {
        QColor(0, 114, 178), QColor(213, 94, 0),   QColor(0, 158, 115),  QColor(204, 121, 167),
        QColor(230, 159, 0), QColor(86, 180, 233), QColor(120, 120, 120)};
    return colors;
}

void styleChart(QChart *chart, const QPalette *palette)
{
    const bool dark = palette && palette->color(QPalette::Window).lightness() < 128;
    chart->setTheme(dark ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->legend()->setShowToolTips(true);
    QFont titleFont = QGuiApplication::font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.25);
    titleFont.setBold(true);
    chart->setTitleFont(titleFont);
    if (palette) {
        chart->setBackgroundBrush(palette->color(QPalette::Base));
        chart->setTitleBrush(palette->color(QPalette::Text));
        chart->legend()->setLabelColor(palette->color(QPalette::Text));
    }
}

} // namespace trimscope::gui
