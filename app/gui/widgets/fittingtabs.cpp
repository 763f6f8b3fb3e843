#include "fittingtabs.h"

#include "sidebartabs.h"

#include <QEvent>
#include <QSignalBlocker>
#include <QTabBar>
#include <QTabWidget>
#include <QVariant>
#include <numeric>

namespace trimscope::gui {

namespace {
// What a tab keeps beside its text: both titles.
constexpr int kWholeTitle = 0;
constexpr int kShortTitle = 1;

int textWidth(const QTabBar *bar, const QString &title)
{
    return bar->fontMetrics().size(Qt::TextShowMnemonic, title).width();
}

QString withoutMnemonic(QString title)
{
    title.replace(QStringLiteral("&&"), QStringLiteral("\x01"));
    title.remove(QLatin1Char('&'));
    return title.replace(QLatin1Char('\x01'), QLatin1Char('&'));
}
} // namespace

FittingTabs::FittingTabs(QTabWidget *tabs)
    : QObject(tabs), m_tabs(tabs), m_side(new SideBarTabs(tabs))
{
    m_side->hide();
    m_tabs->installEventFilter(this);
    connect(m_tabs, &QTabWidget::currentChanged, m_side, &QTabBar::setCurrentIndex);
    connect(m_side, &QTabBar::currentChanged, m_tabs, &QTabWidget::setCurrentIndex);
}

QTabBar *FittingTabs::shownBar() const
{
    return m_side->isVisibleTo(m_side->window()) ? m_side : m_tabs->tabBar();
}

void keepEveryTabOnTheBar(QTabWidget *tabs)
{
    tabs->setElideMode(Qt::ElideRight);
    tabs->setUsesScrollButtons(false);
}

int FittingTabs::addTab(QWidget *page, const QString &title, const QString &shortTitle)
{
    const int index = m_tabs->addTab(page, title);
    m_tabs->tabBar()->setTabData(index, QStringList{title, shortTitle});
    m_side->addTab(shortTitle);
    m_side->setCurrentIndex(m_tabs->currentIndex());
    fit();
    return index;
}

void FittingTabs::setPage(int index, QWidget *page)
{
    QWidget *old = m_tabs->widget(index);
    if (!old || old == page)
        return;
    QTabBar *bar = m_tabs->tabBar();
    const QVariant titles = bar->tabData(index);
    const QString text = bar->tabText(index);
    const QString toolTip = bar->tabToolTip(index);
    const int current = m_tabs->currentIndex();
    {
        const QSignalBlocker blocker(m_tabs);
        m_tabs->removeTab(index);
        m_tabs->insertTab(index, page, text);
        bar->setTabData(index, titles);
        bar->setTabToolTip(index, toolTip);
        m_tabs->setCurrentIndex(current);
    }
    delete old;
}

QString FittingTabs::wholeTitle(int index) const
{
    const QStringList titles = m_tabs->tabBar()->tabData(index).toStringList();
    return titles.size() == 2 ? titles.at(kWholeTitle) : m_tabs->tabText(index);
}

FittingTabs::Widths FittingTabs::widths() const
{
    const QTabBar *bar = m_tabs->tabBar();
    // The bar's width less its titles': the style's padding of every tab.
    Widths widths;
    widths.frame = bar->sizeHint().width();
    for (int i = 0; i < bar->count(); ++i) {
        QStringList titles = bar->tabData(i).toStringList();
        if (titles.size() != 2)
            titles = QStringList{bar->tabText(i), bar->tabText(i)};
        widths.frame -= textWidth(bar, bar->tabText(i));
        widths.whole.append(textWidth(bar, titles.at(kWholeTitle)));
        widths.shortened.append(textWidth(bar, titles.at(kShortTitle)));
    }
    return widths;
}

int FittingTabs::leastWidth() const
{
    const Widths w = widths();
    return w.frame + std::accumulate(w.shortened.cbegin(), w.shortened.cend(), 0);
}

void FittingTabs::fit()
{
    if (m_fitting)
        return;
    m_fitting = true;
    QTabBar *bar = m_tabs->tabBar();
    const auto [frame, whole, shortened] = widths();
    // The bar's room: the tab widget's width less the corner widgets'.
    int room = m_tabs->width();
    for (const Qt::Corner corner : {Qt::TopLeftCorner, Qt::TopRightCorner})
        if (const QWidget *widget = m_tabs->cornerWidget(corner); widget && widget->isVisible())
            room -= widget->width();
    QList<bool> useShort(bar->count(), false);
    int needed = frame + std::accumulate(whole.cbegin(), whole.cend(), 0);
    // Even the short titles do not fit on top: the side bar, with the short titles (the whole
    // ones on hover).
    const bool side = frame + std::accumulate(shortened.cbegin(), shortened.cend(), 0) > room;
    if (side)
        useShort.fill(true);
    while (!side && needed > room) {
        // The tab that gains most by its short title.
        int best = -1;
        for (int i = 0; i < bar->count(); ++i)
            if (!useShort.at(i) && whole.at(i) - shortened.at(i) > 0 &&
                (best < 0 || whole.at(i) - shortened.at(i) > whole.at(best) - shortened.at(best)))
                best = i;
        if (best < 0)
            break;
        useShort[best] = true;
        needed -= whole.at(best) - shortened.at(best);
    }
    for (int i = 0; i < bar->count(); ++i) {
        const QStringList titles = bar->tabData(i).toStringList();
        if (titles.size() != 2)
            continue;
        const QString title = titles.at(useShort.at(i) ? kShortTitle : kWholeTitle);
        const QString hover =
            title != titles.at(kWholeTitle) ? withoutMnemonic(titles.at(kWholeTitle)) : QString();
        for (QTabBar *each : {bar, static_cast<QTabBar *>(m_side)}) {
            if (i >= each->count())
                continue;
            if (each->tabText(i) != title)
                each->setTabText(i, title);
            each->setTabToolTip(i, hover);
        }
    }
    // The bar on top hidden gives its shortcuts up: only the side bar's Alt letters answer.
    bar->setVisible(!side);
    m_side->setVisible(side);
    m_fitting = false;
}

bool FittingTabs::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_tabs &&
        (event->type() == QEvent::Resize || event->type() == QEvent::FontChange ||
         event->type() == QEvent::StyleChange))
        fit();
    return QObject::eventFilter(watched, event);
}

} // namespace trimscope::gui
