#pragma once

#include <QByteArray>
#include <QString>
#include <functional>
#include <optional>

class QWidget;

namespace trimscope::gui {

// Asks for a passphrase of the encrypted device /dev/mapper/NAME, which a refresh through the
// helper needs (planrunner's AskPassphrase): a dialog that names the device and hides what is
// typed. Nothing when the user cancels or leaves it empty.
std::optional<QByteArray> askPassphraseInDialog(QWidget *parent, const QString &mappingName);
// The same question without waiting for it (window-modal, no nested event loop): `answered`
// gets the passphrase, or nothing, when the dialog closes.
void askPassphraseLater(QWidget *parent, const QString &mappingName,
                        const std::function<void(std::optional<QByteArray>)> &answered);

} // namespace trimscope::gui
