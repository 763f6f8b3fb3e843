# cmake -DSOURCE_DIR=<tree> -P check_writers.cmake
# Every place in the product (app/, core/, helper/) that opens a file for writing, listed: a
# result, a snapshot or any file a user names goes through the one atomic writer
# (core/common/atomicfile: no planted link followed, nothing truncated on a full disk, no mode
# taken from another user's file). A new writer fails this check, naming file and line, until it
# is either made to use writeFileAtomically or added below with the reason it may not.
cmake_minimum_required(VERSION 3.22)

# file -> why it opens files for writing itself
set(allowed_writers
    "core/common/atomicfile.cpp|the atomic writer itself"
    "core/device/exclusiveopen.cpp|the device under test, O_RDWR | O_EXCL after admission"
    "core/fsbench/synthetictree.cpp|the test tree on the measured drive's own fresh filesystem"
    "core/device/procparsers.cpp|reads open(2) flags of other processes (O_WRONLY, O_RDWR)"
    "app/gui/startupmark.cpp|appends a time mark to the file TRIMSCOPE_STARTUP_MARKS names (bench/startup), only where it is set")

set(pattern "QSaveFile|QIODevice::(WriteOnly|ReadWrite|Append)|QFile::(copy|link)|QTemporaryFile|ofstream|fstream|fopen[(]|freopen[(]|O_WRONLY|O_RDWR|O_CREAT|O_TRUNC|[^a-z_]creat[(]|[^a-z_.]truncate[(]")

set(allowed_files "")
foreach(entry IN LISTS allowed_writers)
    string(REGEX REPLACE "[|].*" "" file "${entry}")
    list(APPEND allowed_files ${file})
endforeach()

set(failures "")
set(count 0)
file(GLOB_RECURSE sources RELATIVE ${SOURCE_DIR}
    ${SOURCE_DIR}/app/*.cpp ${SOURCE_DIR}/app/*.h
    ${SOURCE_DIR}/core/*.cpp ${SOURCE_DIR}/core/*.h
    ${SOURCE_DIR}/helper/*.cpp ${SOURCE_DIR}/helper/*.h)
foreach(file IN LISTS sources)
    file(STRINGS ${SOURCE_DIR}/${file} lines REGEX "${pattern}")
    foreach(line IN LISTS lines)
        # Comments may name what they avoid.
        if(line MATCHES "^[ \t]*//")
            continue()
        endif()
        math(EXPR count "${count} + 1")
        if(NOT file IN_LIST allowed_files)
            string(APPEND failures "${file}: writes a file without the atomic writer: ${line}\n")
        endif()
    endforeach()
endforeach()

foreach(file IN LISTS allowed_files)
    if(NOT EXISTS ${SOURCE_DIR}/${file})
        string(APPEND failures "${file}: listed as a writer but gone: remove it from the list\n")
    endif()
endforeach()

if(failures)
    message(FATAL_ERROR "File writers outside core/common/atomicfile:\n${failures}")
endif()
list(LENGTH allowed_files listed)
message(STATUS "${count} lines open files for writing, all in the ${listed} files listed")
