#include "passphrasedialog.h"

#include "common/secret.h"
#include "wraptext.h"

#include <QApplication>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <memory>

namespace trimscope::gui {

namespace {
struct PassphraseDialogText
{
    Q_DECLARE_TR_FUNCTIONS(PassphraseDialog)
};
} // namespace

namespace {

QInputDialog *passphraseDialog(QWidget *parent, const QString &mappingName)
{
    auto *dialog = new QInputDialog(parent);
    dialog->setWindowTitle(PassphraseDialogText::tr("Passphrase of %1").arg(mappingName));
    dialog->setLabelText(
        PassphraseDialogText::tr("To change whether /dev/mapper/%1 passes discards now, "
                                 "cryptsetup needs one of its passphrases (the one you type "
                                 "when it is opened at boot). It is used once and not kept.\n\n"
                                 "Cancel to leave it as it is until the next boot.")
            .arg(mappingName));
    dialog->setTextEchoMode(QLineEdit::Password);
    // QInputDialog's label does not wrap: the question would make the dialog as wide as the
    // screen.
    for (QLabel *label : dialog->findChildren<QLabel *>()) {
        label->setWordWrap(true);
        setWrappedText(label, label->text());
    }
    dialog->setMinimumWidth(dialog->fontMetrics().averageCharWidth() * 60);
    return dialog;
}

// What was typed, taken out of the dialog (which keeps no copy); nothing when cancelled or empty.
std::optional<QByteArray> takePassphrase(QInputDialog &dialog, bool accepted)
{
    QString typed = dialog.textValue();
    dialog.setTextValue(QString());
    QByteArray bytes = typed.toUtf8();
    // QString has no wipe of its own: overwrite its characters where they are.
    typed.fill(QLatin1Char(' '));
    if (!accepted || bytes.isEmpty()) {
        wipeSecret(bytes);
        return std::nullopt;
    }
    return bytes;
}

} // namespace

std::optional<QByteArray> askPassphraseInDialog(QWidget *parent, const QString &mappingName)
{
    // The plan runs under a wait cursor; the question needs the usual one.
    QApplication::setOverrideCursor(Qt::ArrowCursor);
    const std::unique_ptr<QInputDialog> dialog(passphraseDialog(parent, mappingName));
    const bool accepted = dialog->exec() == QDialog::Accepted;
    QApplication::restoreOverrideCursor();
    return takePassphrase(*dialog, accepted);
}

void askPassphraseLater(QWidget *parent, const QString &mappingName,
                        const std::function<void(std::optional<QByteArray>)> &answered)
{
    QInputDialog *dialog = passphraseDialog(parent, mappingName);
    dialog->setObjectName(QStringLiteral("passphraseDialog"));
    QObject::connect(dialog, &QDialog::finished, dialog, [dialog, answered](int result) {
        answered(takePassphrase(*dialog, result == QDialog::Accepted));
        dialog->deleteLater();
    });
    dialog->open();
}

} // namespace trimscope::gui
