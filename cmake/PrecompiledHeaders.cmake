# Most of a compile here is GCC parsing the same Qt headers again: a test source took 4-9 s, of
# which a precompiled cmake/precompiled.h saves 1.5-2.5 s (measured on tst_units, tst_drivedb,
# tst_advice). One precompiled header per kind of target, reused by the others of its kind:
# GCC takes a precompiled header only when the macros its headers test are defined as when it
# was made (QT_TESTLIB_LIB is one), so the product and the tests each have their own donor; a
# target that does not match parses the headers as before, only slower.
option(TRIMSCOPE_PRECOMPILED_HEADERS "Precompile the common Qt and standard headers" ON)

# trimscope_precompiled_headers(TARGET)             TARGET makes the precompiled header
# trimscope_precompiled_headers(TARGET HEADER H)    TARGET makes one of header H instead
# trimscope_precompiled_headers(TARGET FROM DONOR)  TARGET reuses DONOR's
function(trimscope_precompiled_headers target)
    cmake_parse_arguments(P "" "FROM;HEADER" "" ${ARGN})
    # The fuzz build (clang, sanitizers) compiles without: it also shows a source that compiles
    # only because the precompiled header included what it forgot to.
    if(NOT TRIMSCOPE_PRECOMPILED_HEADERS OR TRIMSCOPE_FUZZ)
        return()
    endif()
    if(P_FROM)
        target_precompile_headers(${target} REUSE_FROM ${P_FROM})
    else()
        if(NOT P_HEADER)
            set(P_HEADER ${PROJECT_SOURCE_DIR}/cmake/precompiled.h)
        endif()
        target_precompile_headers(${target} PRIVATE "$<$<COMPILE_LANGUAGE:CXX>:${P_HEADER}>")
    endif()
endfunction()
