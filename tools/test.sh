#!/usr/bin/env bash
# Installs, builds everything and runs every test. As root on Debian 12 or 13 the privileged
# tests (loop devices, FUSE, private system bus with polkit) run too; elsewhere they skip with a
# message, unless TRIMSCOPE_REQUIRE_PRIVILEGED_TESTS=1 makes a skip a failure (CI sets it).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${TRIMSCOPE_BUILD_DIR:-$top/build}
if [ "$(id -u)" = 0 ]; then "$top/tools/install-deps.sh"; fi
"$top/tools/build.sh"
cd "$build"
ctest --output-on-failure -j "$(nproc)" --timeout 600
