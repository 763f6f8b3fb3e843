#pragma once

#include "chart/chartlegend.h"
#include "widgets/lineslabel.h"

#include <QChartView>
#include <QComboBox>
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QLabel>
#include <QLayout>
#include <QScrollArea>
#include <QScrollBar>
#include <QStyle>
#include <QStyleOptionComboBox>
#include <QTabBar>
#include <QTabWidget>
#include <QToolButton>

// What a window at some size does not show whole (issue 47, item 12): tabs that only scroll into
// view, text QtCharts cut to "…" (titles, axis titles, axis labels), combo boxes narrower than
// their text. Each returns a line per finding, empty when all is whole.
namespace fitchecks {

inline bool isCut(const QString &text)
{
    return text.contains(QStringLiteral("...")) || text.contains(QChar(0x2026));
}

inline QStringList titlesOf(const QTabBar *bar)
{
    QStringList titles;
    for (int i = 0; i < bar->count(); ++i)
        titles.append(bar->tabText(i));
    return titles;
}

// A tab bar's scroll arrows show when its tabs are wider than it: some tab is then off screen.
// With `wholeTitles`, a tab narrower than its title (cut to "…") counts too.
inline QStringList scrollingTabs(QTabBar *bar, bool wholeTitles)
{
    QStringList found;
    for (const QToolButton *arrow : bar->findChildren<QToolButton *>()) {
        if (arrow->isVisible()) {
            found.append(QStringLiteral("the tabs scroll (%1 px of tabs in %2 px)")
                             .arg(bar->sizeHint().width())
                             .arg(bar->width()));
            break;
        }
    }
    for (int i = 0; i < bar->count(); ++i) {
        if (!bar->rect().contains(bar->tabRect(i)))
            found.append(QStringLiteral("tab \"%1\" is not whole on the bar").arg(bar->tabText(i)));
    }
    // Titles that need more than the bar has are cut to "…" where they do not scroll.
    if (wholeTitles && bar->sizeHint().width() > bar->width())
        found.append(QStringLiteral("the tab titles are cut (%1 px of titles in %2 px: %3)")
                         .arg(bar->sizeHint().width())
                         .arg(bar->width())
                         .arg(QStringList(titlesOf(bar)).join(QStringLiteral(", "))));
    return found;
}

// Every piece of text drawn in the charts visible in `page`: QtCharts elides a title wider than
// the chart, an axis title longer than its side and labels with no room to "…".
inline QStringList cutChartTexts(QWidget *page)
{
    QStringList found;
    for (QChartView *view : page->findChildren<QChartView *>()) {
        if (!view->isVisible() || !view->chart())
            continue;
        for (QGraphicsItem *item : view->scene()->items()) {
            const auto *text = dynamic_cast<QGraphicsTextItem *>(item);
            if (text && text->isVisible() && isCut(text->toPlainText()))
                found.append(QStringLiteral("\"%1\" in the chart \"%2\" (%3×%4 px)")
                                 .arg(text->toPlainText(), view->chart()->title())
                                 .arg(view->width())
                                 .arg(view->height()));
        }
    }
    return found;
}

// Charts visible in `page` whose plot is too small to read: fewer than `height` pixels high, or
// squeezed below the view's least height (where its legend then covers it).
inline QStringList flatCharts(QWidget *page, double height)
{
    QStringList found;
    for (QChartView *view : page->findChildren<QChartView *>()) {
        if (view->isVisible() && view->height() < view->minimumHeight())
            found.append(QStringLiteral("the chart \"%1\" is %2 px high, less than its %3")
                             .arg(view->chart() ? view->chart()->title() : QString())
                             .arg(view->height())
                             .arg(view->minimumHeight()));
        if (view->isVisible() && view->chart() && view->chart()->plotArea().height() < height)
            found.append(QStringLiteral("the chart \"%1\" plots in %2 px")
                             .arg(view->chart()->title())
                             .arg(view->chart()->plotArea().height()));
    }
    return found;
}

// Chart legends visible in `page` that reach out of their chart (its bottom cuts them): the
// benchmark's after a run at 1366x768 and a resize to 800x600 (issue 47).
inline QStringList cutLegends(QWidget *page)
{
    QStringList found;
    for (trimscope::gui::ChartLegend *legend :
         page->findChildren<trimscope::gui::ChartLegend *>()) {
        if (!legend->isVisible() || !legend->parentWidget())
            continue;
        const QRect chart = legend->parentWidget()->rect();
        if (!chart.contains(legend->geometry()) ||
            legend->height() < legend->heightForWidth(legend->width()))
            found.append(QStringLiteral("the legend \"%1\" at y %2-%3 (%5 px of text) of a chart "
                                        "%4 px high")
                             .arg(legend->labels().value(0))
                             .arg(legend->geometry().top())
                             .arg(legend->geometry().bottom())
                             .arg(chart.height())
                             .arg(legend->heightForWidth(legend->width())));
    }
    return found;
}

// Combo boxes visible in `page` whose text field is narrower than the text chosen in it.
inline QStringList cutComboBoxes(QWidget *page)
{
    QStringList found;
    for (QComboBox *box : page->findChildren<QComboBox *>()) {
        if (!box->isVisible() || box->isEditable())
            continue;
        QStyleOptionComboBox option;
        option.initFrom(box);
        option.currentText = box->currentText();
        option.editable = false;
        const QRect field = box->style()->subControlRect(QStyle::CC_ComboBox, &option,
                                                         QStyle::SC_ComboBoxEditField, box);
        const int text = box->fontMetrics().horizontalAdvance(box->currentText());
        if (text > field.width())
            found.append(QStringLiteral("combo box \"%1\": %2 px of text in %3 px")
                             .arg(box->currentText())
                             .arg(text)
                             .arg(field.width()));
    }
    return found;
}

// Text in `column` that does not show whole: a label of fixed lines that ends in "…" (the job's
// words), a scroll area that scrolls (the run's summary card under Run).
inline QStringList cutColumnTexts(QWidget *column)
{
    QStringList found;
    // LinesLabel has no Q_OBJECT of its own: findChildren<LinesLabel *> would take every label.
    for (QLabel *each : column->findChildren<QLabel *>()) {
        const auto *label = dynamic_cast<const trimscope::gui::LinesLabel *>(each);
        if (label && label->isVisible() && label->isCut())
            found.append(
                QStringLiteral("\"%1\" is cut to %2 px").arg(label->text()).arg(label->width()));
    }
    for (QScrollArea *area : column->findChildren<QScrollArea *>()) {
        if (area->isVisible() && area->widget() && area->verticalScrollBar()->isVisible())
            found.append(QStringLiteral("%1 scrolls: %2 px high in %3 px")
                             .arg(QString::fromLatin1(area->widget()->metaObject()->className()))
                             .arg(area->widget()->height())
                             .arg(area->viewport()->height()));
    }
    return found;
}

// Wrapped labels visible in `page` shorter than their text (its last lines cut off), and
// widgets drawn over a sibling: a layout given less than its widgets' least heights squeezes
// them (the Advice tab at 800x600, issue 47: the drive's configuration under the tabs of what to
// change, the end of "What would change the verdict" cut).
inline QStringList squeezedTexts(QWidget *page)
{
    QStringList found;
    for (QLabel *label : page->findChildren<QLabel *>()) {
        if (!label->isVisible() || !label->wordWrap() || label->text().isEmpty() ||
            dynamic_cast<const trimscope::gui::LinesLabel *>(label))
            continue;
        const int needed = label->heightForWidth(label->width());
        if (label->height() < needed)
            found.append(QStringLiteral("\"%1…\" is %2 px high, its text %3 px")
                             .arg(label->text().left(40))
                             .arg(label->height())
                             .arg(needed));
    }
    for (QWidget *widget : page->findChildren<QWidget *>()) {
        // Laid out by their parent's layout (a scroll area's or tab widget's parts are not).
        QWidget *parent = widget->parentWidget();
        if (!widget->isVisible() || widget->isWindow() || !parent || !parent->layout())
            continue;
        for (QObject *other : parent->children()) {
            auto *sibling = qobject_cast<QWidget *>(other);
            if (!sibling || sibling <= widget || !sibling->isVisible() || sibling->isWindow())
                continue;
            const QRect both = widget->geometry() & sibling->geometry();
            if (both.height() > 1 && both.width() > 1)
                found.append(QStringLiteral("%1 \"%2\" and %3 \"%4\" overlap by %5 px")
                                 .arg(QString::fromLatin1(widget->metaObject()->className()),
                                      widget->objectName(),
                                      QString::fromLatin1(sibling->metaObject()->className()),
                                      sibling->objectName())
                                 .arg(both.height()));
        }
    }
    return found;
}

} // namespace fitchecks
