#pragma once

#include <QAbstractButton>
#include <QAction>
#include <QGroupBox>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMultiHash>
#include <QTabBar>
#include <QTabWidget>
#include <QTest>

// The Alt+letter shortcuts a window offers at one moment: menu titles, tab titles, buttons,
// check boxes, group boxes and labels with a buddy, all visible, and actions whose shortcut is
// Alt+letter. Two with one letter means Alt+letter reaches only one of them (issue 15: Alt+F
// opened Filesystem, not the File menu; issue 47: the action "Go to drive list" on Alt+L met
// "&Largest size" in English and "Gespeicherter &Lauf" in German).
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

// The letter of an action's Alt+letter shortcut (what a mnemonic would also answer), else none.
inline QChar altLetterOf(const QKeySequence &shortcut)
{
    if (shortcut.count() != 1)
        return {};
    const QKeyCombination combination = shortcut[0];
    if (combination.keyboardModifiers() != Qt::AltModifier)
        return {};
    const int key = int(combination.key());
    if ((key >= Qt::Key_A && key <= Qt::Key_Z) || (key >= Qt::Key_0 && key <= Qt::Key_9))
        return QChar(key).toLower();
    return {};
}

// Actions that answer a key anywhere in `root`'s window: in menus or on widgets.
inline QList<QAction *> windowActions(QWidget *root)
{
    QList<QAction *> actions;
    for (QAction *action : root->findChildren<QAction *>()) {
        if (action->isEnabled() && action->shortcutContext() != Qt::WidgetShortcut &&
            !action->shortcuts().isEmpty())
            actions.append(action);
    }
    return actions;
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
    for (QAction *action : windowActions(root)) {
        for (const QKeySequence &shortcut : action->shortcuts())
            if (const QChar c = altLetterOf(shortcut); !c.isNull())
                found.insert(c, QStringLiteral("action \"") + action->text() + QStringLiteral("\" (") +
                                    shortcut.toString(QKeySequence::PortableText) +
                                    QLatin1Char(')'));
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

// Two actions on one key sequence: Qt calls that an "ambiguous shortcut overload" and runs
// neither.
inline QStringList shortcutClashes(QWidget *root)
{
    QMultiHash<QString, QString> found;
    for (QAction *action : windowActions(root))
        for (const QKeySequence &shortcut : action->shortcuts())
            found.insert(shortcut.toString(QKeySequence::PortableText), action->text());
    QStringList problems;
    for (const QString &keys : found.uniqueKeys())
        if (found.values(keys).size() > 1)
            problems.append(QStringLiteral("shortcut %1 on %2")
                                .arg(keys, found.values(keys).join(QStringLiteral(", "))));
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
    QStringList problems = menuClashes(root) + shortcutClashes(root);
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
