# Included with -DCMAKE_PROJECT_INCLUDE=.../rules.cmake by measure.sh: every compile, link and
# custom command of the build runs through launch.sh, which logs its CPU seconds.
set_property(GLOBAL PROPERTY RULE_LAUNCH_COMPILE "${CMAKE_CURRENT_LIST_DIR}/launch.sh")
set_property(GLOBAL PROPERTY RULE_LAUNCH_LINK "${CMAKE_CURRENT_LIST_DIR}/launch.sh")
set_property(GLOBAL PROPERTY RULE_LAUNCH_CUSTOM "${CMAKE_CURRENT_LIST_DIR}/launch.sh")
