#include "reportfile.h"

#include "curveplot.h"
#include "common/atomicfile.h"
#include "reporthtml.h"
#include "reporttext.h"

#include <QAbstractTextDocumentLayout>
#include <QBuffer>
#include <QFileInfo>
#include <QPainter>
#include <QPdfWriter>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextObjectInterface>

namespace trimscope::report {

namespace {

// The curve's size in CSS pixels: the page's width, a little under half as tall.
constexpr QSizeF kCurveSize(720, 300);
const QString kCurveName = QStringLiteral("trimscope-curve");

CurvePlot plotOf(const ReportInput &input)
{
    return {input.sweeps, ReportText::tr("No TRIM sweep of this drive")};
}

// Draws the curve where QTextDocument lays out the HTML's image: as vectors, at the size the
// layout gives it.
class CurveObject : public QObject, public QTextObjectInterface
{
    Q_OBJECT
    Q_INTERFACES(QTextObjectInterface)
public:
    static constexpr int kType = QTextFormat::UserObject + 1;

    explicit CurveObject(CurvePlot plot) : m_plot(std::move(plot)) {}

    QSizeF intrinsicSize(QTextDocument *, int, const QTextFormat &format) override
    {
        return {format.doubleProperty(QTextFormat::ImageWidth),
                format.doubleProperty(QTextFormat::ImageHeight)};
    }
    void drawObject(QPainter *painter, const QRectF &rect, QTextDocument *, int,
                    const QTextFormat &) override
    {
        m_plot.paint(*painter, rect);
    }

private:
    CurvePlot m_plot;
};

// The HTML's curve image becomes the vector curve object, keeping the size the HTML gives it.
void replaceCurveImage(QTextDocument &doc)
{
    for (QTextBlock block = doc.begin(); block.isValid(); block = block.next()) {
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QTextFragment fragment = it.fragment();
            const QTextCharFormat format = fragment.charFormat();
            if (!format.isImageFormat() || format.toImageFormat().name() != kCurveName)
                continue;
            QTextCharFormat curve;
            curve.setObjectType(CurveObject::kType);
            curve.setProperty(QTextFormat::ImageWidth, format.toImageFormat().width());
            curve.setProperty(QTextFormat::ImageHeight, format.toImageFormat().height());
            QTextCursor cursor(&doc);
            cursor.setPosition(fragment.position());
            cursor.setPosition(fragment.position() + fragment.length(), QTextCursor::KeepAnchor);
            cursor.insertText(QString(QChar::ObjectReplacementCharacter), curve);
            return;
        }
    }
}

} // namespace

QByteArray reportPdf(const ReportInput &input)
{
    QByteArray bytes;
    QBuffer buffer(&bytes); // memory: the atomic writer writes the file
    buffer.open(QBuffer::WriteOnly);
    QPdfWriter pdf(&buffer);
    pdf.setPageSize(QPageSize(QPageSize::A4));
    pdf.setPageMargins(QMarginsF(12, 12, 12, 12), QPageLayout::Millimeter);
    // CSS pixels: the HTML's sizes mean on the page what they mean in a browser.
    pdf.setResolution(96);
    pdf.setTitle(boundedForLayout(ReportText::tr("TRIM report: %1").arg(input.drive.displayName())));
    pdf.setCreator(QStringLiteral("TrimScope %1").arg(input.toolVersion));

    QTextDocument doc;
    doc.documentLayout()->setPaintDevice(&pdf);
    doc.setDocumentMargin(0);
    // No ligatures: text copied from the page (or searched in it) reads "fine", not "ﬁne".
    QFont font = doc.defaultFont();
    font.setStyleStrategy(QFont::PreferNoShaping);
    doc.setDefaultFont(font);
    CurveObject curve(plotOf(input));
    doc.documentLayout()->registerHandler(CurveObject::kType, &curve);
    // Room for the image while the HTML is read; the object replaces it before layout matters.
    doc.addResource(QTextDocument::ImageResource, QUrl(kCurveName),
                    QImage(1, 1, QImage::Format_RGB32));
    const QRectF page = pdf.pageLayout().paintRectPixels(pdf.resolution());
    doc.setHtml(reportHtml(input, {kCurveName, QSizeF(page.width(), page.width() * 0.42)}));
    replaceCurveImage(doc);

    // One page: a report that runs long is scaled down as a whole (its text wraps anew at each
    // width tried), never cut or spread over two pages.
    qreal scale = 1;
    for (int attempt = 0; attempt < 12; ++attempt) {
        doc.setTextWidth(page.width() / scale);
        const qreal height = doc.size().height() * scale;
        if (height <= page.height())
            break;
        scale *= std::max(0.8, page.height() / height * 0.995);
    }
    QPainter painter(&pdf);
    painter.scale(scale, scale);
    doc.drawContents(&painter, QRectF(0, 0, page.width() / scale, page.height() / scale));
    painter.end();
    return bytes;
}

QByteArray reportHtmlFile(const ReportInput &input)
{
    QByteArray png;
    QBuffer buffer(&png); // memory: the atomic writer writes the file
    buffer.open(QBuffer::WriteOnly);
    plotOf(input).image(kCurveSize.toSize(), 2).save(&buffer, "PNG");
    const QString source =
        QStringLiteral("data:image/png;base64,") + QString::fromLatin1(png.toBase64());
    return reportHtml(input, {source, kCurveSize}).toUtf8();
}

Error writeReport(const ReportInput &input, const QString &path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("pdf"))
        return writeFileAtomically(path, reportPdf(input));
    if (suffix == QLatin1String("html") || suffix == QLatin1String("htm"))
        return writeFileAtomically(path, reportHtmlFile(input));
    return makeError(ErrorCode::InvalidArgument,
                     ReportText::tr("A report is a .pdf or an .html file, not “%1”.")
                         .arg(QFileInfo(path).fileName()));
}

} // namespace trimscope::report

#include "reportfile.moc"
