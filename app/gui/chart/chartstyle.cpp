#include "chartstyle.h"

#include "common/units.h"

#include <QChart>
#include <QGuiApplication>
#include <QLegend>
#include <QPalette>
#include <algorithm>
#include <cmath>

namespace trimscope::gui {

const QList<QColor> &chartColors()
{
    static const QList<QColor> colors = {
        QColor(0, 114, 178),   QColor(213, 94, 0),   QColor(0, 158, 115),   QColor(204, 121, 167),
        QColor(230, 159, 0),   QColor(86, 180, 233), QColor(120, 120, 120), QColor(140, 86, 75),
        QColor(117, 112, 179), QColor(128, 128, 0)};
    return colors;
}

SeriesStyle seriesStyle(int index)
{
    static const Qt::PenStyle lines[] = {Qt::SolidLine, Qt::DashLine, Qt::DotLine, Qt::DashDotLine};
    // Twenty colours before a dash: dashed lines cost the painter several times a solid one.
    const int colors = int(chartColors().size());
    const int round = index / colors;
    QColor color = chartColors().at(index % colors);
    if (round % 2 == 1)
        color = color.darker(170);
    return {color, lines[(round / 2) % 4]};
}

void styleChart(QChart *chart, const QPalette *palette)
{
    const bool dark = palette && palette->color(QPalette::Window).lightness() < 128;
    chart->setTheme(dark ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setLocalizeNumbers(true);
    chart->setLocale(numberLocale());
    // The legend is ours (ChartLegend): QtCharts elides long labels into look-alikes.
    chart->legend()->hide();
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

QString valueLabelFormat(double step)
{
    constexpr int kMostDecimals = 6;
    int decimals = 0;
    for (double scaled = step; decimals < kMostDecimals; ++decimals, scaled *= 10) {
        if (std::abs(scaled - std::round(scaled)) <= 1e-6 * std::max(1.0, scaled))
            break;
    }
    return QStringLiteral("%.%1f").arg(decimals);
}

QString verticalAxisTitle(const QString &title)
{
    constexpr qsizetype kOneLine = 24; // characters: a chart 200 pixels high holds them
    if (title.size() <= kOneLine)
        return title.toHtmlEscaped();
    const qsizetype middle = title.size() / 2;
    const qsizetype before = title.lastIndexOf(QLatin1Char(' '), middle);
    const qsizetype after = title.indexOf(QLatin1Char(' '), middle);
    qsizetype cut = before;
    if (cut < 0 || (after >= 0 && after - middle < middle - before))
        cut = after;
    if (cut < 0)
        return title.toHtmlEscaped();
    return title.left(cut).toHtmlEscaped() + QStringLiteral("<br>") +
           title.mid(cut + 1).toHtmlEscaped();
}

} // namespace trimscope::gui
