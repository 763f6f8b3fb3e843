#include "passphrasedialog.h"

#include "common/secret.h"

#include <QApplication>
#include <QInputDialog>
#include <QLineEdit>

namespace trimscope::gui {

namespace {
struct PassphraseDialogText
{
    Q_DECLARE_TR_FUNCTIONS(PassphraseDialog)
};
} // namespace

std::optional<QByteArray> askPassphraseInDialog(QWidget *parent, const QString &mappingName)
{
    // The plan runs under a wait cursor; the question needs the usual one.
    QApplication::setOverrideCursor(Qt::ArrowCursor);
    bool accepted = false;
    QString typed = QInputDialog::getText(
        parent, PassphraseDialogText::tr("Passphrase of %1").arg(mappingName),
        PassphraseDialogText::tr("To change whether /dev/mapper/%1 passes discards now, "
                                 "cryptsetup needs one of its passphrases (the one you type "
                                 "when it is opened at boot). It is used once and not kept.\n\n"
                                 "Cancel to leave it as it is until the next boot.")
            .arg(mappingName),
        QLineEdit::Password, QString(), &accepted);
    QApplication::restoreOverrideCursor();
    QByteArray bytes = typed.toUtf8();
    // QString has no wipe of its own: overwrite its characters where they are.
    typed.fill(QLatin1Char(' '));
    if (!accepted || bytes.isEmpty()) {
        wipeSecret(bytes);
        return std::nullopt;
    }
    return bytes;
}

} // namespace trimscope::gui
