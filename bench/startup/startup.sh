#!/bin/sh
# Launch-to-mapped-window time of the GUI (issue 28: 0.43 s median before, aim 0.2 s), as a
# person sees it: from exec until the X server maps the main window. Runs the program RUNS times
# on a private Xvfb with no saved settings or runs (a first start), polls the X server for the
# window every few milliseconds, and prints each time and the median.
#   bench/startup/startup.sh BUILD_DIR [RUNS]
# Needs Xvfb and xdotool. A quiet machine gives steady figures; compare medians of one session.
set -eu
build=$1 runs=${2:-9}
program=$build/app/gui/trimscope
for tool in Xvfb xdotool; do
    command -v $tool >/dev/null || { echo "needs $tool"; exit 77; }
done
scratch=$(mktemp -d)
display=:$(( 90 + $$ % 100 ))
Xvfb "$display" -screen 0 1366x768x24 -nolisten tcp > "$scratch/xvfb.log" 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null; rm -rf "$scratch"' EXIT INT TERM
export DISPLAY=$display
for i in $(seq 50); do xdpyinfo >/dev/null 2>&1 && break; sleep 0.1; done
now() { date +%s%N; }
times=""
for run in $(seq "$runs"); do
    rm -rf "$scratch/home" && mkdir -p "$scratch/home"
    start=$(now)
    XDG_CONFIG_HOME=$scratch/home/config XDG_DATA_HOME=$scratch/home/data \
        QT_QPA_PLATFORM=xcb "$program" > "$scratch/app.log" 2>&1 &
    app=$!
    until xdotool search --onlyvisible --name '^TrimScope$' >/dev/null 2>&1; do :; done
    end=$(now)
    kill $app && wait $app 2>/dev/null || true
    ms=$(( (end - start) / 1000000 ))
    echo "run $run: $ms ms"
    times="$times $ms"
done
echo "$times" | tr ' ' '\n' | sed '/^$/d' | sort -n |
    awk '{ t[NR] = $1 } END { m = (NR % 2) ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2;
                             printf "median of %d: %d ms (min %d, max %d)\n", NR, m, t[1], t[NR] }'
