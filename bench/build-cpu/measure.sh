#!/bin/bash
# bench/build-cpu/measure.sh BUILD_DIR [TARGET...]: a fresh Release build (as tools/build.sh,
# without ccache) into BUILD_DIR (removed first), with the CPU seconds of every edge logged to
# BUILD_DIR.cpu.log and summed by category (categories.py). CPU seconds, not wall time, so that
# two trees can be compared on a machine others are loading. CC and CXX choose the compiler as
# for any new CMake tree (unset: the system's cc and c++, GCC on Debian); tools/build.sh takes
# clang where installed, so `CC=clang CXX=clang++` measures what it builds (9d22c54, Debian 12:
# 869 CPU s with clang 14, 1,392 s with GCC 12).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
build=$(realpath -m "$1")
shift
rm -rf "$build" "$build.cpu.log"
export BUILDCPU_LOG=$build.cpu.log CCACHE_DISABLE=1
/usr/bin/time -a -o "$BUILDCPU_LOG" -f "%U %S CMD:configure" \
    cmake -S "$top" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_PROJECT_INCLUDE="$here/rules.cmake" >/dev/null
targets=()
for target in "$@"; do targets+=(--target "$target"); done
cmake --build "$build" "${targets[@]}" >"$build.build.log"
python3 "$here/categories.py" "$BUILDCPU_LOG"
