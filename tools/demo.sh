#!/usr/bin/env bash
# The main job on a fresh Debian 12 or 13: install and build only what it runs (with a display
# the GUI, else the CLI, and the translations; not the tests), and benchmark the default simulated
# drive: the GUI opens on it, or the CLI prints the TRIM latency table.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${TRIMSCOPE_BUILD_DIR:-$top/build}
if [ "$(id -u)" = 0 ]; then "$top/tools/install-deps.sh" --main-job; fi
if [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; then
    "$top/tools/build.sh" trimscope trimscope_translations
    exec "$build/app/gui/trimscope"
fi
"$top/tools/build.sh" trimscope-cli trimscope_translations
exec "$build/app/cli/trimscope-cli" sweep --simulate ocz-agility3 --json "$build/simulated-sweep.json"
