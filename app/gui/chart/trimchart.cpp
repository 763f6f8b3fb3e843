#include "trimchart.h"

#include "chartcanvas.h"

#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QFileInfo>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QImageWriter>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>
#include <QVBoxLayout>
#include <algorithm>

namespace trimscope::gui {

TrimChart::TrimChart(ChartMetric metric, QWidget *parent)
    : QWidget(parent), m_metric(metric), m_canvas(std::make_unique<ChartCanvas>(metric))
{
    m_canvas->releaseChart();
    m_view = new QChartView(m_canvas->chart(), this);
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setFocusPolicy(Qt::NoFocus);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
    setMinimumSize(320, 240);
    applyPalette();
}

TrimChart::~TrimChart() = default;

void TrimChart::setTitle(const QString &title)
{
    m_title = title;
    m_canvas->setTitle(title);
}

int TrimChart::addSeries(const QString &label)
{
    m_data.append({label, {}});
    return m_canvas->addSeries(label);
}

void TrimChart::setPoint(int series, const ChartPoint &point)
{
    if (series < 0 || series >= m_data.size())
        return;
    QList<ChartPoint> &points = m_data[series].points;
    const auto it = std::lower_bound(points.begin(), points.end(), point.bytes,
                                     [](const ChartPoint &p, quint64 b) { return p.bytes < b; });
    const int index = int(it - points.begin());
    const bool insert = it == points.end() || it->bytes != point.bytes;
    if (insert)
        points.insert(index, point);
    else
        points[index] = point;
    m_canvas->setPoint(series, index, insert, point);
    m_canvas->rescale(m_data);
}

int TrimChart::addRun(const QString &label, const QList<SizePoint> &points)
{
    const int series = addSeries(label);
    for (const SizePoint &point : points) {
        if (point.stats.count > 0)
            setPoint(series, pointFrom(point));
    }
    return series;
}

void TrimChart::clear()
{
    m_data.clear();
    m_canvas->clear();
}

int TrimChart::pointCount(int series) const
{
    return m_canvas->pointCount(series);
}

ChartPoint TrimChart::pointFrom(const SizePoint &point)
{
    const SampleStatistics &s = point.stats;
    // With fewer than 20 samples the 5th and 95th percentiles are the extremes anyway.
    return {point.bytes, s.median, s.p5, s.p95};
}

void TrimChart::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange)
        applyPalette();
    QWidget::changeEvent(event);
}

void TrimChart::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    m_canvas->setMaxXTicks(xTicksFor(width()));
    m_canvas->rescale(m_data);
}

void TrimChart::applyPalette()
{
    const QPalette pal = palette();
    m_canvas->setDark(pal.color(QPalette::Window).lightness() < 128);
    QChart *chart = m_canvas->chart();
    chart->setBackgroundBrush(pal.color(QPalette::Base));
    chart->setTitleBrush(pal.color(QPalette::Text));
    chart->legend()->setLabelColor(pal.color(QPalette::Text));
    m_view->setBackgroundBrush(pal.color(QPalette::Window));
}

void TrimChart::renderTo(QPainter &painter, QSize size) const
{
    // A separate chart in light colours, built from the data: the export never depends on
    // the window's size or theme.
    ChartCanvas canvas(m_metric);
    canvas.setDark(false);
    canvas.setTitle(m_title);
    canvas.setMaxXTicks(xTicksFor(size.width()));
    for (const ChartSeries &series : m_data) {
        const int index = canvas.addSeries(series.label);
        for (int i = 0; i < series.points.size(); ++i)
            canvas.setPoint(index, i, true, series.points.at(i));
    }
    canvas.rescale(m_data);
    QGraphicsScene scene;
    canvas.releaseChart();
    scene.addItem(canvas.chart());
    canvas.chart()->setGeometry(QRectF(QPointF(0, 0), QSizeF(size)));
    canvas.chart()->layout()->activate();
    scene.setSceneRect(QRectF(QPointF(0, 0), QSizeF(size)));
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    scene.render(&painter, QRectF(QPointF(0, 0), QSizeF(size)), scene.sceneRect());
}

QImage TrimChart::renderImage(QSize size) const
{
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    QPainter painter(&image);
    renderTo(painter, size);
    painter.end();
    return image;
}

Error TrimChart::exportTo(const QString &path, QSize size) const
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (size.width() < 200 || size.height() < 150 || size.width() > 10000 || size.height() > 10000)
        return makeError(ErrorCode::InvalidArgument,
                         tr("A chart must be between 200×150 and 10000×10000 pixels."));
    if (suffix == QLatin1String("svg")) {
        QSvgGenerator svg;
        svg.setFileName(path);
        svg.setSize(size);
        svg.setViewBox(QRect(QPoint(0, 0), size));
        svg.setTitle(m_title);
        svg.setDescription(tr("TRIM benchmark chart made by TrimScope"));
        QPainter painter;
        if (!painter.begin(&svg))
            return makeError(ErrorCode::IoError, tr("Cannot write %1.").arg(path));
        renderTo(painter, size);
        painter.end();
        return {};
    }
    if (suffix == QLatin1String("pdf")) {
        QPdfWriter pdf(path);
        pdf.setResolution(72); // one pixel of the chosen size is one point on the page
        pdf.setPageSize(QPageSize(QSizeF(size), QPageSize::Point));
        pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
        pdf.setTitle(m_title);
        pdf.setCreator(QStringLiteral("TrimScope"));
        QPainter painter;
        if (!painter.begin(&pdf))
            return makeError(ErrorCode::IoError, tr("Cannot write %1.").arg(path));
        renderTo(painter, size);
        painter.end();
        return {};
    }
    if (suffix == QLatin1String("png")) {
        QImageWriter writer(path, "png");
        if (!writer.write(renderImage(size)))
            return makeError(ErrorCode::IoError,
                             tr("Cannot write %1: %2").arg(path, writer.errorString()));
        return {};
    }
    return makeError(ErrorCode::InvalidArgument,
                     tr("Unknown chart format \"%1\": use .png, .svg or .pdf.").arg(suffix));
}

} // namespace trimscope::gui
