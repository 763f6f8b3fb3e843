// The source the tests' precompiled header is made with (tests/CMakeLists.txt); it compiles to
// nothing.
