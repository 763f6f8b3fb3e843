#pragma once

#include <QColor>
#include <QList>
#include <QWidget>

namespace trimscope::gui {

// One line of a chart's legend: a swatch in the series' colour and line style, and the whole
// label (never elided: two runs that differ only at the end of their labels stay apart).
struct LegendEntry
{
    enum class Swatch { Line, Box };
    QString label;
    QColor color;
    Qt::PenStyle line = Qt::SolidLine;
    Swatch swatch = Swatch::Line;
};

// The legend laid out in equal columns as wide as the widest entry; a label wider than the
// chart wraps. The same layout draws the legend in the window and under an exported chart.
int legendHeight(const QList<LegendEntry> &entries, int width, const QFont &font);
void paintLegend(QPainter &painter, const QRect &rect, const QList<LegendEntry> &entries,
                 const QFont &font, const QColor &text);

// The legend under a chart in the window.
class ChartLegend : public QWidget
{
    Q_OBJECT
public:
    explicit ChartLegend(QWidget *parent = nullptr);

    void setEntries(const QList<LegendEntry> &entries);
    const QList<LegendEntry> &entries() const { return m_entries; }
    QStringList labels() const;

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    QList<LegendEntry> m_entries;
};

} // namespace trimscope::gui
