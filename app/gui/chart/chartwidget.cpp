#include "chartwidget.h"

#include "charttextfit.h"
#include "common/atomicfile.h"

#include <QBuffer>
#include <QChart>
#include <QChartView>
#include <QCoreApplication>
#include <QEvent>
#include <QFileInfo>
#include <QFontInfo>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QImageWriter>
#include <QPainter>
#include <QPdfWriter>
#include <QRegularExpression>
#include <QResizeEvent>
#include <QSvgGenerator>
#include <QVBoxLayout>

namespace trimscope::gui {

namespace {

// The SVG's font-family attributes as CSS wants them: the family the text was laid out with,
// then a generic family any reader has ("DejaVu Sans, sans-serif"). QSvgGenerator writes Qt's
// family name, which may be a fontconfig alias ("Sans Serif") that no browser knows.
QByteArray withGenericFontFamilies(const QByteArray &svg)
{
    static const QRegularExpression family(QStringLiteral("font-family=\"([^\"]*)\""));
    QString text = QString::fromUtf8(svg);
    QString result;
    qsizetype done = 0;
    for (const QRegularExpressionMatch &m : family.globalMatch(text)) {
        const QFont font(m.captured(1));
        const QString generic = QFontInfo(font).fixedPitch() ? QStringLiteral("monospace")
                                                             : QStringLiteral("sans-serif");
        result += text.mid(done, m.capturedStart() - done);
        result += QStringLiteral("font-family=\"%1, %2\"")
                      .arg(QFontInfo(font).family().toHtmlEscaped(), generic);
        done = m.capturedEnd();
    }
    result += text.mid(done);
    return result.toUtf8();
}

// The title, the horizontal axis and a plot of about ninety pixels; more and a window of
// 800×538 with the Filesystem tab no longer fits (tst_windowfit).
constexpr int kLeastViewHeight = 155;

// Holds back the layout of a chart that waits for its widget to show. QtCharts lays out a chart
// on the LayoutRequest it posts to itself whenever its axes or series change, in a view or not:
// every axis label and title shaped, at a size the view replaces anyway. The two charts of the
// TRIM Benchmark tab, hidden behind its "Select a drive" page, cost a quarter of the CPU the
// window added to a bare one before its first frame (issue 47 item 17). Given to its view, the
// chart is resized and lays out then.
class LayoutHold final : public QObject
{
public:
    using QObject::QObject;

protected:
    bool eventFilter(QObject *, QEvent *event) override
    {
        return event->type() == QEvent::LayoutRequest;
    }
};

} // namespace

ChartWidget::ChartWidget(QWidget *parent)
    : QWidget(parent), m_view(new QChartView(this)), m_legend(new ChartLegend(this)),
      m_layoutHold(new LayoutHold(this))
{
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setFocusPolicy(Qt::NoFocus);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_legend);
    // Narrow enough that a tab with a chart fits an 800×600 screen beside the drive list; high
    // enough that the plot is not a strip under its title (the Filesystem tab's at 800×600): the
    // view's least height and the legend's, which a fixed minimum of the whole let the legend
    // cover.
    setMinimumWidth(200);
    m_view->setMinimumHeight(kLeastViewHeight);
}

ChartWidget::~ChartWidget()
{
    delete m_waiting;
}

void ChartWidget::showChart(QChart *chart)
{
    // A chart widget of its own (an export, a test) lays out at once, as its caller expects.
    if (!isVisible() && parentWidget()) {
        if (m_waiting != chart)
            delete m_waiting;
        m_waiting = chart;
        chart->installEventFilter(m_layoutHold);
        return;
    }
    if (m_waiting != chart)
        delete m_waiting;
    m_waiting = nullptr;
    chart->removeEventFilter(m_layoutHold);
    // What the hold ate: the view's resize lays it out too, this whatever its size.
    QCoreApplication::postEvent(chart, new QEvent(QEvent::LayoutRequest));
    QChart *old = m_view->chart();
    // Titles that would be cut to "…" at this size break into lines instead.
    QObject::connect(chart, &QChart::plotAreaChanged, chart, [chart] { fitChartTexts(chart); });
    m_view->setChart(chart);
    m_view->setBackgroundBrush(palette().color(QPalette::Window));
    if (old != chart)
        delete old;
}

QChart *ChartWidget::currentChart() const
{
    return m_waiting ? m_waiting : m_view->chart();
}

void ChartWidget::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_waiting)
        showChart(m_waiting);
}

void ChartWidget::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    // The legend's height follows this width (more lines when narrower); the window asks for it
    // again, not the one it had at the width before. Resized from 1366×768 to 800×600 after a
    // run, the benchmark's legend kept 44 px for 86 px of text and was cut at the bottom.
    if (event->oldSize().width() != width())
        m_legend->updateGeometry();
}

void ChartWidget::updateLegend()
{
    m_legend->setEntries(legendEntries());
}

void ChartWidget::setLegendShown(bool shown)
{
    m_legend->setVisible(shown);
}

void ChartWidget::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange) {
        m_view->setBackgroundBrush(palette().color(QPalette::Window));
        applyPalette();
    }
    QWidget::changeEvent(event);
}

void ChartWidget::renderWithLegend(QPainter &painter, QSize size) const
{
    const QList<LegendEntry> entries = legendEntries();
    QFont font = this->font();
    font.setPixelSize(std::max(11, size.width() / 90));
    const int legend = std::min(legendHeight(entries, size.width(), font), size.height() / 2);
    renderTo(painter, QSize(size.width(), size.height() - legend));
    if (legend > 0)
        paintLegend(painter, QRect(0, size.height() - legend, size.width(), legend), entries, font,
                    Qt::black);
}

void ChartWidget::paintChart(QChart *chart, QPainter &painter, QSize size)
{
    QGraphicsScene scene; // owns the chart from here on
    scene.addItem(chart);
    chart->setGeometry(QRectF(QPointF(0, 0), QSizeF(size)));
    chart->layout()->activate();
    // Again: the first layout tells the chart how big its plot is, which can change how many
    // labels its vertical axis gets (ChartCanvas::fitToPlot) and how its titles break
    // (fitChartTexts).
    for (int pass = 0; pass < 3; ++pass) {
        fitChartTexts(chart);
        chart->layout()->invalidate();
        chart->layout()->activate();
    }
    scene.setSceneRect(QRectF(QPointF(0, 0), QSizeF(size)));
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    scene.render(&painter, QRectF(QPointF(0, 0), QSizeF(size)), scene.sceneRect());
}

QImage ChartWidget::renderImage(QSize size) const
{
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    QPainter painter(&image);
    renderWithLegend(painter, size);
    painter.end();
    return image;
}

Error ChartWidget::exportTo(const QString &path, QSize size) const
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (size.width() < 200 || size.height() < 150 || size.width() > 10000 || size.height() > 10000)
        return makeError(ErrorCode::InvalidArgument,
                         tr("A chart must be between 200×150 and 10000×10000 pixels."));
    // Rendered in memory and written whole by the one atomic writer.
    QByteArray bytes;
    QBuffer buffer(&bytes); // memory: the atomic writer writes the file
    buffer.open(QBuffer::WriteOnly);
    if (suffix == QLatin1String("svg")) {
        QSvgGenerator svg;
        svg.setOutputDevice(&buffer);
        svg.setSize(size);
        svg.setViewBox(QRect(QPoint(0, 0), size));
        // The PNG's resolution: text in points comes out as many pixels as in the PNG (the
        // generator's own 72 dpi drew it a quarter smaller).
        svg.setResolution(QImage(1, 1, QImage::Format_RGB32).logicalDpiX());
        svg.setTitle(title());
        svg.setDescription(tr("Chart made by TrimScope"));
        QPainter painter;
        if (!painter.begin(&svg))
            return makeError(ErrorCode::IoError, tr("Cannot write %1.").arg(path));
        renderWithLegend(painter, size);
        painter.end();
        return writeFileAtomically(path, withGenericFontFamilies(bytes));
    }
    if (suffix == QLatin1String("pdf")) {
        QPdfWriter pdf(&buffer);
        pdf.setResolution(72); // one pixel of the chosen size is one point on the page
        pdf.setPageSize(QPageSize(QSizeF(size), QPageSize::Point));
        pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
        pdf.setTitle(title());
        pdf.setCreator(QStringLiteral("TrimScope"));
        QPainter painter;
        if (!painter.begin(&pdf))
            return makeError(ErrorCode::IoError, tr("Cannot write %1.").arg(path));
        renderWithLegend(painter, size);
        painter.end();
        return writeFileAtomically(path, bytes);
    }
    if (suffix == QLatin1String("png")) {
        QImageWriter writer(&buffer, "png");
        if (!writer.write(renderImage(size)))
            return makeError(ErrorCode::IoError,
                             tr("Cannot write %1: %2").arg(path, writer.errorString()));
        return writeFileAtomically(path, bytes);
    }
    return makeError(ErrorCode::InvalidArgument,
                     tr("Unknown chart format \"%1\": use .png, .svg or .pdf.").arg(suffix));
}

} // namespace trimscope::gui
