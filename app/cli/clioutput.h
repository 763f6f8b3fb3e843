#pragma once

#include <QElapsedTimer>
#include <QLocale>
#include <QString>
#include <cstdio>

namespace trimscope {
struct Error;
}

namespace trimscope::cli {

// "trimscope-cli: <message>" on stderr (the application's name): one line, the reason first.
void printError(const QString &message);
void printError(const Error &error);
void printOut(const QString &text);
bool stderrIsTerminal();

// ExitRefused for a refusal (isRefusal), ExitFailure for anything else.
int exitCodeFor(const Error &error);
// InvalidArgument unless a result file can be written at path (checkWritableTarget; empty path:
// nothing to check). Every command asks it before it touches a device.
Error checkResultPathWritable(const QString &path);
// Refused (one line; the caller exits 2) unless --destroy-data was given for the device: "`what`
// destroys all data on DEVICE; add --destroy-data to confirm".
bool confirmDestroy(const QString &device, bool destroyData, const QString &what);

// While it lives, numbers are written in the user's locale where the words are translated: a
// text people read ("etwa 2,27 Jahre", as the window shows it), whichever command prints it.
// English and every JSON stay in C for scripts (main.cpp). The locale before comes back after.
class PeopleNumbers
{
public:
    PeopleNumbers();
    ~PeopleNumbers();
    Q_DISABLE_COPY_MOVE(PeopleNumbers)

private:
    QLocale m_before;
};

// A one-line progress bar with ETA, redrawn in place on stderr; silent when stderr is not a
// terminal, so logs and pipes stay clean.
class ProgressBar
{
public:
    explicit ProgressBar(QString label);
    ~ProgressBar();
    // fraction in [0, 1]; etaSeconds < 0 when unknown.
    void update(double fraction, double etaSeconds, const QString &detail = {});
    void finish();

private:
    QString m_label;
    bool m_enabled;
    bool m_drawn = false;
    QElapsedTimer m_lastDraw;
};

} // namespace trimscope::cli
