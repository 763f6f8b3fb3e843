#!/bin/bash
# Runs one build edge (a compile, a link or a custom command) under /usr/bin/time and appends its
# CPU seconds (user, system) and its output file (or command) to $BUILDCPU_LOG. Set as CMake's
# RULE_LAUNCH_* by rules.cmake; measure.sh sets it up.
out=""
prev=""
for a in "$@"; do
    [ "$prev" = "-o" ] && out=$a
    prev=$a
done
[ -z "$out" ] && out="CMD:$(echo "$*" | cut -c1-300)"
exec /usr/bin/time -a -o "${BUILDCPU_LOG:?}" -f "%U %S ${out//%/%%}" "$@"
