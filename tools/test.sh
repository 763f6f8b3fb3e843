#!/usr/bin/env bash
# Installs, builds everything and runs every test. As root on Debian 12 or 13 the privileged
# tests (loop devices, FUSE, private system bus with polkit) run too; elsewhere they skip with a
# message, unless TRIMSCOPE_REQUIRE_PRIVILEGED_TESTS=1 makes a skip a failure (CI sets it).
#
# The install, the build and the tests overlap (issue 45: the test command under 12 minutes on 2
# cores after the main job). In order:
#   1. As root, the tests' packages install in the background while the CLI, the timing tests
#      that are not the GUI's (the emulated drives') and the Flatpak test's program compile: the
#      build needs only the main job's packages, and apt mostly waits on the network and the
#      disk. The rest of the build follows at once, at the lowest CPU and I/O priority.
#   2. Once apt is done, those timing tests run one at a time (RUN_SERIAL) while, beside them at
#      that lowest priority, the rest builds and the Flatpak's build runs (tst_flatpak_build: the
#      stand-in runtime, flatpak-builder's compiles, flatpak install; it touches no loop device
#      and starts no udevd). Those timing tests spend most of their time waiting on an emulated
#      drive's modelled latency, and each bounds what it times against a reference measured
#      beside the same load: work at nice 19 takes the cores they leave idle and is what "a busy
#      computer" means for them (CI already runs them beside another release's build).
#   3. The other tests, as many at once as there are cores: the GUI's timing tests (alone, as
#      CTest runs RUN_SERIAL tests), and every test that uses loop devices, which beside the
#      timing tests' could disturb them (a udevd probing them, a loop number reused).
# The Flatpak's build was the longest test of step 3 (117 s of its 364 s on CI's Debian 13,
# c3b3cca), a slot of CTest's two for that long; in step 2 it takes only what the timing tests
# leave. Not more of step 3 runs in step 2: a test at nice 19 gets about 1 % of a core while
# tst_diagnose_emulated's busy loops run, and the unprivileged tests' own time bounds (Qt
# Test's 5 s QTRY_*, a QEMU guest's boot) would fail on it, where a build only takes longer.
# Each step's start is stamped with the time of day. TRIMSCOPE_TEST_OVERLAP=0 installs and
# builds everything first, as before.
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
# Background work of this script: stopped with everything it started (its own session, setsid:
# a ctest's test, flatpak-builder, ninja's compilers) if the script ends early; its log says
# how far it came.
# waited_for PID: that one is no longer ours to stop (its number may be another process's now).
# apt is let finish, not stopped: dpkg stopped mid-install leaves the system for
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
waited_for() {
    local pid left=()
    for pid in "${background[@]}"; do [ "$pid" = "$1" ] || left+=("$pid"); done
    background=("${left[@]}")
}
trap stop_background EXIT

deps=
deps_log=$build/test-overlap-deps.log
if [ "$(id -u)" = 0 ]; then
    # What the build needs (after tools/demo.sh already there: apt finds nothing to do), then the
    # rest in the background.
    "$top/tools/install-deps.sh" --main-job
    say "the tests' packages install in the background (its output: $deps_log)"
    setsid "$top/tools/install-deps.sh" >"$deps_log" 2>&1 &
    deps=$!
    background+=("$deps")
fi

# Configure (and build the CLI, which the main job built already), then list the early tests:
# every test labelled timing but not gui. Each is its own target (trimscope_add_test).
"$top/tools/build.sh" trimscope-cli
cd "$build"
mapfile -t early < <(ctest -N -L timing -LE gui | sed -n 's/^ *Test *#[0-9]*: //p')
early_regex="^($(IFS='|'; echo "${early[*]}"))\$"
# The Flatpak's build, where the build tree has it (the GUI's part): its program is built now,
# so that it can start with the timing tests. tst_flatpak, which runs the built app in its
# sandbox, needs it (the fixture flatpak_built) and runs in step 3.
flatpak_build=
if [ "$(ctest -N -R '^tst_flatpak_build$' | grep -c 'tst_flatpak_build$')" != 0 ]; then
    flatpak_build=tst_flatpak_build
fi
early_targets=("${early[@]}")
if [ -n "$flatpak_build" ]; then early_targets+=(tst_flatpak); fi
"$top/tools/build.sh" "${early_targets[@]}"

# The rest of the build, from now on in the background at the lowest CPU and I/O priority (apt
# may still run; the tests wait for it). Once apt has ended (deps_done says whether it installed
# anything): configured again where it did, as a program the configure step looks for (python3
# for the packaging tests) may have come only now, and built again (nothing left to compile).
# Not configured while ninja runs, and only CTest's files change then, each replaced whole: the
# two ctests started meanwhile have read theirs.
rest_log=$build/test-overlap-build.log
flatpak_log=$build/test-overlap-flatpak.log
deps_done=$build/test-overlap-deps.done
rm -f "$build/test-overlap-build.done" "$deps_done"
setsid nice -n 19 ionice -c 3 bash -c '
    set -euo pipefail
    cmake --build "$1"
    while [ ! -e "$2" ]; do sleep 1; done
    if [ "$(cat "$2")" = installed ]; then
        echo "== configured again: apt installed packages"
        cmake "$1" >/dev/null
        cmake --build "$1"
    fi' rest-build "$build" "$deps_done" >"$rest_log" 2>&1 &
rest_build=$!
background+=("$rest_build")

if [ -n "$deps" ]; then
    deps_status=0
    wait "$deps" || deps_status=$?
    waited_for "$deps"
    if [ "$deps_status" != 0 ]; then
        cat "$deps_log" >&2
        echo "tools/test.sh: installing the tests' packages failed (above)" >&2
        exit 1
    fi
    tail -n 1 "$deps_log"
    if grep -q '^0 upgraded, 0 newly installed' "$deps_log"; then
        echo nothing >"$deps_done"
    else
        echo installed >"$deps_done"
    fi
else
    echo nothing >"$deps_done"
fi

flatpak_pid=
if [ -n "$flatpak_build" ]; then
    setsid nice -n 19 ionice -c 3 ctest "${ctest_args[@]}" -R "^$flatpak_build\$" >"$flatpak_log" 2>&1 &
    flatpak_pid=$!
    background+=("$flatpak_pid")
fi

beside="the rest builds (its output: $rest_log)"
if [ -n "$flatpak_pid" ]; then beside+=" and the Flatpak builds (its output: $flatpak_log)"; fi
say "${#early[@]} timing tests while $beside"
early_status=0
ctest "${ctest_args[@]}" -R "$early_regex" || early_status=$?

say "the timing tests have ended; waiting for what ran beside them"
rest_build_status=0
wait "$rest_build" || rest_build_status=$?
waited_for "$rest_build"
if [ "$rest_build_status" != 0 ]; then
    cat "$rest_log" >&2
    echo "tools/test.sh: the build failed (above)" >&2
    exit 1
fi
flatpak_status=0
if [ -n "$flatpak_pid" ]; then
    wait "$flatpak_pid" || flatpak_status=$?
    waited_for "$flatpak_pid"
    say "the Flatpak's build (run beside the timing tests):"
    sed -n '/^Test project/d; /^ *Start /d; p' "$flatpak_log"
fi
trap - EXIT
# Everything is built and nothing of this script runs in the background any more: a marker for
# whoever waits to compile beside these tests (.ci/run starts the next release's build on it;
# that compile at nice 19 then shares the cores only with step 3's tests, not with the Flatpak's
# build and this build, which step 3 waits for).
touch "$build/test-overlap-build.done"
say "the other tests"
rest_status=0
# Not the Flatpak's build again for tst_flatpak (CTest adds a required fixture's setup test even
# where -E leaves it out; -FS keeps it out): it ran beside the timing tests, and if it failed,
# tst_flatpak fails too, saying the app is not installed.
rest_regex=$early_regex
if [ -n "$flatpak_build" ]; then rest_regex+="|^$flatpak_build\$"; fi
ctest "${ctest_args[@]}" -j "$(nproc)" -E "$rest_regex" -FS '^flatpak_built$' || rest_status=$?
say "done"
if [ "$early_status" != 0 ] || [ "$flatpak_status" != 0 ] || [ "$rest_status" != 0 ]; then
    echo "tools/test.sh: tests failed (the timing tests' summary and the Flatpak's build are further up)" >&2
    exit 1
fi
