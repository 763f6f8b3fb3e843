#pragma once

#include <QString>

class QClipboard;
class QLabel;

namespace trimscope::gui {

// Qt's line breaker may end a line after "/" (Unicode's line breaking allows a break there), so a
// wrapped label read "I/" and "O" or "/etc/" and "fstab" on two lines (issue 47). A WORD JOINER
// (U+2060, drawn as nothing) after each "/" that a word or path goes on from keeps it whole; the
// line still breaks at the spaces around it. Web addresses and words or paths longer than a
// narrow line are left breakable (whole, they would be cut off). Only the window's text gets it:
// the CLI, the files and the report are written without (its formatter, core/common/units, is
// shared with them), and what the window puts on the clipboard is cleaned by
// keepJoinersOffClipboard().
inline constexpr char16_t kWordJoiner = 0x2060;

// `rich`: the text is HTML, whose tags ("</b>", "<br/>", a link's address) are left as they are.
QString joinAtSlashes(const QString &text, bool rich);
// The text as a wrapped label shows it: joined, as rich or plain as the label takes it.
void setWrappedText(QLabel *label, const QString &text);
QString wrappedText(const QLabel *label, const QString &text);
// Without the joiners: what a person means when copying.
QString withoutJoiners(QString text);
// Text copied from a selectable label comes without the joiners.
void keepJoinersOffClipboard(QClipboard *clipboard);

} // namespace trimscope::gui
