#pragma once

#include <QWidget>

class QVBoxLayout;
class QPushButton;

namespace trimscope::gui {

// One thing to do: a title, why, and the exact command or file line with a Copy button (and an
// Apply button where TrimScope can carry it out).
struct FixItem
{
    QString title;
    QString badge; // "Problem", "Warning", ... or empty
    QString explanation;
    QString text; // what Copy puts on the clipboard; no field and no button when empty
    QString file; // "/etc/fstab": where the line goes; empty for a command
    // The fix as TrimScope can carry it out on this computer (core/apply's id): an Apply button
    // beside Copy; empty: none.
    QString applyId;
};

// A scrolling list of FixItems. Each Copy button is in the tab order, so the list works from
// the keyboard.
class FixList : public QWidget
{
    Q_OBJECT
public:
    explicit FixList(QWidget *parent = nullptr);

    void setItems(const QList<FixItem> &items, const QString &emptyText);
    int count() const { return int(m_items.size()); }
    // The Copy button of item `index` (tests), nullptr when it has none.
    QPushButton *copyButton(int index) const;
    // Its Apply button, nullptr when it has none.
    QPushButton *applyButton(int index) const;

signals:
    void copied(const QString &text);
    void applyRequested(const QString &applyId);

private:
    QWidget *card(const FixItem &item, int index);

    QVBoxLayout *m_layout;
    QList<FixItem> m_items;
    QList<QPushButton *> m_buttons;
    QList<QPushButton *> m_applyButtons;
};

} // namespace trimscope::gui
