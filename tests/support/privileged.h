#pragma once

#include <QString>
#include <QTest>

namespace trimscope::test {

// CI machines that are meant to run the privileged tests set TRIMSCOPE_REQUIRE_PRIVILEGED_TESTS=1,
// so a missing /dev/fuse or a lost root there is a failure, not a silently green skip.
bool privilegedTestsRequired();

// The message a privileged test reports when it cannot run.
QString unavailableMessage(const QString &reason);

} // namespace trimscope::test

// QSKIP and QFAIL return from the calling test function, so this has to be a macro.
#define TRIMSCOPE_SKIP_OR_FAIL(reason)                                                             \
    do {                                                                                           \
        const QString trimscopeMessage_ = trimscope::test::unavailableMessage(reason);             \
        if (trimscope::test::privilegedTestsRequired())                                            \
            QFAIL(qPrintable(trimscopeMessage_));                                                  \
        QSKIP(qPrintable(trimscopeMessage_));                                                      \
    } while (false)

// Skips (or fails, see above) unless an emulated drive can be started here.
#define TRIMSCOPE_REQUIRE_EMULATED_DRIVE()                                                         \
    do {                                                                                           \
        const QString trimscopeReason_ = trimscope::test::EmulatedDrive::unavailableReason();      \
        if (!trimscopeReason_.isEmpty())                                                           \
            TRIMSCOPE_SKIP_OR_FAIL(trimscopeReason_);                                              \
    } while (false)
