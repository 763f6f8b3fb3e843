#include "charttextfit.h"

#include "chartstyle.h"

#include <QAbstractAxis>
#include <QChart>
#include <QFontMetricsF>
#include <QGraphicsLayout>
#include <QTextDocumentFragment>
#include <QVariant>

namespace trimscope::gui {

namespace {
constexpr char kWhole[] = "trimscopeWholeTitle";
// Beside the text, QtCharts gives a title a margin on each side (ChartPresenter::textMargin).
constexpr double kTextMargins = 2 * 4.0;

// The plain words of a title set as rich text ("Time per<br>TRIM" is "Time per TRIM").
QString plainTitle(const QString &title)
{
    if (!title.contains(QLatin1Char('<')) && !title.contains(QLatin1Char('&')))
        return title;
    QString spaced = title;
    spaced.replace(QStringLiteral("<br>"), QStringLiteral(" "));
    return QTextDocumentFragment::fromHtml(spaced).toPlainText();
}

QString wholeOf(QObject *item, const QString &shown)
{
    QVariant whole = item->property(kWhole);
    if (!whole.isValid()) {
        whole = plainTitle(shown);
        item->setProperty(kWhole, whole);
    }
    return whole.toString();
}

// The fewest lines (one, two, three) of `whole` that fit `room`; `otherwise` when none do.
QString fitted(const QString &whole, const QFont &font, double room, const QString &otherwise)
{
    for (int lines = 1; lines <= 3; ++lines)
        if (const QString text = wrappedToWidth(whole, font, room, lines); !text.isEmpty())
            return text;
    return otherwise;
}

void setIfChanged(QAbstractAxis *axis, const QString &title)
{
    if (axis->titleText() != title)
        axis->setTitleText(title);
}
} // namespace

QString wrappedToWidth(const QString &text, const QFont &font, double room, int maxLines)
{
    const QFontMetricsF metrics(font);
    if (metrics.horizontalAdvance(text) <= room)
        return text;
    const QStringList words = text.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    QStringList lines;
    // Lines of even length read best: fill each up to an even share of the whole width.
    const double share = std::min(room, metrics.horizontalAdvance(text) / maxLines + 1);
    for (const QString &word : words) {
        if (metrics.horizontalAdvance(word) > room)
            return QString();
        const QString longer = lines.isEmpty() ? word : lines.last() + QLatin1Char(' ') + word;
        if (!lines.isEmpty() && metrics.horizontalAdvance(longer) <= share)
            lines.last() = longer;
        else if (!lines.isEmpty() && lines.size() == maxLines &&
                 metrics.horizontalAdvance(longer) <= room)
            lines.last() = longer;
        else
            lines.append(word);
    }
    if (lines.size() > maxLines)
        return QString();
    for (QString &line : lines)
        line = line.toHtmlEscaped();
    return lines.join(QStringLiteral("<br>"));
}

void setWholeTitle(QChart *chart, const QString &title)
{
    chart->setProperty(kWhole, title);
    chart->setTitle(title);
}

void fitChartTexts(QChart *chart)
{
    const QRectF plot = chart->plotArea();
    if (plot.width() <= 0 || plot.height() <= 0)
        return;
    const QString title = wholeOf(chart, chart->title());
    if (!title.isEmpty()) {
        // The chart's margins and its layout's, as QtCharts lays the title out.
        const QMarginsF margins = chart->margins();
        qreal left = 0, top = 0, right = 0, bottom = 0;
        if (chart->layout())
            chart->layout()->getContentsMargins(&left, &top, &right, &bottom);
        const double room = chart->size().width() - margins.left() - margins.right() - left -
                            right - 2 * kTextMargins;
        const QString text = fitted(title, chart->titleFont(), room, chart->title());
        if (text != chart->title())
            chart->setTitle(text);
    }
    for (QAbstractAxis *axis : chart->axes()) {
        if (axis->property(keepsOwnTitle).toBool())
            continue;
        const QString whole = wholeOf(axis, axis->titleText());
        if (whole.isEmpty())
            continue;
        const bool vertical = axis->orientation() == Qt::Vertical;
        const QFontMetricsF metrics(axis->titleFont());
        const double room = (vertical ? plot.height() : plot.width()) - kTextMargins;
        // A vertical title reads as verticalAxisTitle breaks it (a long one in two lines), or
        // not at all: QtCharts cuts one broken into more lines than it had room for at first
        // ("Longest I/…", "Schreibrat…" at 800×600).
        if (vertical) {
            const QString split = verticalAxisTitle(whole);
            bool fits = true;
            for (const QString &line : split.split(QStringLiteral("<br>")))
                fits = fits && metrics.horizontalAdvance(plainTitle(line)) <= room;
            QString shown = fits ? split : QString();
            if (const QString brief = axis->property(shortAxisTitle).toString();
                !fits && !brief.isEmpty() && metrics.horizontalAdvance(brief) <= room)
                shown = brief.toHtmlEscaped();
            setIfChanged(axis, shown);
            continue;
        }
        // Where not even three lines fit (a word wider than the plot: "Discard-Größe" at
        // 800×600), the axis goes without a title rather than show a stump: its labels ("4 KiB",
        // "10 ms") and the chart's title say what it plots.
        setIfChanged(axis, fitted(whole, axis->titleFont(), room, QString()));
    }
}

} // namespace trimscope::gui
