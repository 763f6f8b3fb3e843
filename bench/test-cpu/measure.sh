#!/bin/bash
# bench/test-cpu/measure.sh BUILD_DIR [SELECTION...]: every test of that built tree (or those that
# CTest's selection options choose: `-R REGEX`, `-LE timing`, ...) run alone, one after the other,
# each with its wall time and the CPU seconds the whole machine spent meanwhile (/proc/stat: a
# test's daemons, guests and sandboxes count, wherever they were reparented). Then the sums, and
# the wall time below which no schedule can run them all on this machine's cores: their CPU
# seconds over the cores (issue 45: the test command is bound by the CPU, not by waiting, once it
# runs tests beside its build).
# Run it on an otherwise idle machine: whatever else runs is counted too. Privileged tests need
# root, as with tools/test.sh.
set -euo pipefail
build=$(realpath "$1")
shift
cores=$(nproc)
hz=$(getconf CLK_TCK)
# busy_ticks: the machine's busy CPU time so far (all but idle and iowait), in clock ticks.
busy_ticks() {
    local _label user nice system _idle _iowait irq softirq steal _rest
    read -r _label user nice system _idle _iowait irq softirq steal _rest </proc/stat
    echo $((user + nice + system + irq + softirq + steal))
}
cd "$build"
mapfile -t tests < <(ctest -N "$@" | sed -n 's/^ *Test *#[0-9]*: //p')
[ "${#tests[@]}" -gt 0 ] || { echo "no test chosen by ctest -N $* in $build" >&2; exit 1; }
results=$(mktemp)
trap 'rm -f "$results"' EXIT
for test in "${tests[@]}"; do
    busy0=$(busy_ticks)
    t0=$(date +%s%N)
    status=passed
    ctest -R "^${test}\$" --timeout 1500 >/dev/null 2>&1 || status=FAILED
    t1=$(date +%s%N)
    busy1=$(busy_ticks)
    # Milliseconds of wall time and of CPU time, summed below in awk.
    echo "$test $(((t1 - t0) / 1000000)) $(((busy1 - busy0) * 1000 / hz)) $status" |
        tee -a "$results" |
        awk '{ printf "%-34s %8.1f s wall %8.1f CPU s %s\n", $1, $2 / 1e3, $3 / 1e3, $4 }' >&2
done
echo
sort -k3,3nr "$results" | awk -v cores="$cores" '
    {
        wall += $2; cpu += $3
        printf "%-34s %8.1f %8.1f %5.0f %%  %s\n", $1, $2 / 1e3, $3 / 1e3,
            100 * $3 / ($2 * cores + 1), $4
    }
    END {
        printf "%-34s %8.1f %8.1f\n", "sum (" NR " tests)", wall / 1e3, cpu / 1e3
        printf "their CPU over %d cores: no schedule runs them in less than %.0f s here\n",
            cores, cpu / 1e3 / cores
    }' | (echo "TEST                               WALL s    CPU s  BUSY  STATUS"; cat)
