#pragma once

#include <QByteArray>
#include <QString>
#include <optional>

class QWidget;

namespace trimscope::gui {

// Asks for a passphrase of the encrypted device /dev/mapper/NAME, which a refresh through the
// helper needs (planrunner's AskPassphrase): a dialog that names the device and hides what is
// typed. Nothing when the user cancels or leaves it empty.
std::optional<QByteArray> askPassphraseInDialog(QWidget *parent, const QString &mappingName);

} // namespace trimscope::gui
