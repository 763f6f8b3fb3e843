# cmake -DSOURCE_DIR=<tree> -P check_layers.cmake
# Fails, naming file and line, when
# - a file in core/<folder> includes a core folder that core/layers.cmake does not allow it,
#   or core/ includes Qt Widgets or Qt DBus;
# - a widget (app/gui/widgets) includes the helper's protocol or client: widgets hand core/jobs'
#   JobPlan to a Backend and never see the helper's wire format;
# - app/cli decides by the effective user id how to run something: that choice is made once,
#   in app/runners (runnerchoice.cpp).
cmake_minimum_required(VERSION 3.22)
include(${SOURCE_DIR}/core/layers.cmake)

set(failures "")
set(folders "")
foreach(entry IN LISTS TRIMSCOPE_CORE_LAYERS)
    string(REGEX MATCHALL "[a-z]+" words "${entry}")
    list(POP_FRONT words folder)
    list(APPEND folders ${folder})
    set(allowed_${folder} ${words})
endforeach()

file(GLOB core_dirs LIST_DIRECTORIES true RELATIVE ${SOURCE_DIR}/core ${SOURCE_DIR}/core/*)
foreach(dir IN LISTS core_dirs)
    if(IS_DIRECTORY ${SOURCE_DIR}/core/${dir} AND NOT dir IN_LIST folders)
        string(APPEND failures "core/${dir}: a folder core/layers.cmake does not list\n")
    endif()
endforeach()

function(check_lines file pattern message)
    file(STRINGS ${file} lines REGEX "${pattern}")
    foreach(line IN LISTS lines)
        string(APPEND failures "${file}: ${message}: ${line}\n")
    endforeach()
    set(failures "${failures}" PARENT_SCOPE)
endfunction()

foreach(folder IN LISTS folders)
    file(GLOB_RECURSE files ${SOURCE_DIR}/core/${folder}/*.h ${SOURCE_DIR}/core/${folder}/*.cpp)
    foreach(file IN LISTS files)
        file(STRINGS ${file} includes REGEX "^#include \"[a-z]+/")
        foreach(line IN LISTS includes)
            string(REGEX REPLACE "^#include \"([a-z]+)/.*" "\\1" target "${line}")
            if(NOT target STREQUAL folder AND NOT target IN_LIST allowed_${folder})
                string(APPEND failures
                    "${file}: core/${folder} may not include core/${target}: ${line}\n")
            endif()
        endforeach()
        check_lines(${file} "^#include <Q(tWidgets|tDBus|Widget|DBus|Application)"
                    "core/ is free of Qt Widgets and Qt DBus")
    endforeach()
endforeach()

file(GLOB widget_files ${SOURCE_DIR}/app/gui/widgets/*.h ${SOURCE_DIR}/app/gui/widgets/*.cpp)
foreach(file IN LISTS widget_files)
    check_lines(${file}
        "^#include \"(helperprotocol|joboptions|optionmap|helperclient)\\.h\""
        "a widget includes the helper's protocol")
endforeach()

file(GLOB cli_files ${SOURCE_DIR}/app/cli/*.h ${SOURCE_DIR}/app/cli/*.cpp)
foreach(file IN LISTS cli_files)
    check_lines(${file} "geteuid" "the CLI chooses how to run by the user id")
endforeach()

if(failures)
    message(FATAL_ERROR "Layering violations:\n${failures}")
endif()
list(LENGTH folders count)
message(STATUS "core/: ${count} folders, every include allowed by core/layers.cmake")
