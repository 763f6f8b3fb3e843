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

# AUTOMOC's mocs_compilation.cpp of a target whose headers declare no Q_OBJECT, Q_GADGET or
# Q_NAMESPACE holds nothing, and with the precompiled header GCC took 1.7 s of CPU to compile it
# (loading the header), 0.07 s without (trimscope_clibasics'; 1.1-1.2 s and 0.04-0.05 s with the
# tests' header; Debian 12). 16 targets outside the tests compiled such an empty unit with it on
# Debian 12; CMake 3.31 (Debian 13) compiles the product's units inside its unity batches anyway.
# trimscope_precompile_only_filled_moc_units(), called when every target is made, compiles those
# without it (the tests' own units already are, trimscope_add_test). A unit with moc output keeps
# it: core's took 4.7 s with, 5.8 s without. The headers looked at are those in a target's sources
# and those beside its sources (a.cpp: a.h, a_p.h, a.hpp), as AUTOMOC looks; a generated source
# counts as one with moc output. A header missed here only makes that one compile slower, never
# different.
function(trimscope_precompile_only_filled_moc_units)
    trimscope_targets_below(${CMAKE_CURRENT_SOURCE_DIR} targets)
    foreach(target IN LISTS targets)
        get_target_property(type ${target} TYPE)
        if(type STREQUAL "INTERFACE_LIBRARY")
            continue()
        endif()
        get_target_property(automoc ${target} AUTOMOC)
        get_target_property(own ${target} PRECOMPILE_HEADERS)
        get_target_property(reused ${target} PRECOMPILE_HEADERS_REUSE_FROM)
        if(NOT automoc OR (NOT own AND NOT reused))
            continue()
        endif()
        get_target_property(directory ${target} SOURCE_DIR)
        get_target_property(binary_directory ${target} BINARY_DIR)
        get_target_property(sources ${target} SOURCES)
        set(filled FALSE)
        foreach(source IN LISTS sources)
            if(source MATCHES "\\$<")
                set(filled TRUE) # a generator expression: not known here
                break()
            endif()
            cmake_path(ABSOLUTE_PATH source BASE_DIRECTORY ${directory} NORMALIZE OUTPUT_VARIABLE path)
            if(NOT EXISTS ${path})
                set(filled TRUE) # generated (a D-Bus adaptor or proxy holds a Q_OBJECT)
                break()
            endif()
            cmake_path(REMOVE_EXTENSION path LAST_ONLY OUTPUT_VARIABLE stem)
            foreach(header ${path} ${stem}.h ${stem}_p.h ${stem}.hpp)
                if(header MATCHES "\\.(h|hpp)$" AND EXISTS ${header})
                    file(STRINGS ${header} declares REGEX "(Q_OBJECT|Q_GADGET|Q_NAMESPACE)")
                    if(declares)
                        set(filled TRUE)
                    endif()
                endif()
            endforeach()
            if(filled)
                break()
            endif()
        endforeach()
        if(NOT filled)
            set_source_files_properties(
                "${binary_directory}/${target}_autogen/mocs_compilation.cpp"
                TARGET_DIRECTORY ${target} PROPERTIES SKIP_PRECOMPILE_HEADERS ON)
        endif()
    endforeach()
endfunction()
