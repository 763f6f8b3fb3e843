#include "applydialog.h"

#include "wraptext.h"

#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QGuiApplication>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScreen>
#include <QStyle>
#include <QTextDocument>
#include <QTextOption>
#include <QVBoxLayout>
#include <algorithm>

namespace trimscope::gui {

ApplyDialog::ApplyDialog(const QList<apply::ApplyPlan> &plans, Mode mode, QWidget *parent)
    : QDialog(parent), m_changes(new QPlainTextEdit(this))
{
    const bool undo = mode == Mode::Undo;
    QStringList titles;
    for (const apply::ApplyPlan &plan : plans)
        titles.append(plan.title);
    const QString title = titles.join(QStringLiteral("; "));
    setWindowTitle(undo ? tr("Undo the change to this computer?") : tr("Change this computer?"));
    auto *headline = new QLabel(this);
    headline->setWordWrap(true);
    headline->setTextFormat(Qt::RichText);
    setWrappedText(headline,
                   undo ? tr("<p><b>%1</b></p><p>This puts back what TrimScope changed:</p>")
                              .arg(title.toHtmlEscaped())
                        : tr("<p><b>%1</b></p><p>These changes will be made to this computer:</p>")
                              .arg(title.toHtmlEscaped()));
    // The lines as they are and will be, whole: the dialog is made wide enough for them where
    // the screen allows, and a line wider still wraps rather than hiding its end (the options,
    // "discard") past the edge. What waits for the next boot, below, wraps.
    QStringList lines, notes;
    for (const apply::ApplyPlan &plan : plans) {
        if (plans.size() > 1)
            lines.append(plan.title);
        lines.append(apply::describePlan(plan, /*withNotes=*/false));
        lines.append(QString());
        notes.append(plan.notes);
    }
    auto *noteLabel = new QLabel(this);
    noteLabel->setObjectName(QStringLiteral("applyNotes"));
    noteLabel->setWordWrap(true);
    noteLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    setWrappedText(noteLabel, notes.join(QLatin1Char('\n')));
    noteLabel->setVisible(!notes.isEmpty());
    m_changes->setObjectName(QStringLiteral("applyChanges"));
    m_changes->setReadOnly(true);
    m_changes->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_changes->setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    m_changes->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_changes->setPlainText(lines.join(QLatin1Char('\n')).trimmed());
    const QFontMetrics fixed(m_changes->font());
    int widest = 0;
    for (const QString &line : m_changes->toPlainText().split(QLatin1Char('\n')))
        widest = std::max(widest, fixed.horizontalAdvance(line));
    m_changes->setAccessibleName(tr("What will change"));
    auto *how = new QLabel(
        tr("Each change asks for permission (polkit) as it is made: udisks2 for /etc/fstab and "
           "/etc/crypttab, systemd for the timer, the TrimScope helper for a remount. If one is "
           "refused or fails, the changes before it are put back. “Undo last change” puts "
           "everything back later."),
        this);
    how->setWordWrap(true);
    setWrappedText(how, how->text());
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_go = buttons->addButton(undo ? tr("&Undo") : tr("&Apply"), QDialogButtonBox::AcceptRole);
    m_go->setObjectName(QStringLiteral("applyGo"));
    // Enter does not change a system file by surprise: Cancel is the default.
    buttons->button(QDialogButtonBox::Cancel)->setDefault(true);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(headline);
    layout->addWidget(m_changes, 1);
    layout->addWidget(noteLabel);
    layout->addWidget(how);
    layout->addWidget(buttons);
    // The text's width, its frame, the document's margins and a scroll bar; the dialog's margins.
    const int wanted = widest + 2 * m_changes->frameWidth() +
                       2 * int(m_changes->document()->documentMargin()) +
                       style()->pixelMetric(QStyle::PM_ScrollBarExtent) +
                       layout->contentsMargins().left() + layout->contentsMargins().right() + 8;
    const QScreen *screen = parent ? parent->screen() : QGuiApplication::primaryScreen();
    const int room = screen ? screen->availableGeometry().width() - 40 : wanted;
    resize(std::clamp(wanted, 760, std::max(760, room)), 400);
}

QString ApplyDialog::notes() const
{
    const auto *label = findChild<QLabel *>(QStringLiteral("applyNotes"));
    return label ? label->text() : QString();
}

} // namespace trimscope::gui
