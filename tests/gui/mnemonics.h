#pragma once

#include <QAbstractButton>
#include <QGroupBox>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMultiHash>
#include <QTabBar>
#include <QTabWidget>
#include <QTest>

// The Alt+letter shortcuts a window offers at one moment: menu titles, tab titles, buttons,
// check boxes, group boxes and labels with a buddy, all visible. Two with one letter means
// Alt+letter reaches only one of them (issue 15: Alt+F opened Filesystem, not the File menu).
namespace mnemonics {

inline QChar letterOf(const QString &text)
{
    for (qsizetype i = 0; i + 1 < text.size(); ++i) {
        if (text.at(i) != QLatin1Char('&'))
            continue;
        if (text.at(i + 1) == QLatin1Char('&')) {
            ++i;
            continue;
        }
        return text.at(i + 1).toLower();
    }
    return {};
}

// Letter -> what carries it, for everything visible in `root` now.
inline QMultiHash<QChar, QString> visibleMnemonics(QWidget *root)
{
    QMultiHash<QChar, QString> found;
    const auto add = [&](const QString &text, const QString &what) {
        if (const QChar c = letterOf(text); !c.isNull())
            found.insert(c, what + QStringLiteral(" \"") + text + QLatin1Char('"'));
    };
    const auto shown = [root](const QWidget *w) { return w->isVisibleTo(root) && w->isEnabled(); };
    for (QMenuBar *bar : root->findChildren<QMenuBar *>()) {
        if (shown(bar))
            for (QAction *action : bar->actions())
                add(action->text(), QStringLiteral("menu"));
    }
    for (QTabBar *bar : root->findChildren<QTabBar *>()) {
        if (!shown(bar))
            continue;
        for (int i = 0; i < bar->count(); ++i)
            add(bar->tabText(i), QStringLiteral("tab"));
    }
    for (QAbstractButton *button : root->findChildren<QAbstractButton *>()) {
        if (shown(button) && !qobject_cast<QTabBar *>(button->parentWidget()))
            add(button->text(), QStringLiteral("button"));
    }
    for (QGroupBox *box : root->findChildren<QGroupBox *>()) {
        if (shown(box) && box->isCheckable())
            add(box->title(), QStringLiteral("group"));
    }
    for (QLabel *label : root->findChildren<QLabel *>()) {
        if (shown(label) && label->buddy() && label->buddy()->isVisibleTo(root))
            add(label->text(), QStringLiteral("label"));
    }
    return found;
}

inline QStringList clashes(QWidget *root, const QString &where)
{
    QStringList problems;
    const QMultiHash<QChar, QString> found = visibleMnemonics(root);
    for (const QChar c : found.uniqueKeys()) {
        QStringList holders = found.values(c);
        if (holders.size() > 1) {
            holders.sort();
            problems.append(QStringLiteral("%1: Alt+%2 on %3")
                                .arg(where, c.toUpper(), holders.join(QStringLiteral(", "))));
        }
    }
    return problems;
}

// The same for each menu's own items (a menu is a scope of its own).
inline QStringList menuClashes(QWidget *root)
{
    QStringList problems;
    for (QMenu *menu : root->findChildren<QMenu *>()) {
        QMultiHash<QChar, QString> found;
        for (QAction *action : menu->actions())
            if (const QChar c = letterOf(action->text()); !c.isNull())
                found.insert(c, action->text());
        for (const QChar c : found.uniqueKeys())
            if (found.values(c).size() > 1)
                problems.append(QStringLiteral("menu %1: Alt+%2 on %3")
                                    .arg(menu->title(), c.toUpper(),
                                         found.values(c).join(QStringLiteral(", "))));
    }
    return problems;
}

// Every page of every tab widget under `root`, in turn, and what clashes on each.
inline QStringList clashesOnEveryPage(QWidget *root, QTabWidget *outer)
{
    QStringList problems = menuClashes(root);
    for (int i = 0; i < outer->count(); ++i) {
        outer->setCurrentIndex(i);
        const QString page = QString(outer->tabText(i)).remove(QLatin1Char('&'));
        QList<QTabWidget *> inner;
        for (QTabWidget *tabs : outer->widget(i)->findChildren<QTabWidget *>())
            inner.append(tabs);
        problems += clashes(root, page);
        for (QTabWidget *tabs : std::as_const(inner)) {
            for (int j = 0; j < tabs->count(); ++j) {
                tabs->setCurrentIndex(j);
                problems += clashes(root, page + QStringLiteral(" › ") +
                                              QString(tabs->tabText(j)).remove(QLatin1Char('&')));
            }
            tabs->setCurrentIndex(0);
        }
    }
    problems.removeDuplicates();
    return problems;
}

} // namespace mnemonics
