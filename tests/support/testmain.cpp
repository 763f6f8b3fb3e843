// The main() of a test folder's one program (testmain.h): runs the test its first argument names.
#include "testmain.h"

#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

namespace trimscope::testprogram {
namespace {

// Built on first use: the tests register from their sources' static initializers, in no order.
std::map<std::string, TestMain> &registeredTests()
{
    static std::map<std::string, TestMain> tests;
    return tests;
}

} // namespace

bool registerTestMain(const char *sourceFile, TestMain testMain)
{
    std::string name = sourceFile;
    if (const size_t slash = name.find_last_of('/'); slash != std::string::npos)
        name.erase(0, slash + 1);
    if (const size_t dot = name.find_last_of('.'); dot != std::string::npos)
        name.erase(dot);
    // Two sources of one name in one program: CTest would run one of them twice, silently.
    if (!registeredTests().emplace(name, testMain).second) {
        std::fprintf(stderr, "two tests named %s in one program\n", name.c_str());
        std::abort();
    }
    return true;
}

} // namespace trimscope::testprogram

int main(int argc, char **argv)
{
    const auto &tests = trimscope::testprogram::registeredTests();
    const auto test = argc > 1 ? tests.find(argv[1]) : tests.end();
    if (test == tests.end()) {
        if (argc > 1)
            std::fprintf(stderr, "%s: no test named %s here\n", argv[0], argv[1]);
        std::fprintf(stderr, "usage: %s TEST [Qt Test arguments]\ntests:\n", argv[0]);
        for (const auto &[name, unused] : tests)
            std::fprintf(stderr, "  %s\n", name.c_str());
        return 2;
    }
    // The test sees the program's path and its own arguments, as its own program would.
    std::vector<char *> arguments{argv[0]};
    arguments.insert(arguments.end(), argv + 2, argv + argc);
    arguments.push_back(nullptr);
    return test->second(int(arguments.size()) - 1, arguments.data());
}
