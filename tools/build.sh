#!/usr/bin/env bash
# Configures and builds into build/ (or $TRIMSCOPE_BUILD_DIR).
#   tools/build.sh                 everything: the product, the tests, the benchmarks
#   tools/build.sh TARGET...       only those targets and what they need
#   TRIMSCOPE_WERROR=1 tools/build.sh ...   the same, with every compiler warning an error (-Werror;
#                                  cmake/Werror.cmake); any other value or none builds without it
# With ccache installed, compiles go through it (CCACHE_DIR chooses the cache, as usual). A fresh
# machine does not get it from tools/debian-packages.txt: its cache is empty there, every compile
# is a miss, and a miss costs 8-29 % more CPU than the compile alone (bench/build-cpu measures a
# build's CPU by category).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${TRIMSCOPE_BUILD_DIR:-$top/build}
launcher=()
if command -v ccache >/dev/null; then
    launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
    # Every source is compiled with a precompiled header (cmake/PrecompiledHeaders.cmake), which
    # ccache refuses to cache ("uncacheable") unless told it may not see the header's macros and
    # time stamps (ccache(1), PRECOMPILED HEADERS). Our headers use neither __DATE__ nor __TIME__.
    export CCACHE_SLOPPINESS=${CCACHE_SLOPPINESS:-pch_defines,time_macros,include_file_mtime,include_file_ctime}
fi
# clang where installed (tools/debian-packages.txt installs it), for a new build tree: it compiles
# the tests in about a third of GCC's CPU time and the product in three quarters (bench/build-cpu
# on 9d22c54, Debian 12: tests' sources 1.4 s a source against 4.4 s, the product's batches
# 271 s against 369 s), where the compile was the test command's critical path (issue 45). A tree
# keeps the compiler it was made with (CMake would drop its cache and rebuild everything); CC and
# CXX choose another for a new one (CC=gcc CXX=g++: GCC, which the Flatpak's build uses).
compiler=()
if [ ! -e "$build/CMakeCache.txt" ] && [ -z "${CXX:-}" ] && [ -z "${CC:-}" ] &&
    command -v clang >/dev/null && command -v clang++ >/dev/null; then
    compiler=(-DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++)
fi
werror=OFF
if [ "${TRIMSCOPE_WERROR:-}" = 1 ]; then werror=ON; fi
cmake -S "$top" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DTRIMSCOPE_WERROR=$werror \
    "${compiler[@]}" "${launcher[@]}"
targets=()
for target in "$@"; do targets+=(--target "$target"); done
# Ninja's own parallelism (cores + 2): a link or a code generator waiting on the disk leaves a
# core to a compile.
cmake --build "$build" "${targets[@]}"
