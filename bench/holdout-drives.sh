#!/usr/bin/env bash
# Hold-out-style drives (issue 46): emulated drive models the tests do not use, each run through
# `diagnose` and through the README's scripted path (background-probe first, as diagnose runs
# it, then sweep, fsbench quick, advise), quiet and beside two busy loops. Every run gets a fresh
# 1 GiB emulated drive; only loop devices this script attaches (emudrive.sh up) are written to,
# and each is detached after its run.
#   bench/holdout-drives.sh [OUT_DIR] [DRIVE...] [--loads "0 2"]
# DRIVE: size, percall, quickdebt (default all three; models in docs/evidence/issue46-holdouts.md).
# Prints one line per run and keeps every JSON file and the output in OUT_DIR (summary.tsv: drive,
# load, path, verdict, confidence, per-filesystem verdicts with their estimate and range, probe
# summary, seconds, budget, load average at start and end). Needs root and a build in build/ (or
# $TRIMSCOPE_BUILD_DIR) of trimscope-cli and trimscope-emudrive.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${TRIMSCOPE_BUILD_DIR:-$top/build}
cli=$build/app/cli/trimscope-cli
export TRIMSCOPE_EMUDRIVE=$build/tests/emudrive/trimscope-emudrive
[ -x "$cli" ] && [ -x "$TRIMSCOPE_EMUDRIVE" ] ||
    { echo "build first: tools/build.sh trimscope-cli trimscope-emudrive" >&2; exit 2; }
out=
drives=()
loads="0 2"
while [ $# -gt 0 ]; do
    case $1 in
    --loads) loads=$2; shift ;;
    size | percall | quickdebt) drives+=("$1") ;;
    *) out=$1 ;;
    esac
    shift
done
[ ${#drives[@]} -gt 0 ] || drives=(size percall quickdebt)
[ -n "$out" ] || out=$(mktemp -d) # only when no OUT_DIR was given
mkdir -p "$out"
budget_min=6
# The emulated drive's backing file on tmpfs, as tst_diagnose_emulated keeps it: on /tmp (the
# root disk, ext4 mounted with online discard here) every hole the drive punches is a real
# discard on /dev/vda and every write waits for its write-back, which the model does not charge.
# quickdebt beside two busy loops (load average 6-9): 4 KiB writes 1.9-5.4 ms before any discard
# against 0.17 ms on /dev/shm, a written 32 MiB TRIM 16.6-20 ms against 1.9 ms (the model: 0.1
# ms); docs/evidence/issue46-holdouts.md, "At the issue's load".
if [ -z "${TMPDIR:-}" ] && [ -d /dev/shm ] && [ -w /dev/shm ]; then export TMPDIR=/dev/shm; fi

model_of() {
    case $1 in
    size) echo "--cmd-us 50 --per-mib-us 5000" ;;
    percall) echo "--cmd-us 2000 --jitter-pct 20" ;;
    quickdebt) echo "--mode deferred --cmd-us 100 --defer-us-per-mib 300 --write-extra-us 5000" ;;
    esac
}

state=
dev=
loops=()
# Removes loop device $1, which this script attached and has detached: the kernel keeps a loop
# number's discard counts across attachments, and the next run's drive would inherit them (its
# probe then waits for quiet as on a trimmed drive, or not, as TrimScope's ledger of the number
# says). Removed, the number starts at nought, as a new drive does. A device in use stays (EBUSY).
remove_loop() {
    /usr/bin/python3 - "$1" <<'PY' || true
import fcntl, os, re, sys, time
n = int(re.sub(r"^/dev/loop", "", sys.argv[1]))
fd = os.open("/dev/loop-control", os.O_RDWR)
for _ in range(50):  # the detach completes asynchronously
    try:
        fcntl.ioctl(fd, 0x4C81, n)  # LOOP_CTL_REMOVE
        break
    except OSError:
        time.sleep(0.1)
PY
}
cleanup() {
    for pid in "${loops[@]}"; do kill "$pid" 2>/dev/null || true; done
    loops=()
    if [ -n "$state" ]; then
        "$top/tests/emudrive/emudrive.sh" down "$state" && [ -n "$dev" ] && remove_loop "$dev" || true
    fi
    state=
    dev=
}
trap cleanup EXIT

busy() {
    for _ in 1 2; do
        nice -n 0 sh -c 'while :; do :; done' &
        loops+=($!)
    done
}

# directory, name, CLI arguments: one step of the scripted path, its seconds in DIR/steps.
step() {
    local d=$1 name=$2 t0 rc=0
    shift 2
    t0=$(date +%s.%N)
    "$cli" "$@" --json "$d/$name.json" >>"$d/out.txt" 2>&1 || rc=$?
    printf '%s exit %s %.1f s\n' "$name" "$rc" "$(echo "$(date +%s.%N) - $t0" | bc)" >>"$d/steps"
}

# drive, load, path, directory, seconds: appends one summary line.
summarize() {
    /usr/bin/python3 - "$@" <<'PY' | tee -a "$out/summary.tsv"
import json, os, sys
drive, load, path, d, secs, budget, la0, la1 = sys.argv[1:9]
def read(p):
    try:
        with open(p) as f:
            return json.load(f)
    except Exception:
        return {}
if path == "diagnose":
    j = read(os.path.join(d, "diagnosis.json"))
    adv, probe = j.get("advice", {}), j.get("background_probe", {})
else:
    adv = read(os.path.join(d, "advice.json"))
    adv = adv.get("advice", adv)
    probe = read(os.path.join(d, "probe.json"))
fs = ";".join("%s=%s %.2f (%.2f-%.2f)" % (v.get("filesystem"), v.get("verdict"),
              v.get("extra_s", 0), v.get("low_s", 0), v.get("high_s", 0))
              for v in adv.get("filesystem_verdicts", []))
print("\t".join([drive, load, path, adv.get("verdict", "-"), adv.get("confidence", "-"), fs,
                 "%s (%s/%s trials, %.1f s waited)" % (probe.get("summary", "-")[:90],
                 probe.get("trials_detected", "-"), probe.get("trials", "-"),
                 probe.get("idle_wait_s", 0)), secs, budget, la0, la1]))
PY
}

printf 'drive\tload\tpath\tverdict\tconfidence\tfilesystems\tprobe\tseconds\tbudget_s\tloadavg_start\tloadavg_end\n' \
    >>"$out/summary.tsv"
for load in $loads; do
    for drive in "${drives[@]}"; do
        for path in diagnose scripted; do
            d=$out/$drive-load$load-$path
            mkdir -p "$d"
            # shellcheck disable=SC2046
            "$top/tests/emudrive/emudrive.sh" up --size 1073741824 $(model_of "$drive") >"$d/up"
            dev=$(sed -n 1p "$d/up")
            state=$(sed -n 2p "$d/up")
            [ "$load" = 2 ] && busy
            la0=$(cut -d' ' -f1 /proc/loadavg)
            start=$(date +%s.%N)
            if [ "$path" = diagnose ]; then
                "$cli" diagnose "$dev" --destroy-data --budget $budget_min --fs ext4,xfs \
                    --json "$d/diagnosis.json" >"$d/out.txt" 2>&1 || echo "exit $?" >>"$d/out.txt"
                budget=$((budget_min * 60))
            else
                # The probe first, as diagnose runs it (the README's order since probe64).
                step "$d" probe background-probe "$dev" --destroy-data
                step "$d" sweep sweep "$dev" --destroy-data --max 32M --repeat 10
                step "$d" fs fsbench "$dev" --destroy-data --fs ext4,xfs --preset quick
                "$cli" advise --from "$d/sweep.json" --from "$d/probe.json" --from "$d/fs.json" \
                    --json >"$d/advice.json" 2>>"$d/out.txt" || true
                budget=-
            fi
            secs=$(echo "$(date +%s.%N) - $start" | bc)
            la1=$(cut -d' ' -f1 /proc/loadavg)
            cleanup
            summarize "$drive" "$load" "$path" "$d" "$(printf %.0f "$secs")" "$budget" "$la0" "$la1"
        done
    done
done
echo "kept in $out"
