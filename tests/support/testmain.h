// A test folder's one program (issue 45, item 8): each test source registers its test class
// under the source's name (tst_advice.cpp: "tst_advice") instead of defining main(), and the
// program (testmain.cpp) runs the one its first argument names, with the rest of its arguments,
// as its own program would. One program per folder spares the build an AUTOMOC run, an empty
// mocs_compilation unit and a link per test: about 1 CPU second each.
//
// In a test source of such a folder, instead of Qt Test's QTEST_*MAIN(TestClass):
//   TRIMSCOPE_TEST_MAIN(TestClass)          QApplication (QTEST_MAIN in a program with widgets)
//   TRIMSCOPE_TEST_GUILESS_MAIN(TestClass)  QCoreApplication (QTEST_GUILESS_MAIN)
//   TRIMSCOPE_TEST_APPLESS_MAIN(TestClass)  no application object (QTEST_APPLESS_MAIN)
// CTest runs it as `PROGRAM tst_name [Qt Test arguments]`; the program alone lists its tests.
// QFINDTESTDATA looks in the program's folder (Qt's QT_TESTCASE_SOURCEDIR is a target's): a test
// in a folder below names its data from there ("audit/data/x.json" in tests/core).
#pragma once

#include <QTest>

namespace trimscope::testprogram {

using TestMain = int (*)(int argc, char **argv);

// Called once per test source, before main(); returns true so that a static can hold it.
bool registerTestMain(const char *sourceFile, TestMain testMain);

} // namespace trimscope::testprogram

// Qt Test's QTEST_MAIN_WRAPPER (qtest.h) as a function the program calls by the test's name.
#define TRIMSCOPE_TEST_MAIN_WRAPPER(TestObject, ...)                                              \
    static int trimscopeTestMain(int argc, char **argv)                                           \
    {                                                                                             \
        QT_PREPEND_NAMESPACE(QTest::Internal::callInitMain)<TestObject>();                        \
        __VA_ARGS__                                                                               \
        TestObject tc;                                                                            \
        QTEST_SET_MAIN_SOURCE_PATH                                                                \
        return QTest::qExec(&tc, argc, argv);                                                     \
    }                                                                                             \
    [[maybe_unused]] static const bool trimscopeTestRegistered =                                  \
        trimscope::testprogram::registerTestMain(__FILE__, trimscopeTestMain);

#ifdef QT_WIDGETS_LIB
#include <QApplication>

#define TRIMSCOPE_TEST_MAIN(TestObject)                                                           \
    TRIMSCOPE_TEST_MAIN_WRAPPER(TestObject, QApplication app(argc, argv);                         \
                                app.setAttribute(Qt::AA_Use96Dpi, true);)
#endif

#define TRIMSCOPE_TEST_GUILESS_MAIN(TestObject)                                                   \
    TRIMSCOPE_TEST_MAIN_WRAPPER(TestObject, QCoreApplication app(argc, argv);                     \
                                app.setAttribute(Qt::AA_Use96Dpi, true);)

#define TRIMSCOPE_TEST_APPLESS_MAIN(TestObject) TRIMSCOPE_TEST_MAIN_WRAPPER(TestObject)
