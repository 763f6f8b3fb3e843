# moc is run without the compiler's implicit include directories (libstdc++'s, GCC's, /usr/include).
# CMake's AUTOMOC gives moc the target's include directories and, for Qt 5 and 6, those too
# (cmQtAutoGenInitializer; CMake 3.25 and 3.31 alike, with no setting to leave them out). moc then
# follows every #include of the Qt headers into the standard library to collect macros; moc passes
# over an include it cannot find. What moc writes depends on our headers and Qt's, which it still
# reads (Qt's directories are the targets' own, not implicit ones), and on the compiler's predefined
# macros, which it gets from moc_predefs.h. Checked: every file moc writes for this tree (all 210 on
# Debian 12, 95 of them on Debian 13) is byte for byte the same with and without those directories.
# Measured (CPU s, user+sys, of all 185 `cmake -E cmake_autogen` steps of a fresh tree, run one
# after the other alternately with and without): Debian 12 at load 11-17, 180.6 with, 84.5 without;
# Debian 13 (every fifth step, 37) at load 17-19, 32.9 with, 17.1 without.
option(TRIMSCOPE_MOC_IMPLICIT_INCLUDES
    "Give moc the compiler's implicit include directories too, as CMake does by default" OFF)

# trimscope_moc_without_implicit_includes(): every target made so far (in this directory and
# those below it) runs moc through a wrapper that drops those directories from its arguments.
function(trimscope_moc_without_implicit_includes)
    if(TRIMSCOPE_MOC_IMPLICIT_INCLUDES)
        return()
    endif()
    set(wrapper ${PROJECT_BINARY_DIR}/moc-without-implicit-includes)
    set(TRIMSCOPE_MOC_DROPPED "")
    foreach(dir IN LISTS CMAKE_CXX_IMPLICIT_INCLUDE_DIRECTORIES)
        string(APPEND TRIMSCOPE_MOC_DROPPED "-I${dir}\n")
    endforeach()
    get_target_property(TRIMSCOPE_MOC Qt6::moc LOCATION)
    configure_file(${CMAKE_CURRENT_FUNCTION_LIST_DIR}/moc-without-implicit-includes.in ${wrapper} @ONLY
        FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE
        WORLD_READ WORLD_EXECUTE)
    trimscope_targets_below(${CMAKE_CURRENT_SOURCE_DIR} targets)
    foreach(target IN LISTS targets)
        get_target_property(automoc ${target} AUTOMOC)
        if(automoc)
            set_target_properties(${target} PROPERTIES AUTOMOC_EXECUTABLE ${wrapper})
        endif()
    endforeach()
endfunction()

# trimscope_targets_below(DIRECTORY VAR): every target made in DIRECTORY and the directories below.
function(trimscope_targets_below directory var)
    set(all "")
    set(directories ${directory})
    while(directories)
        list(POP_FRONT directories directory)
        get_property(targets DIRECTORY ${directory} PROPERTY BUILDSYSTEM_TARGETS)
        list(APPEND all ${targets})
        get_property(below DIRECTORY ${directory} PROPERTY SUBDIRECTORIES)
        list(APPEND directories ${below})
    endwhile()
    set(${var} ${all} PARENT_SCOPE)
endfunction()
