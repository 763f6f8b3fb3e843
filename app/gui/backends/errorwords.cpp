#include "errorwords.h"

#include "common/flatpaksandbox.h"

#include <QCoreApplication>
#include <QFileInfo>

namespace trimscope::gui {

namespace {
struct ErrorWords
{
    Q_DECLARE_TR_FUNCTIONS(ErrorWords)
};
} // namespace

QString errorInWords(const Error &error)
{
    QString headline;
    switch (error.code) {
    case ErrorCode::None:
        return QString();
    case ErrorCode::NotAuthorized:
        headline = ErrorWords::tr("Not authorized: polkit did not allow it.");
        break;
    case ErrorCode::NotAuthorizedDismissed:
        headline = ErrorWords::tr("Not authorized: you cancelled the password prompt, so nothing "
                                  "was changed.");
        break;
    case ErrorCode::NotAuthorizedByPolicy:
        // No password can help here: say who can, not "try again".
        return ErrorWords::tr("Not authorized: this computer's polkit policy, set by its "
                              "administrator, forbids this to your user, and no password can "
                              "change that. Ask the administrator to allow it with a polkit "
                              "rule, or run trimscope-cli as root. (%1)")
            .arg(error.message);
    case ErrorCode::NotAuthorizedAuthFailed:
        return ErrorWords::tr("Not authorized: the password was not accepted (polkit's "
                              "authentication failed), so nothing was changed. Try again with the "
                              "password polkit asks for. (%1)")
            .arg(error.message);
    case ErrorCode::NotAuthorizedNoAgent:
        // No password was asked for: say where a prompt can come from, not "it was wrong".
        // In the sandbox our process number is the sandbox's, meaningless to the host's
        // pkttyagent; and polkit knows the caller by its bus connection, which is Flatpak's
        // D-Bus proxy's, not the app process "flatpak ps" shows: no number is advised there.
        if (insideFlatpakSandbox())
            return ErrorWords::tr("Not authorized: polkit wants an administrator password, and no "
                                  "authentication agent is running to ask you for it. TrimScope "
                                  "runs in a Flatpak sandbox: start it from a desktop session "
                                  "whose authentication agent shows the password dialog (most "
                                  "desktops start one at login), or use trimscope-cli with sudo "
                                  "on the host. (%1)")
                .arg(error.message);
        return ErrorWords::tr("Not authorized: polkit wants an administrator password, and no "
                              "authentication agent is running to ask you for it. Start "
                              "TrimScope from a desktop session (its agent shows the password "
                              "dialog), or run “pkttyagent --process %1” in a terminal and try "
                              "again, or use trimscope-cli with sudo. (%2)")
            .arg(QCoreApplication::applicationPid())
            .arg(error.message);
    case ErrorCode::InvalidArgument:
        headline = ErrorWords::tr("Invalid request.");
        break;
    case ErrorCode::NoSuchDevice:
        headline = ErrorWords::tr("No such drive.");
        break;
    case ErrorCode::NotABlockDevice:
        headline = ErrorWords::tr("Not a drive (not a block device).");
        break;
    case ErrorCode::DeviceBusy:
        headline = ErrorWords::tr("The drive is busy: another job runs on it.");
        break;
    case ErrorCode::DeviceInUse:
        headline = ErrorWords::tr("The drive is in use (mounted, or part of a RAID, LVM or swap).");
        break;
    case ErrorCode::NoDiscardSupport:
        headline = ErrorWords::tr("The drive does not support discard (TRIM).");
        break;
    case ErrorCode::IoError:
        headline = ErrorWords::tr("Input/output error.");
        break;
    case ErrorCode::Cancelled:
        headline = ErrorWords::tr("Cancelled.");
        break;
    case ErrorCode::PermissionDenied:
        headline = ErrorWords::tr("Permission denied.");
        break;
    case ErrorCode::Unsupported:
        headline = ErrorWords::tr("Not supported for this drive.");
        break;
    case ErrorCode::WrongPassphrase:
        headline = ErrorWords::tr("Wrong passphrase: it opens none of the encrypted device's "
                                  "key slots.");
        break;
    }
    return error.message.isEmpty() ? headline : headline + QLatin1Char(' ') + error.message;
}

QString fileErrorInWords(const QString &path, const Error &error)
{
    const QString name = QFileInfo(path).fileName();
    // Worded from what the reader met (readInputFile, readAnyResult), not from the file read
    // again: it may have changed or gone since, and reading it twice costs a second parse.
    switch (error.file.kind) {
    case FileFault::NotRead:
        return ErrorWords::tr("“%1” could not be read: %2").arg(name, error.message);
    case FileFault::CutShort:
        return ErrorWords::tr("“%1” is cut short: its JSON data ends before it is complete "
                              "(a copy that did not finish, or a disk that filled up).")
            .arg(name);
    case FileFault::BrokenJson:
        return ErrorWords::tr("“%1” is damaged: its JSON data is broken at byte %2 of %3.")
            .arg(name)
            .arg(error.file.at)
            .arg(error.file.size);
    case FileFault::NoJson:
        return ErrorWords::tr("“%1” is not a TrimScope result: it holds no JSON data.").arg(name);
    case FileFault::NoSchema:
        return ErrorWords::tr("“%1” holds JSON data, but not a result TrimScope wrote.").arg(name);
    case FileFault::ForeignSchema:
        return ErrorWords::tr("“%1” was written by another program; TrimScope cannot read it.")
            .arg(name);
    case FileFault::None: // not the file's bytes: how it was fetched, or a tab refusing its kind
        if (error.code == ErrorCode::IoError)
            return ErrorWords::tr("“%1” could not be read: %2").arg(name, error.message);
        break;
    case FileFault::Unreadable:
        break;
    }
    return ErrorWords::tr("“%1” is a TrimScope result this version cannot read (it may be damaged "
                          "or come from a newer TrimScope). Details: %2")
        .arg(name, error.message);
}

QString wrongKindInWords(const QString &path, const QString &what, const QString &wanted)
{
    return ErrorWords::tr("“%1” holds a %2 result, not a %3. Open it with File › Open result…: "
                          "every result goes to its own tab.")
        .arg(QFileInfo(path).fileName(), what, wanted);
}

} // namespace trimscope::gui
