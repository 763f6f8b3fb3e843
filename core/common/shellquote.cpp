#include "shellquote.h"

#include <algorithm>

namespace trimscope {

namespace {

// POSIX's portable filename characters plus a few that no shell treats specially anywhere in
// a word ('=' only matters before the command name, which an argument never is).
bool isPlain(QChar c)
{
    if (c.unicode() >= 0x80)
        return false; // a multi-byte character might be read by a shell in another locale
    return (c >= QLatin1Char('a') && c <= QLatin1Char('z')) ||
           (c >= QLatin1Char('A') && c <= QLatin1Char('Z')) ||
           (c >= QLatin1Char('0') && c <= QLatin1Char('9')) ||
           QStringLiteral("_-./,:+@%=").contains(c);
}

} // namespace

QString shellQuoted(const QString &argument)
{
    if (!argument.isEmpty() && std::all_of(argument.cbegin(), argument.cend(), isPlain))
        return argument;
    QString quoted = argument;
    quoted.replace(QLatin1Char('\''), QStringLiteral("'\\''"));
    return QLatin1Char('\'') + quoted + QLatin1Char('\'');
}

QString shellCommand(const QStringList &command, const QStringList &operands)
{
    QStringList words;
    for (const QString &word : command)
        words.append(shellQuoted(word));
    if (std::any_of(operands.cbegin(), operands.cend(),
                    [](const QString &o) { return o.startsWith(QLatin1Char('-')); }))
        words.append(QStringLiteral("--"));
    for (const QString &operand : operands)
        words.append(shellQuoted(operand));
    return words.join(QLatin1Char(' '));
}

QString indentShellText(const QString &text, const QString &pad)
{
    // Only single quotes matter: they are all shellQuoted() writes; a double quote or an
    // apostrophe in a shell comment or in prose around the commands (a German sentence) is
    // taken as text. After '#' that starts a word the rest of the line is a comment.
    QString out;
    out.reserve(text.size() + pad.size() * 4);
    bool quoted = false;
    bool comment = false;
    QChar previous = QLatin1Char('\n');
    for (const QChar c : text) {
        out += c;
        if (c == QLatin1Char('\n')) {
            comment = false;
            if (!quoted)
                out += pad;
        } else if (!comment && c == QLatin1Char('\'')) {
            quoted = !quoted;
        } else if (!quoted && c == QLatin1Char('#') && previous.isSpace()) {
            comment = true;
        }
        previous = c;
    }
    return out;
}

} // namespace trimscope
