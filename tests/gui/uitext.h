#pragma once

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QComboBox>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QSet>
#include <QTabBar>
#include <QTextDocument>

// What a person reads in a window now: labels, buttons, tabs, group titles, combo box items,
// view headers and cells, menus, and tooltips of what is visible. Drive models, paths, commands
// and SMART attribute names are data, not words of the UI; English words among the rest mean an
// untranslated string (issue 15, item 9: "Verlässlichkeit: low", "Umfang: quick", "GOOD").
namespace uitext {

inline QString plain(const QString &text)
{
    // Without the word joiners wrapped labels keep "I/O" whole with (app/gui/widgets/wraptext.h):
    // they are not read.
    const QString read = QString(text).remove(QChar(0x2060));
    if (!Qt::mightBeRichText(read))
        return QString(read).remove(QLatin1Char('&'));
    QTextDocument document;
    document.setHtml(read);
    return document.toPlainText();
}

inline QStringList visibleTexts(QWidget *root, bool tooltips)
{
    QStringList texts;
    const auto shown = [root](const QWidget *w) { return w->isVisibleTo(root); };
    const auto add = [&](const QString &t, const QWidget *w) {
        texts.append(plain(t));
        if (tooltips && w && !w->toolTip().isEmpty())
            texts.append(plain(w->toolTip()));
    };
    for (QLabel *label : root->findChildren<QLabel *>())
        if (shown(label))
            add(label->text(), label);
    for (QAbstractButton *button : root->findChildren<QAbstractButton *>())
        if (shown(button))
            add(button->text(), button);
    for (QGroupBox *box : root->findChildren<QGroupBox *>())
        if (shown(box))
            add(box->title(), box);
    for (QTabBar *bar : root->findChildren<QTabBar *>())
        if (shown(bar))
            for (int i = 0; i < bar->count(); ++i)
                add(bar->tabText(i), nullptr);
    for (QComboBox *box : root->findChildren<QComboBox *>())
        if (shown(box))
            for (int i = 0; i < box->count(); ++i)
                add(box->itemText(i), box);
    for (QAbstractItemView *view : root->findChildren<QAbstractItemView *>()) {
        if (!shown(view) || !view->model() || qobject_cast<QComboBox *>(view->parentWidget()))
            continue;
        const QAbstractItemModel *model = view->model();
        for (int c = 0; c < model->columnCount(); ++c)
            texts.append(model->headerData(c, Qt::Horizontal).toString());
        // Rows and, in trees, their children.
        QList<QModelIndex> parents{QModelIndex()};
        while (!parents.isEmpty()) {
            const QModelIndex parent = parents.takeFirst();
            for (int r = 0; r < model->rowCount(parent); ++r) {
                for (int c = 0; c < model->columnCount(parent); ++c) {
                    const QModelIndex index = model->index(r, c, parent);
                    texts.append(plain(index.data().toString()));
                    if (tooltips)
                        texts.append(plain(index.data(Qt::ToolTipRole).toString()));
                }
                parents.append(model->index(r, 0, parent));
            }
        }
    }
    for (QMenuBar *bar : root->findChildren<QMenuBar *>())
        for (QAction *action : bar->actions()) {
            texts.append(plain(action->text()));
            if (QMenu *menu = action->menu())
                for (QAction *item : menu->actions())
                    texts.append(plain(item->text()));
        }
    texts.removeAll(QString());
    return texts;
}

// English words that German text never contains (words German shares, "in", "was", "so", "an",
// "Median", "Medium", and English loans German uses, "Discard", "Benchmark", "TRIM", are left out).
inline const QSet<QString> &englishWords()
{
    static const QSet<QString> words{
        QStringLiteral("the"),         QStringLiteral("and"),
        QStringLiteral("of"),          QStringLiteral("to"),
        QStringLiteral("is"),          QStringLiteral("are"),
        QStringLiteral("with"),        QStringLiteral("for"),
        QStringLiteral("from"),        QStringLiteral("not"),
        QStringLiteral("this"),        QStringLiteral("that"),
        QStringLiteral("yes"),         QStringLiteral("no"),
        QStringLiteral("run"),         QStringLiteral("runs"),
        QStringLiteral("drive"),       QStringLiteral("drives"),
        QStringLiteral("day"),         QStringLiteral("days"),
        QStringLiteral("hours"),       QStringLiteral("years"),
        QStringLiteral("months"),      QStringLiteral("simulated"),
        QStringLiteral("cancelled"),   QStringLiteral("complete"),
        QStringLiteral("unknown"),     QStringLiteral("low"),
        QStringLiteral("high"),        QStringLiteral("quick"),
        QStringLiteral("tiny"),        QStringLiteral("thorough"),
        QStringLiteral("good"),        QStringLiteral("bad"),
        QStringLiteral("cancel"),      QStringLiteral("save"),
        QStringLiteral("open"),        QStringLiteral("close"),
        QStringLiteral("browse"),      QStringLiteral("select"),
        QStringLiteral("choose"),      QStringLiteral("press"),
        QStringLiteral("throughput"),  QStringLiteral("chart"),
        QStringLiteral("shown"),       QStringLiteral("measured"),
        QStringLiteral("none"),        QStringLiteral("yet"),
        QStringLiteral("saved"),       QStringLiteral("size"),
        QStringLiteral("sizes"),       QStringLiteral("time"),
        QStringLiteral("after"),       QStringLiteral("before"),
        QStringLiteral("when"),        QStringLiteral("old-age"),
        QStringLiteral("pre-failure"), QStringLiteral("sectors"),
        QStringLiteral("written"),     QStringLiteral("read"),
        QStringLiteral("write"),       QStringLiteral("writes"),
        QStringLiteral("assumed"),     QStringLiteral("cycles"),
        QStringLiteral("cell"),        QStringLiteral("type"),
        QStringLiteral("rated"),       QStringLiteral("amplification"),
        QStringLiteral("capacity"),    QStringLiteral("example"),
        QStringLiteral("data"),        QStringLiteral("file"),
        QStringLiteral("files"),       QStringLiteral("found"),
        QStringLiteral("nothing"),     QStringLiteral("finding"),
        QStringLiteral("findings"),    QStringLiteral("percentile"),
        QStringLiteral("until"),
    };
    return words;
}

// The English words in `text`, skipping data: whitespace-separated tokens with digits, dashes,
// slashes, dots inside, underscores or equals signs (paths, commands, attribute names, models
// such as "Pro-like"), and anything in parentheses after a drive model.
inline QStringList englishIn(const QString &text)
{
    static const QRegularExpression edge(QStringLiteral("^[\\p{P}\\p{S}]+|[\\p{P}\\p{S}]+$"));
    static const QRegularExpression dataLike(QStringLiteral("[0-9_=/\\\\.\\-@:%]"));
    QStringList found;
    for (QString token :
         text.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts)) {
        if (token.startsWith(QLatin1Char('-')) || token.contains(QStringLiteral("--")))
            continue; // a command's option, "--save"
        token.remove(edge);
        if (token.isEmpty() || token.contains(dataLike))
            continue;
        if (englishWords().contains(token.toLower()))
            found.append(token);
    }
    return found;
}

} // namespace uitext
