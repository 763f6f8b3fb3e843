// Qt Test's QTRY_* macros without a -Wconversion warning on Qt 6.8: a test that uses them
// includes this after (or instead of) <QTest>.
//
// Qt 6.8's QTRY_IMPL (QtTest/qtestcase.h) makes the timeout a std::chrono::milliseconds and
// then keeps its count(), a 64-bit number, in two ints without saying so:
//     const int qt_test_step = qt_test_timeoutAsMs.count() < 350 ? ...count() / 7 + 1 : 50;
//     const int qt_test_timeoutValue = qt_test_timeoutAsMs.count();
// GCC 14 reports both at the line of every QTRY_* use, whatever timeout the test gives (the
// default 5s too), so nothing a test writes avoids it; Qt 6.4 takes an int and never converts,
// and Qt 6.11 keeps the chrono types throughout. For Qt 6.8 only, QTRY_IMPL is redefined to
// compute the same two ints with the conversion written out; Qt's own QTRY_LOOP_IMPL and
// QTRY_TIMEOUT_DEBUG_IMPL still wait and report as before.
#pragma once

#include <QTest>

#if QT_VERSION >= QT_VERSION_CHECK(6, 8, 0) && QT_VERSION < QT_VERSION_CHECK(6, 9, 0)
#if !defined(QTRY_IMPL) || !defined(QTRY_LOOP_IMPL) || !defined(QTRY_TIMEOUT_DEBUG_IMPL)
#error "qtry.h: this Qt 6.8 lacks the QTRY_* internals it was written for"
#endif
#undef QTRY_IMPL
// clang-format off
#define QTRY_IMPL(expr, timeoutAsGiven)                                                            \
    const auto qt_test_timeoutAsMs = [&] {                                                         \
        using namespace std::chrono_literals;                                                      \
        return std::chrono::milliseconds{timeoutAsGiven};                                          \
    }();                                                                                           \
    const int qt_test_timeoutValue = static_cast<int>(qt_test_timeoutAsMs.count());                \
    const int qt_test_step = qt_test_timeoutValue < 350 ? qt_test_timeoutValue / 7 + 1 : 50;       \
    { QTRY_LOOP_IMPL(expr, qt_test_timeoutValue, qt_test_step) }                                   \
    QTRY_TIMEOUT_DEBUG_IMPL(expr, qt_test_timeoutValue, qt_test_step)
// clang-format on
#endif
