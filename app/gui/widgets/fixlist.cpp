#include "fixlist.h"

#include "wraptext.h"

#include <QClipboard>
#include <QFontDatabase>
#include <QFrame>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>

namespace trimscope::gui {

FixList::FixList(QWidget *parent) : QWidget(parent)
{
    auto *scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto *inner = new QWidget(scroll);
    m_layout = new QVBoxLayout(inner);
    m_layout->setContentsMargins(0, 0, 0, 0);
    scroll->setWidget(inner);
    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(scroll);
}

QPushButton *FixList::copyButton(int index) const
{
    return index >= 0 && index < m_buttons.size() ? m_buttons.at(index) : nullptr;
}

QPushButton *FixList::applyButton(int index) const
{
    return index >= 0 && index < m_applyButtons.size() ? m_applyButtons.at(index) : nullptr;
}

void FixList::setItems(const QList<FixItem> &items, const QString &emptyText)
{
    while (QLayoutItem *item = m_layout->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    m_items = items;
    m_buttons.clear();
    m_applyButtons.clear();
    for (int i = 0; i < items.size(); ++i)
        m_layout->addWidget(card(items.at(i), i));
    if (items.isEmpty()) {
        auto *label = new QLabel(emptyText);
        label->setWordWrap(true);
        setWrappedText(label, label->text());
        m_layout->addWidget(label);
    }
    m_layout->addStretch(1);
}

QWidget *FixList::card(const FixItem &item, int index)
{
    auto *frame = new QFrame;
    frame->setFrameShape(QFrame::StyledPanel);
    auto *layout = new QVBoxLayout(frame);
    auto *title = new QLabel(
        item.badge.isEmpty()
            ? QStringLiteral("<b>%1</b>").arg(item.title.toHtmlEscaped())
            : tr("<b>%1</b> — %2").arg(item.title.toHtmlEscaped(), item.badge.toHtmlEscaped()));
    title->setWordWrap(true);
    setWrappedText(title, title->text());
    layout->addWidget(title);
    if (!item.explanation.isEmpty()) {
        auto *why = new QLabel(item.explanation);
        why->setWordWrap(true);
        setWrappedText(why, why->text());
        why->setTextInteractionFlags(Qt::TextSelectableByMouse);
        layout->addWidget(why);
    }
    QPushButton *apply = nullptr;
    if (!item.applyId.isEmpty()) {
        apply = new QPushButton(tr("Apply…"));
        apply->setObjectName(QStringLiteral("applyFix%1").arg(index));
        apply->setToolTip(tr("Shows exactly what changes on this computer, and asks once"));
        connect(apply, &QPushButton::clicked, this,
                [this, id = item.applyId] { emit applyRequested(id); });
    }
    m_applyButtons.append(apply);
    if (item.text.isEmpty()) {
        m_buttons.append(nullptr);
        if (apply) {
            auto *row = new QHBoxLayout;
            row->addStretch(1);
            row->addWidget(apply);
            layout->addLayout(row);
        }
        return frame;
    }
    // "In /etc/fstab:" and the buttons on a row, the line under them as wide as the card,
    // wrapping at its spaces: a one-line field beside them in the card's column (about 300 px at
    // 1024×768, 400 px at 1366×768) showed "UUID=<uuid>  <mount point>  e", never the option
    // the fix is about; wrapped beside them, "defaults,discard" held the card wider than the
    // column (issue 47's screenshots). Copy takes the line as it is.
    auto *row = new QHBoxLayout;
    if (!item.file.isEmpty())
        row->addWidget(new QLabel(tr("In %1:").arg(item.file)));
    row->addStretch(1);
    auto *text = new QLabel(item.text);
    text->setObjectName(QStringLiteral("fixText"));
    text->setTextFormat(Qt::PlainText);
    text->setWordWrap(true);
    setWrappedText(text, text->text());
    text->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    text->setFrameShape(QFrame::StyledPanel);
    text->setMargin(2);
    text->setAccessibleName(item.title);
    auto *copy = new QPushButton(tr("Copy"));
    copy->setObjectName(QStringLiteral("copyFix%1").arg(index));
    copy->setToolTip(tr("Copy this to the clipboard"));
    connect(copy, &QPushButton::clicked, this, [this, value = item.text] {
        QGuiApplication::clipboard()->setText(value);
        emit copied(value);
    });
    row->addWidget(copy);
    if (apply)
        row->addWidget(apply);
    layout->addLayout(row);
    layout->addWidget(text);
    m_buttons.append(copy);
    return frame;
}

} // namespace trimscope::gui
