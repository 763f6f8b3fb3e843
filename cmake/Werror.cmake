# TRIMSCOPE_WERROR=ON (tools/build.sh: TRIMSCOPE_WERROR=1) makes every compiler warning an error,
# so a build that would print one fails instead. The house rule is a warning-free build on every
# release we build on (Debian 12 and 13); this is how to check it. Off by default: a newer
# compiler's or Qt's new warning must not stop a newcomer's build.
option(TRIMSCOPE_WERROR "Fail the build on any compiler warning (-Werror)" OFF)
if(TRIMSCOPE_WERROR)
    add_compile_options(-Werror)
endif()
