#!/usr/bin/env bash
# Installs, builds everything and runs every test. As root on Debian 12 or 13 the privileged
# tests (loop devices, FUSE, private system bus with polkit) run too; elsewhere they skip with a
# message, unless TRIMSCOPE_REQUIRE_PRIVILEGED_TESTS=1 makes a skip a failure (CI sets it).
#
# The install, the build and the tests overlap (issue 45: the test command under 12 minutes on 2
# cores after the main job). In order:
#   1. As root, the tests' packages install in the background while the CLI and every test
#      labelled timing (the emulated drives' and the GUI's) compile, with what they run (the GUI,
#      the helper, the translations: their add_dependencies): the build needs only the main job's
#      packages, and apt mostly waits on the network and the disk. The rest of the build follows
#      at once, at the lowest CPU and I/O priority.
#   2. Once apt is done, the timing tests run one at a time (RUN_SERIAL) while the rest builds
#      beside them at that lowest priority. They spend most of their time waiting on an emulated
#      drive's modelled latency or a simulated drive's sleeps, and each bounds what it times
#      against a reference measured beside the same load: a compile at nice 19 takes the cores
#      they leave idle and is what "a busy computer" means for them (CI already runs them beside
#      another release's build). Then the script waits for the rest of the build, if it is not
#      done. The GUI's timing tests ran last in step 3 before, alone as CTest runs RUN_SERIAL
#      tests (it starts one only when nothing runs), one core idle for their 104 s (CI's Debian 13
#      run of a3bb2ee, where the compile ran 344 s past the other timing tests): here they add
#      only the cores the compile leaves. Since the compile is clang's (tools/build.sh), the
#      rest of the build ends before the timing tests do (2 min before, in a fresh Debian 13
#      root on 479e411): those 21 tests, one at a time, are this command's critical path.
#   3. The other tests, one more at once than there are cores, the Flatpak's build among them
#      (tst_flatpak_build, first: tst_flatpak needs it, fixture flatpak_built), and every test
#      that uses loop devices, which beside the timing tests could disturb them (a udevd probing
#      them, a loop number reused). One more than the cores: many wait on a daemon, a guest or
#      a sleep (on 2 cores, the tests that are not timing ones took 246 s with 2 at once, the
#      cores 70 % busy, and 205 s with 3, 86 %: Debian 12, 9d22c54), and each holds its bounds
#      beside two busy loops, which is what two other tests are.
# Not more of step 3 runs in step 2: a process at nice 19 gets about 1 % of a core while
# tst_diagnose_emulated's busy loops run. The unprivileged tests' own time bounds (Qt Test's 5 s
# QTRY_*, a QEMU guest's boot) would fail on it, where a build only takes longer; the Flatpak's
# build, there from 1fee79f to 25df820, was starved so (on 25df820 the script waited 133 s for it and
# the rest of the build after the timing tests, in a fresh Debian 13 root alone).
# Each step's start is stamped with the time of day, the rest build's log line by line too, and
# each step's end says how long it took and how busy the cores were meanwhile ("== HH:MM:SS
# phase NAME: N s, cores P % busy"; near 100 % a step is bound by the CPU), so one log gives the
# breakdown. TRIMSCOPE_TEST_OVERLAP=0 installs and builds everything first, as before.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${TRIMSCOPE_BUILD_DIR:-$top/build}
ctest_args=(--output-on-failure --timeout 600)
say() { echo "== $(date +%T) $*"; }

if [ "${TRIMSCOPE_TEST_OVERLAP:-1}" = 0 ]; then
    if [ "$(id -u)" = 0 ]; then "$top/tools/install-deps.sh"; fi
    "$top/tools/build.sh"
    cd "$build"
    exec ctest "${ctest_args[@]}" -j "$(nproc)"
fi

mkdir -p "$build"
# cpu_ticks: the machine's busy and total CPU time so far, in clock ticks (/proc/stat's first
# line: busy is all but idle and iowait).
cpu_ticks() {
    local _label user nice system idle iowait irq softirq steal _rest
    read -r _label user nice system idle iowait irq softirq steal _rest </proc/stat
    local busy=$((user + nice + system + irq + softirq + steal))
    echo "$busy $((busy + idle + iowait))"
}
# busy_percent BUSY0 TICKS0: how busy the cores were since that cpu_ticks reading, in percent.
busy_percent() {
    local busy ticks
    read -r busy ticks < <(cpu_ticks)
    echo "$((100 * (busy - $1) / (ticks - $2 > 0 ? ticks - $2 : 1)))"
}
# phase NAME: the step that ends now, how long it took from the end of the one before, and how
# busy the machine's cores were meanwhile (whatever ran: on a machine that runs only this, what
# the step asked of them; near 100 % a step is bound by the CPU, not by waiting).
phase_began=$SECONDS
read -r busy_began ticks_began < <(cpu_ticks)
busy_start=$busy_began ticks_start=$ticks_began
phase() {
    local busy
    busy=$(busy_percent "$busy_began" "$ticks_began")
    say "phase $1: $((SECONDS - phase_began)) s, cores $busy % busy"
    phase_began=$SECONDS
    read -r busy_began ticks_began < <(cpu_ticks)
}

# Background work of this script (apt, the rest of the build): stopped with everything it started
# (its own session, setsid: ninja's compilers) if the script ends early; its log says how far it
# came. apt is let finish, not stopped: dpkg stopped mid-install leaves the system for
# `dpkg --configure -a` to mend.
background=()
stop_background() {
    local pid
    for pid in "${background[@]}"; do
        if [ "$pid" = "${deps:-}" ]; then
            echo "tools/test.sh: waiting for apt to finish (its output: $deps_log)" >&2
            wait "$pid" || true
        else
            kill -- "-$pid" 2>/dev/null || kill "$pid" 2>/dev/null || true
        fi
    done
}
trap stop_background EXIT
# await PID LOG WHAT: waits for that background job; it is then no longer ours to stop (its number
# may be another process's now). If it failed, its log and WHAT failed, and the script ends.
await() {
    local pid status=0 left=()
    wait "$1" || status=$?
    for pid in "${background[@]}"; do [ "$pid" = "$1" ] || left+=("$pid"); done
    background=("${left[@]}")
    if [ "$status" != 0 ]; then
        cat "$2" >&2
        echo "tools/test.sh: $3 failed (above)" >&2
        exit 1
    fi
}

deps=
deps_log=$build/test-overlap-deps.log
if [ "$(id -u)" = 0 ]; then
    # What the build needs (after tools/demo.sh already there: apt finds nothing to do), then the
    # rest in the background.
    "$top/tools/install-deps.sh" --main-job
    phase "the main job's packages"
    say "the tests' packages install in the background (its output: $deps_log)"
    setsid "$top/tools/install-deps.sh" >"$deps_log" 2>&1 &
    deps=$!
    background+=("$deps")
fi

# Configure (and build the CLI, which the main job built already), then build the early tests:
# every test labelled timing, with what they run (tests/CMakeLists.txt's trimscope_timing_tests).
"$top/tools/build.sh" trimscope-cli trimscope_timing_tests
cd "$build"
mapfile -t early < <(ctest -N -L timing | sed -n 's/^ *Test *#[0-9]*: //p')
early_regex="^($(IFS='|'; echo "${early[*]}"))\$"
# CTest names no command for a test whose program it does not find: one left out of that target.
unbuilt=$(ctest -N -V -R "$early_regex" | awk '
    /^[0-9]+: Test command: *("|$)/ { missing[$1] = 1 }
    /^ *Test +#[0-9]+: / { n = substr($2, 2); if (n in missing) printf "%s ", $3 }')
if [ -n "$unbuilt" ]; then
    echo "tools/test.sh: not built by trimscope_timing_tests: $unbuilt" >&2
    exit 1
fi
phase "early build"

# The rest of the build, from now on in the background at the lowest CPU and I/O priority (apt
# may still run; the tests wait for it). Once apt has ended (deps_done says whether it installed
# anything): configured again where it did, as a program the configure step looks for (python3
# for the packaging tests) may have come only now, and built again (nothing left to compile).
# Not configured while ninja runs, and only CTest's files change then, each replaced whole: the
# ctest started meanwhile has read its. Every line of its log starts with the time of day (bash's
# printf, no process per line), as this script's own lines do: when the timing tests end, the
# log's last line says how far it came; when it is done, how long it ran past them.
rest_log=$build/test-overlap-build.log
deps_done=$build/test-overlap-deps.done
rm -f "$build/test-overlap-build.done" "$deps_done"
# shellcheck disable=SC2016 # $1 and $2 are the inner shell's: the build tree and deps_done.
setsid nice -n 19 ionice -c 3 bash -c '
    set -euo pipefail
    {
        cmake --build "$1"
        while [ ! -e "$2" ]; do sleep 1; done
        if [ "$(cat "$2")" = installed ]; then
            echo "== configured again: apt installed packages"
            cmake "$1" >/dev/null
            cmake --build "$1"
        fi
        echo "== the rest of the build is done"
    } 2>&1 | while IFS= read -r line; do printf "%(%T)T %s\n" -1 "$line"; done' \
    rest-build "$build" "$deps_done" >"$rest_log" 2>&1 &
rest_build=$!
background+=("$rest_build")

if [ -n "$deps" ]; then
    await "$deps" "$deps_log" "installing the tests' packages"
    tail -n 1 "$deps_log"
    if grep -q '^0 upgraded, 0 newly installed' "$deps_log"; then
        echo nothing >"$deps_done"
    else
        echo installed >"$deps_done"
    fi
else
    echo nothing >"$deps_done"
fi
phase "waiting for apt"

say "${#early[@]} timing tests while the rest builds (its output: $rest_log)"
early_status=0
ctest "${ctest_args[@]}" -R "$early_regex" || early_status=$?
phase "timing tests"

say "waiting for the rest of the build; its log's last line: $(tail -n 1 "$rest_log")"
await "$rest_build" "$rest_log" "the build"
trap - EXIT
tail -n 3 "$rest_log"
phase "waiting for the build"
# Everything is built and nothing of this script runs in the background any more: a marker for
# whoever waits to compile beside these tests (.ci/run starts the next release's build on it; that
# compile at nice 19 then takes only what step 3's tests leave, the Flatpak's build among them).
touch "$build/test-overlap-build.done"

say "the other tests"
rest_status=0
ctest "${ctest_args[@]}" -j "$(($(nproc) + 1))" -E "$early_regex" || rest_status=$?
phase "other tests"
say "done: $SECONDS s in all, cores $(busy_percent "$busy_start" "$ticks_start") % busy"
if [ "$early_status" != 0 ] || [ "$rest_status" != 0 ]; then
    echo "tools/test.sh: tests failed (the timing tests' summary is further up)" >&2
    exit 1
fi
