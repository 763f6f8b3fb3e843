#include "stdinprompt.h"

#include <QCoreApplication>
#include <cerrno>
#include <cstdio>
#include <termios.h>
#include <unistd.h>

namespace trimscope::cli {

namespace {

class StdinPromptText
{
    Q_DECLARE_TR_FUNCTIONS(StdinPrompt)
};

// Echo off on the terminal while it lives, and back as it was afterwards.
class NoEcho
{
public:
    NoEcho()
    {
        m_active = ::tcgetattr(STDIN_FILENO, &m_saved) == 0;
        if (!m_active)
            return;
        termios quiet = m_saved;
        quiet.c_lflag &= ~tcflag_t(ECHO);
        quiet.c_lflag |= tcflag_t(ECHONL);
        m_active = ::tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet) == 0;
    }
    ~NoEcho()
    {
        if (m_active)
            ::tcsetattr(STDIN_FILENO, TCSAFLUSH, &m_saved);
    }
    NoEcho(const NoEcho &) = delete;
    NoEcho &operator=(const NoEcho &) = delete;

private:
    termios m_saved{};
    bool m_active = false;
};

} // namespace

std::optional<QByteArray> readStdinLine()
{
    QByteArray line;
    line.reserve(4096); // a passphrase grows in place, leaving no copies behind in freed memory
    char c = 0;
    for (;;) {
        const ssize_t got = ::read(STDIN_FILENO, &c, 1);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            return line.isEmpty() ? std::nullopt : std::optional<QByteArray>(line);
        if (c == '\n')
            return line;
        line.append(c);
    }
}

std::optional<QByteArray> askPassphrase(const QString &mappingName)
{
    std::fputs(qPrintable(StdinPromptText::tr("Passphrase of /dev/mapper/%1 for cryptsetup "
                                              "refresh (empty to skip): ")
                              .arg(mappingName)),
               stdout);
    std::fflush(stdout);
    std::optional<QByteArray> line;
    if (::isatty(STDIN_FILENO)) {
        const NoEcho quiet;
        line = readStdinLine();
    } else {
        line = readStdinLine();
        std::fputc('\n', stdout);
    }
    if (line && line->isEmpty())
        return std::nullopt;
    return line;
}

} // namespace trimscope::cli
