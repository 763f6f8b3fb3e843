#include "refusalwords.h"

#include <QCoreApplication>

namespace trimscope::apply {

namespace {
struct RefusalWords
{
    Q_DECLARE_TR_FUNCTIONS(RefusalWords)
};
} // namespace

Error polkitRefusalInWords(ErrorCode refusal, const QString &what, const QString &action)
{
    switch (refusal) {
    case ErrorCode::NotAuthorizedDismissed:
        return makeError(refusal, RefusalWords::tr("%1: you cancelled the password prompt. "
                                                   "Nothing was changed.")
                                      .arg(what));
    case ErrorCode::NotAuthorizedNoAgent:
        // What to do is said where every refusal without an agent is worded (errorInWords,
        // printError).
        return makeError(refusal, RefusalWords::tr("%1: polkit wants an administrator password "
                                                   "for %2, and no authentication agent "
                                                   "answered. Nothing was changed.")
                                      .arg(what, action));
    case ErrorCode::NotAuthorizedAuthFailed:
        return makeError(refusal, RefusalWords::tr("%1: the password for %2 was not accepted. "
                                                   "Nothing was changed.")
                                      .arg(what, action));
    case ErrorCode::NotAuthorizedByPolicy:
        return makeError(refusal, RefusalWords::tr("%1: polkit denies %2 to this user, and no "
                                                   "password can change that: the computer's "
                                                   "administrator can allow it with a polkit "
                                                   "rule. Nothing was changed.")
                                      .arg(what, action));
    default: // polkit could not be asked again: a rule's "no" or a password not accepted
        return makeError(ErrorCode::NotAuthorized,
                         RefusalWords::tr("%1: polkit refused %2 to this user (a rule says no, or "
                                          "the password was not accepted). Nothing was changed.")
                             .arg(what, action));
    }
}

} // namespace trimscope::apply
