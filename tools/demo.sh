#!/usr/bin/env bash
# The main job on a fresh Debian 12 or 13: install, build what it runs (the GUI, the CLI and
# their translations; not the tests), and benchmark the default simulated drive. With a display
# the GUI opens on it; without one the CLI prints the TRIM latency table.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${TRIMSCOPE_BUILD_DIR:-$top/build}
if [ "$(id -u)" = 0 ]; then "$top/tools/install-deps.sh"; fi
"$top/tools/build.sh" trimscope trimscope-cli trimscope_translations
if { [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; } && [ -x "$build/app/gui/trimscope" ]; then
    exec "$build/app/gui/trimscope"
fi
exec "$build/app/cli/trimscope-cli" sweep --simulate ocz-agility3 --json "$build/simulated-sweep.json"
