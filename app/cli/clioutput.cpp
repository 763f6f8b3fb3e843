#include "clioutput.h"

#include "commands.h"
#include "common/atomicfile.h"
#include "common/error.h"
#include "common/translations.h"
#include "common/units.h"

#include <QCoreApplication>
#include <cmath>
#include <unistd.h>

namespace trimscope::cli {

void printError(const QString &message)
{
    // The program's name: trimscope-cli, or the collector of its own (trimscope-history-record).
    std::fprintf(stderr, "%s: %s\n", qPrintable(QCoreApplication::applicationName()),
                 qPrintable(message));
}

void printError(const Error &error)
{
    printError(error.message.isEmpty() ? errorCodeName(error.code) : error.message);
    // What the refusal was, and what to do about it (the message above is the helper's).
    switch (error.code) {
    case ErrorCode::NotAuthorizedNoAgent:
        printError(QCoreApplication::translate("CliOutput",
                                               "no authentication agent asked for the password: "
                                               "run this with sudo, or in a terminal of a desktop "
                                               "session, whose agent asks for it"));
        break;
    case ErrorCode::NotAuthorizedByPolicy:
        printError(QCoreApplication::translate("CliOutput",
                                               "this computer's polkit policy, set by its "
                                               "administrator, forbids this to your user, and no "
                                               "password can change that: ask the administrator "
                                               "to allow it with a polkit rule, or run this as "
                                               "root"));
        break;
    case ErrorCode::NotAuthorizedAuthFailed:
        printError(QCoreApplication::translate("CliOutput",
                                               "the password was not accepted (polkit's "
                                               "authentication failed); nothing was changed: try "
                                               "again"));
        break;
    case ErrorCode::NotAuthorizedDismissed:
        printError(QCoreApplication::translate("CliOutput", "you cancelled the password prompt; "
                                                            "nothing was changed"));
        break;
    default:
        break;
    }
}

void printOut(const QString &text)
{
    std::fputs(text.toLocal8Bit().constData(), stdout);
    std::fflush(stdout);
}

bool stderrIsTerminal()
{
    return ::isatty(STDERR_FILENO) == 1;
}

int exitCodeFor(const Error &error)
{
    return isRefusal(error.code) ? ExitRefused : ExitFailure;
}

Error checkResultPathWritable(const QString &path)
{
    if (path.isEmpty())
        return {};
    // What the write after the run would refuse (a planted link, a directory, a file of /proc, a
    // device), refused before it.
    return checkWritableTarget(path);
}

bool confirmDestroy(const QString &device, bool destroyData, const QString &what)
{
    if (destroyData)
        return true;
    printError(QCoreApplication::translate("CliOutput",
                                           "%1 destroys all data on %2; add --destroy-data to "
                                           "confirm")
                   .arg(what, device));
    return false;
}

ProgressBar::ProgressBar(QString label) : m_label(std::move(label)), m_enabled(stderrIsTerminal())
{
}

ProgressBar::~ProgressBar()
{
    finish();
}

static QString formatEta(double seconds)
{
    if (seconds < 0 || !std::isfinite(seconds))
        return QStringLiteral("ETA --:--");
    const auto total = qint64(std::ceil(seconds));
    if (total >= 3600)
        return QStringLiteral("ETA %1:%2:%3")
            .arg(total / 3600)
            .arg((total / 60) % 60, 2, 10, QLatin1Char('0'))
            .arg(total % 60, 2, 10, QLatin1Char('0'));
    return QStringLiteral("ETA %1:%2")
        .arg(total / 60, 2, 10, QLatin1Char('0'))
        .arg(total % 60, 2, 10, QLatin1Char('0'));
}

void ProgressBar::update(double fraction, double etaSeconds, const QString &detail)
{
    if (!m_enabled)
        return;
    // Redrawing more than ~10 times a second only costs the terminal.
    if (m_lastDraw.isValid() && m_lastDraw.elapsed() < 100 && fraction < 1.0)
        return;
    m_lastDraw.start();
    constexpr int width = 30;
    fraction = std::clamp(fraction, 0.0, 1.0);
    const int filled = int(std::lround(fraction * width));
    const QString bar =
        QString(filled, QLatin1Char('#')) + QString(width - filled, QLatin1Char('.'));
    std::fprintf(stderr, "\r\033[K%s [%s] %3d%% %s %s", qPrintable(m_label), qPrintable(bar),
                 int(std::lround(fraction * 100)), qPrintable(formatEta(etaSeconds)),
                 qPrintable(detail));
    std::fflush(stderr);
    m_drawn = true;
}

void ProgressBar::finish()
{
    if (m_enabled && m_drawn) {
        std::fprintf(stderr, "\r\033[K");
        std::fflush(stderr);
        m_drawn = false;
    }
}

PeopleNumbers::PeopleNumbers() : m_before(numberLocale())
{
    if (wordsTranslated())
        setNumberLocale(QLocale::system());
}

PeopleNumbers::~PeopleNumbers()
{
    setNumberLocale(m_before);
}

} // namespace trimscope::cli
