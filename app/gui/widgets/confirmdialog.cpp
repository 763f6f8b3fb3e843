#include "confirmdialog.h"

#include "common/units.h"
#include "wraptext.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace trimscope::gui {

ConfirmDialog::ConfirmDialog(const DriveInfo &drive, QWidget *parent, const QString &headline,
                             const QString &runText)
    : QDialog(parent), m_name(new QLineEdit(this))
{
    setWindowTitle(tr("Destroy all data on %1?").arg(drive.name));
    // As the drive list names it, in the reader's language ("Loop-Gerät", never "0x1af4").
    const QString model = drive.displayMakerAndModel();
    auto *text = new QLabel(
        tr("<p><b>The TRIM benchmark destroys all data on this drive.</b> Files, partitions "
           "and file systems on it cannot be recovered afterwards.</p>"
           "<table><tr><td>Model:&nbsp;</td><td><b>%1</b></td></tr>"
           "<tr><td>Serial number:&nbsp;</td><td><b>%2</b></td></tr>"
           "<tr><td>Size:&nbsp;</td><td><b>%3</b></td></tr>"
           "<tr><td>Device:&nbsp;</td><td><b>%4</b></td></tr></table>"
           "<p>To go ahead, type the device name <b>%5</b> below.</p>")
            .arg(model.toHtmlEscaped(), drive.serial.toHtmlEscaped(), formatBytes(drive.sizeBytes),
                 drive.path.toHtmlEscaped(), drive.name.toHtmlEscaped()),
        this);
    if (!headline.isEmpty())
        text->setText(
            tr("<p><b>%6</b> Files, partitions and file systems on it cannot be recovered "
               "afterwards.</p>"
               "<table><tr><td>Model:&nbsp;</td><td><b>%1</b></td></tr>"
               "<tr><td>Serial number:&nbsp;</td><td><b>%2</b></td></tr>"
               "<tr><td>Size:&nbsp;</td><td><b>%3</b></td></tr>"
               "<tr><td>Device:&nbsp;</td><td><b>%4</b></td></tr></table>"
               "<p>To go ahead, type the device name <b>%5</b> below.</p>")
                .arg(model.toHtmlEscaped(), drive.serial.toHtmlEscaped(),
                     formatBytes(drive.sizeBytes), drive.path.toHtmlEscaped(),
                     drive.name.toHtmlEscaped(), headline.toHtmlEscaped()));
    text->setWordWrap(true);
    setWrappedText(text, text->text());
    m_name->setPlaceholderText(drive.name);
    m_name->setAccessibleName(tr("Device name"));
    auto *hint = new QLabel(this);
    hint->setObjectName(QStringLiteral("confirmHint"));
    hint->setWordWrap(true);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_run = buttons->addButton(runText.isEmpty() ? tr("&Destroy data and benchmark") : runText,
                               QDialogButtonBox::AcceptRole);
    QPushButton *cancel = buttons->button(QDialogButtonBox::Cancel);
    const QString runName = QString(m_run->text()).remove(QLatin1Char('&'));
    // Enter runs only once the typed name matches; before that it does nothing (Esc cancels),
    // so a person who typed the name and pressed Enter is not cancelled by surprise.
    const auto update = [this, cancel, hint, runName, name = drive.name](const QString &typed) {
        const bool match = typed.trimmed() == name;
        m_run->setEnabled(match);
        m_run->setDefault(match);
        m_run->setAutoDefault(match);
        cancel->setDefault(false);
        cancel->setAutoDefault(false);
        setWrappedText(hint,
                       match ? tr("The name matches: Enter or “%1” starts the run.").arg(runName)
                             : tr("Type %1 exactly to go ahead. Esc cancels.").arg(name));
    };
    update(QString());
    connect(m_name, &QLineEdit::textChanged, this, update);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(text);
    layout->addWidget(m_name);
    layout->addWidget(hint);
    layout->addWidget(buttons);
}

} // namespace trimscope::gui
